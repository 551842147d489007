// Get a model… against a hub whose listing never comes: closing the dialog (Close, the
// window's close button, or the dialog being deleted with its window) takes under a second,
// because the download's requests poll the cancel flag while they wait.
#include <QElapsedTimer>
#include <QPointer>
#include <QTest>

#include "catch.hpp"
#include "hub_server_process.hpp"
#include "shell/get_model_dialog.hpp"
#include "ui_test_helpers.hpp"

using namespace ts_test;

TEST_CASE("get model dialog: closes within 1 s while the hub's listing hangs") {
    TempDir tmp("uidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(
        tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--hang", "listing"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    auto* dialog = new ts::ui::GetModelDialog;
    dialog->setAttribute(Qt::WA_DeleteOnClose);  // as the model chooser opens it
    QPointer<ts::ui::GetModelDialog> alive(dialog);
    dialog->show();
    dialog->startDownload(QStringLiteral("tiny/gpt2"));
    REQUIRE(dialog->isDownloading());
    // The listing request is out and unanswered.
    QElapsedTimer wait;
    wait.start();
    while (server.requests().empty() && wait.elapsed() < 20000) QTest::qWait(20);
    REQUIRE_FALSE(server.requests().empty());
    QTest::qWait(200);

    QElapsedTimer closing;
    closing.start();
    dialog->close();
    while (alive && closing.elapsed() < 5000) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QTest::qWait(10);
    }
    CHECK_FALSE(alive);  // closed and deleted, its download thread ended
    CHECK(closing.elapsed() < 1000);
}

// Model → Get a model… against the loopback hub server: the download runs off the GUI
// thread (the GUI keeps processing events and the progress bar moves), a finished download
// is announced for loading and shows up in the model chooser's cache list, a 404 opens an
// error dialog without closing anything, and Cancel stops a slow download cleanly.
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <cstdlib>

#include "catch.hpp"
#include "hub_server_process.hpp"
#include "shell/get_model_dialog.hpp"
#include "shell/model_chooser.hpp"
#include "ui_test_helpers.hpp"

namespace fs = std::filesystem;
using namespace ts_test;

namespace {

QPushButton* button(QWidget* w, const QString& text) {
    for (auto* b : w->findChildren<QPushButton*>())
        if (b->text().remove(QLatin1Char('&')) == text) return b;
    return nullptr;
}

}  // namespace

TEST_CASE("get model dialog: the curated list offers the four models with size and licence") {
    ts::ui::GetModelDialog dialog;
    auto* list = dialog.findChild<QTreeWidget*>();
    REQUIRE(list);
    REQUIRE(list->topLevelItemCount() == 4);
    QStringList ids;
    for (int i = 0; i < 4; ++i) {
        const auto* item = list->topLevelItem(i);
        ids << item->data(0, Qt::UserRole).toString();
        CHECK_FALSE(item->text(1).isEmpty());  // size
        CHECK_FALSE(item->text(2).isEmpty());  // licence
        CHECK_FALSE(item->text(3).isEmpty());  // good for
    }
    CHECK(ids.contains(QStringLiteral("openai-community/gpt2")));
    CHECK(ids.contains(QStringLiteral("HuggingFaceTB/SmolLM2-135M-Instruct")));
    CHECK(ids.contains(QStringLiteral("Qwen/Qwen2.5-0.5B-Instruct")));
    CHECK(std::any_of(
        ts::ui::curatedModels().begin(), ts::ui::curatedModels().end(),
        [](const ts::ui::CuratedModel& m) { return m.ggufFile.contains(QStringLiteral("q8_0")); }));
    // Choosing a row fills the id field.
    list->setCurrentItem(list->topLevelItem(2));
    CHECK(dialog.idField()->text() == QStringLiteral("Qwen/Qwen2.5-0.5B-Instruct"));
    // A malformed id is refused before anything is asked.
    dialog.startDownload(QStringLiteral("not an id"));
    CHECK_FALSE(dialog.isDownloading());
    CHECK(dialog.statusText().contains(QStringLiteral("ORG/NAME")));
}

TEST_CASE(
    "get model dialog: a download from the loopback hub finishes, verified, off the GUI thread") {
    TempDir tmp("uidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--chunk-delay", "0.01"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");

    ts::ui::ModelChooser chooser;
    CHECK(chooser.cachedModels().empty());
    ts::ui::GetModelDialog dialog;
    QSignalSpy done(&dialog, &ts::ui::GetModelDialog::modelDownloaded);
    QSignalSpy moved(dialog.progressBar(), &QProgressBar::valueChanged);
    dialog.idField()->setText(QStringLiteral("tiny/gpt2"));
    button(&dialog, QStringLiteral("Download"))->click();
    CHECK(dialog.isDownloading());
    REQUIRE(waitFor(done, 1, 60000));
    CHECK_FALSE(dialog.isDownloading());
    CHECK(moved.count() >= 3);  // intermediate values: the GUI thread kept running meanwhile
    CHECK(dialog.progressBar()->value() == dialog.progressBar()->maximum());
    CHECK(dialog.statusText().contains(QStringLiteral("verified")));
    CHECK(dialog.statusText().contains(QStringLiteral("SHA-256")));
    const QString path = done.at(0).at(0).toString();
    CHECK(QFileInfo(path + QStringLiteral("/model.safetensors")).exists());

    // The chooser lists it from the cache, with family, size and precision.
    chooser.refreshCache();
    REQUIRE(chooser.cachedModels().size() == 1);
    const QString text = ts::ui::ModelChooser::describe(chooser.cachedModels()[0]);
    CHECK(text.startsWith(QStringLiteral("tiny/gpt2")));
    CHECK(text.contains(QStringLiteral("gpt2 · ")));
    CHECK(text.contains(QStringLiteral("F32")));
    auto* combo = chooser.findChild<QComboBox*>();
    REQUIRE(combo);
    CHECK(combo->findText(text) >= 0);
}

TEST_CASE("get model dialog: a 404 shows an error dialog and the dialog stays usable") {
    TempDir tmp("uidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    ts::ui::GetModelDialog dialog;
    dialog.show();
    QSignalSpy failed(&dialog, &ts::ui::GetModelDialog::downloadFailed);
    dialog.startDownload(QStringLiteral("tiny/absent"));
    REQUIRE(waitFor(failed, 1, 30000));
    CHECK(failed.at(0).at(0).toString().contains(QStringLiteral("404")));
    auto* box = dialog.findChild<QMessageBox*>();
    REQUIRE(box);
    CHECK(box->text().contains(QStringLiteral("spelling")));
    box->close();
    CHECK(dialog.isVisible());
    CHECK(button(&dialog, QStringLiteral("Download"))->isEnabled());
}

TEST_CASE("get model dialog: Cancel stops a slow download and keeps the part") {
    TempDir tmp("uidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--chunk-delay", "0.05"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    ts::ui::GetModelDialog dialog;
    QSignalSpy moved(dialog.progressBar(), &QProgressBar::valueChanged);
    QSignalSpy done(&dialog, &ts::ui::GetModelDialog::modelDownloaded);
    dialog.startDownload(QStringLiteral("tiny/gpt2"));
    REQUIRE(waitFor(moved, 1, 30000));
    button(&dialog, QStringLiteral("Cancel download"))->click();
    QElapsedTimer t;
    t.start();
    while (dialog.isDownloading() && t.elapsed() < 20000) QTest::qWait(20);
    CHECK_FALSE(dialog.isDownloading());
    CHECK(done.isEmpty());
    CHECK(dialog.statusText().contains(QStringLiteral("Cancelled")));
}

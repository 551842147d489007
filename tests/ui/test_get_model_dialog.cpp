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
#include <algorithm>
#include <cstdlib>
#include <vector>

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

namespace {

// Every row of the dialog's tree, parents before their children.
std::vector<QTreeWidgetItem*> allRows(QTreeWidget* list) {
    std::vector<QTreeWidgetItem*> rows;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        rows.push_back(list->topLevelItem(i));
        for (int k = 0; k < list->topLevelItem(i)->childCount(); ++k)
            rows.push_back(list->topLevelItem(i)->child(k));
    }
    return rows;
}

QTreeWidgetItem* rowFor(QTreeWidget* list, const QString& id) {
    for (auto* item : allRows(list))
        if (item->data(0, Qt::UserRole).toString() == id) return item;
    return nullptr;
}

}  // namespace

TEST_CASE("get model dialog: every curated row shows a size, a licence and what it is good for") {
    ts::ui::GetModelDialog dialog;
    auto* list = dialog.findChild<QTreeWidget*>();
    REQUIRE(list);
    const auto rows = allRows(list);
    REQUIRE(rows.size() == ts::ui::curatedModels().size());
    for (auto* item : rows) {
        INFO(item->data(0, Qt::UserRole).toString().toStdString());
        CHECK_FALSE(item->text(0).isEmpty());
        CHECK(item->text(1).startsWith(QStringLiteral("≈ ")));  // size
        CHECK_FALSE(item->text(2).isEmpty());                   // licence
        CHECK_FALSE(item->text(3).isEmpty());                   // good for
    }
    for (const char* id : {"openai-community/gpt2", "HuggingFaceTB/SmolLM2-135M-Instruct",
                           "Qwen/Qwen2.5-0.5B-Instruct"})
        CHECK(rowFor(list, QString::fromUtf8(id)));
    CHECK(std::any_of(
        ts::ui::curatedModels().begin(), ts::ui::curatedModels().end(),
        [](const ts::ui::CuratedModel& m) { return m.ggufFile.contains(QStringLiteral("q8_0")); }));
    // Choosing a row fills the id field.
    list->setCurrentItem(rowFor(list, QStringLiteral("Qwen/Qwen2.5-0.5B-Instruct")));
    CHECK(dialog.idField()->text() == QStringLiteral("Qwen/Qwen2.5-0.5B-Instruct"));
    // A malformed id is refused before anything is asked.
    dialog.startDownload(QStringLiteral("not an id"));
    CHECK_FALSE(dialog.isDownloading());
    CHECK(dialog.statusText().contains(QStringLiteral("ORG/NAME")));
}

TEST_CASE(
    "get model dialog: the Korean models come first, each with its licence stated (#46, #47)") {
    ts::ui::GetModelDialog dialog;
    auto* list = dialog.findChild<QTreeWidget*>();
    REQUIRE(list);
    struct Expected {
        const char* id;
        const char* licenceWords;  // what the licence column must say
    };
    const Expected korean[] = {
        {"K-intelligence/Midm-2.0-Mini-Instruct", "MIT"},
        {"LGAI-EXAONE/EXAONE-4.0-1.2B", "non-commercial"},
        {"LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct", "non-commercial"},
        {"naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-0.5B",
         "HyperCLOVA X SEED Model License"},
        {"naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-1.5B",
         "HyperCLOVA X SEED Model License"},
        {"kakaocorp/kanana-1.5-2.1b-instruct-2505", "Kakao"},
        {"google/gemma-3-270m-it", "Gemma Terms of Use"},
        {"google/gemma-3-1b-it", "Gemma Terms of Use"},
    };
    int lastTop = -1;
    for (const Expected& e : korean) {
        INFO(e.id);
        QTreeWidgetItem* item = rowFor(list, QString::fromUtf8(e.id));
        REQUIRE(item);
        CHECK(item->parent() == nullptr);
        CHECK(item->text(2).contains(QString::fromUtf8(e.licenceWords)));
        CHECK(item->text(1).contains(QStringLiteral("(BF16)")));  // the unquantised size
        const int top = list->indexOfTopLevelItem(item);
        CHECK(top > lastTop);  // in this order, before GPT-2, SmolLM2 and Qwen2.5
        lastTop = top;
    }
    CHECK(lastTop <
          list->indexOfTopLevelItem(rowFor(list, QStringLiteral("Qwen/Qwen2.5-0.5B-Instruct"))));
    // The one recommended for Korean is first, and open (MIT); it is selected when the dialog
    // opens.
    int recommended = 0;
    for (const auto& m : ts::ui::curatedModels()) recommended += m.recommendedKorean ? 1 : 0;
    CHECK(recommended == 1);
    CHECK(list->topLevelItem(0)->text(0).contains(QStringLiteral("recommended for Korean")));
    CHECK(list->topLevelItem(0)->text(2) == QStringLiteral("MIT"));
    CHECK(dialog.idField()->text() == QStringLiteral("K-intelligence/Midm-2.0-Mini-Instruct"));
    // GGUF files sit under the model they quantise, with their quantisation in the size.
    int ggufRows = 0;
    for (auto* item : allRows(list)) {
        if (!item->parent()) continue;
        ++ggufRows;
        const QString id = item->data(0, Qt::UserRole).toString();
        INFO(id.toStdString());
        CHECK(id.endsWith(QStringLiteral("GGUF")));
        CHECK((item->text(1).contains(QStringLiteral("Q8_0")) ||
               item->text(1).contains(QStringLiteral("Q4_K_M")) ||
               id.startsWith(QStringLiteral("HuggingFaceTB/"))));
        CHECK(item->text(2) == item->parent()->text(2));  // the same licence as its model
    }
    CHECK(ggufRows >= 7);
}

TEST_CASE("get model dialog: a curated GGUF row fetches its own file from the loopback hub") {
    TempDir tmp("uidl");
    // The EXAONE 4.0 GGUF repository as the stand-in serves it: two quantisations.
    const auto repo = tmp.path() / "repo";
    writeFile(repo / "EXAONE-4.0-1.2B-Q4_K_M.gguf", tinyGguf("exaone4", 15, 3000));
    writeFile(repo / "EXAONE-4.0-1.2B-Q8_0.gguf", tinyGguf("exaone4", 7, 5000));
    writeFile(repo / "README.md", "# tiny exaone4 gguf\n");
    HubServer server(tmp.path(), {"--repo", "LGAI-EXAONE/EXAONE-4.0-1.2B-GGUF=" + repo.string()});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    ts::ui::GetModelDialog dialog;
    auto* list = dialog.findChild<QTreeWidget*>();
    REQUIRE(list);
    QSignalSpy done(&dialog, &ts::ui::GetModelDialog::modelDownloaded);
    QTreeWidgetItem* row = rowFor(list, QStringLiteral("LGAI-EXAONE/EXAONE-4.0-1.2B-GGUF"));
    REQUIRE(row);
    emit list->itemDoubleClicked(row, 0);
    REQUIRE(waitFor(done, 1, 60000));
    const QString path = done.at(0).at(0).toString();
    INFO(path.toStdString());
    CHECK(path.contains(QStringLiteral("Q4_K_M")));  // the row's choice, not the default Q8_0
    CHECK(dialog.statusText().contains(QStringLiteral("EXAONE-4.0-1.2B-Q4_K_M.gguf")));
    CHECK_FALSE(dialog.statusText().contains(QStringLiteral("Q8_0")));
}

TEST_CASE("get model dialog: a gated Gemma row says to accept its terms on the hub") {
    TempDir tmp("uidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(),
                     {"--repo", "google/gemma-3-270m-it=" + (tmp.path() / "repo").string(),
                      "--gated", "google/gemma-3-270m-it", "--token", "secret"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    ts::ui::GetModelDialog dialog;
    dialog.show();
    QSignalSpy failed(&dialog, &ts::ui::GetModelDialog::downloadFailed);
    dialog.startDownload(QStringLiteral("google/gemma-3-270m-it"));
    REQUIRE(waitFor(failed, 1, 30000));
    const QString message = failed.at(0).at(0).toString();
    INFO(message.toStdString());
    CHECK(message.contains(QStringLiteral("gated")));
    CHECK(message.contains(QStringLiteral("HF_TOKEN")));
    if (auto* box = dialog.findChild<QMessageBox*>()) box->close();
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

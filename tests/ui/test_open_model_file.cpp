// File → Open model file (GGUF)… and the chooser's entry: the file picker is asked for a
// .gguf file and the window loads what it returns. The picker stands in for QFileDialog,
// which can block offscreen while it reads the machine's mount points.
#include <unistd.h>

#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <cstdlib>
#include <filesystem>

#include "catch.hpp"
#include "shell/main_window.hpp"
#include "shell/model_chooser.hpp"
#include "shell/translation_manager.hpp"
#include "test_paths.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts_test::waitFor;
namespace fs = std::filesystem;

namespace {

QAction* findAction(QMenu* menu, const QString& text) {
    for (QAction* a : menu->actions())
        if (a->text() == text) return a;
    return nullptr;
}

}  // namespace

TEST_CASE("File > Open model file (GGUF) loads the chosen file", "[ui][gguf]") {
    const fs::path dir =
        fs::temp_directory_path() / ("tokenscope-open-gguf-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / "tiny-q8_0.gguf";
    const std::string cmd = std::string(TOKENSCOPE_GGUF_FROM_HF) + " " +
                            (ts_test::dataDir() / "gpt2-tiny-vocab512").string() + " " +
                            file.string() + " --type q8_0 > /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);

    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.loadModel(QString::fromStdString((ts_test::dataDir() / "gpt2-tiny-vocab512").string()));
    REQUIRE(waitFor(ready, 1));

    QMenu* fileMenu = nullptr;
    for (QAction* a : window.menuBar()->actions())
        if (a->text() == QStringLiteral("&File")) fileMenu = a->menu();
    REQUIRE(fileMenu);
    QAction* open = findAction(fileMenu, QStringLiteral("Open model &file (GGUF)…"));
    REQUIRE(open);
    QString askedFilter;
    ModelChooser::setFilePicker(
        [&](QWidget*, const QString&, const QString&, const QString& filter) {
            askedFilter = filter;
            return QString::fromStdString(file.string());
        });
    open->trigger();
    ModelChooser::setFilePicker({});
    CHECK(askedFilter.contains(QStringLiteral("*.gguf")));
    waitFor(ready, 2);
    for (const auto& e : errors) FAIL_CHECK(e.value(0).toString().toStdString());
    REQUIRE(ready.count() == 2);
    const auto combos = window.findChildren<QComboBox*>();
    bool shown = false;
    for (QComboBox* c : combos) {
        bool hasEntry = false;
        for (int i = 0; i < c->count(); ++i)
            hasEntry = hasEntry || c->itemText(i) == QStringLiteral("Open model file (GGUF)…");
        if (hasEntry) shown = c->currentText().contains(QStringLiteral("tiny-q8_0"));
    }
    CHECK(shown);  // the model box names the file and offers the same entry
    fs::remove_all(dir);
}

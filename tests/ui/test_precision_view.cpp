// The precision comparison view on the bundled model against its own F16 and Q8_0 GGUF
// conversions (written by tests/tools/gguf_from_hf): three lanes scored teacher-forced, a
// summary row, a chart series and a table column each, and a clear message for a model
// whose vocabulary differs.
#include <unistd.h>

#include <QComboBox>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <cstdlib>
#include <filesystem>

#include "catch.hpp"
#include "classroom/precision_view.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
namespace fs = std::filesystem;

TEST_CASE("precision view compares the bundled model with its F16 and Q8_0 files",
          "[ui][precision]") {
    const fs::path dir =
        fs::temp_directory_path() / ("tokenscope-precision-ui-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string bundled = ts::bundledModelPath().string();
    QStringList files;
    for (const char* type : {"f16", "q8_0"}) {
        const fs::path out = dir / (std::string("bundled-") + type + ".gguf");
        const std::string cmd = std::string(TOKENSCOPE_GGUF_FROM_HF) + " " + bundled + " " +
                                out.string() + " --type " + type + " --vocab-dir " + bundled +
                                " > /dev/null";
        REQUIRE(std::system(cmd.c_str()) == 0);
        files << QString::fromStdString(out.string());
    }
    PrecisionView view;
    view.resize(1280, 720);
    view.setModel(ts_test::bundledModelInfo());
    view.setOthers(files);
    view.setPrompt(QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은"));
    view.setSteps(12);
    QSignalSpy done(&view, &ClassroomToolView::finished);
    view.run();
    REQUIRE(ts_test::waitFor(done, 1, 60000));
    INFO(view.statusText().toStdString());
    REQUIRE(view.comparison());
    const auto& c = *view.comparison();
    REQUIRE(c.lanes.size() == 3);
    CHECK(c.lanes[1].storage == "F16");
    CHECK(c.lanes[2].storage.find("Q8_0") != std::string::npos);
    CHECK(c.lanes[0].maxAbsProbDiff == 0.0);
    CHECK(c.lanes[1].maxAbsProbDiff < 0.01);  // F16 weights: tiny differences
    CHECK(c.lanes[2].maxAbsProbDiff < 0.1);
    auto* summary = view.findChild<QTableWidget*>(QStringLiteral("precisionSummary"));
    auto* tokens = view.findChild<QTableWidget*>(QStringLiteral("precisionTokens"));
    REQUIRE(summary);
    REQUIRE(tokens);
    CHECK(summary->rowCount() == 3);
    CHECK(tokens->rowCount() == static_cast<int>(c.tokens.size()) - 1);
    CHECK(tokens->columnCount() == 2 + 1 + 2 * 2);  // #, token, reference, then value and Δ each
    CHECK(view.chartSeriesCount() == 3);
    // KL from the reference: the reference itself is left out.
    auto* show = view.findChildren<QComboBox*>().value(0);
    REQUIRE(show);
    show->setCurrentIndex(1);
    CHECK(view.chartSeriesCount() == 2);

    // A different model (another vocabulary) is refused with a message that says why.
    view.setOthers({QString::fromStdString((ts_test::dataDir() / "gpt2-tiny-vocab512").string())});
    QSignalSpy failed(&view, &ClassroomToolView::finished);
    view.run();
    for (int i = 0; i < 200 && view.isBusy(); ++i) QTest::qWait(50);
    CHECK(view.statusText().contains(QStringLiteral("vocabulary")));
    CHECK(view.comparison());  // the earlier result stays on screen
    fs::remove_all(dir);
}

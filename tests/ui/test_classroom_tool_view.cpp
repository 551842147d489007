// The ClassroomToolView base that the lanes, probes and lost-in-the-middle views share: while
// an experiment runs its Run buttons are off and Cancel is on; afterwards both come back,
// whether the experiment finished (finished() emitted, progress full) or failed (no
// finished(), the error reported); no model means a message instead of a run; and a live
// language switch calls retranslateUi().
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QThread>
#include <atomic>
#include <stdexcept>

#include "catch.hpp"
#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;

namespace {

class FakeTool : public ClassroomToolView {
  public:
    FakeTool() {
        run = new QPushButton(this);
        step = new QPushButton(this);
        cancelButton = new QPushButton(this);
        progress = new QProgressBar(this);
        status = new QLabel(this);
        setRunControls({run, step}, cancelButton, progress);
        retranslateUi();
    }
    // Runs until released (or cancelled), then returns 7 or throws.
    void start(bool fail) {
        if (!requireModel(status)) return;
        auto report = progressReporter();
        startTask<int>(
            [this, fail, report](const std::atomic<bool>& cancel) {
                report(0.5);
                while (!release.load() && !cancel.load()) QThread::msleep(2);
                if (fail || cancel.load()) throw std::runtime_error("it broke");
                return 7;
            },
            [this](int r) { result = r; }, [this](const QString& m) { status->setText(m); });
    }
    void retranslateUi() override { ++retranslations; }

    QPushButton* run;
    QPushButton* step;
    QPushButton* cancelButton;
    QProgressBar* progress;
    QLabel* status;
    std::atomic<bool> release{false};
    int result = 0;
    int retranslations = 0;
};

}  // namespace

TEST_CASE("a classroom tool switches its controls while an experiment runs", "[classroom][tool]") {
    FakeTool tool;
    SECTION("without a model it says so and runs nothing") {
        tool.start(false);
        CHECK_FALSE(tool.isBusy());
        CHECK_FALSE(tool.status->text().isEmpty());
        CHECK(tool.run->isEnabled());
    }
    const ModelInfo info = ts_test::bundledModelInfo();
    REQUIRE(info.tokenizer);
    tool.setModel(info);
    QSignalSpy finished(&tool, &ClassroomToolView::finished);
    CHECK_FALSE(tool.cancelButton->isEnabled());

    SECTION("a finished run re-enables Run, fills the bar and emits finished()") {
        tool.start(false);
        CHECK(tool.isBusy());
        CHECK_FALSE(tool.run->isEnabled());
        CHECK_FALSE(tool.step->isEnabled());
        CHECK(tool.cancelButton->isEnabled());
        tool.release = true;
        REQUIRE(ts_test::waitFor(finished, 1, 5000));
        CHECK(tool.result == 7);
        CHECK(tool.run->isEnabled());
        CHECK(tool.step->isEnabled());
        CHECK_FALSE(tool.cancelButton->isEnabled());
        CHECK(tool.progress->value() == 1000);
    }
    SECTION("a cancelled run re-enables Run, reports the error and emits nothing") {
        tool.start(false);
        tool.cancel();
        for (int i = 0; i < 200 && tool.status->text().isEmpty(); ++i) finished.wait(10);
        CHECK(tool.status->text() == QStringLiteral("it broke"));
        CHECK(finished.isEmpty());
        CHECK(tool.run->isEnabled());
        CHECK_FALSE(tool.cancelButton->isEnabled());
        CHECK(tool.result == 0);
    }
    SECTION("a language switch retranslates") {
        const int before = tool.retranslations;
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&tool, &change);
        CHECK(tool.retranslations == before + 1);
    }
}

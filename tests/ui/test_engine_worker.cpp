// The engine worker end to end, through its thread, as the window uses it.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>

#include "catch.hpp"
#include "core/engine_controller.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts_test::tinyModel;
using ts_test::waitFor;

namespace {

void loadTiny(EngineController& engine) {
    QSignalSpy loaded(engine.worker(), &EngineWorker::modelLoaded);
    QSignalSpy failed(engine.worker(), &EngineWorker::modelLoadFailed);
    engine.loadModel(tinyModel());
    REQUIRE(waitFor(loaded, 1));
    REQUIRE(failed.isEmpty());
    const auto info = loaded.front().front().value<ModelInfo>();
    CHECK(info.nVocab == 512);
    CHECK_FALSE(info.hasTokenizer);
    CHECK(info.model != nullptr);
}

}  // namespace

TEST_CASE("worker runs steps on its thread and hands back records", "[ui][worker]") {
    EngineController engine;
    loadTiny(engine);
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    ts::SamplingParams p;
    p.seed = 3;
    engine.startPrompt(QStringLiteral("1 2 3 4"), p);
    engine.run(2, p, 0);
    REQUIRE(waitFor(records, 3));
    int lastPos = -1;
    for (int i = 0; i < 3; ++i) {
        const auto rec = records.at(i).front().value<TranscriptStepPtr>();
        REQUIRE(rec);
        CHECK(rec->index == i);
        REQUIRE(rec->trace);
        CHECK(rec->trace->lastPosition() > lastPos);
        lastPos = rec->trace->lastPosition();
        CHECK(rec->trace->logits.size() == 512);
        CHECK(!rec->trace->attention.empty());
        CHECK(rec->sampledToken >= 0);
        CHECK(rec->contextSize() == static_cast<std::size_t>(lastPos + 1));
        if (i > 0) {
            // The autoregressive loop: the previous step's draw is this step's input.
            const auto prev = records.at(i - 1).front().value<TranscriptStepPtr>();
            CHECK(rec->trace->tokens.front() == prev->sampledToken);
        }
    }
    CHECK(lastPos == 5);  // prompt of 4 (positions 0..3), then 2 steps
}

TEST_CASE("worker run can be cancelled mid-run", "[ui][worker]") {
    EngineController engine;
    loadTiny(engine);
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    QSignalSpy running(engine.worker(), &EngineWorker::runStateChanged);
    ts::SamplingParams p;
    engine.startPrompt(QStringLiteral("5 6"), p);
    engine.run(50, p, 30);  // the context (64) would allow all of them
    REQUIRE(waitFor(records, 3));
    engine.cancel();
    REQUIRE(waitFor(running, 2));  // true, then false
    CHECK(running.last().front().toBool() == false);
    const auto after = records.count();
    QTest::qWait(200);
    CHECK(records.count() == after);  // nothing more arrives
    CHECK(after < 51);
}

TEST_CASE("worker reports a broken model folder and keeps going", "[ui][worker]") {
    EngineController engine;
    QSignalSpy failed(engine.worker(), &EngineWorker::modelLoadFailed);
    engine.loadModel(QStringLiteral("/nonexistent/model/folder"));
    REQUIRE(waitFor(failed, 1));
    CHECK_FALSE(failed.front().front().toString().isEmpty());

    QTemporaryDir dir;
    {
        std::ofstream(dir.filePath(QStringLiteral("config.json")).toStdString()) << "{ not json";
        std::ofstream(dir.filePath(QStringLiteral("model.safetensors")).toStdString()) << "garbage";
    }
    engine.loadModel(dir.path());
    REQUIRE(waitFor(failed, 2));
    CHECK_FALSE(failed.at(1).front().toString().isEmpty());

    // Still usable: a good folder loads afterwards.
    loadTiny(engine);
}

TEST_CASE("worker errors: no tokenizer for text, full context", "[ui][worker]") {
    EngineController engine;
    loadTiny(engine);
    QSignalSpy errors(engine.worker(), &EngineWorker::errorOccurred);
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    engine.startPrompt(QStringLiteral("hello world"), {});
    REQUIRE(waitFor(errors, 1));
    CHECK(errors.front().front().toString().contains(QStringLiteral("tokenizer")));

    QStringList ids;
    for (int i = 0; i < 64; ++i) ids << QString::number(i % 500);
    engine.startPrompt(ids.join(QLatin1Char(' ')), {});
    REQUIRE(waitFor(records, 1));
    engine.step({});  // the 65th token does not fit in n_ctx = 64
    REQUIRE(waitFor(errors, 2));
    CHECK(errors.at(1).front().toString().contains(QStringLiteral("64")));
}

TEST_CASE("worker branches from an earlier step with another token", "[ui][worker]") {
    EngineController engine;
    loadTiny(engine);
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    QSignalSpy truncated(engine.worker(), &EngineWorker::historyTruncated);
    ts::SamplingParams p;
    engine.startPrompt(QStringLiteral("7 8 9"), p);
    engine.run(3, p, 0);
    REQUIRE(waitFor(records, 4));
    const auto step1 = records.at(1).front().value<TranscriptStepPtr>();
    const int alternative = (step1->sampledToken + 1) % 512;
    truncated.clear();
    records.clear();
    engine.branchFrom(1, alternative, p);
    REQUIRE(waitFor(records, 2));
    REQUIRE(!truncated.isEmpty());
    CHECK(truncated.last().front().toInt() == 1);
    const auto changed = records.at(0).front().value<TranscriptStepPtr>();
    const auto next = records.at(1).front().value<TranscriptStepPtr>();
    CHECK(changed->index == 1);
    CHECK(changed->sampledToken == alternative);
    CHECK(next->index == 2);
    CHECK(next->trace->tokens.front() == alternative);
    CHECK(next->trace->lastPosition() == step1->trace->lastPosition() + 1);
}

TEST_CASE("worker runs the bundled model on a Korean prompt", "[ui][worker][bundled]") {
    const auto folder = ts::bundledModelPath();
    if (!std::filesystem::exists(folder / "config.json")) {
        TS_SKIP("no bundled model at " << folder.string() << "");
    }
    EngineController engine;
    QSignalSpy loaded(engine.worker(), &EngineWorker::modelLoaded);
    engine.loadModel(QString::fromStdString(folder.string()));
    REQUIRE(waitFor(loaded, 1, 60000));
    REQUIRE(loaded.front().front().value<ModelInfo>().hasTokenizer);
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    const QString prompt = QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인인");
    ts::SamplingParams p;
    p.seed = 11;
    engine.startPrompt(prompt, p);
    engine.run(2, p, 0);
    REQUIRE(waitFor(records, 3, 60000));
    const auto first = records.at(0).front().value<TranscriptStepPtr>();
    CHECK(first->promptText() == prompt.toStdString());
    // The spans tile the prompt's bytes.
    CHECK(first->promptByteStart(0) == 0);
    CHECK(first->promptByteEnd(first->contextSize() - 1) ==
          static_cast<int>(prompt.toUtf8().size()));
    const auto last = records.at(2).front().value<TranscriptStepPtr>();
    CHECK(last->trace->lastPosition() == first->trace->lastPosition() + 2);
    CHECK(last->trace->attention.nLayer == 4);
}

// One prompt path in the app (issue #42): the main loop (the engine worker), the confidence
// view's scoring and the lanes read a typed prompt as every tokenscope-cli command does
// (ts::parsePrompt), so they give the same ids and the same probability — on the bundled
// model (nothing in front: add_bos_token false) and on a tiny Llama with the real Llama 2
// tokenizer (whose files add <s>).
#include <QSignalSpy>
#include <QTemporaryDir>
#include <filesystem>

#include "catch.hpp"
#include "classroom/confidence_view.hpp"
#include "core/engine_controller.hpp"
#include "test_paths.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/prompt.hpp"
#include "tools/random_model.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts_test::waitFor;
namespace fs = std::filesystem;

namespace {

void checkAppPath(const fs::path& folder, const std::string& prompt) {
    INFO("model " << folder.string() << ", prompt \"" << prompt << "\"");
    const auto loaded = ts::loadModelFolder(folder);
    REQUIRE(loaded.tokenizer);
    const auto ids =
        ts::parsePrompt(prompt, loaded.tokenizer.get(), loaded.model->config().nVocab).ids();

    EngineController engine;
    QSignalSpy ready(engine.worker(), &EngineWorker::modelLoaded);
    engine.loadModel(QString::fromStdString(folder.string()));
    REQUIRE(waitFor(ready, 1, 60000));
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    ts::SamplingParams greedy;
    greedy.temperature = 0;
    engine.startPrompt(QString::fromStdString(prompt), greedy);
    REQUIRE(waitFor(records, 1, 60000));
    const auto first = records.at(0).front().value<TranscriptStepPtr>();
    CHECK(std::ranges::equal(first->contextTokens(), ids));
    const int next = first->sampledToken;
    const double prob = first->figures.prob;

    // The confidence view scores the text with the next token after it.
    ModelInfo info;
    info.model = loaded.model;
    info.tokenizer = loaded.tokenizer;
    info.nCtx = loaded.model->config().nCtx;
    const auto scores = scoreText(info, prompt + loaded.tokenizer->tokenBytes(next));
    REQUIRE(scores.size() == ids.size() + 1);
    for (std::size_t i = 0; i < ids.size(); ++i) CHECK(scores[i].token == ids[i]);
    CHECK(scores.back().token == next);
    CHECK(scores.back().prob == Approx(prob).margin(1e-5));

    // The lanes continue the same prompt ids (the lanes view hands parsePrompt's to them).
    const auto lanes =
        ts::runTemperatureLanes(loaded.model, ids, {0.0f}, 1, greedy, loaded.tokenizer);
    CHECK(lanes[0].tokens[0].token == next);
    CHECK(lanes[0].tokens[0].rawProb == Approx(prob).margin(1e-5));
}

}  // namespace

TEST_CASE("the app reads a prompt as the CLI does: bundled model", "[ui][prompt]") {
    checkAppPath(ts_test::bundledModel(), "The government of Kiaia sits in");
}

TEST_CASE("the app reads a prompt as the CLI does: Llama 2's tokenizer adds <s>", "[ui][prompt]") {
    const fs::path tokenizer = ts_test::tokenizersDir() / "llama2";
    if (ts_test::tokenizersDir().empty() || !fs::exists(tokenizer / "tokenizer.json"))
        TS_SKIP("the real tokenizers are not set up (packaging/dev.sh)");
    QTemporaryDir dir;
    ts_tools::RandomModelSpec spec;
    spec.config = {{"architectures", {"LlamaForCausalLM"}},
                   {"model_type", "llama"},
                   {"hidden_size", 32},
                   {"intermediate_size", 64},
                   {"num_hidden_layers", 2},
                   {"num_attention_heads", 4},
                   {"num_key_value_heads", 2},
                   {"max_position_embeddings", 128},
                   {"rms_norm_eps", 1e-6},
                   {"tie_word_embeddings", true},
                   {"vocab_size", 32000}};
    spec.weightScale = 0.3f;
    const fs::path folder = dir.path().toStdString();
    ts_tools::writeRandomModel(folder, spec);
    for (const char* name : {"tokenizer.json", "tokenizer_config.json"})
        fs::copy_file(tokenizer / name, folder / name);
    const auto loaded = ts::loadModelFolder(folder);
    const auto ids = ts::parsePrompt("Hello", loaded.tokenizer.get(), 32000).ids();
    CHECK(ids.front() == 1);  // <s>
    checkAppPath(folder, "The capital of France is");
}

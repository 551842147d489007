// The one way from text to ids (tokenscope/prompt.hpp): the start-token rule read from the
// model's files and its overrides, special tokens, ids verbatim, continuations tokenized with
// their prompt, and the experiments (lanes, probes, LITM) reading prompts the same way.
#include <filesystem>
#include <fstream>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/transcript.hpp"

using Catch::Matchers::ContainsSubstring;
namespace fs = std::filesystem;

namespace {

std::shared_ptr<const ts::Tokenizer> realTokenizer(const std::string& family) {
    const fs::path dir = ts_test::tokenizersDir();
    if (dir.empty() || !fs::exists(dir / family / "tokenizer.json")) return nullptr;
    return ts::Tokenizer::fromFolder(dir / family);
}

std::vector<int> ids(const ts::PromptTokens& p) { return p.ids(); }

}  // namespace

TEST_CASE("prompt: the bundled model's files add no start token", "[prompt]") {
    const auto tok = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    REQUIRE(tok);
    const int n = tok->vocabSize();
    const std::string text = "The government of Kiaia sits in";
    const auto plain = ts::parsePrompt(text, tok.get(), n);
    CHECK(ids(plain) == tok->encodeIds(text));
    CHECK_FALSE(plain.startAdded);
    // --bos: the start token its files name (<|endoftext|>).
    ts::PromptOptions bos;
    bos.startToken = true;
    const auto withStart = ts::parsePrompt(text, tok.get(), n, bos);
    CHECK(withStart.startAdded);
    CHECK(withStart.tokens.front().id == 8191);
    CHECK(withStart.tokens.front().end == 0);  // an empty span: it is not in the text
    CHECK(withStart.tokens.back().end == text.size());
    // vocab.json + merges.txt: <|endoftext|> in text is text unless --special.
    CHECK(ids(ts::parsePrompt("a<|endoftext|>", tok.get(), n)).size() > 2);
    ts::PromptOptions special;
    special.special = true;
    CHECK(ids(ts::parsePrompt("a<|endoftext|>", tok.get(), n, special)).back() == 8191);
    // Empty text, and a start token alone, are no prompt.
    CHECK_THROWS_WITH(ts::parsePrompt("", tok.get(), n, bos), ContainsSubstring("empty"));
}

TEST_CASE("prompt: Llama files add their start token, --no-bos leaves it out", "[prompt]") {
    const auto llama2 = realTokenizer("llama2");
    const auto llama31 = realTokenizer("llama3_1");
    if (!llama2 || !llama31) TS_SKIP("the real tokenizers are not set up (packaging/dev.sh)");
    CHECK(ids(ts::parsePrompt("Hi", llama2.get(), 32000)).front() == 1);
    CHECK(ids(ts::parsePrompt("Hi", llama31.get(), 128256)) == std::vector<int>{128000, 13347});
    ts::PromptOptions noBos;
    noBos.startToken = false;
    CHECK(ids(ts::parsePrompt("Hi", llama31.get(), 128256, noBos)) == std::vector<int>{13347});
    // A text that begins with the start token does not get a second one.
    CHECK(ids(ts::parsePrompt("<|begin_of_text|>Hi", llama31.get(), 128256)) ==
          std::vector<int>{128000, 13347});
    // An id past the model's vocabulary is refused.
    CHECK_THROWS_WITH(ts::parsePrompt("Hi", llama31.get(), 1000),
                      ContainsSubstring("outside the model's vocabulary"));
}

TEST_CASE("prompt: a continuation gets the ids it has after its prompt", "[prompt]") {
    const auto llama2 = realTokenizer("llama2");
    if (!llama2) TS_SKIP("the real tokenizers are not set up (packaging/dev.sh)");
    const std::string prompt = "The capital of France is", truth = " Paris";
    const auto split = ts::parsePromptWithContinuation(prompt, truth, *llama2, 32000);
    const auto alone = ts::parsePrompt(prompt, llama2.get(), 32000);
    CHECK(ids(split.prompt) == ids(alone));
    const auto joined = ts::parsePrompt(prompt + truth, llama2.get(), 32000);
    std::vector<int> tail(joined.tokens.size() - alone.tokens.size());
    for (std::size_t i = 0; i < tail.size(); ++i)
        tail[i] = joined.tokens[alone.tokens.size() + i].id;
    CHECK(split.continuation == tail);
    // Tokenized alone, " Paris" would start with a word-initial "▁" of its own.
    CHECK(split.continuation != llama2->encodeIds(truth));
    // A continuation glued to the prompt's last word takes that word's token with it.
    const auto tok = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    const auto glued = ts::parsePromptWithContinuation("The cat", "s sat", *tok, 8192);
    CHECK(glued.prompt.tokens.back().end <= 7);
    CHECK_THROWS_WITH(ts::parsePromptWithContinuation("a", "", *tok, 8192),
                      ContainsSubstring("empty"));
}

TEST_CASE("prompt: ids are used verbatim", "[prompt]") {
    const auto p = ts::promptFromIds({5, 6}, 10, "--ids");
    CHECK(p.fromIds);
    CHECK(ids(p) == std::vector<int>{5, 6});
    CHECK_THROWS_WITH(ts::promptFromIds({5, 10}, 10, "--ids"),
                      ContainsSubstring("--ids: token id 10 at index 1 is outside"));
    CHECK_THROWS_WITH(ts::promptFromIds({}, 10, "--ids"), ContainsSubstring("empty"));
}

TEST_CASE("prompt: the loop, the lanes and the probes read a text alike", "[prompt]") {
    const auto loaded = ts::loadModelFolder(ts_test::bundledModel());
    const std::string text = "The government of Kiaia sits in";
    const auto prompt =
        ts::parsePrompt(text, loaded.tokenizer.get(), loaded.model->config().nVocab);
    ts::SamplingParams greedy;
    greedy.temperature = 0;
    ts::Transcript t(loaded.model, loaded.tokenizer);
    const auto& first = t.start(text, greedy);
    CHECK(t.prompt().ids() == prompt.ids());
    const auto lanes =
        ts::runTemperatureLanes(loaded.model, prompt.ids(), {0.0f}, 1, greedy, loaded.tokenizer);
    CHECK(lanes[0].tokens[0].token == first.sampledToken);
    CHECK(lanes[0].tokens[0].rawProb == Approx(first.figures.prob).margin(1e-6));
    ts::FactProbe probe;
    probe.prompt = text;
    probe.truth = loaded.tokenizer->tokenBytes(first.sampledToken);
    const auto r = ts::runFactProbe(loaded.model, *loaded.tokenizer, probe);
    CHECK(r.topToken == first.sampledToken);
    CHECK(r.topProb == Approx(first.figures.prob).margin(1e-5));
    CHECK(r.truthFirstTokenProb == Approx(first.figures.prob).margin(1e-5));
}

TEST_CASE("prompt: a GGUF file's tokenizer is found without its weights", "[prompt]") {
    CHECK_THROWS_WITH(ts::tokenizerAt(ts_test::dataDir() / "no-such-folder"),
                      ContainsSubstring("no-such-folder"));
    const auto tok = ts::tokenizerAt(ts_test::bundledModel());
    CHECK(tok->vocabSize() == 8192);
}

TEST_CASE("transcript: replay runs a file again and refuses another model's", "[prompt][replay]") {
    const auto loaded = ts::loadModelFolder(ts_test::bundledModel());
    ts::Transcript run(loaded.model, loaded.tokenizer);
    ts::SamplingParams p;
    p.seed = 5;
    run.start("The government of Kiaia sits in", p);
    for (int i = 0; i < 3; ++i) run.step(p);
    run.choose(2, 13);  // a token chosen by hand is kept, marked chosen
    run.step(p);
    const ts::ModelIdentity identity = ts::ModelIdentity::of(*loaded.model, "bundled");
    const fs::path file = fs::temp_directory_path() / "tokenscope-prompt-replay.json";
    {
        std::ofstream out(file);
        out << ts::transcriptJson(run.steps(), loaded.tokenizer.get(), 0, &identity) << '\n';
    }
    const auto recorded = ts::readTranscriptJson(file.string());
    fs::remove(file);
    ts::Transcript again(loaded.model, loaded.tokenizer);
    int seen = 0, rewound = 0;
    again.replay(recorded, "bundled", [&](const ts::TranscriptStep&, bool r) {
        ++seen;
        rewound += r ? 1 : 0;
    });
    CHECK(again.tokens() == run.tokens());
    CHECK(again.prompt().text == "The government of Kiaia sits in");
    CHECK(again.steps()[2]->chosen);
    CHECK(rewound >= 1);
    CHECK(seen == again.size() + rewound);
    for (int i = 0; i < run.size(); ++i)
        CHECK(again.steps()[static_cast<std::size_t>(i)]->figures.prob ==
              Approx(run.steps()[static_cast<std::size_t>(i)]->figures.prob).margin(1e-6));
    // Another model's file: refused with both models named.
    ts::TranscriptFile other = recorded;
    other.model.fingerprint = "0000000000000000";
    other.model.name = "elsewhere";
    const std::string refusal = ts::replayRefusal(other, identity);
    CHECK_THAT(refusal, ContainsSubstring("was made with elsewhere"));
    CHECK_THAT(refusal, ContainsSubstring("not with the loaded model bundled"));
    CHECK_THROWS_WITH(again.replay(other, "bundled"), ContainsSubstring("was made with"));
    CHECK(ts::replayRefusal(recorded, identity).empty());
}

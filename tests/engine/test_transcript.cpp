// ts::Transcript, the one autoregressive loop: the seed policy (a draw depends only on seed
// and position), branch and replay, truncation, lanes drawing what the transcript draws,
// the one context check, the prompt parser, cancellation as a type and the history budget.
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/transcript.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

std::shared_ptr<const ts::Model> tiny() {
    static auto m = ts::Model::loadFolder(ts_test::dataDir() / "gpt2-tiny-vocab512");
    return m;
}

ts::SamplingParams warm(std::uint64_t seed = 4) {
    ts::SamplingParams p;
    p.temperature = 1.3f;  // warm enough that draws differ from the argmax
    p.topK = 50;
    p.topP = 0.95f;
    p.seed = seed;
    return p;
}

std::vector<int> run(ts::Transcript& t, const std::vector<int>& prompt, const ts::SamplingParams& p,
                     int tokens) {
    t.startIds(prompt, p);
    while (t.size() < tokens) t.step(p);
    std::vector<int> out;
    for (const auto& s : t.steps()) out.push_back(s->sampledToken);
    return out;
}

const std::vector<int> kPrompt = {5, 17, 42, 99};

}  // namespace

TEST_CASE("transcript: each draw uses the uniform number of (seed, position)", "[transcript]") {
    ts::Transcript t(tiny(), nullptr);
    const auto p = warm();
    run(t, kPrompt, p, 10);
    for (const auto& s : t.steps()) {
        const int position = s->trace->lastPosition() + 1;
        CHECK(s->uniform == ts::uniformAt(p.seed, position));
        CHECK(s->sampledToken == ts::sampleAt(s->trace->logits, p, s->uniform));
        CHECK(s->params.seed == p.seed);
    }
    // Another seed draws other numbers (and, at this temperature, other tokens).
    ts::Transcript other(tiny(), nullptr);
    const auto a = run(other, kPrompt, warm(5), 10);
    std::vector<int> b;
    for (const auto& s : t.steps()) b.push_back(s->sampledToken);
    CHECK(a != b);
    // Numbers at neighbouring positions are unrelated, and stay in [0, 1).
    for (int pos = 0; pos < 100; ++pos) {
        const double u = ts::uniformAt(7, pos);
        CHECK(u >= 0.0);
        CHECK(u < 1.0);
        CHECK(u != ts::uniformAt(7, pos + 1));
    }
}

TEST_CASE("transcript: the same settings give the same tokens, replay of a branch repeats them",
          "[transcript]") {
    const auto p = warm();
    ts::Transcript a(tiny(), nullptr), b(tiny(), nullptr);
    const auto first = run(a, kPrompt, p, 12);
    CHECK(run(b, kPrompt, p, 12) == first);

    // Branch at step 4 with another token: the steps before stay, the branch diverges.
    const int other = (first[4] + 1) % tiny()->config().nVocab;
    a.branchFrom(4, other, p);
    REQUIRE(a.size() == 6);
    CHECK(a.steps()[4]->sampledToken == other);
    CHECK(a.steps()[4]->chosen);
    CHECK(a.steps()[4]->uniform < 0);
    for (int i = 0; i < 4; ++i)
        CHECK(a.steps()[static_cast<std::size_t>(i)]->sampledToken ==
              first[static_cast<std::size_t>(i)]);
    // The branch's new step drew the number the original drew at that position.
    CHECK(a.steps()[5]->uniform == b.steps()[5]->uniform);

    // Replay: branch back to the original token, and the original continuation returns.
    a.branchFrom(4, first[4], p);
    while (a.size() < 12) a.step(p);
    for (int i = 0; i < 12; ++i) {
        CHECK(a.steps()[static_cast<std::size_t>(i)]->sampledToken ==
              first[static_cast<std::size_t>(i)]);
        CHECK(a.steps()[static_cast<std::size_t>(i)]->trace->logits ==
              b.steps()[static_cast<std::size_t>(i)]->trace->logits);
    }
}

TEST_CASE("transcript: truncate rewinds the session, steps go on from there", "[transcript]") {
    const auto p = warm();
    ts::Transcript t(tiny(), nullptr);
    const auto first = run(t, kPrompt, p, 9);
    t.truncate(3);
    REQUIRE(t.size() == 3);
    CHECK(t.back().contextSize() == kPrompt.size() + 2);
    while (t.size() < 9) t.step(p);
    std::vector<int> again;
    for (const auto& s : t.steps()) again.push_back(s->sampledToken);
    CHECK(again == first);
    CHECK(t.tokens().size() == kPrompt.size() + 9);
    t.truncate(0);
    CHECK(t.empty());
    CHECK_THROWS_WITH(t.step(p), ContainsSubstring("no prompt"));
}

TEST_CASE("transcript: temperature lanes draw exactly what a transcript draws", "[transcript]") {
    const std::vector<float> temperatures = {0.0f, 0.7f, 1.3f};
    const auto base = warm(11);
    const auto lanes = ts::runTemperatureLanes(tiny(), kPrompt, temperatures, 10, base);
    REQUIRE(lanes.size() == temperatures.size());
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        auto p = base;
        p.temperature = temperatures[i];
        ts::Transcript t(tiny(), nullptr);
        const auto want = run(t, kPrompt, p, 10);
        std::vector<int> got;
        for (const auto& tok : lanes[i].tokens) got.push_back(tok.token);
        INFO("temperature " << temperatures[i]);
        CHECK(got == want);
    }
}

TEST_CASE("transcript: one context check, one message", "[transcript]") {
    ts::Transcript t(tiny(), nullptr);
    const int nCtx = tiny()->config().nCtx;
    std::vector<int> tooLong(static_cast<std::size_t>(nCtx + 1), 3);
    CHECK_THROWS_WITH(t.startIds(tooLong, warm()), ContainsSubstring("context length"));
    CHECK(t.empty());
    std::vector<int> full(static_cast<std::size_t>(nCtx - 1), 3);
    t.startIds(full, warm());
    t.step(warm());
    CHECK(t.contextFull());
    CHECK_THROWS_WITH(t.step(warm()), ContainsSubstring("context length"));
    CHECK(t.size() == 2);  // the failed step changed nothing
    CHECK_THROWS_WITH(ts::checkFitsContext(65, 64, "the text"),
                      ContainsSubstring("the text needs 65"));
}

TEST_CASE("transcript: one parser for ids or text prompts", "[transcript]") {
    CHECK(ts::parseTokenIds("1, 2 3,4", 10, "x") == std::vector<int>{1, 2, 3, 4});
    CHECK_THROWS_WITH(ts::parseTokenIds("1 two", 10, "--ids"),
                      ContainsSubstring("\"two\" is not a token id"));
    CHECK_THROWS_WITH(ts::parseTokenIds("1 10", 10, "--ids"),
                      ContainsSubstring("outside the vocabulary"));
    // Without a tokenizer a prompt must be ids; with one it is text.
    const auto p = ts::parsePrompt("7 8", nullptr, 512);
    CHECK(p.fromIds);
    CHECK(p.ids() == std::vector<int>{7, 8});
    CHECK_THROWS_WITH(ts::parsePrompt("hello", nullptr, 512), ContainsSubstring("no tokenizer"));
    CHECK_THROWS_WITH(ts::parsePrompt("  ", nullptr, 512), ContainsSubstring("empty"));
    const auto loaded = ts::loadModelFolder(ts::bundledModelPath());
    REQUIRE(loaded.tokenizer);
    const auto text =
        ts::parsePrompt("The cat sat", loaded.tokenizer.get(), loaded.model->config().nVocab);
    CHECK_FALSE(text.fromIds);
    CHECK(text.ids() == loaded.tokenizer->encodeIds("The cat sat"));
    CHECK(text.tokens.back().end == 11);
}

TEST_CASE("transcript: generation stops at the model's end token unless told otherwise",
          "[transcript]") {
    const auto loaded = ts::loadModelFolder(ts::bundledModelPath());
    REQUIRE(loaded.tokenizer);
    const int eos = *loaded.tokenizer->endOfTextId();
    ts::Transcript t(loaded.model, loaded.tokenizer);
    REQUIRE(t.endTokens() == std::vector<int>{eos});
    t.start("Once upon a time", warm());
    CHECK_FALSE(t.finished());
    t.choose(0, eos);  // a hand-chosen end token does not end the run
    CHECK_FALSE(t.finished());
    // Make the model's own draw the end token: greedy from a context that ends with it is
    // not guaranteed, so test the rule on a drawn step directly.
    ts::Transcript drawn(loaded.model, loaded.tokenizer);
    ts::SamplingParams greedy;
    greedy.temperature = 0;
    drawn.start("x", greedy);
    for (int i = 0; i < 40 && !drawn.isEndToken(drawn.back().sampledToken); ++i) drawn.step(greedy);
    if (drawn.isEndToken(drawn.back().sampledToken)) {
        CHECK(drawn.finished());
        drawn.setIgnoreEndOfText(true);
        CHECK_FALSE(drawn.finished());
    }
}

TEST_CASE("transcript: temperature lanes stop at the end token and say so", "[transcript]") {
    const auto loaded = ts::loadModelFolder(ts::bundledModelPath());
    REQUIRE(loaded.tokenizer);
    const int eos = *loaded.tokenizer->endOfTextId();
    const auto prompt = loaded.tokenizer->encodeIds("The detective gathered everyone in the");
    ts::SamplingParams base;
    base.seed = 3;
    const std::vector<float> temperatures = {0.0f, 0.7f, 1.0f, 1.5f};
    const int steps = 40;
    const auto lanes =
        ts::runTemperatureLanes(loaded.model, prompt, temperatures, steps, base, loaded.tokenizer);
    const auto past =
        ts::runTemperatureLanes(loaded.model, prompt, temperatures, steps, base, loaded.tokenizer,
                                /*ignoreEndOfText=*/true);
    int stopped = 0;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        INFO("temperature " << temperatures[i]);
        const auto& tokens = lanes[i].tokens;
        REQUIRE_FALSE(tokens.empty());
        for (std::size_t k = 0; k + 1 < tokens.size(); ++k) CHECK(tokens[k].token != eos);
        CHECK(lanes[i].endedAtEndOfText == (tokens.back().token == eos));
        if (lanes[i].endedAtEndOfText)
            ++stopped;
        else
            CHECK(tokens.size() == static_cast<std::size_t>(steps));
        // Past the end token the lane draws the same tokens up to it, then goes on.
        CHECK_FALSE(past[i].endedAtEndOfText);
        CHECK(past[i].tokens.size() == static_cast<std::size_t>(steps));
        for (std::size_t k = 0; k < tokens.size(); ++k)
            CHECK(past[i].tokens[k].token == tokens[k].token);
    }
    // With this prompt and seed the bundled model ends some lanes early; a retrained model
    // that never did would leave the stop untested, so say so rather than pass silently.
    if (stopped == 0) WARN("no lane reached the end token: the stop is untested for this model");
}

TEST_CASE("transcript: cancellation is a type, a cancelled step changes nothing", "[transcript]") {
    ts::Transcript t(tiny(), nullptr);
    std::atomic<bool> cancel{false};
    t.setCancelFlag(&cancel);
    t.startIds(kPrompt, warm());
    cancel = true;
    CHECK_THROWS_AS(t.step(warm()), ts::Cancelled);
    try {
        t.step(warm());
    } catch (const ts::Error& e) {  // still the engine's one error type
        CHECK(dynamic_cast<const ts::Cancelled*>(&e) != nullptr);
    }
    CHECK(t.size() == 1);
    cancel = false;
    t.step(warm());
    CHECK(t.size() == 2);
}

TEST_CASE("transcript: a long context under a small history budget keeps summaries",
          "[transcript][budget]") {
    ts::TranscriptOptions o;
    o.trace.attention = true;
    o.trace.residuals = true;
    ts::Transcript ref(tiny(), nullptr, o);
    o.historyBudgetBytes = 32 * 1024;  // a few steps' worth
    ts::Transcript t(tiny(), nullptr, o);
    const auto p = warm();
    const int nCtx = tiny()->config().nCtx;
    const int steps = nCtx - static_cast<int>(kPrompt.size()) + 1;  // fill the context
    run(ref, kPrompt, p, steps);
    run(t, kPrompt, p, steps);
    REQUIRE(t.contextFull());
    // The budget holds (the newest step always stays whole), or every step the budget may thin
    // is thinned (it counts the context and the steps too, which no thinning makes smaller),
    // and thinning was reported.
    bool allThinned = true;
    for (int i = 0; i + 1 < t.size(); ++i) allThinned = allThinned && t.steps()[i]->thinned();
    CHECK((t.historyBytes() <= o.historyBudgetBytes + t.back().traceBytes() || allThinned));
    CHECK(ref.historyBytes() > 4 * o.historyBudgetBytes);
    const auto thinned = t.takeThinnedSteps();
    REQUIRE_FALSE(thinned.empty());
    CHECK(thinned.front() == 0);
    CHECK_FALSE(t.back().thinned());
    int nThinned = 0;
    for (int i = 0; i < t.size(); ++i) {
        const auto& s = *t.steps()[static_cast<std::size_t>(i)];
        const auto& r = *ref.steps()[static_cast<std::size_t>(i)];
        CHECK(s.sampledToken == r.sampledToken);  // thinning never changes what was drawn
        if (!s.thinned()) continue;
        ++nThinned;
        // The summary: top logits exact, attention argmax and entropy per head and query.
        const auto& sum = *s.summary;
        CHECK(sum.droppedBytes == r.traceBytes());
        REQUIRE(sum.topLogits.size() == static_cast<std::size_t>(ts::StepSummary::kTopK));
        CHECK(sum.topLogits[0].token == ts::argmax(r.trace->logits));
        CHECK(sum.topLogits[0].logit ==
              r.trace->logits[static_cast<std::size_t>(sum.topLogits[0].token)]);
        CHECK(s.trace->logits.empty());
        CHECK(s.trace->residuals.empty());
        CHECK(s.trace->attention.empty());
        CHECK(ts::attentionRow({t.steps()[static_cast<std::size_t>(i)]}, 0, 0,
                               r.trace->lastPosition())
                  .empty());
        const auto& a = r.trace->attention;
        std::size_t k = 0;
        for (int l = 0; l < a.nLayer; ++l)
            for (int h = 0; h < a.nHead; ++h)
                for (int q = a.firstQuery; q < a.firstQuery + a.nQueries; ++q, ++k) {
                    const auto row = a.row(l, h, q);
                    CHECK(sum.attentionArgmax[k] == ts::argmax(row));
                    CHECK(sum.attentionEntropy[k] == Approx(ts::entropyBits(row)).margin(1e-5));
                }
        CHECK(k == sum.attentionArgmax.size());
        // The draw's figures were computed when it was made, and survive thinning.
        CHECK(s.figures.prob == r.figures.prob);
        CHECK(s.figures.rank == r.figures.rank);
        for (std::size_t j = 0; j < sum.topLogits.size(); ++j)
            CHECK(std::exp(sum.topLogits[j].logit - sum.logSumExp) ==
                  Approx(ts::softmax(
                             r.trace->logits)[static_cast<std::size_t>(sum.topLogits[j].token)])
                      .epsilon(1e-4));
    }
    CHECK(nThinned > t.size() / 2);
    // Branching from a thinned step still works, and says what it knows of the choice.
    const int top = t.steps()[1]->summary->topLogits[0].token;
    t.branchFrom(1, top, p);
    CHECK(t.size() == 3);
    CHECK(t.steps()[1]->figures.rank == 1);
    t.branchFrom(1, t.steps()[1]->summary->topLogits.back().token == 3 ? 4 : 3, p);
    CHECK((t.steps()[1]->figures.rank == 0 || t.steps()[1]->figures.rank > 1));
}

TEST_CASE("transcript: the JSON file round-trips prompt, tokens and settings", "[transcript]") {
    ts::Transcript t(tiny(), nullptr);
    auto p = warm();
    run(t, kPrompt, p, 5);
    auto q = p;
    q.temperature = 0.5f;
    t.step(q);
    t.choose(5, 9);
    const auto path = std::filesystem::temp_directory_path() / "tokenscope_transcript_test.json";
    {
        std::ofstream out(path);
        out << ts::transcriptJson(t.steps(), nullptr);
    }
    const auto f = ts::readTranscriptJson(path.string());
    CHECK(f.promptIds == kPrompt);
    REQUIRE(f.generated.size() == 6);
    CHECK(f.generated.back() == 9);
    CHECK(f.chosen.back());
    CHECK_FALSE(f.chosen.front());
    CHECK(f.params[0].temperature == p.temperature);
    CHECK(f.params[5].temperature == q.temperature);
    CHECK(f.params[5].seed == p.seed);
    {
        std::ofstream out(path);
        out << "{\"steps\": []}";
    }
    CHECK_THROWS_WITH(ts::readTranscriptJson(path.string()), ContainsSubstring("\"prompt\""));
    std::filesystem::remove(path);
}

TEST_CASE("transcript: a file's steps read back as recorded, and name the model that made them",
          "[transcript]") {
    ts::Transcript t(tiny(), nullptr);
    const auto p = warm(11);
    run(t, kPrompt, p, 6);
    t.choose(4, 17);
    const ts::ModelIdentity made = ts::ModelIdentity::of(*tiny(), "gpt2-tiny-vocab512");
    const auto path = std::filesystem::temp_directory_path() / "tokenscope_transcript_steps.json";
    {
        std::ofstream out(path);
        out << ts::transcriptJson(t.steps(), nullptr, 0, &made);
    }
    const auto f = ts::readTranscriptJson(path.string());
    std::filesystem::remove(path);
    REQUIRE(f.model.known());
    CHECK(f.model.sameModel(made));
    CHECK(f.model.name == "gpt2-tiny-vocab512");
    // The same weights loaded again are the same model; other weights of the same shape
    // (the embedding table changed in one value) are not.
    CHECK(ts::ModelIdentity::of(*ts::Model::loadFolder(ts_test::dataDir() / "gpt2-tiny-vocab512"),
                                "x")
              .sameModel(made));
    CHECK_FALSE(ts::ModelIdentity::of(
                    *ts::Model::loadFolder(ts_test::dataDir() / "gpt2-tiny-fullvocab"), "x")
                    .sameModel(made));

    const auto steps = ts::transcriptStepsFromFile(f);
    REQUIRE(steps.size() == t.steps().size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        INFO("step " << i);
        const auto& a = *t.steps()[i];
        const auto& b = *steps[i];
        CHECK(b.fromFile());
        CHECK(b.index == a.index);
        CHECK(std::ranges::equal(b.contextTokens(), a.contextTokens()));
        CHECK(b.tokenTexts() == a.tokenTexts());
        CHECK(b.trace->tokens == a.trace->tokens);
        CHECK(b.trace->firstPosition == a.trace->firstPosition);
        CHECK(b.trace->logits.empty());  // no numbers the file does not have
        CHECK(b.sampledToken == a.sampledToken);
        CHECK(b.chosen == a.chosen);
        CHECK(b.uniform == a.uniform);
        CHECK(b.params.seed == a.params.seed);
        CHECK(b.figures.rank == a.figures.rank);
        CHECK(b.figures.prob == Approx(a.figures.prob).epsilon(1e-6));
        CHECK(b.figures.entropyBits == Approx(a.figures.entropyBits).epsilon(1e-9));
    }
    CHECK(steps[4]->chosen);
    CHECK(steps[4]->sampledToken == 17);
}

TEST_CASE("transcript: a file saved again without a model keeps its text and bytes",
          "[transcript]") {
    // The bundled model has a tokenizer; Korean text makes tokens that split characters,
    // so the bytes (not the display texts) have to carry the text.
    const auto dir = ts_test::bundledModel();
    auto model = ts::Model::loadFolder(dir);
    auto tokenizer = ts::Tokenizer::fromFolder(dir);
    ts::Transcript t(model, tokenizer);
    ts::SamplingParams p = warm(3);
    t.start("In the beginning 하늘과 땅", p);
    while (t.size() < 8) t.step(p);
    const std::string first = ts::transcriptJson(t.steps(), tokenizer.get());
    const auto path = std::filesystem::temp_directory_path() / "tokenscope_transcript_resave.json";
    auto readBack = [&](const std::string& json) {
        {
            std::ofstream out(path);
            out << json;
        }
        return ts::readTranscriptJson(path.string());
    };
    const auto f = readBack(first);
    // Saved again from the file's steps, with no tokenizer (no model loaded).
    const std::string again = ts::transcriptJson(ts::transcriptStepsFromFile(f), nullptr);
    const auto a = nlohmann::json::parse(first);
    const auto b = nlohmann::json::parse(again);
    REQUIRE_FALSE(a["text"].get<std::string>().empty());
    CHECK(b["text"] == a["text"]);
    REQUIRE(b["steps"].size() == a["steps"].size());
    for (std::size_t i = 0; i < a["steps"].size(); ++i) {
        INFO("step " << i);
        CHECK(b["steps"][i]["text"] == a["steps"][i]["text"]);
        CHECK(b["steps"][i]["bytes"] == a["steps"][i]["bytes"]);
        CHECK(b["steps"][i]["display"] == a["steps"][i]["display"]);
    }
    // And once more: a third save from the second file is the same again.
    const auto g = readBack(again);
    std::filesystem::remove(path);
    CHECK(nlohmann::json::parse(
              ts::transcriptJson(ts::transcriptStepsFromFile(g), nullptr))["text"] == a["text"]);
}

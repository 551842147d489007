// Two classroom rules of issue #49, proven on the engine: a typed guess is read as the tokens
// it would have after the step's context and scored by its first token's probability; and
// giving the model the fact (ts::withFact, as retrieval puts a document into the context) turns
// held-out facts it got wrong into right ones on the bundled model, in English and in Korean.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>

#include "catch.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/guess.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"

namespace {

std::filesystem::path bundled() { return ts_test::sourceDir() / "resources" / "model"; }
std::shared_ptr<const ts::Model> model() {
    static auto m = ts::Model::loadFolder(bundled());
    return m;
}
const ts::Tokenizer& tokenizer() {
    static auto t = ts::Tokenizer::fromFolder(bundled());
    return *t;
}
// The next-token logits after `prompt`, by a plain prefill (the reference the guesses are
// scored against).
std::vector<float> logitsAfter(const std::vector<int>& ids) {
    ts::Session session(model());
    return session.prefill(ids, {}).logits;
}

}  // namespace

TEST_CASE(
    "guesses are split at commas (also the full-width and ideographic ones), trimmed, and "
    "empty ones dropped",
    "[guess]") {
    using V = std::vector<std::string>;
    CHECK(ts::splitGuesses("수진, 민준，지민、 ;; Paris \n  ") ==
          V{"수진", "민준", "지민", "Paris"});
    CHECK(ts::splitGuesses(" , ,").empty());
    CHECK(ts::splitGuesses("a,b,c,d", 2) == V{"a", "b"});
}

TEST_CASE(
    "a guess is scored by the first of the tokens it has after the step's context, read "
    "with a space in front when that is the likelier reading",
    "[guess][bundled]") {
    if (!std::filesystem::exists(bundled() / "model.safetensors")) TS_SKIP("no bundled model");
    const int nVocab = model()->config().nVocab;
    const std::string prompt = "범인이 수진이라는 게 밝혀졌다. 범인은";
    const auto context = ts::parsePrompt(prompt, &tokenizer(), nVocab).ids();
    const auto logits = logitsAfter(context);
    const auto probs = ts::softmax(logits);
    ts::SamplingParams params;  // temperature 1, no cut: the sampling distribution is softmax
    params.temperature = 1.0f;
    params.topP = 1.0f;
    const auto scores = ts::scoreGuesses(tokenizer(), nVocab, context, logits, params, -1,
                                         {"수진", "민준", "수진이라는"});
    REQUIRE(scores.size() == 3);
    // The reference: the same texts with a space, tokenized together with the prompt.
    for (const auto& s : scores) {
        INFO(s.guess);
        CHECK(s.readAs == " " + s.guess);
        const auto split = ts::parsePromptWithContinuation(prompt, s.readAs, tokenizer(), nVocab);
        CHECK(split.prompt.ids() == context);
        CHECK(s.tokens == split.continuation);
        CHECK(s.prob == Approx(probs[static_cast<std::size_t>(s.tokens[0])]));
        CHECK(s.probAtOne == Approx(s.prob));
        CHECK(s.rank == ts::rankOf(logits, s.tokens[0]));
        CHECK(s.isTop == (s.tokens[0] == ts::argmax(logits)));
    }
    // The model's README (training/evaluate.py, torch): " 수진" is the top token here.
    CHECK(scores[0].isTop);
    CHECK(scores[0].rank == 1);
    CHECK_FALSE(scores[1].isTop);
    CHECK(scores[1].rank > 1);
    // A longer guess: several tokens, the first one scored.
    CHECK(scores[2].tokens.size() > 1);
    CHECK(scores[2].tokens[0] == scores[0].tokens[0]);
    // At another temperature the probability follows the sampling distribution, not softmax.
    params.temperature = 2.0f;
    const auto hot = ts::scoreGuesses(tokenizer(), nVocab, context, logits, params, -1, {"민준"});
    REQUIRE(hot.size() == 1);
    CHECK(hot[0].prob == Approx(ts::samplingDistribution(
                             logits, params)[static_cast<std::size_t>(hot[0].tokens[0])]));
    CHECK(hot[0].probAtOne == Approx(scores[1].probAtOne));
    // Invalid UTF-8 is refused with a message, not scored.
    CHECK_THROWS_AS(ts::scoreGuesses(tokenizer(), nVocab, context, logits, params, -1, {"\xff"}),
                    ts::Error);
}

TEST_CASE("the guess shortlist holds the step's top tokens and others, shuffled by its seed",
          "[guess]") {
    std::vector<float> logits(100);
    for (std::size_t i = 0; i < logits.size(); ++i) logits[i] = static_cast<float>(i) * 0.1f;
    const auto a = ts::guessShortlist(logits, 4, 3, 1);
    REQUIRE(a.size() == 7);
    for (int top : {99, 98, 97, 96}) CHECK(std::count(a.begin(), a.end(), top) == 1);
    // The others come from ranks 5..50 (ids 50..95 here), never twice.
    for (int id : a) CHECK(id >= 50);
    CHECK(std::set<int>(a.begin(), a.end()).size() == a.size());
    CHECK(ts::guessShortlist(logits, 4, 3, 1) == a);
    // The top tokens do not simply come first.
    bool someSeedHidesTheOrder = false;
    for (std::uint64_t seed = 1; seed < 6; ++seed) {
        const auto b = ts::guessShortlist(logits, 4, 3, seed);
        someSeedHidesTheOrder |= !(b[0] == 99 && b[1] == 98);
    }
    CHECK(someSeedHidesTheOrder);
}

TEST_CASE(
    "the fact sentence is the probe's own, or its prompt completed with its truth, and it "
    "goes in front of the prompt",
    "[remedy]") {
    ts::FactProbe p{"The capital of Kriand is", " Domoek", {" Maruholm"}, "held_out/capital", ""};
    CHECK(ts::factSentence(p) == "The capital of Kriand is Domoek.");
    CHECK(ts::withFact(p).prompt == "The capital of Kriand is Domoek. The capital of Kriand is");
    CHECK(ts::withFact(p).truth == p.truth);
    CHECK(ts::withFact(p).falsehoods == p.falsehoods);
    p.fact = "Kriand's capital city is Domoek.";
    CHECK(ts::withFact(p).prompt == "Kriand's capital city is Domoek. The capital of Kriand is");
    CHECK(ts::hasHangul("크리안드의 수도는"));
    CHECK(ts::hasHangul("ㄱ"));
    CHECK_FALSE(ts::hasHangul("The capital of Kriand"));
    CHECK_FALSE(ts::hasHangul("日本語 ‘quotes’"));
    // A probe file's "fact" is read and written back.
    ts_test::TempDir dir("remedy");
    const auto file = dir.path() / "facts.json";
    ts::saveFactProbes({p}, file);
    const auto back = ts::loadFactProbes(file);
    REQUIRE(back.size() == 1);
    CHECK(back[0].fact == p.fact);
    std::ofstream(file) << R"([{"prompt": "A", "truth": " B", "fact": 3}])";
    CHECK_THROWS_WITH(ts::loadFactProbes(file), Catch::Matchers::ContainsSubstring("\"fact\""));
}

TEST_CASE(
    "given the fact, a held-out English and a held-out Korean fact the bundled model got "
    "wrong come out right",
    "[remedy][bundled]") {
    if (!std::filesystem::exists(bundled() / "model.safetensors")) TS_SKIP("no bundled model");
    // Found by measuring every held-out probe (tokenscope-cli probe --with-fact,
    // docs/classroom.md): the clearest turn in each language.
    const ts::FactProbe english{"The people of Vaiostra speak",
                                " Ruan",
                                {" Uliaish", " Oreish", " Veleish"},
                                "held_out/language",
                                ""};
    const ts::FactProbe korean{"수다라 사람들은",
                               " 탈라이시어",
                               {" 탈레이안어", " 마라이어", " 트레이에세어"},
                               "held_out/language",
                               ""};
    for (const auto& probe : {english, korean}) {
        INFO(probe.prompt);
        const auto remedy = ts::runFactRemedy(model(), tokenizer(), probe);
        CHECK_FALSE(remedy.before.truthWins);
        CHECK(remedy.after.truthWins);
        CHECK(remedy.flipped());
        CHECK(remedy.after.logPTrue > remedy.before.logPTrue + std::log(1000.0));
        // The "after" is the plain probe run on the prompt with the fact in front.
        const auto direct = ts::runFactProbe(model(), tokenizer(), ts::withFact(probe));
        CHECK(direct.logPTrue == Approx(remedy.after.logPTrue));
    }
    // In English the model's own answer becomes the truth.
    CHECK(ts::answerMatches(ts::runFactRemedy(model(), tokenizer(), english).after.answer.word,
                            english.truth));
}

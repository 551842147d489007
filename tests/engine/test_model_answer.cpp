// The model's own answer to a fact probe, read as a word (ts::modelAnswer): on the bundled
// model, the held-out Kiaia's seat is a whole invented name, not its first piece; "The capital
// of Banouistan is" followed by " a" leads on to the content word instead of counting " a" as
// the answer; a Korean answer loses its particle. Plus the word rules themselves.
#include "catch.hpp"
#include "engine_test_util.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"

namespace {

struct Bundled {
    std::shared_ptr<const ts::Model> model = ts::Model::loadFolder(ts_test::bundledModel());
    std::shared_ptr<const ts::Tokenizer> tokenizer =
        ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::ModelAnswer answer(const std::string& prompt) const {
        return ts::modelAnswer(model, *tokenizer, tokenizer->encodeIds(prompt));
    }
    // The plain greedy continuation, token by token, for comparison.
    std::vector<int> greedy(const std::string& prompt, int n) const {
        ts::Session s(model);
        auto trace = s.prefill(tokenizer->encodeIds(prompt));
        std::vector<int> out;
        for (int i = 0; i < n; ++i) {
            out.push_back(ts::argmax(trace.logits));
            trace = s.step(out.back());
        }
        return out;
    }
};

}  // namespace

TEST_CASE("word rules: function words, Korean particles, matching the truth", "[probes][answer]") {
    for (const char* w : {" in", " a", "The", " OF", " ", " called"}) CHECK(ts::isFunctionWord(w));
    for (const char* w : {" Kroish", " busy", " Paris", " 스타톤"})
        CHECK_FALSE(ts::isFunctionWord(w));
    CHECK(ts::koreanParticleSuffix(" 스타톤이에요") == "이에요");
    CHECK(ts::koreanParticleSuffix(" 수진이었다") == "이었다");
    CHECK(ts::koreanParticleSuffix(" 레이시어를") == "를");
    CHECK(ts::koreanParticleSuffix(" 이") == "");      // nothing would be left
    CHECK(ts::koreanParticleSuffix(" 키아나") == "");  // a name's last syllable stays
    CHECK(ts::koreanParticleSuffix(" Kroish") == "");
    CHECK(ts::answerMatches(" Daios", " Daios"));
    CHECK(ts::answerMatches(" Daios River", " Daios"));
    CHECK_FALSE(ts::answerMatches(" Daiosk", " Daios"));
    CHECK_FALSE(ts::answerMatches(" Choix", " Daios"));
    CHECK_FALSE(ts::answerMatches(" Daios", ""));
}

TEST_CASE("the answer runs to the end of the word, not one token", "[probes][answer][bundled]") {
    const Bundled b;
    const auto a = b.answer("The government of Kiaia sits in");
    INFO(a.text);
    REQUIRE(a.tokens.size() >= 2);
    CHECK(a.text.rfind(" K", 0) == 0);
    CHECK(a.text.find(' ', 1) == std::string::npos);  // one word
    CHECK(a.word == a.text);                          // no function word before it
    // it is the greedy path, and what follows it is a word boundary
    const auto path =
        b.greedy("The government of Kiaia sits in", static_cast<int>(a.tokens.size()) + 1);
    CHECK(std::vector<int>(path.begin(), path.end() - 1) == a.tokens);
    const std::string next = b.tokenizer->tokenBytes(path.back());
    CHECK((next[0] == ' ' || std::ispunct(static_cast<unsigned char>(next[0]))));
    // its probability is the product along the path, below the first token's
    CHECK(a.prob > 0);
    CHECK(a.prob < 1);
}

TEST_CASE("a function word is not the answer: the word after it is", "[probes][answer][bundled]") {
    const Bundled b;
    const std::string prompt = "The capital of Banouistan is";  // " a busy city" (held out)
    const auto first = b.greedy(prompt, 1);
    REQUIRE(ts::isFunctionWord(b.tokenizer->tokenBytes(first[0])));  // " a", say
    const auto a = b.answer(prompt);
    INFO(a.text);
    REQUIRE_FALSE(a.word.empty());
    CHECK_FALSE(ts::isFunctionWord(a.word.substr(0, a.word.find(' ', 1))));
    CHECK(a.text.size() > a.word.size());  // the function word is shown
    CHECK(a.text.substr(a.text.size() - a.word.size()) == a.word);
    CHECK(a.tokens.size() >= 2);
}

TEST_CASE("a Korean answer ends before its particle", "[probes][answer][bundled]") {
    const Bundled b;
    const std::string prompt = "크리안드의 수도는";
    const auto a = b.answer(prompt);
    INFO(a.text);
    REQUIRE_FALSE(a.tokens.empty());
    CHECK(a.text.rfind(" ", 0) == 0);
    CHECK(ts::koreanParticleSuffix(a.text).empty());
    // the greedy path goes on with the particle that was left out
    const auto path = b.greedy(prompt, static_cast<int>(a.tokens.size()) + 1);
    const std::string next = b.tokenizer->tokenBytes(path.back());
    CHECK_FALSE(ts::koreanParticleSuffix(a.text + next).empty());
}

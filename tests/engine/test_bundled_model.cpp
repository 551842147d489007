// The bundled model does what the lessons say it does. Thresholds sit well below the figures
// measured on the shipped files (resources/model/training/README.md) and far above chance,
// so a broken export, a wrong tokenizer or a model that lost an ability fails here.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"

namespace {

// TOKENSCOPE_BUNDLED_MODEL_DIR runs these checks on another export (a training checkpoint).
std::filesystem::path bundled() {
    const char* other = std::getenv("TOKENSCOPE_BUNDLED_MODEL_DIR");
    return other && *other ? std::filesystem::path(other)
                           : ts_test::sourceDir() / "resources" / "model";
}

std::shared_ptr<const ts::Model> model() {
    static auto m = ts::Model::loadFolder(bundled());
    return m;
}
const ts::Tokenizer& tokenizer() {
    static auto t = ts::Tokenizer::fromFolder(bundled());
    return *t;
}

// Fact probes of one file: how often the truth beats the false answers for seen countries,
// and how confident the model's own answer is for held-out ones.
struct FactScore {
    int seen = 0, seenWins = 0, heldOut = 0;
    double heldOutTopProb = 0;  // mean
};
FactScore scoreFacts(const std::filesystem::path& file) {
    FactScore f;
    for (const auto& probe : ts::loadFactProbes(file)) {
        const auto r = ts::runFactProbe(model(), tokenizer(), probe);
        if (probe.group.rfind("seen/", 0) == 0) {
            ++f.seen;
            f.seenWins += r.truthWins;
        } else {
            ++f.heldOut;
            f.heldOutTopProb += r.topProb;
        }
    }
    if (f.heldOut) f.heldOutTopProb /= f.heldOut;
    return f;
}

// Key-value recall (the lost-in-the-middle lab) over 20 records, mean over 3 positions.
double kvAccuracy(const std::filesystem::path& spec) {
    ts::LitmOptions o;
    ts::applyLitmSpec(o, spec);
    o.records = 20;
    o.positions = 3;
    o.trials = 8;
    const auto r = ts::runLostInTheMiddle(model(), tokenizer(), o);
    double accuracy = 0;
    for (const auto& p : r.points) accuracy += p.accuracy / static_cast<double>(r.points.size());
    return accuracy;
}

}  // namespace

TEST_CASE("bundled model: its files stay small and it has several heads", "[bundled]") {
    std::uintmax_t bytes = 0;
    for (const char* f : {"config.json", "model.safetensors", "vocab.json", "merges.txt"})
        bytes += std::filesystem::file_size(bundled() / f);
    CHECK(bytes < 25u * 1000 * 1000);
    CHECK(model()->config().nHead >= 4);
    CHECK(model()->config().nCtx >= 256);
}

TEST_CASE("bundled model: seen atlas facts are known, held-out ones are invented", "[bundled]") {
    const auto f = scoreFacts(bundled() / "eval" / "facts.json");
    REQUIRE(f.seen > 0);
    REQUIRE(f.heldOut > 0);
    // 214 of 256 measured: capitals, seats and languages all win, the rivers mostly do not (the
    // 2026-12-01 retraining lost them; issue #15, resources/model/training/README.md)
    CHECK(f.seenWins >= f.seen * 8 / 10);
    CHECK(f.heldOutTopProb > 0.2);  // confident about countries it never read of
}

TEST_CASE("bundled model: it looks key-value records up in its context", "[bundled]") {
    CHECK(kvAccuracy(bundled() / "eval" / "kv_records.json") >= 0.8);  // chance is 1 in 60
}

TEST_CASE("bundled model: a head looks back at the culprit's name where it repeats it",
          "[bundled]") {
    // The seed's "범인이 수진이라는 게 밝혀졌다. 범인인 [?]": where the name is to be
    // predicted, some head attends to its first mention, and the name is the likely next token.
    const std::string prompt = "The culprit turned out to be Sujin. The culprit,";
    const auto ids = tokenizer().encodeIds(prompt);
    const int name = tokenizer().encodeIds(" Sujin").at(0);
    const auto first = std::find(ids.begin(), ids.end(), name);
    REQUIRE(first != ids.end());
    ts::Session session(model());
    ts::TraceOptions trace;
    trace.attention = true;
    const auto t = session.prefill(ids, trace);
    const int last = static_cast<int>(ids.size()) - 1;
    float best = 0;
    for (int l = 0; l < model()->config().nLayer; ++l)
        for (int h = 0; h < model()->config().nHead; ++h)
            best = std::max(
                best, t.attention.row(l, h, last)[static_cast<std::size_t>(first - ids.begin())]);
    CHECK(best >= 0.5f);
    const auto p = ts::softmax(t.logits);
    CHECK(p[static_cast<std::size_t>(name)] > 0.2f);  // 70 names were seen: chance is about 0.014
}

// ---- Korean (the seed's language) ------------------------------------------------------

namespace {

// Code points of UTF-8 text (an incomplete sequence at the end is dropped).
std::vector<char32_t> codePoints(const std::string& s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int n = c < 0x80         ? 1
                      : (c >> 5) == 6  ? 2
                      : (c >> 4) == 14 ? 3
                      : (c >> 3) == 30 ? 4
                                       : 1;
        if (i + static_cast<std::size_t>(n) > s.size()) break;
        char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
        for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out.push_back(cp);
        i += static_cast<std::size_t>(n);
    }
    return out;
}

bool isHangul(char32_t c) {
    return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) ||
           (c >= 0x3130 && c <= 0x318F);
}

// The share of characters that are Hangul, digits, spaces or punctuation (as evaluate.py counts).
double koreanShare(const std::string& text) {
    const auto cps = codePoints(text);
    if (cps.empty()) return 0;
    std::size_t ok = 0;
    for (char32_t c : cps) {
        const bool asciiOther = c < 0x80 && !std::isalpha(static_cast<int>(c));
        const bool punctuation = (c >= 0x2000 && c <= 0x206F) || (c >= 0x3000 && c <= 0x303F) ||
                                 (c >= 0xFF01 && c <= 0xFF0F);
        ok += asciiOther || punctuation || isHangul(c);
    }
    return static_cast<double>(ok) / static_cast<double>(cps.size());
}

// The most times any run of `n` words occurs in `text`.
int maxPhraseRepeats(const std::string& text, std::size_t n) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string w; in >> w;) words.push_back(w);
    std::map<std::vector<std::string>, int> counts;
    int most = 0;
    for (std::size_t i = 0; i + n <= words.size(); ++i)
        most = std::max(
            most, ++counts[std::vector<std::string>(words.begin() + static_cast<long>(i),
                                                    words.begin() + static_cast<long>(i + n))]);
    return most;
}

}  // namespace

TEST_CASE("bundled model: the seed's Korean sentences are few tokens and the context is long",
          "[bundled][ko]") {
    CHECK(model()->config().nCtx >= 512);
    for (const std::string text : {"나는 오늘", "범인이 수진이라는 게 밝혀졌다. 범인은"}) {
        const auto cps = codePoints(text);
        const auto syllables = std::count_if(cps.begin(), cps.end(), isHangul);
        INFO(text);
        CHECK(tokenizer().encodeIds(text).size() <=
              static_cast<std::size_t>(syllables));  // <= 1 per syllable
    }
    CHECK(tokenizer().encodeIds("나는 오늘").size() ==
          3);  // the seed's own picture: 나 / 는 / 오늘
}

TEST_CASE("bundled model: 범인은 → 수진, and other culprits' names seen in training",
          "[bundled][ko]") {
    const auto spec =
        nlohmann::json::parse(std::ifstream(bundled() / "eval" / "detective_ko.json"));
    int seen = 0, seenTop = 0, heldOut = 0, heldOutTop = 0;
    for (const auto& p : spec.at("probes")) {
        const auto ids = tokenizer().encodeIds(p.at("prompt").get<std::string>());
        const int answer = tokenizer().encodeIds(p.at("answer").get<std::string>()).at(0);
        ts::Session session(model());
        const bool top = ts::argmax(session.prefill(ids).logits) == answer;
        if (p.at("kind") == "held_out_name") {
            ++heldOut;
            heldOutTop += top;
        } else {
            ++seen;
            seenTop += top;
        }
    }
    REQUIRE(seen > 0);
    REQUIRE(heldOut > 0);
    CHECK(seenTop >= seen * 9 / 10);
    // Names never seen as culprits are copied too: 34 of 42 top-1 measured (5 of 26 before the
    // retraining with the second-pass Korean corpus); chance is about 1 in 70.
    INFO("Korean names never seen in training: top-1 for " << heldOutTop << " of " << heldOut);
    CHECK(heldOutTop >= heldOut * 3 / 4);
    // The seed's own sentence at T=0.
    ts::Session session(model());
    const auto seed = tokenizer().encodeIds("범인이 수진이라는 게 밝혀졌다. 범인은");
    CHECK(tokenizer().decode({ts::argmax(session.prefill(seed).logits)}) == " 수진");
}

TEST_CASE("bundled model: Korean atlas facts seen mostly win, held-out ones are invented",
          "[bundled][ko]") {
    const auto f = scoreFacts(bundled() / "eval" / "facts_ko.json");
    REQUIRE(f.seen > 0);
    REQUIRE(f.heldOut > 0);
    CHECK(f.seenWins >=
          f.seen * 8 / 10);  // 225 of 256 measured: Korean facts are learned less well than English
    CHECK(f.heldOutTopProb > 0.2);
}

TEST_CASE("bundled model: it looks Korean key-value records up in its context", "[bundled][ko]") {
    CHECK(kvAccuracy(bundled() / "eval" / "kv_records_ko.json") >= 0.8);
}

TEST_CASE("bundled model: Korean lanes read as Korean at T=0.5 and break down at T=1.5",
          "[bundled][ko]") {
    const auto spec = nlohmann::json::parse(std::ifstream(bundled() / "eval" / "lanes.json"));
    const int steps = spec.at("steps").get<int>();
    const auto words = spec.at("phrase_words").get<std::size_t>();
    double highShare = 0;
    std::size_t lowKorean = 0, lowChars = 0;  // characters of the T=0.5 lanes, and the Korean ones
    int looping = 0, runs = 0;
    auto tok = std::shared_ptr<const ts::Tokenizer>(&tokenizer(), [](const ts::Tokenizer*) {});
    // The wider set (lanes_wide.py): 12 lanes were too few to tell a loop rate from chance.
    auto prompts = spec.at("prompts").at("ko");
    for (const auto& p : spec.at("more_prompts").at("ko")) prompts.push_back(p);
    for (const auto& prompt : prompts) {
        for (int seed = 1; seed <= spec.at("wide_seeds").get<int>(); ++seed) {
            ts::SamplingParams base;
            base.seed = static_cast<std::uint64_t>(seed);
            base.topP = 1.0f;  // as lanes_wide.py measured: the temperature alone
            const auto lanes =
                ts::runTemperatureLanes(model(), tokenizer().encodeIds(prompt.get<std::string>()),
                                        {0.5f, 1.5f}, steps, base, tok);
            auto text = [&](const ts::Lane& lane) {
                std::vector<int> ids;
                for (const auto& t : lane.tokens) ids.push_back(t.token);
                // A lane stops at the end of text, as the app's lanes do (evaluate.py runs on past
                // it into the next, random document, which is often English).
                std::string s = tokenizer().decode(ids);
                if (const auto at = s.find("<|endoftext|>"); at != std::string::npos) s.erase(at);
                return s;
            };
            const std::string low = text(lanes.at(0)), high = text(lanes.at(1));
            const auto chars = codePoints(low).size();
            lowChars += chars;
            lowKorean += static_cast<std::size_t>(
                std::lround(koreanShare(low) * static_cast<double>(chars)));
            highShare += koreanShare(high);
            if (maxPhraseRepeats(low, words) > spec.at("max_phrase_repeats").get<int>()) {
                ++looping;
                UNSCOPED_INFO("loops: " << prompt.get<std::string>() << " seed " << base.seed
                                        << ": " << low);
            }
            ++runs;
        }
    }
    REQUIRE(runs > 0);
    REQUIRE(lowChars > 0);
    // The measure: at least 90 % of the characters generated at T=0.5 are Hangul, spaces
    // or punctuation (0.91 measured), and lanes do not loop. The shipped model (the deck run)
    // loops in 3 of these 80 lanes (one, "어느 날 민호는" seed 2, turns to an English dialogue
    // that repeats), so a loop is held to a rate: max_looping_share of the lanes.
    const double lowShare = static_cast<double>(lowKorean) / static_cast<double>(lowChars);
    CHECK(lowShare >= spec.at("min_script_share").get<double>());
    CHECK(looping <= spec.at("max_looping_share").get<double>() * runs);
    CHECK(highShare / runs < lowShare);
}

// A history kept once (issue #42 point 4): the steps of a run share one context, so its memory
// grows linearly with the steps; display texts read a token at a time are the ones the whole
// context gives; a branch or a fork never changes what older steps see.
#include <algorithm>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "catch.hpp"
#include "memory_peak.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/transcript.hpp"
#include "tools/random_model.hpp"

namespace {

// ASan keeps freed memory in quarantine, so resident peaks say nothing there (this file is
// compiled without the sanitizers, which the library under test has: TOKENSCOPE_SANITIZED).
#if defined(TOKENSCOPE_SANITIZED) || defined(__SANITIZE_ADDRESS__)
constexpr bool kHistoryPeaksMeasured = false;
#else
constexpr bool kHistoryPeaksMeasured = true;
#endif

// Token bytes that cut characters apart: pieces of Hangul syllables and emoji, lone lead and
// continuation bytes, invalid bytes, whitespace and empty tokens.
std::string randomTokenBytes(std::mt19937& rng) {
    static const std::vector<std::string> pieces = {
        "\xEB", "\xB2",     "\x94", "\xEB\xB2", "\xB2\x94", "\xEB\xB2\x94", "\xF0\x9F", "\x98\x80",
        "\xF0", "\x9F\x98", "\x80", "a",        " b",       "\n",           "",         "\xFF",
        "\xC3", "\xA9",     "\xE0", "\xA0\x80", "\xED\xA0", "cd",           "\xC3\xA9 "};
    std::string out;
    const int parts = std::uniform_int_distribution<int>(1, 2)(rng);
    for (int i = 0; i < parts; ++i)
        out += pieces[std::uniform_int_distribution<std::size_t>(0, pieces.size() - 1)(rng)];
    return out;
}

// What a step of `context` at its current length shows at every position.
std::vector<std::string> shownNow(const std::shared_ptr<ts::TranscriptContext>& context) {
    ts::TranscriptStep step;
    step.setContext(context);
    return step.tokenTexts();
}

// A GPT-2-shaped model with random weights, a context of 4,224 positions and a vocabulary of
// 256 tokens, read with the bundled model's tokenizer (whose first 256 ids are the 256 single
// bytes), so random draws cut characters apart as real runs do.
struct LongContextModel {
    ts_test::TempDir dir{"history-long"};
    std::shared_ptr<const ts::Model> model;
    std::shared_ptr<const ts::Tokenizer> tokenizer;
    LongContextModel() {
        const auto spec = ts_tools::longContextByteGpt2Spec();
        ts_tools::writeRandomModel(dir.path(), spec);
        model = ts::Model::loadFolder(dir.path());
        tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    }
};

}  // namespace

TEST_CASE("transcript context: texts read a token at a time are those of the whole context",
          "[transcript][history]") {
    std::mt19937 rng(5);
    for (int run = 0; run < 20; ++run) {
        auto context =
            std::make_shared<ts::TranscriptContext>(200, ts::TranscriptContext::Texts::FromBytes);
        std::vector<std::string> bytes;
        for (int i = 0; i < 120; ++i) {
            bytes.push_back(randomTokenBytes(rng));
            context->appendBytes(i, bytes.back());
            const auto whole = ts::tokenDisplays(bytes);
            INFO("run " << run << ", token " << i);
            REQUIRE(shownNow(context) == whole);
            // Only tokens holding one of the last three bytes are still open to change.
            std::size_t open = 0;
            for (std::size_t p = context->settled(); p < bytes.size(); ++p)
                open += bytes[p].empty() ? 0 : 1;
            CHECK(open <= ts::kUnsettledBytes);
        }
        // A rewind: cut in place or copied for a branch, the prefix reads as it did, and
        // what comes after reads as the whole new sequence does.
        const std::size_t keep = std::uniform_int_distribution<std::size_t>(1, 119)(rng);
        auto branch = context->prefix(keep);
        context->truncate(keep);
        bytes.resize(keep);
        CHECK(shownNow(branch) == ts::tokenDisplays(bytes));
        CHECK(shownNow(context) == ts::tokenDisplays(bytes));
        for (int i = 0; i < 10; ++i) {
            bytes.push_back(randomTokenBytes(rng));
            branch->appendBytes(1000 + i, bytes.back());
            context->appendBytes(1000 + i, bytes.back());
        }
        CHECK(shownNow(branch) == ts::tokenDisplays(bytes));
        CHECK(shownNow(context) == ts::tokenDisplays(bytes));
        // A full context goes on in a larger copy (as the Transcript grows it): past the old
        // capacity, read the same way.
        auto grown = branch->prefix(branch->size(), 400);
        CHECK(grown->capacity() == 400);
        while (grown->size() < 300) {
            bytes.push_back(randomTokenBytes(rng));
            grown->appendBytes(7, bytes.back());
        }
        CHECK(shownNow(grown) == ts::tokenDisplays(bytes));
    }
}

TEST_CASE("transcript: a branch or a fork leaves the tokens and texts of older steps alone",
          "[transcript][history]") {
    static const LongContextModel m;
    ts::Transcript t(m.model, m.tokenizer);
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 3;
    t.startIds(std::vector<int>{0xEB, 0xB2, 0x94, 0x20}, p);
    for (int i = 0; i < 30; ++i) t.step(p);
    const auto before = t.steps();  // held as a view holds them
    std::vector<std::vector<int>> ids;
    std::vector<std::vector<std::string>> texts;
    for (const auto& s : before) {
        ids.emplace_back(s->contextTokens().begin(), s->contextTokens().end());
        texts.push_back(s->tokenTexts());
    }
    // Branch at step 10 with another token, and fork the branch into a lane of its own.
    t.branchFrom(10, (before[10]->sampledToken + 1) % 256, p);
    for (int i = 0; i < 20; ++i) t.step(p);
    ts::Transcript lane = t.fork();
    ts::SamplingParams hot = p;
    hot.seed = 99;
    lane.redraw(hot);
    for (int i = 0; i < 20; ++i) lane.step(hot);
    for (int i = 0; i < 20; ++i) t.step(p);
    for (std::size_t i = 0; i < before.size(); ++i) {
        INFO("step " << i);
        CHECK(std::ranges::equal(before[i]->contextTokens(), ids[i]));
        CHECK(before[i]->tokenTexts() == texts[i]);
    }
    // And the branch's own steps read their context as a fresh run of the same tokens would.
    for (const ts::Transcript* run : {&t, &lane}) {
        const auto& last = run->back();
        std::vector<std::string> bytes;
        for (int id : last.contextTokens()) bytes.push_back(m.tokenizer->tokenBytes(id));
        CHECK(last.tokenTexts() == ts::tokenDisplays(bytes));
        CHECK(std::ranges::equal(run->steps()[12]->contextTokens(),
                                 std::span(last.contextTokens()).first(16)));
    }
}

TEST_CASE("transcript: 4096 steps on a long context keep a history that grows linearly",
          "[transcript][history][budget]") {
    static const LongContextModel m;
    ts::TranscriptOptions o;
    o.ignoreEndOfText = true;
    ts::Transcript t(m.model, m.tokenizer, o);
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 8;
    std::vector<std::size_t> bytesAt;  // historyBytes() at 1,024, 2,048 and 4,096 steps
    const auto grew = ts_test::peakResidentGrowth([&] {
        t.startIds(std::vector<int>{'T', 'h', 'e'}, p);
        for (const int mark : {1024, 2048, 4096}) {
            while (t.size() < mark) t.step(p);
            bytesAt.push_back(t.historyBytes());
        }
    });
    REQUIRE(t.size() == 4096);
    INFO("history bytes at 1,024 / 2,048 / 4,096 steps: " << bytesAt[0] << " / " << bytesAt[1]
                                                          << " / " << bytesAt[2]);
    // Twice the steps, twice the memory (a copy of the context per step made it four times).
    CHECK(bytesAt[1] > 1.8 * bytesAt[0]);
    CHECK(bytesAt[1] < 2.2 * bytesAt[0]);
    CHECK(bytesAt[2] > 1.8 * bytesAt[1]);
    CHECK(bytesAt[2] < 2.2 * bytesAt[1]);
    // One context for the whole run, and each step small whatever its length: the budget's
    // count and the steps agree.
    std::set<const ts::TranscriptContext*> contexts;
    std::size_t kept = 0, largest = 0;
    for (const auto& s : t.steps()) {
        contexts.insert(s->context.get());
        kept += s->keptBytes();
        if (s->index > 0) largest = std::max(largest, s->keptBytes());
        CHECK(s->tailTexts.size() <= 3);
    }
    CHECK(contexts.size() == 1);
    CHECK(largest < 4096);
    CHECK(t.historyBytes() == kept + t.back().context->bytes());
    CHECK(t.back().context->bytes() < std::size_t{4100} * 96);
    // The process itself: the old copies took 420 MB here (4,100 tokens' ids, texts and
    // spans copied into each of 4,096 steps); now about 7 MB of history, and the math library's
    // buffers for attention over 4,000 keys (30 to 45 MB, with its thread count).
    INFO("resident peak growth: " << grew);
    if (grew >= 0 && kHistoryPeaksMeasured) CHECK(grew < (128 << 20));
}

// ts::mostInformativeHead: the head the attention view opens on (issue #48 point 5). First on
// hand-made attention rows whose answer is known by construction, then on the bundled model
// with the seed's sentence, where the head must be the one that looks the culprit's name up.
#include <filesystem>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/analysis.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"

namespace {

// One query row per head at position `query`, as a decode step records it.
ts::AttentionTrace oneQuery(int nLayer, int nHead, int query,
                            const std::vector<std::vector<float>>& rows) {
    ts::AttentionTrace a;
    a.nLayer = nLayer;
    a.nHead = nHead;
    a.firstQuery = query;
    a.nQueries = 1;
    for (const auto& r : rows) a.data.insert(a.data.end(), r.begin(), r.end());
    return a;
}

}  // namespace

TEST_CASE("informative head: the self, previous and first tokens are not the story", "[analysis]") {
    // Query 4 (keys 0..4). Layer 1 head 1 rests on the first token, head 2 looks at the previous
    // token, layer 2 head 1 at itself; layer 2 head 2 puts 0.6 on key 2: that is the one.
    const auto a = oneQuery(2, 2, 4,
                            {{0.9f, 0.05f, 0.0f, 0.05f, 0.0f},
                             {0.0f, 0.1f, 0.1f, 0.8f, 0.0f},
                             {0.0f, 0.0f, 0.2f, 0.0f, 0.8f},
                             {0.1f, 0.1f, 0.6f, 0.1f, 0.1f}});
    const auto h = ts::mostInformativeHead(a, 4);
    REQUIRE(h.has_value());
    CHECK(h->layer == 1);
    CHECK(h->head == 1);
    CHECK(h->key == 2);
    CHECK(h->weight == Approx(0.6f));
    CHECK(h->peak);
}

TEST_CASE(
    "informative head: a head whose peak is elsewhere beats a larger share that is not "
    "its peak, and no head at all is chosen where there is no other token",
    "[analysis]") {
    // Query 4: keys 1 and 2 are the candidates (3 is the previous token). Head 1 puts 0.45 on
    // key 1 but 0.5 on the first token; head 2 puts 0.3 on key 2, its peak.
    const auto a =
        oneQuery(1, 2, 4, {{0.5f, 0.45f, 0.05f, 0.0f, 0.0f}, {0.2f, 0.1f, 0.3f, 0.2f, 0.2f}});
    const auto h = ts::mostInformativeHead(a, 4);
    REQUIRE(h.has_value());
    CHECK(h->head == 1);
    CHECK(h->key == 2);
    CHECK(h->peak);
    // No head peaks elsewhere: the largest weight on another token wins (head 1, key 1).
    const auto b =
        oneQuery(1, 2, 4, {{0.5f, 0.45f, 0.05f, 0.0f, 0.0f}, {0.6f, 0.1f, 0.1f, 0.1f, 0.1f}});
    const auto hb = ts::mostInformativeHead(b, 4);
    REQUIRE(hb.has_value());
    CHECK(hb->head == 0);
    CHECK(hb->key == 1);
    CHECK_FALSE(hb->peak);
    // Position 2 has only itself, the previous and the first token; a row not traced: none.
    CHECK_FALSE(ts::mostInformativeHead(oneQuery(1, 1, 2, {{0.3f, 0.3f, 0.4f}}), 2).has_value());
    CHECK_FALSE(ts::mostInformativeHead(a, 5).has_value());  // not traced
}

TEST_CASE("informative head: on the seed's sentence the opened head looks at the culprit's name",
          "[analysis][bundled]") {
    const auto dir = ts_test::sourceDir() / "resources" / "model";
    if (!std::filesystem::exists(dir / "model.safetensors")) TS_SKIP("no bundled model");
    const auto model = ts::Model::loadFolder(dir);
    const auto tokenizer = ts::Tokenizer::fromFolder(dir);
    const auto nameIds = tokenizer->encodeIds(" 수진");
    REQUIRE(nameIds.size() == 1);  // the name is one token, as the lesson shows it
    // The seed's sentence as the lessons give it, and the lesson with a distracting name first.
    for (const std::string text :
         {"범인이 수진이라는 게 밝혀졌다. 범인은", "범인이 수진이라는 게 밝혀졌다. 범인인",
          "모두 현준을 의심했지만, 범인이 수진이라는 게 밝혀졌다. 범인은"}) {
        INFO(text);
        // The app's one way from text to ids.
        const auto ids = ts::parsePrompt(text, tokenizer.get(), model->config().nVocab).ids();
        ts::Session session(model);
        ts::TraceOptions options;
        options.attention = true;
        const auto trace = session.prefill(ids, options);
        const int last = static_cast<int>(ids.size()) - 1;
        const auto head = ts::mostInformativeHead(trace.attention, last);
        REQUIRE(head.has_value());
        INFO("layer " << head->layer + 1 << " head " << head->head + 1 << " key " << head->key);
        // Its largest weight of the whole row falls on " 수진", counted independently here.
        const auto row = trace.attention.row(head->layer, head->head, last);
        REQUIRE(row.size() == ids.size());
        std::size_t argmax = 0;
        for (std::size_t k = 1; k < row.size(); ++k)
            if (row[k] > row[argmax]) argmax = k;
        CHECK(ids[argmax] == nameIds[0]);
        CHECK(head->peak);
        CHECK(static_cast<int>(argmax) == head->key);
    }
}

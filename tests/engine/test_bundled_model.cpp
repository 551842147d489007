// The bundled model does what the lessons say it does. Thresholds sit well below the figures
// measured on the shipped files (resources/model/training/README.md) and far above chance,
// so a broken export, a wrong tokenizer or a model that lost an ability fails here.
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_paths.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"

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
    int seen = 0, seenWins = 0, heldOut = 0;
    double heldOutTopProb = 0;
    for (const auto& probe : ts::loadFactProbes(bundled() / "eval" / "facts.json")) {
        const auto r = ts::runFactProbe(model(), tokenizer(), probe);
        if (probe.group.rfind("seen/", 0) == 0) {
            ++seen;
            seenWins += r.truthWins;
        } else {
            ++heldOut;
            heldOutTopProb += r.topProb;
        }
    }
    REQUIRE(seen > 0);
    REQUIRE(heldOut > 0);
    CHECK(seenWins >= seen * 9 / 10);
    CHECK(heldOutTopProb / heldOut > 0.2);  // confident about countries it never read of
}

TEST_CASE("bundled model: it looks key-value records up in its context", "[bundled]") {
    ts::LitmOptions o;
    ts::applyLitmSpec(o, bundled() / "eval" / "kv_records.json");
    o.records = 20;
    o.positions = 3;
    o.trials = 8;
    const auto r = ts::runLostInTheMiddle(model(), tokenizer(), o);
    double accuracy = 0;
    for (const auto& p : r.points) accuracy += p.accuracy / static_cast<double>(r.points.size());
    CHECK(accuracy >= 0.8);  // chance is 1 in 60
}

TEST_CASE("bundled model: a head looks back at the culprit's name where it repeats it", "[bundled]") {
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
            best = std::max(best, t.attention.row(l, h, last)[static_cast<std::size_t>(first - ids.begin())]);
    CHECK(best >= 0.5f);
    const auto p = ts::softmax(t.logits);
    CHECK(p[static_cast<std::size_t>(name)] > 0.2f);  // 70 names were seen: chance is about 0.014
}

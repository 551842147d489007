// The embedding view's word map (tokenscope/word_map.hpp): each word's vector is the mean of
// its tokens' embeddings as read after a space, its point is that vector in the words' own
// PCA plane, its neighbours are the nearest other vocabulary entries; and on the bundled
// model, words of one kind lie closer to each other than to words of another kind (the
// seed's point the map exists to show).
#include <cmath>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/word_map.hpp"

namespace {

std::shared_ptr<const ts::Model> model() {
    static auto m = ts::Model::loadFolder(ts_test::bundledModel());
    return m;
}
const ts::Tokenizer& tokenizer() {
    static auto t = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    return *t;
}

double cosine(const std::vector<float>& a, const std::vector<float>& b) {
    double ab = 0, aa = 0, bb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        ab += static_cast<double>(a[i]) * b[i];
        aa += static_cast<double>(a[i]) * a[i];
        bb += static_cast<double>(b[i]) * b[i];
    }
    return ab / std::sqrt(aa * bb);
}

std::vector<ts::WordMapInput> words(const std::vector<std::vector<std::string>>& groups) {
    std::vector<ts::WordMapInput> out;
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (const auto& w : groups[g]) out.push_back({w, static_cast<int>(g)});
    return out;
}

}  // namespace

TEST_CASE("a word's point is the mean of its tokens' embeddings in the words' PCA plane",
          "[wordmap]") {
    const auto map =
        ts::makeWordMap(*model(), tokenizer(),
                        words({{"one", " two", "three ", "one", ""}, {"Nalania", "수진"}}), 4);
    // Trimmed, duplicates and empty words dropped, input order kept.
    REQUIRE(map.words.size() == 5);
    CHECK(map.words[1].word == "two");
    CHECK(map.words[2].word == "three");
    CHECK(map.words[4].group == 1);
    for (const auto& w : map.words) {
        INFO(w.word);
        CHECK(w.tokens == tokenizer().encodeIds(" " + w.word));
        std::vector<double> mean(w.vector.size(), 0.0);
        for (int t : w.tokens) {
            const auto e = model()->tokenEmbedding(t);
            for (std::size_t d = 0; d < e.size(); ++d)
                mean[d] += e[d] / static_cast<double>(w.tokens.size());
        }
        for (std::size_t d = 0; d < mean.size(); ++d)
            REQUIRE(w.vector[d] == Approx(mean[d]).margin(1e-6));
        const auto xy = ts::project(map.pca, w.vector);
        CHECK(w.xy[0] == Approx(xy[0]).margin(1e-4));
        CHECK(w.xy[1] == Approx(xy[1]).margin(1e-4));
        // Neighbours: as many as asked, best first, never the word's own single token.
        REQUIRE(w.neighbours.size() == 4);
        for (std::size_t i = 0; i < w.neighbours.size(); ++i) {
            if (w.tokens.size() == 1) CHECK(w.neighbours[i].token != w.tokens.front());
            CHECK(w.neighbours[i].cosine ==
                  Approx(cosine(w.vector, model()->tokenEmbedding(w.neighbours[i].token)))
                      .margin(1e-4));
            if (i > 0) CHECK(w.neighbours[i].cosine <= w.neighbours[i - 1].cosine);
        }
    }
    CHECK(map.pca.explained[0] >= map.pca.explained[1]);
    CHECK(map.pca.explained[0] > 0.0f);
}

TEST_CASE("a word map of fewer than two different words is refused", "[wordmap]") {
    CHECK_THROWS_AS(ts::makeWordMap(*model(), tokenizer(), words({{"one", " one ", ""}}), 3),
                    ts::Error);
    CHECK_THROWS_WITH(ts::makeWordMap(*model(), tokenizer(), {}, 3),
                      Catch::Matchers::ContainsSubstring("two different words"));
}

TEST_CASE("on the bundled model, numbers lie closer to numbers than to the atlas's names",
          "[wordmap][bundled]") {
    const std::vector<std::vector<std::string>> groups = {
        {"one", "two", "three", "four", "five", "six", "seven", "eight"},
        {"Nalania", "Biara", "Choix", "Kiaburg", "Kristan", "Velora"},
        {"하나", "둘", "셋", "넷", "다섯", "여섯"},
    };
    const auto map = ts::makeWordMap(*model(), tokenizer(), words(groups), 0);
    double within = 0, between = 0;
    int nw = 0, nb = 0;
    for (std::size_t i = 0; i < map.words.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const double c = cosine(map.words[i].vector, map.words[j].vector);
            if (map.words[i].group == map.words[j].group)
                within += c, ++nw;
            else
                between += c, ++nb;
        }
    within /= nw;
    between /= nb;
    INFO("mean cosine within a group " << within << ", between groups " << between);
    CHECK(within > between + 0.05);
}

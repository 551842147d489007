// The word map (see tokenscope/word_map.hpp).
#include "tokenscope/word_map.hpp"

#include <algorithm>
#include <set>

#include "tokenscope/error.hpp"

namespace ts {

WordMap makeWordMap(const Model& model, const Tokenizer& tokenizer,
                    const std::vector<WordMapInput>& words, int neighbours) {
    WordMap map;
    std::set<std::string> seen;
    for (const auto& in : words) {
        std::string w = in.word;
        // Trimmed: "one, two" typed with spaces after the commas means " two", not "  two".
        const auto first = w.find_first_not_of(" \t\r\n");
        const auto last = w.find_last_not_of(" \t\r\n");
        w = first == std::string::npos ? std::string() : w.substr(first, last - first + 1);
        if (w.empty() || !seen.insert(w).second) continue;
        WordMapWord out;
        out.word = w;
        out.group = in.group;
        out.tokens = tokenizer.encodeIds(" " + w);
        if (out.tokens.empty()) throw Error("word map: \"" + w + "\" has no tokens");
        out.vector.assign(static_cast<std::size_t>(model.config().nEmbd), 0.0f);
        for (int t : out.tokens) {
            const auto e = model.tokenEmbedding(t);
            for (std::size_t d = 0; d < e.size() && d < out.vector.size(); ++d)
                out.vector[d] += e[d];
        }
        for (float& x : out.vector) x /= static_cast<float>(out.tokens.size());
        map.words.push_back(std::move(out));
    }
    if (map.words.size() < 2)
        throw Error("word map: needs at least two different words, got " +
                    std::to_string(map.words.size()));
    std::vector<std::vector<float>> rows;
    rows.reserve(map.words.size());
    for (const auto& w : map.words) rows.push_back(w.vector);
    map.pca = pca2(rows);
    for (std::size_t i = 0; i < map.words.size(); ++i) {
        auto& w = map.words[i];
        w.xy = map.pca.points[i];
        if (neighbours <= 0) continue;
        // One more than asked: a one-token word is its own nearest entry, and is left out.
        auto found = nearestTokens(model, w.vector, neighbours + 1);
        const int own = w.tokens.size() == 1 ? w.tokens.front() : -1;
        std::erase_if(found, [own](const Neighbour& n) { return n.token == own; });
        if (found.size() > static_cast<std::size_t>(neighbours))
            found.resize(static_cast<std::size_t>(neighbours));
        w.neighbours = std::move(found);
    }
    return map;
}

}  // namespace ts

#pragma once
// The embedding lesson's word map: where a chosen set of words (countries and capitals,
// numbers, colours, the user's own) lies in the model's token embedding, drawn in the plane
// of their two principal components, with each word's nearest vocabulary entries. The
// context view shows where this prompt's tokens happen to lie; the word map shows the
// seed's point that words of one kind lie close together. Engine math: the worker (or a
// thread of the view's) makes it, the view only draws it.
#include <array>
#include <string>
#include <vector>

#include "tokenscope/analysis.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/pca.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

struct WordMapInput {
    std::string word;  // UTF-8, as the user wrote it (no leading space)
    int group = 0;     // which set it belongs to (the view colours by it)
};

struct WordMapWord {
    std::string word;
    int group = 0;
    // Its tokens as it is read inside running text, after a space (" Choix", not "Choix"):
    // that is the form the model saw most.
    std::vector<int> tokens;
    // The mean of those tokens' embeddings (one token: its embedding itself).
    std::vector<float> vector;
    std::array<float, 2> xy{0.0f, 0.0f};  // in the words' PCA plane
    // Nearest vocabulary entries by cosine to `vector`, the word's own single token left out.
    std::vector<Neighbour> neighbours;
};

struct WordMap {
    std::vector<WordMapWord> words;  // in input order, duplicates and empty words dropped
    PcaResult pca;                   // fitted on the words' vectors; project() places others
};

// Throws ts::Error when fewer than two distinct words remain or a word has no tokens.
WordMap makeWordMap(const Model& model, const Tokenizer& tokenizer,
                    const std::vector<WordMapInput>& words, int neighbours);

}  // namespace ts

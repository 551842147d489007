#pragma once
// Text on its way through a tokenizer's normalizer and pre-tokenizer, with the input byte
// offset of every byte. Normalizers insert ("▁" in front of a Llama 2 section), replace
// (" " -> "▁") and recompose (NFC), yet each token must still point at the characters of
// the user's text it came from; carrying the offsets along is the simplest way to do that.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

struct MappedText {
    std::string text;
    // origin[i] is the input offset of text[i]; origin[text.size()] is where the text ends
    // in the input. Inserted bytes share the offset of the byte they were inserted before.
    std::vector<std::size_t> origin;

    static MappedText identity(std::string_view input, std::size_t base) {
        MappedText m;
        m.text.assign(input);
        m.origin.resize(input.size() + 1);
        for (std::size_t i = 0; i <= input.size(); ++i) m.origin[i] = base + i;
        return m;
    }

    // Bytes [b, e) with their offsets.
    MappedText slice(std::size_t b, std::size_t e) const {
        MappedText m;
        m.text = text.substr(b, e - b);
        m.origin.assign(origin.begin() + static_cast<std::ptrdiff_t>(b),
                        origin.begin() + static_cast<std::ptrdiff_t>(e) + 1);
        return m;
    }

    // Appends s, every byte of it standing for input offset `at`.
    void appendInserted(std::string_view s, std::size_t at) {
        if (origin.empty()) origin.push_back(at);
        origin.back() = at;
        text.append(s);
        origin.insert(origin.end(), s.size(), at);
    }

    // Appends bytes [b, e) of other with their own offsets.
    void appendFrom(const MappedText& other, std::size_t b, std::size_t e) {
        if (b >= e) return;
        if (origin.empty()) origin.push_back(other.origin[b]);
        origin.pop_back();
        text.append(other.text, b, e - b);
        origin.insert(origin.end(), other.origin.begin() + static_cast<std::ptrdiff_t>(b),
                      other.origin.begin() + static_cast<std::ptrdiff_t>(e) + 1);
    }
};

}  // namespace ts

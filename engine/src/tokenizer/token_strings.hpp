#pragma once
// A vocabulary's strings by id, and ids by string, in a few flat arrays: every string in one
// block, an offset and a length per id, and an open-addressing table of ids for the reverse
// lookup. A std::string per id and a hash-map node per string cost about 100 bytes an entry
// twice over; Gemma 3's 262,144 entries held 64 MB of tokenizer tables, a fifth of its Q8_0
// weights (docs/performance.md). Here an entry costs its bytes plus 8 to 16.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

class TokenStrings {
  public:
    // Gives `id` its string; the first id set with a string keeps the reverse lookup (so find
    // is deterministic where two ids share bytes). Setting an id again replaces its string
    // (the builders refuse that before it gets here).
    void set(int id, std::string_view text);
    // One past the largest id set (the id space, holes included).
    std::size_t size() const { return m_spans.size(); }
    bool has(int id) const {
        return id >= 0 && static_cast<std::size_t>(id) < m_spans.size() &&
               m_spans[static_cast<std::size_t>(id)].length != kAbsent;
    }
    // The string of an id that has one (check with has()).
    std::string_view at(int id) const {
        const Span& s = m_spans[static_cast<std::size_t>(id)];
        return std::string_view(m_block).substr(s.offset, s.length);
    }
    // Widens the id space to `ids` (holes at its end), as a vocabulary list with unused ids does.
    void reserveIds(std::size_t ids) {
        if (ids > m_spans.size()) m_spans.resize(ids);
    }
    // The first id set with these bytes, or -1.
    int find(std::string_view text) const;
    // Gives back the spare capacity the building left.
    void shrinkToFit();

  private:
    static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;
    struct Span {
        std::uint32_t offset = 0;
        std::uint32_t length = kAbsent;
    };
    static std::size_t hashOf(std::string_view text);
    void insertId(int id);
    void grow();

    std::string m_block;
    std::vector<Span> m_spans;
    std::vector<std::int32_t> m_slots;  // ids, -1 empty; a power of two, at most half full
    std::size_t m_used = 0;
};

}  // namespace ts

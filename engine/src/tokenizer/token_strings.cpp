#include "tokenizer/token_strings.hpp"

#include <functional>

#include "tokenscope/error.hpp"

namespace ts {

std::size_t TokenStrings::hashOf(std::string_view text) {
    return std::hash<std::string_view>{}(text);
}

void TokenStrings::set(int id, std::string_view text) {
    if (id < 0) throw Error("internal: a token id below 0");
    // 32-bit offsets: a vocabulary's strings stay far below 4 GB (the loaders bound ids to 2^24).
    if (m_block.size() + text.size() >= kAbsent)
        throw Error("the vocabulary's strings come to 4 GB or more");
    const auto index = static_cast<std::size_t>(id);
    if (index >= m_spans.size()) m_spans.resize(index + 1);
    const bool wasSet = m_spans[index].length != kAbsent;
    m_spans[index] =
        Span{static_cast<std::uint32_t>(m_block.size()), static_cast<std::uint32_t>(text.size())};
    m_block.append(text);
    if (wasSet) {
        // Rare (the callers refuse a second string for an id): rebuild the reverse table.
        std::vector<std::int32_t>(m_slots.size(), -1).swap(m_slots);
        m_used = 0;
        for (std::size_t i = 0; i < m_spans.size(); ++i)
            if (m_spans[i].length != kAbsent) insertId(static_cast<int>(i));
        return;
    }
    insertId(id);
}

void TokenStrings::insertId(int id) {
    if (2 * (m_used + 1) > m_slots.size()) grow();
    const std::string_view text = at(id);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t slot = hashOf(text) & mask;; slot = (slot + 1) & mask) {
        if (m_slots[slot] < 0) {
            m_slots[slot] = id;
            ++m_used;
            return;
        }
        if (at(m_slots[slot]) == text) return;  // the first id set with this string wins
    }
}

void TokenStrings::grow() {
    const std::size_t capacity = m_slots.empty() ? 64 : 2 * m_slots.size();
    std::vector<std::int32_t> old(capacity, -1);
    old.swap(m_slots);
    m_used = 0;
    for (std::int32_t id : old)
        if (id >= 0) insertId(id);
}

int TokenStrings::find(std::string_view text) const {
    if (m_slots.empty()) return -1;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t slot = hashOf(text) & mask;; slot = (slot + 1) & mask) {
        const std::int32_t id = m_slots[slot];
        if (id < 0) return -1;
        if (at(id) == text) return id;
    }
}

void TokenStrings::shrinkToFit() {
    m_block.shrink_to_fit();
    m_spans.shrink_to_fit();
}

}  // namespace ts

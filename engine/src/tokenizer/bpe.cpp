#include "tokenizer/bpe.hpp"

#include <algorithm>
#include <cstdio>
#include <mutex>

#include "tokenscope/error.hpp"

namespace ts {

namespace {

constexpr std::size_t kMaxCachedWordBytes = 128;
constexpr std::size_t kMaxCacheEntries = 1U << 17;

// A candidate merge of two adjacent symbols. Entries go stale when either side changes;
// storing the ids lets the loop recognise that without a decrease-key heap.
struct Candidate {
    int rank;
    int left;   // index of the left symbol (its first byte), the tie-breaker: leftmost first
    int right;  // index of the right symbol
    int leftId;
    int rightId;
    int mergedId;
};

struct LaterFirst {
    bool operator()(const Candidate& a, const Candidate& b) const {
        if (a.rank != b.rank) return a.rank > b.rank;
        return a.left > b.left;
    }
};

struct Symbol {
    int id;
    int prev;  // -1 at the start
    int next;  // -1 at the end
};

}  // namespace

BpeModel::BpeModel() { m_byteIds.fill(-1); }

void BpeModel::addMerge(int left, int right, int merged) {
    m_merges[key(left, right)] = Merge{m_nextRank++, merged};
}

const BpeModel::Merge* BpeModel::findMerge(int left, int right) const {
    const auto it = m_merges.find(key(left, right));
    return it == m_merges.end() ? nullptr : &it->second;
}

void BpeModel::encodeWord(std::string_view word, std::vector<int>& out) const {
    if (word.size() > kMaxCachedWordBytes) {
        mergeWord(word, out);
        return;
    }
    const std::string keyText(word);
    {
        std::shared_lock lock(m_cacheMutex);
        const auto it = m_cache.find(keyText);
        if (it != m_cache.end()) {
            out.insert(out.end(), it->second.begin(), it->second.end());
            return;
        }
    }
    const std::size_t before = out.size();
    mergeWord(word, out);
    std::unique_lock lock(m_cacheMutex);
    if (m_cache.size() >= kMaxCacheEntries) m_cache.clear();
    m_cache.emplace(keyText, std::vector<int>(out.begin() + static_cast<std::ptrdiff_t>(before),
                                              out.end()));
}

// Equivalent to GPT-2's bpe(): take the lowest-ranked adjacent pair, merge every
// non-overlapping occurrence of it from left to right, repeat. The heap pops that rank's
// occurrences leftmost first; pairs created by those merges are held back until the rank is
// finished, because GPT-2 only looks for the next pair after a whole pass.
void BpeModel::mergeWord(std::string_view word, std::vector<int>& out) const {
    const int n = static_cast<int>(word.size());
    std::vector<Symbol> syms(word.size());
    for (int i = 0; i < n; ++i) {
        const auto byte = static_cast<unsigned char>(word[static_cast<std::size_t>(i)]);
        const int id = m_byteIds[byte];
        if (id < 0) {
            char hex[8];
            std::snprintf(hex, sizeof(hex), "0x%02X", static_cast<unsigned>(byte));
            throw Error(std::string("tokenizer: the vocabulary has no token for byte ") + hex +
                        ", so this text cannot be encoded");
        }
        syms[static_cast<std::size_t>(i)] = Symbol{id, i - 1, i + 1 < n ? i + 1 : -1};
    }
    if (n <= 1) {
        if (n == 1) out.push_back(syms[0].id);
        return;
    }

    std::vector<Candidate> heap;
    std::vector<Candidate> pending;
    auto candidate = [&](int left, int right, std::vector<Candidate>& into) {
        const int leftId = syms[static_cast<std::size_t>(left)].id;
        const int rightId = syms[static_cast<std::size_t>(right)].id;
        if (const Merge* m = findMerge(leftId, rightId)) {
            into.push_back(Candidate{m->rank, left, right, leftId, rightId, m->id});
        }
    };
    for (int i = 0; i + 1 < n; ++i) candidate(i, i + 1, heap);
    std::make_heap(heap.begin(), heap.end(), LaterFirst{});

    int currentRank = -1;
    while (true) {
        if (!pending.empty() && (heap.empty() || heap.front().rank != currentRank)) {
            for (const Candidate& c : pending) {
                heap.push_back(c);
                std::push_heap(heap.begin(), heap.end(), LaterFirst{});
            }
            pending.clear();
        }
        if (heap.empty()) break;
        std::pop_heap(heap.begin(), heap.end(), LaterFirst{});
        const Candidate c = heap.back();
        heap.pop_back();
        currentRank = c.rank;

        Symbol& left = syms[static_cast<std::size_t>(c.left)];
        Symbol& right = syms[static_cast<std::size_t>(c.right)];
        if (left.id != c.leftId || left.next != c.right || right.id != c.rightId) continue;

        left.id = c.mergedId;
        left.next = right.next;
        if (right.next >= 0) syms[static_cast<std::size_t>(right.next)].prev = c.left;
        right.id = -1;  // dead: no candidate can match it again
        if (left.prev >= 0) candidate(left.prev, c.left, pending);
        if (left.next >= 0) candidate(c.left, left.next, pending);
    }
    for (int i = 0; i >= 0; i = syms[static_cast<std::size_t>(i)].next) {
        out.push_back(syms[static_cast<std::size_t>(i)].id);
    }
}

}  // namespace ts

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

bool BpeModel::lookup(const std::string& key, std::vector<int>& out,
                      std::vector<int>& starts) const {
    std::shared_lock lock(m_cacheMutex);
    const auto it = m_cache.find(key);
    if (it == m_cache.end()) return false;
    out.insert(out.end(), it->second.ids.begin(), it->second.ids.end());
    starts.insert(starts.end(), it->second.starts.begin(), it->second.starts.end());
    return true;
}

void BpeModel::remember(std::string key, const int* ids, const int* starts, std::size_t n) const {
    std::unique_lock lock(m_cacheMutex);
    if (m_cache.size() >= kMaxCacheEntries) m_cache.clear();
    m_cache.emplace(std::move(key),
                    Cached{std::vector<int>(ids, ids + n), std::vector<int>(starts, starts + n)});
}

void BpeModel::encodeWord(std::string_view word, std::vector<int>& out,
                          std::vector<int>* startsOut) const {
    std::vector<int> localStarts;
    std::vector<int>& starts = startsOut ? *startsOut : localStarts;
    const bool cacheable = word.size() <= kMaxCachedWordBytes;
    std::string keyText;
    if (cacheable) {
        keyText.assign(word);
        if (lookup(keyText, out, starts)) return;
    }
    std::vector<int> initial(word.size());
    for (std::size_t i = 0; i < word.size(); ++i) {
        const auto byte = static_cast<unsigned char>(word[i]);
        const int id = m_byteIds[byte];
        if (id < 0) {
            char hex[8];
            std::snprintf(hex, sizeof(hex), "0x%02X", static_cast<unsigned>(byte));
            throw Error(std::string("tokenizer: the vocabulary has no token for byte ") + hex +
                        ", so this text cannot be encoded");
        }
        initial[i] = id;
    }
    const std::size_t before = out.size();
    const std::size_t startsBefore = starts.size();
    mergeSymbols(initial, out, starts);
    if (cacheable) {
        remember(std::move(keyText), out.data() + before, starts.data() + startsBefore,
                 out.size() - before);
    }
}

void BpeModel::encodeSymbols(std::string_view cacheKey, const std::vector<int>& initial,
                             std::vector<int>& out, std::vector<int>& starts) const {
    const bool cacheable = cacheKey.size() <= kMaxCachedWordBytes;
    std::string keyText;
    if (cacheable) {
        keyText.assign(cacheKey);
        if (lookup(keyText, out, starts)) return;
    }
    const std::size_t before = out.size();
    const std::size_t startsBefore = starts.size();
    mergeSymbols(initial, out, starts);
    if (cacheable) {
        remember(std::move(keyText), out.data() + before, starts.data() + startsBefore,
                 out.size() - before);
    }
}

// Equivalent to GPT-2's bpe(): take the lowest-ranked adjacent pair, merge every
// non-overlapping occurrence of it from left to right, repeat. The heap pops that rank's
// occurrences leftmost first; pairs created by those merges are held back until the rank is
// finished, because GPT-2 only looks for the next pair after a whole pass. (For merge lists
// learned by BPE training, where a pair is always ranked after the merges that make its
// parts, this is also what Hugging Face and transformers.js compute.)
void BpeModel::mergeSymbols(const std::vector<int>& initial, std::vector<int>& out,
                            std::vector<int>& starts) const {
    const int n = static_cast<int>(initial.size());
    std::vector<Symbol> syms(initial.size());
    for (int i = 0; i < n; ++i) {
        syms[static_cast<std::size_t>(i)] =
            Symbol{initial[static_cast<std::size_t>(i)], i - 1, i + 1 < n ? i + 1 : -1};
    }
    if (n <= 1) {
        if (n == 1) {
            out.push_back(syms[0].id);
            starts.push_back(0);
        }
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
        starts.push_back(i);
    }
}

}  // namespace ts

#pragma once
// The merge loop of BPE, on token ids rather than strings: a word starts as one symbol per
// byte (byte-level BPE) or per character (SentencePiece-style BPE) and adjacent pairs are
// merged in rank order until no ranked pair is left.
#include <array>
#include <cstdint>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ts {

class BpeModel {
  public:
    BpeModel();

    // The token of each single byte, or -1 where the vocabulary lacks it.
    void setByteToken(unsigned char byte, int id) { m_byteIds[byte] = id; }
    // Merges are ranked in the order they are added. A pair added twice keeps the later
    // rank, as GPT-2's dict(zip(merges, range(...))) and HF tokenizers both do.
    void addMerge(int left, int right, int merged);
    std::size_t mergeCount() const { return m_merges.size(); }

    // Appends the ids of one pre-token, one symbol per byte. Thread-safe: the word cache has
    // its own lock. Throws ts::Error if a byte of the word has no token. starts (if given)
    // gets the byte offset in word where each appended token starts.
    void encodeWord(std::string_view word, std::vector<int>& out,
                    std::vector<int>* starts = nullptr) const;
    // The same from given starting symbols; cacheKey identifies them (the pre-token's text).
    // starts gets, for each appended token, the index of its first starting symbol.
    void encodeSymbols(std::string_view cacheKey, const std::vector<int>& initial,
                       std::vector<int>& out, std::vector<int>& starts) const;

  private:
    struct Merge {
        int rank = 0;
        int id = 0;
    };
    static std::uint64_t key(int left, int right) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) |
               static_cast<std::uint32_t>(right);
    }
    const Merge* findMerge(int left, int right) const;
    void mergeSymbols(const std::vector<int>& initial, std::vector<int>& out,
                      std::vector<int>& starts) const;
    struct Cached {
        std::vector<int> ids;
        std::vector<int> starts;
    };
    bool lookup(const std::string& key, std::vector<int>& out, std::vector<int>& starts) const;
    void remember(std::string key, const int* ids, const int* starts, std::size_t n) const;

    std::array<int, 256> m_byteIds{};
    std::unordered_map<std::uint64_t, Merge> m_merges;
    int m_nextRank = 0;

    // Pre-tokens repeat a lot in real text (" the", " of"), so caching their ids makes
    // English encode mostly a hash lookup. Bounded so a long session cannot grow it forever.
    mutable std::shared_mutex m_cacheMutex;
    mutable std::unordered_map<std::string, Cached> m_cache;
};

}  // namespace ts

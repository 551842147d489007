#pragma once
// The context of a run, kept once (issue #42 point 4). Every step of a Transcript sees a
// prefix of the same token sequence: step k of a run of T tokens covers its first
// prompt + k tokens. A step used to copy that prefix (ids, display texts, byte spans and the
// prompt text), so a run's memory and time grew with the square of its steps (4,096 steps
// after a short prompt: some 8 million copied entries). Now the Transcript appends each token
// once to a TranscriptContext and a step holds the context and its own length.
//
// Threads. The engine worker appends while the GUI thread reads steps it was sent. That is
// race-free without a lock because:
// - storage never moves: the ids are one array sized once to the capacity, the display texts
//   live in fixed-size chunks whose pointer table is also sized once; appending writes only
//   slots past every published step's length. A context that is full is not grown in place:
//   the Transcript continues in a copy twice as large (prefix()), and the steps made so far
//   keep the old one, so the capacity need not be the model's whole context length (a server
//   may claim millions of tokens) and the copies add up to at most the final size;
// - a slot is written before any step covering it is made, and steps reach other threads
//   through a queue (a mutex or an event loop), which orders the write before the read;
// - readers read only through a step, and only positions below its length (display texts
//   only below its settled count, see below), which are never written again: a rewind that
//   would overwrite positions a step may still cover gets a copy of the prefix instead
//   (Transcript::rewindContext).
// Writer members (append, truncate, prefix, size, tail, bytes) are for the thread that owns
// the Transcript.
//
// Display texts. A token reads in context (tokenDisplays: "범 1/3"), and a later token can
// change how the last few earlier ones read: only tokens holding one of the last
// kUnsettledBytes (3) bytes (token_display.hpp says why). So the context stores a token's
// text once it is settled, and each step keeps the texts of its own unsettled tail (at most
// three tokens that hold bytes). Appending recomputes only that tail.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

class TranscriptContext {
  public:
    // The prompt as typed and, per prompt token, where it came from in that text (bytes);
    // empty spans when the prompt was given as ids. How tokens read: from their bytes in
    // context (a tokenizer), or given as they are (no tokenizer: "#id"; a file's displays).
    enum class Texts { FromBytes, Given };
    TranscriptContext(std::size_t capacity, Texts texts, std::string promptText = {},
                      std::vector<int> promptByteStart = {}, std::vector<int> promptByteEnd = {});
    TranscriptContext(const TranscriptContext&) = delete;
    TranscriptContext& operator=(const TranscriptContext&) = delete;

    // A context made of given ids and display texts (a file's steps, tests).
    static std::shared_ptr<TranscriptContext> withTexts(std::span<const int> ids,
                                                        const std::vector<std::string>& texts,
                                                        std::string promptText = {},
                                                        std::vector<int> promptByteStart = {},
                                                        std::vector<int> promptByteEnd = {});

    // --- Readers (any thread, through a step: positions below the step's length) ---
    std::span<const int> tokens(std::size_t length) const { return {m_ids.get(), length}; }
    // The settled display text at `position` (below the reading step's settled count).
    const std::string& settledText(std::size_t position) const;
    // Where prompt token `position` came from in promptText(); -1 past the prompt or when
    // the prompt was ids.
    int promptByteStart(std::size_t position) const;
    int promptByteEnd(std::size_t position) const;
    const std::string& promptText() const { return m_promptText; }
    std::size_t capacity() const { return m_capacity; }

    // --- Writer (the thread that owns the Transcript) ---
    // Appends a token read from its bytes (Texts::FromBytes) or shown as `text` (Given).
    void appendBytes(int token, std::string_view bytes);
    void appendGiven(int token, std::string text);
    std::size_t size() const { return m_size; }
    // Tokens before it read as they will for good; the texts after it are tail().
    std::size_t settled() const { return m_settled; }
    const std::vector<std::string>& tail() const { return m_tail; }
    // Drops the tokens from `length` on. Only for a context no step past `length` can see
    // (the Transcript checks that nobody else holds it).
    void truncate(std::size_t length);
    // A new context holding the first `length` tokens, for a branch that must not overwrite
    // what steps still holding this one see, or to grow: `capacity` (0: this one's).
    std::shared_ptr<TranscriptContext> prefix(std::size_t length, std::size_t capacity = 0) const;
    // Memory it holds: the ids array, text chunks and strings, the bytes kept for reading
    // the tail, the prompt.
    std::size_t bytes() const;

  private:
    static constexpr std::size_t kChunk = 64;  // display texts per chunk
    struct Chunk {
        std::string texts[kChunk];
    };
    void setText(std::size_t position, std::string text);
    // Settles the tokens that now read for good and reads the rest again (the tail).
    void settle();

    std::size_t m_capacity;
    Texts m_texts;
    std::string m_promptText;
    std::vector<int> m_promptByteStart, m_promptByteEnd;
    std::unique_ptr<int[]> m_ids;                        // capacity slots, never moved
    std::unique_ptr<std::unique_ptr<Chunk>[]> m_chunks;  // capacity / kChunk slots, sized once
    std::size_t m_size = 0;
    std::size_t m_settled = 0;
    std::size_t m_chunkCount = 0;     // chunks made so far
    std::size_t m_textHeapBytes = 0;  // heap blocks of the texts in them
    // Writer only: the tokens' bytes and where each ends, to read the tail in context.
    std::string m_bytes;
    std::vector<std::size_t> m_byteEnds;
    std::vector<std::string> m_tail;
};

}  // namespace ts

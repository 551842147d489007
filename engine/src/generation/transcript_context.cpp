// The run's context kept once (see tokenscope/transcript_context.hpp for the threading rules).
#include "tokenscope/transcript_context.hpp"

#include <algorithm>

#include "tokenscope/error.hpp"
#include "tokenscope/token_display.hpp"

namespace ts {

TranscriptContext::TranscriptContext(std::size_t capacity, Texts texts, std::string promptText,
                                     std::vector<int> promptByteStart,
                                     std::vector<int> promptByteEnd)
    : m_capacity(capacity),
      m_texts(texts),
      m_promptText(std::move(promptText)),
      m_promptByteStart(std::move(promptByteStart)),
      m_promptByteEnd(std::move(promptByteEnd)),
      // Sized once: a step on another thread may be reading while tokens are appended.
      m_ids(std::make_unique<int[]>(capacity)),
      m_chunks(std::make_unique<std::unique_ptr<Chunk>[]>((capacity + kChunk - 1) / kChunk)) {
    if (m_promptByteEnd.size() != m_promptByteStart.size()) {
        m_promptByteStart.clear();
        m_promptByteEnd.clear();
    }
}

std::shared_ptr<TranscriptContext> TranscriptContext::withTexts(
    std::span<const int> ids, const std::vector<std::string>& texts, std::string promptText,
    std::vector<int> promptByteStart, std::vector<int> promptByteEnd) {
    auto c =
        std::make_shared<TranscriptContext>(ids.size(), Texts::Given, std::move(promptText),
                                            std::move(promptByteStart), std::move(promptByteEnd));
    for (std::size_t i = 0; i < ids.size(); ++i)
        c->appendGiven(ids[i], i < texts.size() ? texts[i] : std::string());
    return c;
}

const std::string& TranscriptContext::settledText(std::size_t position) const {
    return m_chunks[position / kChunk]->texts[position % kChunk];
}

int TranscriptContext::promptByteStart(std::size_t position) const {
    return position < m_promptByteStart.size() ? m_promptByteStart[position] : -1;
}

int TranscriptContext::promptByteEnd(std::size_t position) const {
    return position < m_promptByteEnd.size() ? m_promptByteEnd[position] : -1;
}

namespace {

// Heap bytes of a string: short ones live inside the object.
std::size_t heapBytes(const std::string& s) {
    return s.capacity() > std::string().capacity() ? s.capacity() + 1 : 0;
}

}  // namespace

void TranscriptContext::setText(std::size_t position, std::string text) {
    auto& chunk = m_chunks[position / kChunk];
    // A new chunk is made by the writer before any step covering its slots exists.
    if (!chunk) {
        chunk = std::make_unique<Chunk>();
        ++m_chunkCount;
    }
    std::string& slot = chunk->texts[position % kChunk];
    m_textHeapBytes -= heapBytes(slot);
    slot = std::move(text);
    m_textHeapBytes += heapBytes(slot);
}

void TranscriptContext::appendGiven(int token, std::string text) {
    if (m_texts != Texts::Given) throw Error("internal: a context read from bytes got a text");
    if (m_size >= m_capacity) throw Error("internal: the transcript's context is full");
    m_ids[m_size] = token;
    setText(m_size, std::move(text));  // given texts never change: settled at once
    m_settled = ++m_size;
}

void TranscriptContext::appendBytes(int token, std::string_view bytes) {
    if (m_texts != Texts::FromBytes) throw Error("internal: a context of given texts got bytes");
    if (m_size >= m_capacity) throw Error("internal: the transcript's context is full");
    m_ids[m_size] = token;
    m_bytes.append(bytes);
    m_byteEnds.push_back(m_bytes.size());
    ++m_size;
    settle();
}

void TranscriptContext::settle() {
    if (m_texts != Texts::FromBytes) return;
    // The unsettled tokens (the old tail and what was appended) read again in context, from
    // the character boundary before the first of them: a few bytes, not the whole context.
    auto texts = tokenDisplaysFrom(m_bytes, {m_byteEnds.data(), m_size}, m_settled);
    std::size_t next = m_settled;
    while (next < m_size && m_byteEnds[next] + kUnsettledBytes <= m_bytes.size()) {
        setText(next, std::move(texts[next - m_settled]));
        ++next;
    }
    m_tail.assign(
        std::make_move_iterator(texts.begin() + static_cast<std::ptrdiff_t>(next - m_settled)),
        std::make_move_iterator(texts.end()));
    m_settled = next;
}

void TranscriptContext::truncate(std::size_t length) {
    if (length >= m_size) return;
    m_size = length;
    if (m_texts == Texts::Given) {
        m_settled = length;
        return;
    }
    m_byteEnds.resize(length);
    m_bytes.resize(length > 0 ? m_byteEnds[length - 1] : 0);
    // What was settled at `length` stays settled (its bytes are the same); the rest is read
    // again. A text settled later than that is overwritten when its position settles again.
    std::size_t settled = 0;
    while (settled < std::min(m_settled, length) &&
           m_byteEnds[settled] + kUnsettledBytes <= m_bytes.size())
        ++settled;
    m_settled = settled;
    settle();
}

std::shared_ptr<TranscriptContext> TranscriptContext::prefix(std::size_t length,
                                                             std::size_t capacity) const {
    length = std::min(length, m_size);
    capacity = std::max(capacity > 0 ? capacity : m_capacity, length);
    auto c = std::make_shared<TranscriptContext>(capacity, m_texts, m_promptText, m_promptByteStart,
                                                 m_promptByteEnd);
    std::copy(m_ids.get(), m_ids.get() + length, c->m_ids.get());
    c->m_size = length;
    if (m_texts == Texts::Given) {
        for (std::size_t p = 0; p < length; ++p) c->setText(p, settledText(p));
        c->m_settled = length;
        return c;
    }
    c->m_byteEnds.assign(m_byteEnds.begin(),
                         m_byteEnds.begin() + static_cast<std::ptrdiff_t>(length));
    c->m_bytes = m_bytes.substr(0, length > 0 ? m_byteEnds[length - 1] : 0);
    std::size_t settled = 0;
    while (settled < std::min(m_settled, length) &&
           c->m_byteEnds[settled] + kUnsettledBytes <= c->m_bytes.size()) {
        c->setText(settled, settledText(settled));
        ++settled;
    }
    c->m_settled = settled;
    c->settle();
    return c;
}

std::size_t TranscriptContext::bytes() const {
    const std::size_t nChunks = (m_capacity + kChunk - 1) / kChunk;
    std::size_t total = sizeof(*this) + m_capacity * sizeof(int) +
                        nChunks * sizeof(std::unique_ptr<Chunk>) + m_chunkCount * sizeof(Chunk) +
                        m_textHeapBytes + heapBytes(m_promptText) +
                        (m_promptByteStart.capacity() + m_promptByteEnd.capacity()) * sizeof(int) +
                        heapBytes(m_bytes) + m_byteEnds.capacity() * sizeof(std::size_t);
    for (const auto& t : m_tail) total += sizeof(std::string) + heapBytes(t);
    return total;
}

}  // namespace ts

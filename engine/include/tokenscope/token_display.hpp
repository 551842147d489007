#pragma once
// How a token reads on screen, the same in every view, export and CLI output. Byte-level
// BPE cuts characters apart (a Hangul syllable is three bytes and often two or three
// tokens), so decoding one token alone gives U+FFFD. Here a token is read in its context:
// a token that is part of a character shows that character and which of its bytes it holds
// ("범 1/3", "범 2-3/3"); a token that covers parts of two characters shows both
// ("범 3/3+인 1/3"); a byte that belongs to no character (a lone candidate "\xEB" with
// nothing after it, or invalid UTF-8) shows as "<EB>". Whitespace is made visible
// (space ␣, newline ↵, tab →) so " the" and "the" differ. The output is always valid UTF-8
// and never contains U+FFFD unless the text itself does.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

// Spaces, newlines and tabs as visible symbols (␣ ↵ →), a carriage return as "\r" and
// other control characters as "<XX>". Expects valid UTF-8.
std::string visibleWhitespace(std::string_view utf8);

// Running text (a whole decoded context or continuation): valid characters kept as they are,
// whitespace included; each byte of an invalid or incomplete sequence as "<XX>".
std::string bytesAsText(std::string_view bytes);

// Running text printed while it grows (generate's plain output, a token at a time):
// bytesAsText of `bytes`, except that the start of a character later bytes may still complete
// (at most three bytes at the end) is not printed but returned in `held`. Pass `held` followed
// by the next bytes next time, and bytesAsText(held) once the text ends.
std::string bytesAsTextSoFar(std::string_view bytes, std::string& held);

// One token with no context (a vocabulary entry): visible whitespace, bytes that are not a
// whole character as "<XX>", an empty token as "∅".
std::string tokenDisplay(std::string_view tokenBytes);

// Every token of a sequence, read in context (see the comment at the top).
std::vector<std::string> tokenDisplays(const std::vector<std::string>& tokenBytes);

// A growing sequence (a transcript's context) is read a token at a time. Appending bytes can
// change only characters that start in the last kUnsettledBytes bytes: a character is at most
// four bytes, so one that starts earlier is already whole or already broken, whatever follows.
// A token whose bytes all end at least kUnsettledBytes before the end therefore reads as it
// will for good ("settled"); the ones after it (at most three that hold bytes) may still change.
inline constexpr std::size_t kUnsettledBytes = 3;

// tokenDisplays of the tokens first..ends.size()-1 of the sequence `all`, token i being bytes
// [ends[i-1], ends[i]) (from 0 for i = 0): exactly what tokenDisplays gives them in the whole
// sequence, but reading only from the character boundary at or before token `first` (at most
// three bytes back), so a context that grows is read again only at its unsettled end.
std::vector<std::string> tokenDisplaysFrom(std::string_view all, std::span<const std::size_t> ends,
                                           std::size_t first);

// A token appended after `contextBytes` (a candidate next token): a token that completes a
// character begun in the context shows that character ("범 3/3"); bytes that start a
// character nothing completes yet show as "<XX>".
std::string tokenDisplayAfter(std::string_view contextBytes, std::string_view tokenBytes);

// Bytes as two-digit upper-case hex, space separated ("EB B2 94"): the JSON "bytes" field of
// the CLI and of transcripts.
std::string hexBytes(std::string_view bytes);

}  // namespace ts

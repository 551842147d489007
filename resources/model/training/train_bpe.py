#!/usr/bin/python3
"""Byte-level BPE trainer writing GPT-2 format vocab.json / merges.txt.

GPT-2 conventions: the bytes_to_unicode map, the exact GPT-2 pre-tokenisation
regex, the 256 byte tokens first (in bytes_to_unicode order, as GPT-2 does),
then one token per merge in merge order, then <|endoftext|> as the last id.
Merges are chosen by pair frequency over the unique pre-tokens (weighted by
their counts); ties are broken by the smallest (left, right) pair of token
strings, so the result is deterministic. Two rules for Korean (see merge_allowed
and MARK): merges never glue a piece of one character to another character, and
never cross a noun|particle mark of the training text. <|endoftext|> never takes part in
merges: the text is split on it before pre-tokenisation.

Also usable as a module: `Encoder(vocab, merges).encode(text)`.
"""
import argparse
import collections
import heapq
import json
import os

import regex

EOT = "<|endoftext|>"
GPT2_PATTERN = regex.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, [chr(c) for c in cs]))


BYTE_ENCODER = bytes_to_unicode()
BYTE_DECODER = {v: k for k, v in BYTE_ENCODER.items()}


# Morpheme marks (make_corpus_ko.MARK, U+E000) in the training text split a Korean word into
# noun and particle before pre-tokenisation, so no merge is learned across that boundary:
# "수진이라는" is learned as "수진" + "이라는", and a name stays the same tokens whatever
# particle follows it. Encoding does not need the marks (they are never in real text); the
# merges simply do not exist.
MARK = "\ue000"


def pretokens(text):
    for part in text.split(EOT):
        for segment in part.split(MARK):
            yield from GPT2_PATTERN.findall(segment)


def to_symbols(piece):
    return "".join(BYTE_ENCODER[b] for b in piece.encode("utf-8"))


def _utf8_len(lead):
    return 2 if 0xC0 <= lead < 0xE0 else 3 if 0xE0 <= lead < 0xF0 else 4 if 0xF0 <= lead < 0xF8 else 1


def _whole_chars(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def merge_allowed(a, b):
    """A merge either joins two runs of whole characters, or builds ONE character from its
    first byte on (lead byte + continuation bytes, left to right). Never a piece of one
    character glued to a piece of another: without this rule the trainer learned merges such as
    (last byte of a syllable) + "이", and a name whose syllable is not a token (an unseen name
    like 지훈) came out as different tokens before "이라는" and before "." - the copy circuit
    cannot copy that. With it, an unseen syllable is always the same byte tokens."""
    ba = bytes(BYTE_DECODER[c] for c in a)
    bb = bytes(BYTE_DECODER[c] for c in b)
    if _whole_chars(ba) and _whole_chars(bb):
        return True
    s = ba + bb
    n = _utf8_len(s[0])
    return n > 1 and len(s) <= n and all(0x80 <= c < 0xC0 for c in s[1:])


def protected_merges(word_list):
    """The merges that build each protected word as ONE token, in order: each character from
    its bytes (left to right), then the characters left to right (" 수진": " "+"수", " 수"+"진").
    They come first in merges.txt, so at encoding time a protected name is formed before any
    learned merge could join its last syllable to a particle (" 은지를" -> " 은지" + "를")."""
    out, seen = [], set()
    for w in word_list:
        chars = []
        for ch in w:
            syms = list(to_symbols(ch))
            while len(syms) > 1:
                pair = (syms[0], syms[1])
                if pair not in seen:
                    seen.add(pair)
                    out.append(pair)
                syms = [syms[0] + syms[1]] + syms[2:]
            chars.append(syms[0])
        while len(chars) > 1:
            pair = (chars[0], chars[1])
            if pair not in seen:
                seen.add(pair)
                out.append(pair)
            chars = [chars[0] + chars[1]] + chars[2:]
    return out


def apply_merge(syms, a, b):
    out, i = [], 0
    while i < len(syms):
        if i + 1 < len(syms) and syms[i] == a and syms[i + 1] == b:
            out.append(a + b)
            i += 2
        else:
            out.append(syms[i])
            i += 1
    return out


def train(text, vocab_size, protect=()):
    counts = collections.Counter(pretokens(text))
    words = []   # list of [symbols list, count]
    for piece, c in counts.items():
        words.append([list(to_symbols(piece)), c])
    print(f"unique pre-tokens: {len(words)}", flush=True)
    merges = protected_merges(protect)
    for a, b in merges:
        for w in words:
            if len(w[0]) > 1:
                w[0] = apply_merge(w[0], a, b)
    if merges:
        print(f"protected words: {len(protect)}, their merges: {len(merges)}", flush=True)

    pair_count = collections.Counter()
    pair_words = collections.defaultdict(set)
    for wi, (syms, c) in enumerate(words):
        for a, b in zip(syms, syms[1:]):
            pair_count[(a, b)] += c
            pair_words[(a, b)].add(wi)

    # max-heap keyed by (-count, pair): smallest pair wins ties. Stale entries are skipped.
    heap = [(-c, p) for p, c in pair_count.items()]
    heapq.heapify(heap)

    n_merges = vocab_size - 256 - 1
    while len(merges) < n_merges and heap:
        negc, pair = heapq.heappop(heap)
        if pair_count.get(pair, 0) != -negc or negc == 0:
            continue
        a, b = pair
        if not merge_allowed(a, b):
            pair_count.pop(pair, None)   # never allowed: drop it for good
            continue
        new = a + b
        merges.append(pair)
        changed = collections.Counter()
        for wi in list(pair_words[pair]):
            syms, c = words[wi]
            if len(syms) < 2:
                continue
            for x, y in zip(syms, syms[1:]):
                changed[(x, y)] -= c
            out = []
            i = 0
            while i < len(syms):
                if i + 1 < len(syms) and syms[i] == a and syms[i + 1] == b:
                    out.append(new)
                    i += 2
                else:
                    out.append(syms[i])
                    i += 1
            words[wi][0] = out
            for x, y in zip(out, out[1:]):
                changed[(x, y)] += c
                pair_words[(x, y)].add(wi)
        for p, d in changed.items():
            if d == 0:
                continue
            nc = pair_count.get(p, 0) + d
            if nc <= 0:
                pair_count.pop(p, None)
            else:
                pair_count[p] = nc
                heapq.heappush(heap, (-nc, p))
        pair_count.pop(pair, None)
        pair_words.pop(pair, None)
        if len(merges) % 500 == 0:
            print(f"merge {len(merges)}: {a!r} + {b!r} ({-negc})", flush=True)
    vocab = {}
    for ch in BYTE_ENCODER.values():
        vocab[ch] = len(vocab)
    for a, b in merges:
        vocab[a + b] = len(vocab)
    vocab[EOT] = len(vocab)
    return vocab, merges


def save(vocab, merges, out_dir):
    with open(os.path.join(out_dir, "vocab.json"), "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(out_dir, "merges.txt"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n")
        for a, b in merges:
            f.write(f"{a} {b}\n")


class Encoder:
    """Reference GPT-2 BPE encoder (lowest merge rank first)."""

    def __init__(self, vocab_path, merges_path):
        self.vocab = json.load(open(vocab_path, encoding="utf-8"))
        self.inv = {v: k for k, v in self.vocab.items()}
        lines = open(merges_path, encoding="utf-8").read().split("\n")[1:]
        self.ranks = {tuple(l.split(" ")): i for i, l in enumerate(lines) if l}
        self.cache = {}
        self.eot = self.vocab[EOT]

    def bpe(self, piece):
        if piece in self.cache:
            return self.cache[piece]
        syms = list(to_symbols(piece))
        while len(syms) > 1:
            best = None
            for i in range(len(syms) - 1):
                r = self.ranks.get((syms[i], syms[i + 1]))
                if r is not None and (best is None or r < best[0]):
                    best = (r, i)
            if best is None:
                break
            i = best[1]
            syms = syms[:i] + [syms[i] + syms[i + 1]] + syms[i + 2:]
        ids = [self.vocab[s] for s in syms]
        self.cache[piece] = ids
        return ids

    def encode(self, text):
        ids = []
        parts = text.split(EOT)
        for k, part in enumerate(parts):
            for piece in GPT2_PATTERN.findall(part):
                ids.extend(self.bpe(piece))
            if k + 1 < len(parts):
                ids.append(self.eot)
        return ids

    def decode(self, ids):
        # byte-level pieces back to UTF-8 text; <|endoftext|> stays as its literal text
        s = "".join(self.inv[i] for i in ids)
        return EOT.join(bytearray(BYTE_DECODER[c] for c in part if c in BYTE_DECODER).decode("utf-8", errors="replace")
                        for part in s.split(EOT))

    def token_bytes(self, i):
        return bytes(BYTE_DECODER[c] for c in self.inv[i]) if i != self.eot else EOT.encode()

    def token_str(self, i):
        return bytearray(BYTE_DECODER[c] for c in self.inv[i]).decode("utf-8", errors="replace") \
            if i != self.eot else EOT


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--vocab-size", type=int, default=8192)
    ap.add_argument("--protect", default=None,
                    help="file with one word per line to be single tokens whatever follows them (the Korean "
                         "names, with and without a leading space); their merges come first")
    args = ap.parse_args()
    text = open(args.input, encoding="utf-8").read()
    protect = [l.rstrip("\n") for l in open(args.protect, encoding="utf-8") if l.strip()] if args.protect else []
    vocab, merges = train(text, args.vocab_size, protect)
    save(vocab, merges, args.out)
    print(f"vocab {len(vocab)} merges {len(merges)}")


if __name__ == "__main__":
    main()

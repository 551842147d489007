#!/usr/bin/python3
"""A cheap stand-in for the model's held-out bits per byte: an interpolated Kneser-Ney
character n-gram trained on one language's part of the corpus, scored on a dev prose file.

Why: a training run takes about an hour on the two cores, so a change to the Korean
generators cannot be judged by training. How well a character n-gram of the training text
predicts modern prose it never saw measures what the data offers the model: the words,
endings and word orders of real prose that occur in the corpus at all. It runs in a minute,
so every data change gets a before/after figure (README, "Proxy"). It is a proxy: its bits
per byte are not the model's, but text that a 6-gram cannot predict, a 3.4 M-parameter
model trained on the same text will not predict either.

Dev files (heldout/ko_dev.txt, heldout/en_dev.txt) are written for tuning the data; the
final held-out files (heldout/*_modern.txt) are never scored here.

  proxy_bpb.py [--train work/train.txt] [--order 6] [--dev heldout/ko_dev.txt ...] [--vocab-dir work]
              [--json work/proxy_bpb.json]

Method (Chen & Goodman's interpolated Kneser-Ney, one discount per order, D = n1 / (n1 + 2 n2)
from the count-of-counts of the dev-relevant n-grams): highest order with raw counts, lower
orders with continuation counts, the unigram interpolated with a uniform distribution over
every character of the training text, all 11,172 Hangul syllables and printable ASCII.
Only n-grams whose context occurs in the dev text are counted (substrings are closed under
suffixes, so a position stops extending as soon as its context is not a dev substring):
exact for the dev text, and light on memory. Documents are split at <|endoftext|>; a
document is Korean when it holds more Hangul syllables than Latin letters.
"""
import argparse
import gzip
import json
import math
import os
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
EOT = "<|endoftext|>"


def is_hangul(ch):
    return "\uac00" <= ch <= "\ud7a3"


def language(doc):
    h = sum(1 for ch in doc if is_hangul(ch))
    latin = sum(1 for ch in doc if "a" <= ch.lower() <= "z")
    return "ko" if h > latin else "en"


def split_corpus(path):
    text = open(path, encoding="utf-8").read()
    out = {"ko": [], "en": []}
    for doc in text.split(EOT):
        if doc.strip():
            out[language(doc)].append(doc)
    return out


class KneserNey:
    def __init__(self, docs, dev_text, order):
        self.n = order
        # every substring of the dev text up to order-1 characters (contexts to keep)
        ctx = {""}
        for i in range(len(dev_text)):
            for k in range(1, order):
                if i + k <= len(dev_text):
                    ctx.add(dev_text[i:i + k])
        self.ctx = ctx
        top = defaultdict(int)                      # (h, w) -> count, |h| = order-1
        left = defaultdict(set)                     # (h, w) -> distinct left characters, |h| < order-1
        chars = set()
        for doc in docs:
            chars.update(doc)
            L = len(doc)
            for i in range(L):
                w = doc[i]
                for k in range(0, order):           # context length k
                    if k > i:
                        break
                    h = doc[i - k:i]
                    if h not in ctx:
                        break
                    if k == order - 1:
                        top[(h, w)] += 1
                    else:
                        # the character left of the n-gram h+w (None at a document start)
                        left[(h, w)].add(doc[i - k - 1] if i - k - 1 >= 0 else None)
        # per-context statistics: total, distinct followers
        self.count = {}
        self.tot = defaultdict(int)
        self.types = defaultdict(int)
        for (h, w), c in top.items():
            self.count[(h, w)] = c
            self.tot[h] += c
            self.types[h] += 1
        for (h, w), s in left.items():
            c = len(s)
            self.count[(h, w)] = c
            self.tot[h] += c
            self.types[h] += 1
        # one discount per order from the count-of-counts
        self.d = {}
        for k in range(order):
            n1 = sum(1 for (h, w), c in self.count.items() if len(h) == k and c == 1)
            n2 = sum(1 for (h, w), c in self.count.items() if len(h) == k and c == 2)
            self.d[k] = n1 / (n1 + 2 * n2) if n1 + n2 else 0.75
        alphabet = set(chars) | {chr(c) for c in range(0xAC00, 0xD7A4)} | {chr(c) for c in range(32, 127)} | {"\n"}
        self.uniform = 1.0 / len(alphabet)
        self.chars = len(chars)

    def prob(self, h, w):
        """P(w | the last order-1 characters of h), interpolated down to the uniform."""
        p = self.uniform
        for k in range(0, self.n):
            if k > len(h):
                break
            hk = h[len(h) - k:] if k else ""
            t = self.tot.get(hk, 0)
            if not t:
                break
            d = self.d[k]
            c = self.count.get((hk, w), 0)
            p = max(c - d, 0) / t + d * self.types[hk] / t * p
        return p

    def bits(self, text):
        total = 0.0
        for i, w in enumerate(text):
            total -= math.log2(self.prob(text[max(0, i - self.n + 1):i], w))
        return total


def tokens_per_syllable(vocab_dir, text):
    from train_bpe import Encoder
    enc = Encoder(os.path.join(vocab_dir, "vocab.json"), os.path.join(vocab_dir, "merges.txt"))
    ids = enc.encode(text)
    syl = sum(1 for ch in text if is_hangul(ch))
    return {"tokens": len(ids), "chars": len(text), "tokens_per_char": round(len(ids) / len(text), 4),
            "tokens_per_hangul_syllable": round(len(ids) / syl, 4) if syl else None}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", default=os.path.join(HERE, "work", "train.txt"))
    ap.add_argument("--extra", default=None, help="a second corpus file to add (e.g. work/drill.txt)")
    ap.add_argument("--order", type=int, default=6)
    ap.add_argument("--dev", nargs="*", default=[os.path.join(HERE, "heldout", "ko_dev.txt"),
                                                 os.path.join(HERE, "heldout", "en_dev.txt")])
    ap.add_argument("--vocab-dir", default=None, help="also report BPE tokens per character (vocab.json, merges.txt)")
    ap.add_argument("--json", default=os.path.join(HERE, "work", "proxy_bpb.json"))
    a = ap.parse_args()
    for p in a.dev:
        if "_modern" in os.path.basename(p):
            raise SystemExit(f"{p}: the final held-out files are not for tuning; use heldout/*_dev.txt")
    parts = split_corpus(a.train)
    if a.extra:
        for k, v in split_corpus(a.extra).items():
            parts[k] += v
    results = {"train": a.train, "order": a.order, "dev": {}}
    for path in a.dev:
        dev = open(path, encoding="utf-8").read()
        lang = language(dev)
        docs = parts[lang]
        model = KneserNey(docs, dev, a.order)
        nbytes = len(dev.encode("utf-8"))
        bpb = model.bits(dev) / nbytes
        gz = len(gzip.compress(dev.encode("utf-8"), 9)) * 8 / nbytes
        r = {"language": lang, "train_chars": sum(len(d) for d in docs), "train_docs": len(docs),
             "train_distinct_chars": model.chars, "dev_bytes": nbytes, "proxy_bits_per_byte": round(bpb, 4),
             "gzip9_bits_per_byte": round(gz, 4), "ratio_to_gzip": round(bpb / gz, 4),
             "discounts": {k: round(v, 3) for k, v in model.d.items()}}
        if a.vocab_dir:
            r["bpe"] = tokens_per_syllable(a.vocab_dir, dev)
        results["dev"][os.path.basename(path)] = r
        print(f"{os.path.basename(path)} ({lang}): {r['train_chars']:,} training chars, order {a.order}: "
              f"proxy {bpb:.3f} bits/byte, gzip -9 {gz:.3f}, ratio {bpb / gz:.3f}"
              + (f"; BPE {r['bpe']['tokens_per_char']} tokens/char, {r['bpe']['tokens_per_hangul_syllable']} per Hangul syllable"
                 if a.vocab_dir else ""))
    os.makedirs(os.path.dirname(a.json), exist_ok=True)
    with open(a.json, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()

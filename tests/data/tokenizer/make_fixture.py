#!/usr/bin/env python3
"""Writes the small hand-checked BPE fixture: vocab.json + merges.txt and tokenizer.json.

Ids: every byte b has id b (keys in GPT-2's bytes_to_unicode alphabet), then the merge
results below, then <|endoftext|> at 300 so the ids are sparse (269..299 unused).
The expected encodings in tests/engine/test_tokenizer_fixture.cpp are worked out by hand
from these ranks. Run from this folder; the outputs are committed.
"""
import json


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


B = bytes_to_unicode()
vocab = {B[b]: b for b in range(256)}
merges = [  # (left, right, id of the result), in rank order
    ("e", "r", 256),
    ("l", "o", 257),
    ("lo", "w", 258),
    ("Ġ", "low", 259),
    ("o", "w", 260),
    ("low", "er", 261),
    ("a", "a", 262),
    ("aa", "aa", 263),
    ("Ġ", "t", 264),
    ("Ġt", "h", 265),
    ("Ġth", "e", 266),
    ("xy", "x", 267),  # ranked before the merge that creates "xy"
    ("x", "y", 268),
]
for left, right, i in merges:
    vocab[left + right] = i
vocab["<|endoftext|>"] = 300

with open("vocab.json", "w", encoding="utf-8") as f:
    json.dump(vocab, f, ensure_ascii=False, indent=0)
with open("merges.txt", "w", encoding="utf-8") as f:
    f.write("#version: 0.2\n")
    for left, right, _ in merges:
        f.write(f"{left} {right}\n")

tok = {
    "version": "1.0",
    "added_tokens": [
        {"id": 300, "content": "<|endoftext|>", "single_word": False, "lstrip": False,
         "rstrip": False, "normalized": False, "special": True},
        {"id": 301, "content": "<|pad|>", "single_word": False, "lstrip": False,
         "rstrip": False, "normalized": False, "special": True},
    ],
    "normalizer": None,
    "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                      "use_regex": True},
    "post_processor": None,
    "decoder": {"type": "ByteLevel"},
    "model": {
        "type": "BPE", "dropout": None, "unk_token": None,
        "continuing_subword_prefix": "", "end_of_word_suffix": "", "fuse_unk": False,
        "vocab": vocab,
        # The newer [left, right] form; the tests also write the "left right" form.
        "merges": [[left, right] for left, right, _ in merges],
    },
}
with open("tokenizer.json", "w", encoding="utf-8") as f:
    json.dump(tok, f, ensure_ascii=False, indent=1)

#!/usr/bin/python3
"""Measure the bilingual tokenizer: tokens per character in English and Korean, tokens per
Hangul syllable on the seed's sentences (goal <= 1.0), which particles are single tokens,
and whether every name is the same tokens whatever particle follows it.

Why: the seed shows "나는 오늘" as a few tokens and builds its attention lesson on copying
"수진"; both depend on the vocabulary, which is fixed before training starts. This runs in
seconds after train_bpe.py, so a bad vocabulary is caught before a 90-minute run.

  tokenizer_report.py [--vocab-dir work] [--json work/tokenizer_report.json]
"""
import argparse
import json
import os
import re

from korean_grammar import is_hangul, particle
from korean_vocab import HELD_OUT_NAMES_KO, NAMES_KO
from train_bpe import Encoder

HERE = os.path.dirname(os.path.abspath(__file__))
SEED_SENTENCES = ["나는 오늘", "범인이 수진이라는 게 밝혀졌다. 범인은", "범인이 수진이라는 게 밝혀졌다. 범인인 수진"]
PARTICLES = ["은", "는", "이", "가", "을", "를", "에", "에서", "으로", "로", "와", "과", "의", "도", "만", "이라는",
             "라는", "이다", "다", "에게", "까지", "부터", "이었다", "였다", "하고", "처럼", "보다"]
NAME_PARTICLES = ["이", "가", "은", "는", "을", "를", "이라는", "이다", "이었다", "와", "의", "에게", "아", "."]


def hangul_count(text):
    return sum(1 for ch in text if is_hangul(ch))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vocab-dir", default=os.path.join(HERE, "work"))
    ap.add_argument("--json", default=os.path.join(HERE, "work", "tokenizer_report.json"))
    args = ap.parse_args()
    enc = Encoder(os.path.join(args.vocab_dir, "vocab.json"), os.path.join(args.vocab_dir, "merges.txt"))
    rep = {"vocab_size": len(enc.vocab)}

    seed = []
    for s in SEED_SENTENCES:
        ids = enc.encode(s)
        seed.append({"text": s, "tokens": [enc.token_str(i) for i in ids], "n_tokens": len(ids),
                     "hangul_syllables": hangul_count(s), "tokens_per_syllable": round(len(ids) / hangul_count(s), 3)})
    rep["seed_sentences"] = seed
    rep["seed_tokens_per_syllable_max"] = max(x["tokens_per_syllable"] for x in seed)

    texts = {}
    for lang, name in [("en", "en_modern.txt"), ("ko", "ko_modern.txt")]:
        t = open(os.path.join(HERE, "heldout", name), encoding="utf-8").read()
        ids = enc.encode(t)
        row = {"chars": len(t), "tokens": len(ids), "tokens_per_char": round(len(ids) / len(t), 4),
               "bytes_per_token": round(len(t.encode()) / len(ids), 3)}
        if lang == "ko":
            hs = [ch for ch in t if is_hangul(ch)]
            singles = sum(1 for ch in set(hs) if ch in enc.vocab or enc.encode(ch) == [enc.vocab.get(ch)])
            row["tokens_per_hangul_syllable"] = round(len(ids) / len(hs), 4)
            row["distinct_syllables"] = len(set(hs))
            row["distinct_syllables_that_are_one_token"] = sum(1 for ch in set(hs) if len(enc.encode(ch)) == 1)
            row["syllable_occurrences_that_are_one_token"] = round(
                sum(1 for ch in hs if len(enc.encode(ch)) == 1) / len(hs), 4)
        else:
            row["tokens_per_word"] = round(len(ids) / len(re.findall(r"\S+", t)), 4)
        texts[lang] = row
    rep["heldout_prose"] = texts

    rep["particles_single_token"] = {p: len(enc.encode(p)) == 1 for p in PARTICLES}
    hangul_tokens = [k for k, v in enc.vocab.items() if v != enc.eot and any(is_hangul(c) for c in enc.token_str(v))]
    rep["tokens_with_hangul"] = len(hangul_tokens)

    bad = []
    for name in NAMES_KO + HELD_OUT_NAMES_KO:
        alone = enc.encode(" " + name)
        for p in NAME_PARTICLES:
            text = " " + (name + p if p == "." else particle(name, p))
            if enc.encode(text)[:len(alone)] != alone:
                bad.append(text.strip())
    rep["names"] = {"checked": len(NAMES_KO) + len(HELD_OUT_NAMES_KO), "particles_each": len(NAME_PARTICLES),
                    "single_token_names": sum(1 for n in NAMES_KO if len(enc.encode(" " + n)) == 1),
                    "held_out_names_tokens": {n: [enc.token_str(i) for i in enc.encode(" " + n)] for n in HELD_OUT_NAMES_KO},
                    "name_changes_tokens_before_particle": bad}
    print(json.dumps(rep, ensure_ascii=False, indent=1))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rep, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Encode the corpus files with the trained BPE into uint16 token arrays (.npy), and the dev
prose (heldout/{ko,en}_dev.txt) for the training monitor (train.py: dev bits per byte)."""
import json
import os
import sys

import numpy as np

from train_bpe import Encoder

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    work = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "work")
    enc = Encoder(os.path.join(work, "vocab.json"), os.path.join(work, "merges.txt"))
    for name in ["train", "val_bible", "val_synth", "val_synth_ko", "drill"]:
        text = open(os.path.join(work, name + ".txt"), encoding="utf-8").read()
        ids = np.array(enc.encode(text), dtype=np.uint16)
        np.save(os.path.join(work, name + ".npy"), ids)
        print(f"{name}: {len(text.encode('utf-8'))} bytes -> {len(ids)} tokens")
    # the dev prose (heldout/*_dev.txt, never in training) for train.py's generalisation monitor:
    # <|endoftext|> first, as scoring does; its byte count for bits per byte
    sizes = {}
    for lang in ("ko", "en"):
        path = os.path.join(HERE, "heldout", f"{lang}_dev.txt")
        if os.path.exists(path):
            text = open(path, encoding="utf-8").read()
            np.save(os.path.join(work, f"dev_{lang}.npy"), np.array(enc.encode("<|endoftext|>" + text), dtype=np.uint16))
            sizes[lang] = len(text.encode("utf-8"))
    with open(os.path.join(work, "dev_bytes.json"), "w") as f:
        json.dump(sizes, f)


if __name__ == "__main__":
    main()

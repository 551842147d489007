#!/usr/bin/python3
"""Bits per byte of held-out prose through the C++ engine (`tokenscope-cli score --json`),
against gzip -9 of the same text. The issue's goal: model bits per byte <= 0.7 x gzip's.

Why through the CLI: the figure must be what the app computes, not what the training code
thinks. A text longer than the context is cut at paragraph (then sentence) boundaries into
pieces of at most n_positions - 1 tokens (counted with the model's own vocabulary through
train_bpe.Encoder, which encodes like the engine); each piece keeps the whitespace that
follows it, so every byte of the file is scored exactly once. Each piece is scored after
<|endoftext|>, as `score --bos` does. gzip -9 is run on the whole file (its best case).

  measure_bpb.py [--cli build/app/tokenscope-cli] [--model resources/model] [--json out.json] FILE...
Default files: heldout/{en,ko}_modern.txt and heldout/{en,ko}_modern2.txt (other registers). Exit status 1 if a file misses
the 0.7 goal (--goal), so a script can gate on it.
"""
import argparse
import gzip
import json
import math
import os
import re
import subprocess
import sys
import tempfile

from train_bpe import Encoder

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.dirname(HERE)
ROOT = os.path.dirname(os.path.dirname(MODEL))


def gzip_bits_per_byte(data):
    return 8.0 * len(gzip.compress(data, compresslevel=9, mtime=0)) / len(data)


def pieces(text, enc, max_tokens):
    """Split text into consecutive pieces (together exactly the text) of <= max_tokens tokens,
    cutting after blank lines, then after sentence ends, then anywhere between words."""
    units = re.split(r"(?<=\n\n)", text)
    fine = []
    for u in units:
        if len(enc.encode(u)) <= max_tokens:
            fine.append(u)
            continue
        for s in re.split(r"(?<=[.!?。”\"] )", u):
            if len(enc.encode(s)) <= max_tokens:
                fine.append(s)
            else:
                fine.extend(re.split(r"(?<= )", s))
    out, cur = [], ""
    for u in fine:
        if cur and len(enc.encode(cur + u)) > max_tokens:
            out.append(cur)
            cur = ""
        cur += u
    if cur:
        out.append(cur)
    assert "".join(out) == text
    return out


def score_file(path, cli, model, enc, n_ctx):
    raw = open(path, "rb").read()
    text = raw.decode("utf-8")
    nll, ntok, nbytes = 0.0, 0, 0
    parts = pieces(text, enc, n_ctx - 1)
    with tempfile.TemporaryDirectory() as tmp:
        for k, p in enumerate(parts):
            f = os.path.join(tmp, f"piece_{k}.txt")
            with open(f, "w", encoding="utf-8") as fh:
                fh.write(p)
            out = subprocess.run([cli, "score", "--text-file", f, "--bos", "--json", "--model", model],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                raise SystemExit(f"{cli} score failed on piece {k} of {path}: {out.stderr.strip()}")
            j = json.loads(out.stdout)
            nll += j["mean_nll"] * j["scored_tokens"]
            ntok += j["scored_tokens"]
            nbytes += j["scored_bytes"]
    bpb = nll / math.log(2) / nbytes
    gz = gzip_bits_per_byte(raw)
    return {"file": os.path.relpath(path, ROOT), "bytes": len(raw), "scored_bytes": nbytes, "pieces": len(parts),
            "tokens": ntok, "tokens_per_char": round(ntok / len(text), 4), "mean_nll": round(nll / ntok, 4),
            "bits_per_byte": round(bpb, 4), "gzip9_bits_per_byte": round(gz, 4), "ratio_to_gzip": round(bpb / gz, 4)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", default=[os.path.join(HERE, "heldout", f) for f in (
        "en_modern.txt", "ko_modern.txt", "en_modern2.txt", "ko_modern2.txt")])
    ap.add_argument("--cli", default=os.environ.get("TOKENSCOPE_CLI", os.path.join(ROOT, "build", "app", "tokenscope-cli")))
    ap.add_argument("--model", default=MODEL)
    ap.add_argument("--goal", type=float, default=0.7, help="pass if bits per byte <= goal x gzip -9")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    if not os.path.exists(args.cli):
        raise SystemExit(f"no tokenscope-cli at {args.cli}: build it (cmake --build build --target tokenscope-cli) "
                         f"or pass --cli / TOKENSCOPE_CLI")
    cfg = json.load(open(os.path.join(args.model, "config.json")))
    enc = Encoder(os.path.join(args.model, "vocab.json"), os.path.join(args.model, "merges.txt"))
    results, ok = [], True
    for f in args.files:
        r = score_file(f, args.cli, args.model, enc, cfg["n_positions"])
        r["meets_goal"] = r["ratio_to_gzip"] <= args.goal
        ok &= r["meets_goal"]
        results.append(r)
        print(json.dumps(r, ensure_ascii=False), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"goal_ratio": args.goal, "model": args.model, "results": results}, fh, indent=1, ensure_ascii=False)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

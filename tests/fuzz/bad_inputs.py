#!/usr/bin/env python3
"""Runs tokenscope-cli on broken model folders, files and options, and prints a table
"case | exit code | message". Every case must exit with a code in 1..125 (no crash, no
signal, no hang) and its message must name the problem and the file or option; a few
cases must succeed with a warning instead (NaN/Inf weights, unaligned data).

    tests/fuzz/bad_inputs.py [--cli build/app/tokenscope-cli] [--markdown]

Exit status 0 when every case behaves, 1 otherwise (the failing rows are marked FAIL).
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(ROOT, "tests", "data")
TINY = os.path.join(DATA, "gpt2-tiny-vocab512")
TOK = os.path.join(DATA, "tokenizer")


def read_st(path):
    with open(path, "rb") as f:
        raw = f.read()
    n = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + n])
    return header, raw[8 + n:]


def write_st(path, header, data, header_len=None, pad=True):
    h = json.dumps(header, separators=(",", ":")).encode()
    if pad:
        h += b" " * ((-len(h)) % 8)
    n = len(h) if header_len is None else header_len
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", n) + h + data)


class Sweep:
    def __init__(self, cli, tmp):
        self.cli = cli
        self.tmp = tmp
        self.rows = []
        self.failures = 0

    def folder(self, name, tokenizer=False, weights=True, config=True):
        d = os.path.join(self.tmp, name)
        os.makedirs(d)
        if config:
            shutil.copy(os.path.join(TINY, "config.json"), d)
        if weights:
            shutil.copy(os.path.join(TINY, "model.safetensors"), d)
        if tokenizer:
            shutil.copy(os.path.join(TOK, "vocab.json"), d)
            shutil.copy(os.path.join(TOK, "merges.txt"), d)
        return d

    def edit_st(self, name, edit, **kw):
        d = self.folder(name)
        p = os.path.join(d, "model.safetensors")
        header, data = read_st(p)
        res = edit(header, data)
        if res is not None:
            header, data = res
        write_st(p, header, data, **kw)
        return d

    def edit_config(self, name, edit, tokenizer=False):
        d = self.folder(name, tokenizer=tokenizer)
        p = os.path.join(d, "config.json")
        with open(p) as f:
            cfg = json.load(f)
        edit(cfg)
        with open(p, "w") as f:
            json.dump(cfg, f)
        return d

    def run(self, case, args, mention, expect="fail"):
        """expect: 'fail' (exit 1..125 and `mention` in stderr) or 'warn' (exit 0 and
        `mention` in stderr)."""
        argv = [self.cli] + args
        try:
            p = subprocess.run(argv, capture_output=True, timeout=120)
            code, err = p.returncode, p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            code, err = "timeout", ""
        lines = [l for l in err.strip().split("\n") if l.strip()]
        # The error comes last (after any load warnings); for a warning case, the warning.
        pick = lines[-1:] if expect == "fail" else \
            [l for l in lines if mention and mention[0].lower() in l.lower()][:1] or lines[:1]
        msg = " ".join(pick).replace(self.tmp + "/", "")
        ok = isinstance(code, int)
        if ok and expect == "fail":
            ok = 1 <= code <= 125
        elif ok:
            ok = code == 0
        ok = ok and all(m.lower() in err.lower() for m in mention)
        if not ok:
            self.failures += 1
        self.rows.append((case, str(code), msg, ok))


def cases(s):
    T = lambda d: ["trace", "--model", d, "--ids", "1,2"]
    tmp = s.tmp

    # --- the folder itself
    s.run("folder does not exist", T(os.path.join(tmp, "nope")), ["nope", "does not exist"])
    s.run("config.json missing", T(s.folder("no-config", config=False)), ["config.json", "not found"])
    pick = s.folder("pickled-only", weights=False)
    open(os.path.join(pick, "pytorch_model.bin"), "wb").write(b"\x80\x02}q\x00.")
    s.run("pickled weights only (pytorch_model.bin)", T(pick), ["pytorch_model.bin", "pickle"])
    s.run("no weights at all", T(s.folder("no-weights", weights=False)), ["model.safetensors", "not found"])
    shard = s.folder("sharded", weights=False)
    open(os.path.join(shard, "model.safetensors.index.json"), "w").write("{}")
    s.run("sharded checkpoint (index.json)", T(shard), ["index.json", "sharded"])

    # --- model.safetensors structure
    def raw(name, content):
        d = s.folder(name)
        open(os.path.join(d, "model.safetensors"), "wb").write(content)
        return d
    st_bytes = open(os.path.join(TINY, "model.safetensors"), "rb").read()
    s.run("safetensors: empty file", T(raw("st-empty", b"")), ["model.safetensors", "too small"])
    s.run("safetensors: truncated (half the file)", T(raw("st-trunc", st_bytes[:len(st_bytes) // 2])),
          ["model.safetensors", "truncated"])
    s.run("safetensors: not safetensors (text file)", T(raw("st-text", b"version https://git-lfs.github.com/spec/v1\n")),
          ["model.safetensors", "header length"])
    s.run("safetensors: header length past the end", T(raw("st-hlen", struct.pack("<Q", 1 << 40) + b"{}")),
          ["model.safetensors", "header length"])
    s.run("safetensors: header not JSON", T(raw("st-notjson", struct.pack("<Q", 8) + b"{nope!!}")),
          ["model.safetensors", "not valid JSON"])
    s.run("safetensors: header number 1e400", T(raw("st-1e400", struct.pack("<Q", 16) + b'{"a":1e400}     ')),
          ["model.safetensors", "not valid JSON"])

    def off_past(h, d):
        h["transformer.wte.weight"]["data_offsets"][1] = len(d) + 4
    s.run("safetensors: data offsets past the end", T(s.edit_st("st-offpast", off_past)),
          ["model.safetensors", "transformer.wte.weight", "past the end"])

    def overlap(h, d):
        a, b = h["transformer.wpe.weight"]["data_offsets"], h["transformer.wte.weight"]["data_offsets"]
        n = a[1] - a[0]
        h["transformer.wpe.weight"]["data_offsets"] = [b[0], b[0] + n]
    s.run("safetensors: overlapping tensors", T(s.edit_st("st-overlap", overlap)),
          ["model.safetensors", "overlap"])

    def misaligned(h, d):
        o = h["transformer.ln_f.bias"]["data_offsets"]
        h["transformer.ln_f.bias"]["data_offsets"] = [o[0] + 1, o[1]]
    s.run("safetensors: offsets not matching dtype size", T(s.edit_st("st-misaligned", misaligned)),
          ["model.safetensors", "transformer.ln_f.bias", "byte size mismatch"])
    s.run("safetensors: unaligned F32 data (odd header) loads", T(s.edit_st("st-unaligned", lambda h, d: None, pad=False)),
          [], expect="warn")

    def overflow(h, d):
        h["transformer.wte.weight"]["shape"] = [4294967296, 4294967296, 16]
    s.run("safetensors: shape product overflows", T(s.edit_st("st-overflow", overflow)),
          ["model.safetensors", "transformer.wte.weight", "overflows"])

    def negative(h, d):
        h["transformer.wte.weight"]["shape"] = [-512, 48]
    s.run("safetensors: negative dimension", T(s.edit_st("st-negative", negative)),
          ["model.safetensors", "negative"])

    def dtype(h, d):
        h["transformer.ln_f.bias"]["dtype"] = "F64"
    s.run("safetensors: unsupported dtype F64", T(s.edit_st("st-dtype", dtype)),
          ["model.safetensors", "transformer.ln_f.bias", "unsupported dtype"])

    def missing(h, d):
        del h["transformer.h.1.mlp.c_fc.bias"]
    s.run("weights: missing tensor", T(s.edit_st("st-missing", missing)),
          ["model.safetensors", "h.1.mlp.c_fc.bias", "missing"])

    def wrong_shape(h, d):
        t = h["transformer.ln_f.weight"]
        t["shape"] = [2, 24]
    s.run("weights: wrong shape", T(s.edit_st("st-shape", wrong_shape)),
          ["model.safetensors", "transformer.ln_f.weight", "wrong shape"])

    def nan(h, d):
        o = h["transformer.ln_f.weight"]["data_offsets"][0]
        d = bytearray(d)
        d[o:o + 8] = struct.pack("<ff", float("nan"), float("inf"))
        return h, bytes(d)
    s.run("weights: NaN and Inf values (warning)", T(s.edit_st("st-nan", nan)),
          ["warning", "transformer.ln_f.weight", "NaN"], expect="warn")

    # --- config.json
    def drop(field):
        return lambda c: c.pop(field)
    s.run("config: missing n_head", T(s.edit_config("cfg-missing", drop("n_head"))),
          ["config.json", "n_head"])
    s.run("config: not JSON", T(raw_config(s, "cfg-notjson", "{\"model_type\": \"gpt2\", ")),
          ["config.json", "not valid JSON"])
    s.run("config: model_type llama", T(s.edit_config("cfg-llama", lambda c: c.update(model_type="llama"))),
          ["config.json", "llama"])
    s.run("config: n_head does not divide n_embd", T(s.edit_config("cfg-heads", lambda c: c.update(n_head=5))),
          ["config.json", "n_head", "divisible"])
    s.run("config: vocab_size != embedding rows", T(s.edit_config("cfg-vocab", lambda c: c.update(vocab_size=500))),
          ["model.safetensors", "vocab_size", "mismatch"])
    s.run("config: n_positions != position rows", T(s.edit_config("cfg-ctx", lambda c: c.update(n_positions=128))),
          ["model.safetensors", "n_positions", "mismatch"])
    s.run("config: n_layer larger than the weights", T(s.edit_config("cfg-layers", lambda c: c.update(n_layer=4))),
          ["model.safetensors", "h.3", "missing"])
    s.run("config: negative n_embd", T(s.edit_config("cfg-neg", lambda c: c.update(n_embd=-48))),
          ["config.json", "n_embd", "positive"])
    s.run("config: string vocab_size", T(s.edit_config("cfg-type", lambda c: c.update(vocab_size="512"))),
          ["config.json", "vocab_size", "integer"])

    # --- tokenizer files
    def tok_folder(name, vocab=None, merges=None, tokjson=None):
        d = s.folder(name, tokenizer=tokjson is None)
        if vocab is not None:
            open(os.path.join(d, "vocab.json"), "wb").write(vocab)
        if merges is not None:
            open(os.path.join(d, "merges.txt"), "wb").write(merges)
        if tokjson is not None:
            open(os.path.join(d, "tokenizer.json"), "wb").write(tokjson)
        return d
    X = lambda d: ["tokenize", "--model", d, "--text", "hello world"]
    s.run("vocab.json: not JSON", X(tok_folder("tok-vocab", vocab=b"{\"a\": 1,")), ["vocab.json", "not valid JSON"])
    s.run("vocab.json: id not an integer", X(tok_folder("tok-vocab-id", vocab=b"{\"a\": \"1\"}")),
          ["vocab.json", "not an integer"])
    s.run("vocab.json: duplicate id", X(tok_folder("tok-vocab-dup", vocab=b"{\"a\": 1, \"b\": 1}", merges=b"")),
          ["vocab.json", "used by both"])
    s.run("merges.txt: malformed line", X(tok_folder("tok-merges", merges=b"#version: 0.2\ne r\nlow\n")),
          ["merges.txt line 3", "two symbols"])
    s.run("merges.txt: symbol not in vocab", X(tok_folder("tok-merges-sym", merges=b"q z\n")),
          ["merges.txt line 1", "not in the vocabulary"])
    s.run("tokenizer.json: not JSON", X(tok_folder("tok-json", tokjson=b"{\"model\": ")),
          ["tokenizer.json", "not valid JSON"])
    s.run("tokenizer.json: Unigram model", X(tok_folder("tok-json-uni", tokjson=json.dumps(
        {"model": {"type": "Unigram", "vocab": []}}).encode())), ["tokenizer.json", "not supported"])
    s.run("tokenizer.json: no merges", X(tok_folder("tok-json-nomerges", tokjson=json.dumps(
        {"model": {"type": "BPE", "vocab": {"a": 0}}}).encode())), ["tokenizer.json", "merges"])
    big = {"model": {"type": "BPE", "vocab": {"a": 0, "b": 600}, "merges": []}}
    s.run("tokenizer larger than the model's vocab", ["trace", "--model", tok_folder("tok-big", tokjson=json.dumps(big).encode()), "--text", "a"],
          ["tokenizer", "vocab_size"])

    # --- inputs and options
    s.run("token id out of range", ["trace", "--model", TINY, "--ids", "1,512"], ["--ids", "512", "outside the vocabulary"])
    s.run("token id not a number", ["trace", "--model", TINY, "--ids", "1,x"], ["--ids"])
    tokd = s.folder("with-tokenizer", tokenizer=True)
    s.run("invalid UTF-8 in --text", ["tokenize", "--model", tokd, "--text", b"ab\xffcd".decode("utf-8", "surrogateescape")],
          ["--text", "UTF-8"])
    badtxt = os.path.join(tmp, "bad.txt")
    open(badtxt, "wb").write(b"abc\xc3\x28 def")
    s.run("invalid UTF-8 in --text-file", ["tokenize", "--model", tokd, "--text-file", badtxt], ["bad.txt", "UTF-8"])
    s.run("prompt longer than the context (64)", ["trace", "--model", TINY, "--ids", ",".join(["1"] * 65)],
          ["65", "context length"])
    s.run("generation past the context", ["generate", "--model", TINY, "--ids", "1,2", "--steps", "63"],
          ["context length"])
    G = ["generate", "--model", TINY, "--ids", "1", "--steps", "2"]
    s.run("--temperature -1", G + ["--temperature", "-1"], ["--temperature"])
    s.run("--temperature nan", G + ["--temperature", "nan"], ["--temperature"])
    s.run("--temperature 1e999", G + ["--temperature", "1e999"], ["--temperature"])
    s.run("--top-p 1.5", G + ["--top-p", "1.5"], ["--top-p"])
    s.run("--top-p 0", G + ["--top-p", "0"], ["--top-p"])
    s.run("--top-k -2", G + ["--top-k", "-2"], ["--top-k"])
    s.run("--steps 1O", ["generate", "--model", TINY, "--ids", "1", "--steps", "1O"], ["--steps"])
    s.run("--steps 99999999999999999999", ["generate", "--model", TINY, "--ids", "1", "--steps", "99999999999999999999"], ["--steps"])
    s.run("--seed -1", G + ["--seed", "-1"], ["--seed"])
    s.run("--threads 0", ["bench", "--model", TINY, "--threads", "0"], ["--threads"])
    s.run("--temperatures 0.5,,1", ["compare", "--model", tokd, "--prompt", "hi", "--steps", "2",
                                    "--temperatures", "0.5,,1"], ["--temperatures"])
    s.run("unknown option", ["trace", "--model", TINY, "--ids", "1", "--bogus"], ["--bogus"])


def raw_config(s, name, text):
    d = s.folder(name)
    open(os.path.join(d, "config.json"), "w").write(text)
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "tokenscope-cli"))
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tokenscope-bad-")
    try:
        s = Sweep(os.path.abspath(a.cli), tmp)
        cases(s)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a.markdown:
        print("| case | exit code | message |\n|---|---|---|")
    for case, code, msg, ok in s.rows:
        mark = "" if ok else "FAIL "
        if a.markdown:
            print("| %s%s | %s | %s |" % (mark, case, code, msg.replace("|", "\\|")))
        else:
            print("%s%s | %s | %s" % (mark, case, code, msg))
    print("%d cases, %d failing" % (len(s.rows), s.failures), file=sys.stderr)
    return 1 if s.failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes the hand-made seed inputs of each fuzz target into tests/fuzz/corpus/<target>/.

The corpora committed next to this script are these seeds plus what libFuzzer grew from
them, minimised with -merge=1. Re-running this script only adds the hand-made seeds back.
Small on purpose: the whole corpus stays well under 2 MB.
"""
import json
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")
OUT = os.path.join(HERE, "corpus")


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(data)


def read(*parts):
    with open(os.path.join(DATA, *parts), "rb") as f:
        return f.read()


# --- safetensors: a micro GPT-2 (vocab 8, ctx 4, n_embd 4, 2 heads, 1 layer, n_inner 8),
# the shapes the fuzz target's fixed config.json expects.
def safetensors(tensors, dtype="F32", pad_to=8, metadata=True):
    header = {}
    blob = b""
    for name, shape, values in tensors:
        if dtype == "F32":
            raw = struct.pack("<%df" % len(values), *values)
        elif dtype == "F16":
            raw = struct.pack("<%de" % len(values), *values)
        else:  # BF16: top half of fp32
            raw = b"".join(struct.pack("<f", v)[2:] for v in values)
        header[name] = {"dtype": dtype, "shape": shape,
                        "data_offsets": [len(blob), len(blob) + len(raw)]}
        blob += raw
    if metadata:
        header["__metadata__"] = {"format": "pt"}
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((-len(h)) % pad_to)
    return struct.pack("<Q", len(h)) + h + blob


def micro_model(V=8, N=4, C=4, I=8, prefix="transformer.", tied=True):
    def vals(n, k):
        return [math.sin(0.37 * i + k) * 0.5 for i in range(n)]
    ts = []
    def add(name, shape):
        n = 1
        for s in shape:
            n *= s
        ts.append((prefix + name, shape, vals(n, len(ts))))
    add("wte.weight", [V, C])
    add("wpe.weight", [N, C])
    p = "h.0."
    add(p + "ln_1.weight", [C]); add(p + "ln_1.bias", [C])
    add(p + "attn.c_attn.weight", [C, 3 * C]); add(p + "attn.c_attn.bias", [3 * C])
    add(p + "attn.c_proj.weight", [C, C]); add(p + "attn.c_proj.bias", [C])
    add(p + "ln_2.weight", [C]); add(p + "ln_2.bias", [C])
    add(p + "mlp.c_fc.weight", [C, I]); add(p + "mlp.c_fc.bias", [I])
    add(p + "mlp.c_proj.weight", [I, C]); add(p + "mlp.c_proj.bias", [C])
    add("ln_f.weight", [C]); add("ln_f.bias", [C])
    if not tied:
        ts.append(("lm_head.weight", [V, C], vals(V * C, 99)))
    return ts


m = micro_model()
put("safetensors", "micro-f32", safetensors(m))
put("safetensors", "micro-f16", safetensors(m, "F16"))
put("safetensors", "micro-bf16", safetensors(m, "BF16", metadata=False))
put("safetensors", "micro-untied-noprefix", safetensors(micro_model(prefix="", tied=False)))
put("safetensors", "micro-odd-alignment", safetensors(m, pad_to=1))
nan = list(m)
nan[0] = (nan[0][0], nan[0][1], [float("nan"), float("inf")] + nan[0][2][2:])
put("safetensors", "micro-nan", safetensors(nan))
put("safetensors", "empty-header", struct.pack("<Q", 2) + b"{}")
put("safetensors", "one-tensor",
    safetensors([("x", [2, 3], [1, 2, 3, 4, 5, 6])]))
put("safetensors", "scalar-and-empty",
    safetensors([("s", [], [1.5]), ("e", [0, 4], [])]))

# --- config.json
put("config", "tiny", read("gpt2-tiny-vocab512", "config.json"))
put("config", "minimal", json.dumps({"model_type": "gpt2", "vocab_size": 8, "n_positions": 4,
                                     "n_embd": 4, "n_head": 2, "n_layer": 1}))
put("config", "floats-and-lists", json.dumps({
    "model_type": "gpt2", "vocab_size": 50257.0, "n_positions": 1024, "n_embd": 768,
    "n_head": 12, "n_layer": 12, "n_inner": None, "layer_norm_epsilon": 1e-5,
    "activation_function": "gelu", "scale_attn_by_inverse_layer_idx": True,
    "scale_attn_weights": True, "bos_token_id": [50256], "eos_token_id": None}))
put("config", "contradiction", json.dumps({"model_type": "gpt2", "vocab_size": 8,
                                           "n_positions": 4, "n_embd": 5, "n_head": 2,
                                           "n_layer": 1}))

# --- vocab.json + merges.txt
vocab = read("tokenizer", "vocab.json")
merges = read("tokenizer", "merges.txt")
SEP = b"\n==merges==\n"
put("vocab_merges", "fixture", vocab + SEP + merges)
put("vocab_merges", "small",
    json.dumps({"a": 0, "b": 1, "ab": 2, "\u0120": 3, "\u0120ab": 4, "<|endoftext|>": 5})
    .encode() + SEP + b"#version: 0.2\na b\n\u0120 ab\n".decode().encode("utf-8"))
put("vocab_merges", "crlf", b'{"x": 0, "y": 1, "xy": 2}' + SEP + b"x y\r\n")

# --- tokenizer.json
put("tokenizer_json", "fixture", read("tokenizer", "tokenizer.json"))
put("tokenizer_json", "pair-merges", json.dumps({
    "added_tokens": [{"id": 3, "content": "<|endoftext|>", "special": True}],
    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "ByteLevel"}]},
    "model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2},
              "merges": [["a", "b"]], "ignore_merges": True}}))
# The tokenizer.json paths beyond GPT-2: the file's own Split regex (Qwen/Llama-3 style),
# NFC, Digits, added-token flags, and the SentencePiece-style BPE of Llama 2 (Prepend/Replace
# normalizer, Metaspace, byte_fallback, unk), plus the side files' start-token template.
def byte_level_alphabet():
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    out, extra = {}, 0
    for b in range(256):
        if b in printable:
            out[b] = chr(b)
        else:
            out[b] = chr(256 + extra)
            extra += 1
    return out
byte_vocab = {sym: b for b, sym in byte_level_alphabet().items()}
byte_vocab.update({"ab": 256, "\u00c3\u00a9": 257, "\u0120a": 258, "<|im_start|>": 259})
put("tokenizer_json", "split-regex-nfc", json.dumps({
    "normalizer": {"type": "NFC"},
    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex":
            "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"},
         "behavior": "Isolated", "invert": False},
        {"type": "Digits", "individual_digits": True},
        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False}]},
    "added_tokens": [
        {"id": 259, "content": "<|im_start|>", "special": True, "lstrip": False, "rstrip": False,
         "normalized": False, "single_word": False},
        {"id": 260, "content": "<x>", "special": False, "lstrip": True, "rstrip": True,
         "normalized": True, "single_word": True}],
    "post_processor": {"type": "TemplateProcessing", "single": [
        {"SpecialToken": {"id": "<|im_start|>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
        "special_tokens": {"<|im_start|>": {"id": "<|im_start|>", "ids": [259], "tokens": ["<|im_start|>"]}}},
    "model": {"type": "BPE", "vocab": byte_vocab, "merges": [["a", "b"], ["\u00c3", "\u00a9"], ["\u0120", "a"]],
              "ignore_merges": True}}))
put("tokenizer_json", "split-behaviors", json.dumps({
    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"String": "b"}, "behavior": "MergedWithPrevious", "invert": False},
        {"type": "Split", "pattern": {"Regex": "a+"}, "behavior": "MergedWithNext", "invert": True},
        {"type": "Split", "pattern": {"Regex": "\\d"}, "behavior": "Contiguous", "invert": False},
        {"type": "Split", "pattern": {"Regex": " "}, "behavior": "Removed", "invert": False},
        {"type": "ByteLevel", "add_prefix_space": True, "use_regex": True}]},
    "model": {"type": "BPE", "vocab": byte_vocab, "merges": ["a b"]}}))
put("tokenizer_json", "sentencepiece-bpe", json.dumps({
    "normalizer": {"type": "Sequence", "normalizers": [
        {"type": "Prepend", "prepend": "\u2581"},
        {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]},
    "pre_tokenizer": None,
    "added_tokens": [{"id": 0, "content": "<unk>", "special": True},
                     {"id": 1, "content": "<s>", "special": True}],
    "post_processor": {"type": "TemplateProcessing", "single": [
        {"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
        "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}},
    "decoder": {"type": "Sequence", "decoders": [
        {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
        {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
    "model": {"type": "BPE", "unk_token": "<unk>", "fuse_unk": True, "byte_fallback": True,
              "vocab": dict([("<unk>", 0), ("<s>", 1), ("\u2581", 2), ("h", 3), ("i", 4),
                             ("\u2581h", 5), ("\u2581hi", 6)] +
                            [("<0x%02X>" % b, 7 + b) for b in range(256)]),
              "merges": ["\u2581 h", "\u2581h i"]}}))
put("tokenizer_json", "metaspace-unk", json.dumps({
    "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "Lowercase"},
                                                       {"type": "Strip", "strip_left": True}]},
    "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first",
                      "split": False},
    "model": {"type": "BPE", "unk_token": "<unk>", "fuse_unk": True,
              "vocab": {"<unk>": 0, "\u2581": 1, "a": 2, "\u2581a": 3}, "merges": [["\u2581", "a"]]}}))

# --- encode: first byte = flags (bit 0: special tokens allowed)
texts = ["hello world", "lower newest  lowest\n\n\tx", "<|endoftext|>The the the",
         "it's we'll I'M 123 4567 ...!!", "\ud55c\uad6d\uc5b4 \u65e5\u672c\u8a9e \u0645\u0631\u062d\u0628\u0627",
         "caf\u00e9 \U0001F600 \u00a0nbsp", "aaaaaaaa xyx xy"]
for i, t in enumerate(texts):
    put("encode", "text%d" % i, bytes([i & 1]) + t.encode("utf-8"))
put("encode", "invalid-utf8", b"\x00ab\xff\xc0\x80\xed\xa0\x80\xf4\x90\x80\x80z")
put("encode", "truncated-utf8", b"\x01\xe2\x82")

# --- CLI options: one argument per line
put("cli_options", "generate", "--model\nm\n--ids\n1,2,3\n--steps\n10\n--temperature\n0.7\n"
                               "--top-k\n40\n--top-p\n0.9\n--seed\n42\n--json")
put("cli_options", "inline", "--model=m\n--temperatures=0, 0.5,1.0\n--steps=0\n--special")
put("cli_options", "bad", "--steps\n1O\n--top-p\n1e-400\n--ids\n1,,2")

# --- sampling: temperature f32, top-k i32, top-p f32, seed u32, then f32 logits
def sampling(t, k, p, seed, logits):
    return struct.pack("<fifI", t, k, p, seed) + struct.pack("<%df" % len(logits), *logits)
put("sampling", "plain", sampling(1.0, 0, 1.0, 1, [0.1, 2.0, -1.0, 0.5]))
put("sampling", "greedy", sampling(0.0, 0, 1.0, 0, [1.0, 1.0, 3.0]))
put("sampling", "topk-topp", sampling(0.8, 2, 0.5, 7, [5.0, 4.0, 3.0, 2.0, 1.0]))
put("sampling", "extreme", sampling(100.0, 1, 1e-9, 3, [3e38, -3e38, 0.0, 1e-40]))

# --- chat_template: the template, then "\n==messages==\n" and one message a line (first
# byte: s, u or a for the role)
for name in ("smollm2", "qwen2_5", "llama2_chat"):
    put("chat_template", name, read("chat_templates", name + ".jinja") +
        b"\n==messages==\nsBe brief.\nuhi\naHello!\nuand you?")
put("chat_template", "literal-system", "<|im_start|>system\nYou are X.<|im_end|>{{ x }}")
put("chat_template", "escaped-system",
    "{{ '<|im_start|>system\\nYou are Y.<|im_end|>\\n' }}\n==messages==\nuhi")
put("chat_template", "unclosed-system", "<|im_start|>system\n" * 50 + "' <|im_end|>")
put("chat_template", "long-system", "<|im_start|>system\n" + "A" * 3000 + "<|im_end|>")
put("chat_template", "llama3", "{{ bos_token }}<|start_header_id|>{{ role }}<|end_header_id|>"
    "{{ content }}<|eot_id|>{% if add_generation_prompt %}\n==messages==\nsS\nuU")
put("chat_template", "qwen3", "<|im_start|><|im_end|></think>reasoning_content"
    "\n==messages==\nuq\na<think>\nr\n</think>\n\nanswer")

# --- tokenizer_config: tokenizer_config.json, then optionally "\n==generation_config==\n"
# and generation_config.json (read beside tests/data/tokenizer/tokenizer.json)
put("tokenizer_config", "bundled", read("..", "..", "resources", "model", "tokenizer_config.json"))
put("tokenizer_config", "template-list", json.dumps({
    "add_bos_token": True, "bos_token": {"content": "<|endoftext|>"}, "eos_token": None,
    "chat_template": [{"name": "tool_use", "template": "x"},
                      {"name": "default", "template": "<|im_start|>system\nS<|im_end|>"}]}))
put("tokenizer_config", "generation-eos", json.dumps({"eos_token": "<|endoftext|>"}) +
    "\n==generation_config==\n" + json.dumps({"eos_token_id": [300, 301, 7]}))
put("tokenizer_config", "wrong-types", json.dumps({"add_bos_token": "yes", "chat_template": 5}))

print("seeds written to", OUT)

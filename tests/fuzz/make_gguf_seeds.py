#!/usr/bin/env python3
"""Writes the seeds of fuzz_gguf into corpus/gguf/: a micro GPT-2 (vocab 8, width 32, one
layer, context 4) in F32, with Q8_0 and Q4_K weights, and the tokenizer metadata, plus a
few files that exercise the reader's refusals. Run from this folder; outputs are committed."""
import os
import struct

import random

U8, I8, U16, I16, U32, I32, F32, BOOL, STRING, ARRAY, U64, I64, F64 = range(13)


def s(v):
    b = v.encode()
    return struct.pack("<Q", len(b)) + b


def kv(key, t, payload):
    return s(key) + struct.pack("<I", t) + payload


def gguf(kvs, tensors, version=3, align=32):
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs)) + b"".join(kvs)
    data = b""
    infos = b""
    for name, dims, typ, blob in tensors:
        while len(data) % align:
            data += b"\0"
        infos += s(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        infos += struct.pack("<IQ", typ, len(data))
        data += blob
    out += infos
    while len(out) % align:
        out += b"\0"
    return out + data


rng = random.Random(1)


def f32(n):
    return struct.pack("<%df" % n, *[rng.uniform(-0.5, 0.5) for _ in range(n)])


def q8_0(n):
    out = b""
    for _ in range(n // 32):
        out += struct.pack("<e", 0.01) + bytes(rng.randrange(256) for _ in range(32))
    return out


def q4_k(n):
    out = b""
    for _ in range(n // 256):
        out += struct.pack("<ee", 0.01, 0.005) + bytes(rng.randrange(256) for _ in range(140))
    return out


def model(mat):
    C, V, N, I = 32, 8, 4, 64
    meta = [kv("general.architecture", STRING, s("gpt2")),
            kv("gpt2.context_length", U32, struct.pack("<I", N)),
            kv("gpt2.embedding_length", U32, struct.pack("<I", C)),
            kv("gpt2.feed_forward_length", U32, struct.pack("<I", I)),
            kv("gpt2.block_count", U32, struct.pack("<I", 1)),
            kv("gpt2.attention.head_count", U32, struct.pack("<I", 2)),
            kv("gpt2.attention.layer_norm_epsilon", F32, struct.pack("<f", 1e-5)),
            kv("tokenizer.ggml.model", STRING, s("gpt2")),
            kv("tokenizer.ggml.pre", STRING, s("gpt-2")),
            kv("tokenizer.ggml.tokens", ARRAY, struct.pack("<IQ", STRING, V) + b"".join(s(t) for t in ["h", "e", "l", "o", "Ġ", "w", "he", "<|endoftext|>"])),
            kv("tokenizer.ggml.token_type", ARRAY, struct.pack("<IQ", I32, V) + struct.pack("<8i", 1, 1, 1, 1, 1, 1, 1, 3)),
            kv("tokenizer.ggml.merges", ARRAY, struct.pack("<IQ", STRING, 1) + s("h e"))]
    t = [("token_embd.weight", [C, V], *mat(C * V)), ("position_embd.weight", [C, N], 0, f32(C * N))]
    for name, n in [("attn_norm.weight", C), ("attn_norm.bias", C)]:
        t.append(("blk.0." + name, [n], 0, f32(n)))
    t.append(("blk.0.attn_qkv.weight", [C, 3 * C], *mat(3 * C * C)))
    t.append(("blk.0.attn_qkv.bias", [3 * C], 0, f32(3 * C)))
    t.append(("blk.0.attn_output.weight", [C, C], *mat(C * C)))
    t.append(("blk.0.attn_output.bias", [C], 0, f32(C)))
    t.append(("blk.0.ffn_norm.weight", [C], 0, f32(C)))
    t.append(("blk.0.ffn_norm.bias", [C], 0, f32(C)))
    t.append(("blk.0.ffn_up.weight", [C, I], *mat(C * I)))
    t.append(("blk.0.ffn_up.bias", [I], 0, f32(I)))
    t.append(("blk.0.ffn_down.weight", [I, C], *mat(I * C)))
    t.append(("blk.0.ffn_down.bias", [C], 0, f32(C)))
    t.append(("output_norm.weight", [C], 0, f32(C)))
    t.append(("output_norm.bias", [C], 0, f32(C)))
    return meta, t


os.makedirs("corpus/gguf", exist_ok=True)
seeds = {
    "seed-gpt2-f32.gguf": gguf(*model(lambda n: (0, f32(n)))),
    "seed-gpt2-q8_0.gguf": gguf(*model(lambda n: (8, q8_0(n)))),
    "seed-gpt2-v2.gguf": gguf(*model(lambda n: (0, f32(n))), version=2),
}
meta, t = model(lambda n: (0, f32(n)))
seeds["seed-align64.gguf"] = gguf(meta + [kv("general.alignment", U32, struct.pack("<I", 64))], t, align=64)
seeds["seed-q4_k.gguf"] = gguf([kv("general.architecture", STRING, s("none"))], [("w", [256, 2], 12, q4_k(512))])
seeds["seed-all-types.gguf"] = gguf(
    [kv("a", U8, b"\x01"), kv("b", I8, b"\xff"), kv("c", U16, b"\x01\x00"), kv("d", I16, b"\xff\xff"),
     kv("e", I64, struct.pack("<q", -5)), kv("f", U64, struct.pack("<Q", 5)), kv("g", F64, struct.pack("<d", 0.5)),
     kv("h", BOOL, b"\x01"), kv("i", ARRAY, struct.pack("<IQ", F32, 2) + struct.pack("<2f", 1, 2))], [])
for name, blob in seeds.items():
    with open(os.path.join("corpus/gguf", name), "wb") as f:
        f.write(blob)
print("wrote", len(seeds), "seeds")

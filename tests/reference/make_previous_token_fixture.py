#!/usr/bin/python3
"""Writes tests/data/gpt2-previous-head: a one-layer GPT-2 whose head 1 is built to attend to the
previous token and whose head 2 attends evenly, the known answer `tokenscope-cli heads` and
ts::headKinds are checked against (tests/engine/test_interventions.cpp).

Construction: positions are one-hot in dimensions 0..15 of the embedding (x 4), tokens live in
dimensions 16..31 (small random values), so after ln_1 the position dominates. Head 1's key is
the position part as it is; its query is the position part shifted by one (query dimension j
reads input dimension j + 1), x 10: the query at position i matches the key at i - 1 only.
Head 2's query is zero: every visible key gets the same weight. The MLP is zero.
"""
import json
import os
import struct
import sys

import numpy as np

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "data", "gpt2-previous-head")
os.makedirs(out, exist_ok=True)
C, H, HD, V, P = 32, 2, 16, 64, 16
rng = np.random.default_rng(5)
w = {}
wte = np.zeros((V, C), np.float32)
wte[:, 16:] = rng.normal(0, 0.1, (V, 16))
wpe = np.zeros((P, C), np.float32)
wpe[np.arange(P), np.arange(P)] = 4.0
w["wte.weight"], w["wpe.weight"] = wte, wpe
attn = np.zeros((C, 3 * C), np.float32)  # Conv1D [in, out]: q | k | v
for j in range(HD - 1):
    attn[j + 1, j] = 10.0          # head 1 query dim j <- input dim j + 1
for j in range(HD):
    attn[j, C + j] = 1.0            # head 1 key dim j <- input dim j
attn[16:, 2 * C:] = rng.normal(0, 0.2, (16, C))  # values from the token part
w["h.0.attn.c_attn.weight"] = attn
w["h.0.attn.c_attn.bias"] = np.zeros(3 * C, np.float32)
w["h.0.attn.c_proj.weight"] = rng.normal(0, 0.2, (C, C)).astype(np.float32)
w["h.0.attn.c_proj.bias"] = np.zeros(C, np.float32)
for n in ("ln_1", "ln_2"):
    w[f"h.0.{n}.weight"] = np.ones(C, np.float32)
    w[f"h.0.{n}.bias"] = np.zeros(C, np.float32)
w["h.0.mlp.c_fc.weight"] = np.zeros((C, 4 * C), np.float32)
w["h.0.mlp.c_fc.bias"] = np.zeros(4 * C, np.float32)
w["h.0.mlp.c_proj.weight"] = np.zeros((4 * C, C), np.float32)
w["h.0.mlp.c_proj.bias"] = np.zeros(C, np.float32)
w["ln_f.weight"] = np.ones(C, np.float32)
w["ln_f.bias"] = np.zeros(C, np.float32)

header, blobs, offset = {}, [], 0
for name in sorted(w):
    data = np.ascontiguousarray(w[name], dtype="<f4").tobytes()
    header[name] = {"dtype": "F32", "shape": list(w[name].shape),
                    "data_offsets": [offset, offset + len(data)]}
    blobs.append(data)
    offset += len(data)
text = json.dumps(header).encode()
text += b" " * ((8 - len(text) % 8) % 8)
with open(os.path.join(out, "model.safetensors"), "wb") as f:
    f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))
config = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "vocab_size": V,
          "n_positions": P, "n_embd": C, "n_head": H, "n_layer": 1, "n_inner": None,
          "activation_function": "gelu_new", "layer_norm_epsilon": 1e-5,
          "bos_token_id": V - 1, "eos_token_id": V - 1, "tie_word_embeddings": True}
with open(os.path.join(out, "config.json"), "w") as f:
    json.dump(config, f, indent=1)
print("wrote", out)

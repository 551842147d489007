#!/usr/bin/python3
"""Export a training checkpoint to the Hugging Face GPT-2 folder layout.

Writes config.json, model.safetensors (F32 by default, --f16 / --bf16 for half
precision), tokenizer_config.json (the start-token policy, tokenizer_config.py), and
copies vocab.json / merges.txt next to them. The safetensors file is written
by hand: 8-byte little-endian header length, JSON header (padded with spaces to a
multiple of 8), then the raw little-endian tensor data in header order.
Tensor names follow the official `gpt2` checkpoint (no `transformer.` prefix);
Conv1D weights are stored as [in, out], i.e. the transpose of nn.Linear.
"""
import argparse
import json
import os
import shutil
import struct

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def hf_tensors(state, n_layer):
    t = {}

    def a(name):
        return state[name].detach().cpu().float().numpy()

    t["wte.weight"] = a("wte.weight")
    t["wpe.weight"] = a("wpe.weight")
    for i in range(n_layer):
        p = f"h.{i}."
        t[p + "ln_1.weight"] = a(p + "ln_1.weight")
        t[p + "ln_1.bias"] = a(p + "ln_1.bias")
        t[p + "attn.c_attn.weight"] = a(p + "c_attn.weight").T.copy()
        t[p + "attn.c_attn.bias"] = a(p + "c_attn.bias")
        t[p + "attn.c_proj.weight"] = a(p + "attn_proj.weight").T.copy()
        t[p + "attn.c_proj.bias"] = a(p + "attn_proj.bias")
        t[p + "ln_2.weight"] = a(p + "ln_2.weight")
        t[p + "ln_2.bias"] = a(p + "ln_2.bias")
        t[p + "mlp.c_fc.weight"] = a(p + "c_fc.weight").T.copy()
        t[p + "mlp.c_fc.bias"] = a(p + "c_fc.bias")
        t[p + "mlp.c_proj.weight"] = a(p + "mlp_proj.weight").T.copy()
        t[p + "mlp.c_proj.bias"] = a(p + "mlp_proj.bias")
    t["ln_f.weight"] = a("ln_f.weight")
    t["ln_f.bias"] = a("ln_f.bias")
    return t


def to_bf16_bits(a):
    """float32 -> bfloat16 bit patterns (uint16), round to nearest even, as torch does."""
    u = np.ascontiguousarray(a, dtype="<f4").view("<u4").astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype("<u2")


def write_safetensors(path, tensors, f16=False, bf16=False):
    dtype_name, np_dtype = ("F16", "<f2") if f16 else ("BF16", None) if bf16 else ("F32", "<f4")
    header = {"__metadata__": {"format": "pt"}}
    blobs = []
    off = 0
    for name in sorted(tensors):
        if bf16:
            b = to_bf16_bits(tensors[name]).tobytes()
        else:
            b = np.ascontiguousarray(tensors[name].astype(np_dtype)).tobytes()
        header[name] = {"dtype": dtype_name, "shape": list(tensors[name].shape), "data_offsets": [off, off + len(b)]}
        blobs.append(b)
        off += len(b)
    h = json.dumps(header, separators=(",", ":")).encode("utf-8")
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def read_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        s, e = info["data_offsets"]
        if info["dtype"] == "BF16":
            bits = np.frombuffer(data[s:e], dtype="<u2").astype(np.uint32) << 16
            out[name] = bits.view(np.float32).reshape(info["shape"])
            continue
        dt = {"F32": "<f4", "F16": "<f2"}[info["dtype"]]
        out[name] = np.frombuffer(data[s:e], dtype=dt).reshape(info["shape"]).astype(np.float32)
    return out


def hf_config(cfg, eot_id):
    return {
        "activation_function": "gelu_new",
        "architectures": ["GPT2LMHeadModel"],
        "attn_pdrop": 0.0,
        "bos_token_id": eot_id,
        "embd_pdrop": 0.0,
        "eos_token_id": eot_id,
        "initializer_range": 0.02,
        "layer_norm_epsilon": 1e-05,
        "model_type": "gpt2",
        "n_ctx": cfg["n_ctx"],
        "n_embd": cfg["n_embd"],
        "n_head": cfg["n_head"],
        "n_inner": None,
        "n_layer": cfg["n_layer"],
        "n_positions": cfg["n_ctx"],
        "reorder_and_upcast_attn": False,
        "resid_pdrop": 0.0,
        "scale_attn_by_inverse_layer_idx": False,
        "scale_attn_weights": True,
        "tie_word_embeddings": True,
        "torch_dtype": "float32",
        "use_cache": True,
        "vocab_size": cfg["vocab_size"],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(HERE, "work"))
    ap.add_argument("--ckpt", default=None)
    ap.add_argument("--out", default=os.path.dirname(HERE))
    ap.add_argument("--f16", action="store_true")
    ap.add_argument("--bf16", action="store_true", help="store BF16 (only if F32 would not fit the 25 MB budget)")
    args = ap.parse_args()
    ck = torch.load(args.ckpt or os.path.join(args.work, "ckpt.pt"), map_location="cpu")
    cfg = ck["cfg"]
    vocab = json.load(open(os.path.join(args.work, "vocab.json"), encoding="utf-8"))
    eot = vocab["<|endoftext|>"]
    tensors = hf_tensors(ck["model"], cfg["n_layer"])
    os.makedirs(args.out, exist_ok=True)
    write_safetensors(os.path.join(args.out, "model.safetensors"), tensors, args.f16, args.bf16)
    conf = hf_config(cfg, eot)
    if args.f16:
        conf["torch_dtype"] = "float16"
    if args.bf16:
        conf["torch_dtype"] = "bfloat16"
    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump(conf, f, indent=2)
        f.write("\n")
    for name in ["vocab.json", "merges.txt"]:
        shutil.copyfile(os.path.join(args.work, name), os.path.join(args.out, name))
    # the start-token policy the model was trained with (tokenizer_config.py), for this context
    from tokenizer_config import config as tok_config
    with open(os.path.join(args.out, "tokenizer_config.json"), "w", encoding="utf-8") as f:
        json.dump(tok_config(eot, cfg["n_ctx"]), f, indent=2, ensure_ascii=False)
        f.write("\n")
    back = read_safetensors(os.path.join(args.out, "model.safetensors"))
    assert set(back) == set(tensors)
    tol = 1e-3 if args.f16 else 8e-3 if args.bf16 else 0.0
    for k in tensors:
        assert back[k].shape == tensors[k].shape, k
        assert np.max(np.abs(back[k] - tensors[k])) <= tol * (1 + np.max(np.abs(tensors[k]))), k
    n = sum(v.size for v in tensors.values())
    print(f"exported step {ck['step']} ({n} parameters) to {args.out}")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Writes the tiny random-weight fixtures of the new families into tests/data/ (config.json
with the real checkpoints' field names, model.safetensors with their tensor names and layout),
then their reference.json from family_reference.py. Deterministic (fixed seeds).

  make_family_fixtures.py [NAME ...]      (default: all)

Shapes are scaled-down copies of the published models, keeping what matters to the forward
pass: head_dim != hidden/heads, grouped-query attention, a sliding window shorter than the
test sequences, query_pre_attn_scalar != head_dim, local/global RoPE bases that differ.
"""
import json
import os
import struct
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")


def write_safetensors(path, tensors, dtype="F32"):
    header, blobs, off = {}, [], 0
    for name, arr in tensors:
        a = np.asarray(arr, dtype=np.float32)
        if dtype == "BF16":
            u = a.view(np.uint32).astype(np.uint64)
            u = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
            raw = u.tobytes()
        else:
            raw = a.tobytes()
        header[name] = {"dtype": dtype, "shape": list(a.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    h = json.dumps(header).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def llama_like(cfg, rng, sd, norm_mean=1.0, norm_sd=0.1, kind="llama", emb_sd=0.3):
    C, V = cfg["hidden_size"], cfg["vocab_size"]
    L = cfg.get("num_hidden_layers", cfg.get("num_layers"))
    H, KV = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd, I = cfg.get("head_dim", C // H), cfg["intermediate_size"]
    n = lambda *s: rng.normal(0.0, sd, size=s)
    nw = lambda k: rng.normal(norm_mean, norm_sd, size=(k,))
    if kind == "exaone":  # EXAONE 3.5's names; c_fc_0 is the gate
        t = [("transformer.wte.weight", rng.normal(0.0, emb_sd, size=(V, C)))]
        for l in range(L):
            p = f"transformer.h.{l}."
            t += [(p + "ln_1.weight", nw(C)),
                  (p + "attn.attention.q_proj.weight", n(H * hd, C)),
                  (p + "attn.attention.k_proj.weight", n(KV * hd, C)),
                  (p + "attn.attention.v_proj.weight", n(KV * hd, C)),
                  (p + "attn.attention.out_proj.weight", n(C, H * hd)),
                  (p + "ln_2.weight", nw(C)),
                  (p + "mlp.c_fc_0.weight", n(I, C)),
                  (p + "mlp.c_fc_1.weight", n(I, C)),
                  (p + "mlp.c_proj.weight", n(C, I))]
        t.append(("transformer.ln_f.weight", nw(C)))
        if not cfg.get("tie_word_embeddings", True):
            t.append(("lm_head.weight", n(V, C)))
        return t
    t = [("model.embed_tokens.weight", rng.normal(0.0, emb_sd, size=(V, C)))]
    for l in range(L):
        p = f"model.layers.{l}."
        if kind != "exaone4":
            t.append((p + "input_layernorm.weight", nw(C)))
        t += [(p + "self_attn.q_proj.weight", n(H * hd, C)),
              (p + "self_attn.k_proj.weight", n(KV * hd, C)),
              (p + "self_attn.v_proj.weight", n(KV * hd, C)),
              (p + "self_attn.o_proj.weight", n(C, H * hd))]
        if kind in ("exaone4", "gemma3"):
            t += [(p + "self_attn.q_norm.weight", nw(hd)), (p + "self_attn.k_norm.weight", nw(hd))]
        t.append((p + "post_attention_layernorm.weight", nw(C)))
        if kind == "gemma3":
            t.append((p + "pre_feedforward_layernorm.weight", nw(C)))
        if kind in ("exaone4", "gemma3"):
            t.append((p + "post_feedforward_layernorm.weight", nw(C)))
        if kind == "hyperclovax":  # Peri-LN
            t += [(p + "post_norm1.weight", nw(C)), (p + "post_norm2.weight", nw(C))]
        t += [(p + "mlp.gate_proj.weight", n(I, C)),
              (p + "mlp.up_proj.weight", n(I, C)),
              (p + "mlp.down_proj.weight", n(C, I))]
    t.append(("model.norm.weight", nw(C)))
    if not cfg.get("tie_word_embeddings", False):
        t.append(("lm_head.weight", n(V, C)))
    return t


def base_llama(**over):
    cfg = {
        "architectures": ["LlamaForCausalLM"],
        "attention_bias": False,
        "bos_token_id": 1,
        "eos_token_id": 5000,  # outside the tiny vocabulary: greedy runs never stop early
        "hidden_act": "silu",
        "hidden_size": 64,
        "intermediate_size": 128,
        "max_position_embeddings": 256,
        "mlp_bias": False,
        "model_type": "llama",
        "num_attention_heads": 4,
        "num_hidden_layers": 3,
        "num_key_value_heads": 2,
        "rms_norm_eps": 1e-05,
        "rope_theta": 10000.0,
        "tie_word_embeddings": True,
        "torch_dtype": "float32",
        "vocab_size": 512,
    }
    cfg.update(over)
    return cfg


def midm_config():
    # Mi:dm 2.0 Mini: LlamaForCausalLM, 1792 wide, 32 heads of 128 (not 1792/32 = 56) over 8
    # kv heads, theta 8e6, tied; extra keys a Llama config does not have are ignored.
    return base_llama(head_dim=24, rope_theta=8000000.0, num_hidden_layers=3,
                      max_position_embeddings=32768, pretraining_tp=1,
                      rope_scaling=None, use_cache=True)


def exaone_config():
    # EXAONE 3.5 2.4B: ExaoneForCausalLM (remote code), 2560 wide, 32 heads over 8, 30 layers,
    # llama3 RoPE, tied; GPT-2-style key names.
    return {
        "architectures": ["ExaoneForCausalLM"],
        "activation_function": "silu",
        "attention_dropout": 0.0,
        "auto_map": {"AutoConfig": "configuration_exaone.ExaoneConfig",
                     "AutoModelForCausalLM": "modeling_exaone.ExaoneForCausalLM"},
        "bos_token_id": 1,
        "eos_token_id": 361,
        "hidden_size": 64,
        "intermediate_size": 128,
        "layer_norm_epsilon": 1e-05,
        "max_position_embeddings": 256,
        "model_type": "exaone",
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "num_layers": 3,
        "rope_scaling": {"factor": 8.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                         "original_max_position_embeddings": 64, "rope_type": "llama3"},
        "rope_theta": 1000000.0,
        "tie_word_embeddings": True,
        "torch_dtype": "float32",
        "vocab_size": 512,
    }


def granite_config():
    # Granite 3.x dense: GraniteForCausalLM with the μP scalars (logits divided by logits_scaling)
    return base_llama(architectures=["GraniteForCausalLM"], model_type="granite",
                      embedding_multiplier=12.0, residual_multiplier=0.22,
                      attention_multiplier=0.125, logits_scaling=8.0)


def hyperclovax_config():
    # HyperCLOVA X SEED Think (hyperclovax): μP scalars with logits multiplied by logits_scaling,
    # and Peri-LN (use_post_norm: a norm on each sublayer's output)
    return base_llama(architectures=["HyperCLOVAXForCausalLM"], model_type="hyperclovax",
                      embedding_multiplier=2.0, residual_multiplier=0.5,
                      attention_multiplier=0.1, logits_scaling=0.75, use_post_norm=True)


def smollm3_config():
    # SmolLM3-3B: Llama with no_rope_layers (0 = this layer turns without RoPE; every fourth)
    return base_llama(architectures=["SmolLM3ForCausalLM"], model_type="smollm3",
                      num_hidden_layers=4, no_rope_layers=[1, 1, 1, 0],
                      no_rope_layer_interval=4, use_sliding_window=False, sliding_window=None)


def exaone4_config(hybrid):
    # EXAONE-4.0-1.2B: 2048 wide, 32 heads of 64 over 8 kv heads, 30 layers, llama3 RoPE
    # (factor 16, theta 1e6), tied, no sliding window. The 32B: layer_types LLLG, window 4096,
    # NoPE on the global layers.
    L = 4 if hybrid else 3
    cfg = {
        "architectures": ["Exaone4ForCausalLM"],
        "attention_dropout": 0.0,
        "bos_token_id": 1,
        "eos_token_id": 2,
        # llama.cpp's exaone4 requires heads x head_dim = hidden (attn_output is [n_embd, n_embd])
        "head_dim": 16,
        "hidden_act": "silu",
        "hidden_size": 64,
        "initializer_range": 0.02,
        "intermediate_size": 128,
        "max_position_embeddings": 256,
        "model_type": "exaone4",
        "num_attention_heads": 4,
        "num_hidden_layers": L,
        "num_key_value_heads": 2,
        "pad_token_id": 0,
        "rms_norm_eps": 1e-05,
        "rope_scaling": {"factor": 16.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                         "original_max_position_embeddings": 64, "rope_type": "llama3"},
        "rope_theta": 1000000.0,
        "sliding_window": 4 if hybrid else None,
        "sliding_window_pattern": 4 if hybrid else None,
        "layer_types": (["sliding_attention"] * 3 + ["full_attention"]) if hybrid
        else ["full_attention"] * L,
        "tie_word_embeddings": True,
        "torch_dtype": "float32",
        "transformers_version": "4.54.0",
        "use_cache": True,
        "vocab_size": 512,
    }
    return cfg


def gemma3_config():
    # gemma-3-270m: 640 wide, 4 heads of 256 over 1 kv head, 18 layers, 5 sliding (window 512,
    # local base 1e4) to 1 global (theta 1e6), query_pre_attn_scalar 256, tied, vocab 262144.
    L = 6
    return {
        "architectures": ["Gemma3ForCausalLM"],
        "_sliding_window_pattern": 6,
        "attention_bias": False,
        "attention_dropout": 0.0,
        "attn_logit_softcapping": None,
        "bos_token_id": 2,
        "eos_token_id": 1,
        "final_logit_softcapping": None,
        "head_dim": 32,
        "hidden_activation": "gelu_pytorch_tanh",
        "hidden_size": 48,
        "initializer_range": 0.02,
        "intermediate_size": 96,
        "layer_types": ["sliding_attention" if (i + 1) % 6 else "full_attention" for i in range(L)],
        "max_position_embeddings": 512,
        "model_type": "gemma3_text",
        "num_attention_heads": 4,
        "num_hidden_layers": L,
        "num_key_value_heads": 2,
        "pad_token_id": 0,
        "query_pre_attn_scalar": 20,
        "rms_norm_eps": 1e-06,
        "rope_local_base_freq": 10000.0,
        "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
        "rope_theta": 1000000.0,
        "sliding_window": 4,
        "tie_word_embeddings": True,
        "torch_dtype": "float32",
        "transformers_version": "4.55.0",
        "use_bidirectional_attention": False,
        "use_cache": True,
        "vocab_size": 512,
    }


FIXTURES = {
    # name: (config, kind, weight sd, norm mean, norm sd, seed, embedding sd)
    "exaone4-tiny": (lambda: exaone4_config(False), "exaone4", 0.25, 1.0, 0.1, 41, 0.25),
    "exaone4-hybrid-tiny": (lambda: exaone4_config(True), "exaone4", 0.25, 1.0, 0.1, 42, 0.25),
    # Gemma stores w for a norm that multiplies by 1 + w
    "gemma3-tiny": (gemma3_config, "gemma3", 0.25, 0.0, 0.3, 43, 0.2),
    "midm-tiny": (midm_config, "llama", 0.25, 1.0, 0.1, 44, 0.15),
    "exaone-tiny": (exaone_config, "exaone", 0.25, 1.0, 0.1, 45, 0.15),
    "granite-tiny": (granite_config, "llama", 0.25, 1.0, 0.1, 46, 1.0),
    "hyperclovax-tiny": (hyperclovax_config, "hyperclovax", 0.25, 1.0, 0.1, 47, 0.15),
    "smollm3-tiny": (smollm3_config, "llama", 0.25, 1.0, 0.1, 48, 0.15),
}

SEQS = {
    "lengths": [1, 6, 17, 24],
    "greedy_prompt": 5,
    "steps": 20,
}


def make(name):
    make_cfg, kind, sd, nm, ns, seed, emb_sd = FIXTURES[name]
    cfg = make_cfg()
    rng = np.random.default_rng(seed)
    out = os.path.join(DATA, name)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
        f.write("\n")
    write_safetensors(os.path.join(out, "model.safetensors"),
                      llama_like(cfg, rng, sd, nm, ns, kind, emb_sd))
    ids_rng = np.random.default_rng(seed + 1000)
    V = cfg["vocab_size"]
    args = ["/usr/bin/python3", os.path.join(HERE, "family_reference.py"), out, "--full-logits"]
    for n in SEQS["lengths"]:
        args += ["--ids", ",".join(str(int(x)) for x in ids_rng.integers(3, V, size=n))]
    prompt = ",".join(str(int(x)) for x in ids_rng.integers(3, V, size=SEQS["greedy_prompt"]))
    args += ["--greedy", prompt, "--steps", str(SEQS["steps"])]
    subprocess.check_call(args + ["--out", os.path.join(out, "reference.json")])
    if kind == "gemma3":
        # What llama.cpp computes from the GGUF conversion (attention scale 1/sqrt(head_dim)
        # instead of query_pre_attn_scalar^-0.5): the GGUF tests' reference.
        subprocess.check_call(args + ["--llama-cpp", "--out",
                                      os.path.join(out, "reference_llama_cpp.json")])
    print("wrote", out)


if __name__ == "__main__":
    for n in sys.argv[1:] or sorted(FIXTURES):
        make(n)

#!/usr/bin/python3
"""An independent numpy forward pass of the decoder families added after Llama/Qwen (EXAONE 4,
Gemma 3, EXAONE 3.5, Granite / HyperCLOVA X, SmolLM3), plus llama/qwen2/qwen3 so that it can be
checked against the transformers-made references in tests/data/*-tiny. Written from
transformers' modeling files (models/llama, qwen3, exaone4, gemma3, granite, smollm3) and
llama.cpp's graphs, nothing of the engine's. Computes in float64 from the stored weights,
full recompute (no cache).

  family_reference.py MODEL_DIR --ids 1,2,3 [--ids ...] [--greedy 1,2,3 --steps 24]
                      [--full-logits] [--llama-cpp] [--out reference.json]

--llama-cpp computes what llama.cpp computes from the GGUF conversion of the folder where the
two differ (Gemma 3: attention scale 1/sqrt(head_dim) instead of query_pre_attn_scalar^-0.5
and the embedding scale sqrt(hidden) unrounded; EXAONE 4 below 64 layers: no sliding window
and RoPE on every layer), so the same code can be checked against llama.cpp's logits. The
output has the fields of ../shared/oracle's reference.json: per sequence ids, logsumexp,
last_logits, logits (--full-logits), attentions [layer][head][T][T], final_hidden,
top20_ids; and greedy {prompt, output}.
"""
import argparse
import json
import math
import os
import struct
import sys

import numpy as np


def bf16_to_f32(raw):
    u = np.frombuffer(raw, dtype=np.uint16).astype(np.uint32) << 16
    return u.view(np.float32)


def read_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        a, b = info["data_offsets"]
        raw = data[a:b]
        dt = info["dtype"]
        if dt == "F32":
            v = np.frombuffer(raw, dtype=np.float32)
        elif dt == "F16":
            v = np.frombuffer(raw, dtype=np.float16).astype(np.float32)
        elif dt == "BF16":
            v = bf16_to_f32(raw)
        else:
            raise SystemExit(f"{path}: tensor {name} has dtype {dt}")
        out[name] = (v.reshape(info["shape"]).astype(np.float64), dt)
    return out


def round_to(x, dt):
    """x (a python float) rounded to the storage type dt, as torch's .to(dtype) does."""
    f = np.float32(x)
    if dt == "F16":
        return float(np.float16(f))
    if dt == "BF16":
        u = int(np.array([f], dtype=np.float32).view(np.uint32)[0])
        u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000  # round to nearest even
        return float(np.array([u], dtype=np.uint32).view(np.float32)[0])
    return float(f)


class Cfg:
    """The switches of one family, read from config.json with transformers' defaults."""

    def __init__(self, j, llama_cpp=False):
        t = j["model_type"]
        if t == "gemma3":
            top = j
            j = dict(j["text_config"])
            for k in ("bos_token_id", "eos_token_id"):
                if k in top and k not in j:
                    j[k] = top[k]
            t = "gemma3_text"
        self.type = t
        g = j.get
        gemma = t == "gemma3_text"
        exaone = t == "exaone"
        self.vocab = g("vocab_size", 262208 if gemma else None)
        self.hidden = g("hidden_size")
        self.layers = g("num_layers") if exaone else g("num_hidden_layers")
        self.heads = g("num_attention_heads", 8 if gemma else None)
        self.kv_heads = g("num_key_value_heads") or (4 if gemma else self.heads)
        self.head_dim = g("head_dim") or (256 if gemma else self.hidden // self.heads)
        self.inner = g("intermediate_size")
        if exaone:
            self.eps = g("layer_norm_epsilon", 1e-5)
            self.act = g("activation_function", "silu")
        else:
            default_eps = 1e-5 if t == "exaone4" else 1e-6
            self.eps = g("rms_norm_eps", default_eps)
            self.act = g("hidden_activation") or g("hidden_act") or (
                "gelu_pytorch_tanh" if gemma else "silu")
        self.tied = g("tie_word_embeddings", True if gemma or exaone else False)
        self.qk_norm = t in ("qwen3", "exaone4", "gemma3_text")
        self.pre_norms = t != "exaone4"
        self.post_norms = t in ("exaone4", "gemma3_text") or (
            t == "hyperclovax" and g("use_post_norm", True))
        self.norm_plus_one = gemma
        self.qkv_bias = t == "qwen2" or bool(g("attention_bias", False))
        self.out_bias = t != "qwen2" and bool(g("attention_bias", False))
        self.mlp_bias = bool(g("mlp_bias", False))
        self.scale = self.head_dim ** -0.5
        self.attn_softcap = g("attn_logit_softcapping") if gemma else None
        self.final_softcap = g("final_logit_softcapping") if gemma else None
        self.embed_mult = 1.0
        self.residual_mult = 1.0
        self.logit_mult = 1.0
        if gemma:
            self.scale = g("query_pre_attn_scalar", 256) ** -0.5
            if llama_cpp:
                self.scale = (self.head_dim if self.layers != 62 else
                              self.hidden // self.heads) ** -0.5
        if t in ("granite", "hyperclovax"):
            self.embed_mult = g("embedding_multiplier", 1.0)
            self.residual_mult = g("residual_multiplier", 1.0)
            self.scale = g("attention_multiplier", 1.0 if t == "granite" else self.scale)
            ls = g("logits_scaling", 1.0)
            self.logit_mult = 1.0 / ls if t == "granite" else ls
        self.gemma = gemma
        self.llama_cpp = llama_cpp
        # RoPE: global base and scaling, local base
        theta = g("rope_theta", 1e6 if gemma else 10000.0)
        scaling = g("rope_scaling")
        local_theta = g("rope_local_base_freq", 10000.0) if gemma else None
        rp = g("rope_parameters")
        if isinstance(rp, dict) and ("full_attention" in rp or "sliding_attention" in rp):
            full = rp.get("full_attention") or {}
            theta = full.get("rope_theta", theta)
            scaling = full if full.get("rope_type", "default") != "default" else scaling
            if "sliding_attention" in rp:
                local_theta = rp["sliding_attention"].get("rope_theta", local_theta)
        elif isinstance(rp, dict):
            theta = rp.get("rope_theta", theta)
            if rp.get("rope_type", "default") != "default":
                scaling = rp
        self.theta, self.scaling, self.local_theta = theta, scaling, local_theta
        # which layers slide, which turn
        L = self.layers
        self.window = None
        self.sliding = [False] * L
        self.rope = [True] * L
        if gemma:
            self.window = g("sliding_window", 4096)
            if j.get("layer_types") is not None:
                self.sliding = [x == "sliding_attention" for x in j["layer_types"]]
            else:
                p = g("sliding_window_pattern", 6)
                self.sliding = [(i + 1) % p != 0 for i in range(L)]
        elif t == "exaone4" and not (llama_cpp and L != 64):
            sw = j["sliding_window"] if "sliding_window" in j else 4096
            if sw is not None:
                self.window = sw
                if j.get("layer_types") is not None:
                    self.sliding = [x == "sliding_attention" for x in j["layer_types"]]
                else:
                    p = j.get("sliding_window_pattern", 4)
                    if isinstance(p, str):
                        self.sliding = [p[i % len(p)] == "L" for i in range(L)]
                    else:
                        self.sliding = [(i + 1) % p != 0 for i in range(L)]
                self.rope = list(self.sliding)  # the global layers: NoPE
        elif t == "smollm3":
            nr = g("no_rope_layers")
            if nr is None:
                nr = [int((i + 1) % g("no_rope_layer_interval", 4) != 0) for i in range(L)]
            self.rope = [bool(x) for x in nr]


def inv_freq(dim, base, scaling):
    # torch: 1 / base ** (arange(0, dim, 2, float) / dim), float32
    expo = np.arange(0, dim, 2, dtype=np.int64).astype(np.float32) / np.float32(dim)
    inv = (1.0 / (np.float64(base) ** expo.astype(np.float64))).astype(np.float32)
    kind = (scaling or {}).get("rope_type", (scaling or {}).get("type", "default"))
    if kind == "default":
        return inv.astype(np.float64)
    if kind == "linear":
        return (inv / np.float32(scaling["factor"])).astype(np.float64)
    if kind == "llama3":
        factor = scaling.get("factor", 8.0)
        lo = scaling.get("low_freq_factor", 1.0)
        hi = scaling.get("high_freq_factor", 4.0)
        old = scaling.get("original_max_position_embeddings", 8192)
        inv = inv.astype(np.float64)
        wavelen = 2 * math.pi / inv
        out = np.where(wavelen > old / lo, inv / factor, inv)
        smooth = (old / wavelen - lo) / (hi - lo)
        smoothed = (1 - smooth) * out / factor + smooth * out
        medium = ~(wavelen < old / hi) & ~(wavelen > old / lo)
        return np.where(medium, smoothed, out)
    raise SystemExit(f"rope type {kind} not in this reference")


def rope(x, pos, inv):
    # x [T, heads, d]; rotate-half pairing; angle rounded to fp32 as torch computes it
    ang = (pos[:, None].astype(np.float32) * inv.astype(np.float32)[None, :]).astype(np.float64)
    cos = np.concatenate([np.cos(ang), np.cos(ang)], axis=-1)[:, None, :]
    sin = np.concatenate([np.sin(ang), np.sin(ang)], axis=-1)[:, None, :]
    h = x.shape[-1] // 2
    rot = np.concatenate([-x[..., h:], x[..., :h]], axis=-1)
    return x * cos + rot * sin


def rms(x, w, eps, plus_one=False):
    v = np.mean(x * x, axis=-1, keepdims=True)
    y = x / np.sqrt(v + eps)
    return y * ((1.0 + w) if plus_one else w)


def act(x, name):
    if name in ("silu", "swish"):
        return x / (1.0 + np.exp(-x))
    if name in ("gelu_pytorch_tanh", "gelu_new", "gelu_fast"):
        return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))
    raise SystemExit(f"activation {name} not in this reference")


class Model:
    def __init__(self, folder, llama_cpp=False):
        self.cfg = Cfg(json.load(open(os.path.join(folder, "config.json"))), llama_cpp)
        self.w = read_safetensors(os.path.join(folder, "model.safetensors"))
        c = self.cfg
        names = list(self.w)
        if c.type == "exaone":
            self.prefix = "transformer."
        elif any(n.startswith("model.language_model.") for n in names):
            self.prefix = "model.language_model."
        elif any(n.startswith("language_model.model.") for n in names):
            self.prefix = "language_model.model."
        else:
            self.prefix = "model."
        self.inv = inv_freq(c.head_dim, c.theta, c.scaling)
        self.inv_local = inv_freq(c.head_dim, c.local_theta, None) if c.local_theta else self.inv

    def t(self, name):
        return self.w[name][0]

    def names(self, l):
        c, p = self.cfg, self.prefix
        if c.type == "exaone":
            b = p + f"h.{l}."
            return {
                "q": b + "attn.attention.q_proj.weight", "k": b + "attn.attention.k_proj.weight",
                "v": b + "attn.attention.v_proj.weight", "o": b + "attn.attention.out_proj.weight",
                "ln1": b + "ln_1.weight", "ln2": b + "ln_2.weight",
                # EXAONE 3.5: c_fc_0 is the gate, c_fc_1 the up projection
                "gate": b + "mlp.c_fc_0.weight", "up": b + "mlp.c_fc_1.weight",
                "down": b + "mlp.c_proj.weight",
            }
        b = p + f"layers.{l}."
        return {
            "q": b + "self_attn.q_proj.weight", "k": b + "self_attn.k_proj.weight",
            "v": b + "self_attn.v_proj.weight", "o": b + "self_attn.o_proj.weight",
            "ln1": b + "input_layernorm.weight",
            "ln2": b + ("pre_feedforward_layernorm.weight" if c.gemma
                        else "post_attention_layernorm.weight"),
            "post_attn": b + ("post_norm1.weight" if c.type == "hyperclovax"
                              else "post_attention_layernorm.weight"),
            "post_ffn": b + ("post_norm2.weight" if c.type == "hyperclovax"
                             else "post_feedforward_layernorm.weight"),
            "qn": b + "self_attn.q_norm.weight", "kn": b + "self_attn.k_norm.weight",
            "gate": b + "mlp.gate_proj.weight", "up": b + "mlp.up_proj.weight",
            "down": b + "mlp.down_proj.weight",
        }

    def forward(self, ids):
        c, p = self.cfg, self.prefix
        T = len(ids)
        pos = np.arange(T)
        emb, emb_dt = self.w[p + ("wte.weight" if c.type == "exaone" else "embed_tokens.weight")]
        x = emb[ids].copy()
        if c.gemma:
            s = math.sqrt(c.hidden)
            x = x * (float(np.float32(s)) if c.llama_cpp else round_to(s, emb_dt))
        x = x * c.embed_mult
        atts = []
        bias = lambda n: self.t(n[: -len("weight")] + "bias")
        for l in range(c.layers):
            n = self.names(l)
            h = rms(x, self.t(n["ln1"]), c.eps, c.norm_plus_one) if c.pre_norms else x
            q, k, v = (h @ self.t(n[key]).T for key in "qkv")
            if c.qkv_bias:
                q, k, v = q + bias(n["q"]), k + bias(n["k"]), v + bias(n["v"])
            q = q.reshape(T, c.heads, c.head_dim)
            k = k.reshape(T, c.kv_heads, c.head_dim)
            v = v.reshape(T, c.kv_heads, c.head_dim)
            if c.qk_norm:
                q = rms(q, self.t(n["qn"]), c.eps, c.norm_plus_one)
                k = rms(k, self.t(n["kn"]), c.eps, c.norm_plus_one)
            if c.rope[l]:
                inv = self.inv_local if (c.gemma and c.sliding[l]) else self.inv
                q, k = rope(q, pos, inv), rope(k, pos, inv)
            group = c.heads // c.kv_heads
            mask = np.tril(np.ones((T, T), dtype=bool))
            if c.window is not None and c.sliding[l]:
                i, j = np.meshgrid(np.arange(T), np.arange(T), indexing="ij")
                mask &= j > i - c.window  # query i sees keys i - W < j <= i
            out = np.zeros((T, c.heads, c.head_dim))
            layer_att = []
            for hh in range(c.heads):
                g = hh // group
                sc = (q[:, hh, :] @ k[:, g, :].T) * c.scale
                if c.attn_softcap:
                    sc = c.attn_softcap * np.tanh(sc / c.attn_softcap)
                sc = np.where(mask, sc, -np.inf)
                sc = sc - sc.max(axis=-1, keepdims=True)
                pr = np.exp(sc)
                pr /= pr.sum(axis=-1, keepdims=True)
                layer_att.append(pr)
                out[:, hh, :] = pr @ v[:, g, :]
            atts.append(layer_att)
            a = out.reshape(T, c.heads * c.head_dim) @ self.t(n["o"]).T
            if c.out_bias:
                a = a + bias(n["o"])
            if c.post_norms:
                a = rms(a, self.t(n["post_attn"]), c.eps, c.norm_plus_one)
            x = x + a * c.residual_mult
            h = rms(x, self.t(n["ln2"]), c.eps, c.norm_plus_one) if c.pre_norms else x
            gate, up = h @ self.t(n["gate"]).T, h @ self.t(n["up"]).T
            if c.mlp_bias:
                gate, up = gate + bias(n["gate"]), up + bias(n["up"])
            m = (act(gate, c.act) * up) @ self.t(n["down"]).T
            if c.mlp_bias:
                m = m + bias(n["down"])
            if c.post_norms:
                m = rms(m, self.t(n["post_ffn"]), c.eps, c.norm_plus_one)
            x = x + m * c.residual_mult
        fin = rms(x, self.t(p + ("ln_f.weight" if c.type == "exaone" else "norm.weight")), c.eps,
                  c.norm_plus_one)
        head = emb
        if not c.tied:
            for name in ("lm_head.weight", "language_model.lm_head.weight"):
                if name in self.w:
                    head = self.t(name)
        logits = (fin @ head.T) * c.logit_mult
        if c.final_softcap:
            logits = c.final_softcap * np.tanh(logits / c.final_softcap)
        return logits, atts, fin


def logsumexp(v):
    m = v.max()
    return float(m + math.log(np.exp(v - m).sum()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--ids", action="append", required=True)
    ap.add_argument("--greedy")
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--llama-cpp", action="store_true")
    ap.add_argument("--full-logits", action="store_true")
    ap.add_argument("--out")
    a = ap.parse_args()
    m = Model(a.model, a.llama_cpp)
    seqs = []
    for s in a.ids:
        ids = [int(x) for x in s.split(",")]
        logits, atts, fin = m.forward(ids)
        seq = {
            "ids": ids,
            "logsumexp": [logsumexp(r) for r in logits],
            "last_logits": logits[-1].tolist(),
            "top20_ids": [list(map(int, np.argsort(-r, kind="stable")[:20])) for r in logits],
            "attentions": [[h.tolist() for h in layer] for layer in atts],
            "final_hidden": fin.tolist(),
        }
        if a.full_logits:
            seq["logits"] = logits.tolist()
        seqs.append(seq)
    out = {"generator": "tests/reference/family_reference.py" + (" --llama-cpp" if a.llama_cpp else ""),
           "sequences": seqs}
    if a.greedy:
        ids = [int(x) for x in a.greedy.split(",")]
        prompt = list(ids)
        for _ in range(a.steps):
            logits, _, _ = m.forward(ids)
            ids.append(int(np.argmax(logits[-1])))
        out["greedy"] = {"prompt": prompt, "output": ids}
    text = json.dumps(out)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()

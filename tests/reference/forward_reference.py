#!/usr/bin/python3
"""An independent numpy forward pass of the families Tokenscope runs from Hugging Face folders
(GPT-2, Llama, Qwen2, Qwen3), written from the transformers modeling files' definitions, with the
interventions of tokenscope-cli (docs/cli.md, "Interventions") implemented from their written
definitions, not from the engine's code:

  zero ablation   head H of layer L outputs 0 at every position, before the output projection
                  (the projection's bias stays);
  mean ablation   it outputs its mean over the prompt's positions in an unablated pass;
  logit bias      VALUE added to the logit before the softmax; a ban gives probability 0;
  residual patch  the residual entering block l at position p replaced by another run's;
  steering        S * (mean residual entering block l over the positive prompt's positions
                  after any start token - the same for the negative prompt) added at every
                  position.

Full recompute, float64 throughout (the engine's float32 must agree within tolerance).

Usage (prints JSON on stdout):
  forward_reference.py trace MODEL_DIR --ids 1,2,3 [--ablate L:H,...] [--ablate-mode zero|mean]
      [--logit-bias ID:V,...] [--ban ID,...] [--top 20] [--steer-layer L --steer-strength S
      --steer-positive-ids .. --steer-negative-ids .. --steer-skip-first]
  forward_reference.py patch MODEL_DIR --clean-ids .. --corrupt-ids .. --answer-id A --wrong-id W
  forward_reference.py selftest ORACLE_MODEL_DIR    reproduce reference.json (logits, attention)
"""
import argparse
import json
import os
import struct
import sys

import numpy as np


def load_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        base = 8 + n
        data = f.read()
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        a, b = info["data_offsets"]
        raw = data[a:b]
        dtype = info["dtype"]
        if dtype == "F32":
            arr = np.frombuffer(raw, dtype="<f4")
        elif dtype == "F16":
            arr = np.frombuffer(raw, dtype="<f2").astype(np.float32)
        elif dtype == "BF16":
            u = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16
            arr = u.view(np.float32)
        else:
            raise SystemExit(f"{path}: tensor {name} has dtype {dtype}, not handled here")
        out[name] = arr.reshape(info["shape"]).astype(np.float64)
    del base
    return out


class Model:
    def __init__(self, folder):
        with open(os.path.join(folder, "config.json")) as f:
            self.cfg = json.load(f)
        self.w = load_safetensors(os.path.join(folder, "model.safetensors"))
        c = self.cfg
        self.kind = c["model_type"]
        if self.kind == "gpt2":
            self.n_layer, self.n_head, self.d = c["n_layer"], c["n_head"], c["n_embd"]
            self.n_kv = self.n_head
            self.hd = self.d // self.n_head
            self.eps = c.get("layer_norm_epsilon", 1e-5)
            self.prefix = "transformer." if "transformer.wte.weight" in self.w else ""
        else:
            self.n_layer = c["num_hidden_layers"]
            self.n_head = c["num_attention_heads"]
            self.n_kv = c.get("num_key_value_heads") or self.n_head
            self.d = c["hidden_size"]
            self.hd = c.get("head_dim") or self.d // self.n_head
            self.eps = c.get("rms_norm_eps", 1e-6)
            rope = c.get("rope_parameters") or {}
            self.theta = rope.get("rope_theta", c.get("rope_theta", 10000.0))
            if (c.get("rope_scaling") or {}).get("rope_type", "default") not in ("default",):
                raise SystemExit("rope scaling is not implemented in this reference")

    # --- pieces -----------------------------------------------------------------------
    def g(self, name):
        return self.w[name]

    @staticmethod
    def layer_norm(x, w, b, eps):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + eps) * w + b

    @staticmethod
    def rms_norm(x, w, eps):
        return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * w

    def rope(self, x, positions):  # x [T, heads, hd], rotate-half pairing (transformers)
        half = self.hd // 2
        inv = 1.0 / (self.theta ** (np.arange(0, half) * 2.0 / self.hd))
        ang = positions[:, None] * inv[None, :]
        cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
        a, b = x[..., :half], x[..., half:]
        return np.concatenate([a * cos - b * sin, b * cos + a * sin], axis=-1)

    def embed(self, ids):
        if self.kind == "gpt2":
            p = self.prefix
            return self.g(p + "wte.weight")[ids] + self.g(p + "wpe.weight")[np.arange(len(ids))]
        return self.g("model.embed_tokens.weight")[ids]

    def attention_inputs(self, l, x):
        T = x.shape[0]
        if self.kind == "gpt2":
            p = f"{self.prefix}h.{l}."
            h = self.layer_norm(x, self.g(p + "ln_1.weight"), self.g(p + "ln_1.bias"), self.eps)
            qkv = h @ self.g(p + "attn.c_attn.weight") + self.g(p + "attn.c_attn.bias")
            q, k, v = np.split(qkv, 3, axis=-1)
            shape = (T, self.n_head, self.hd)
            return q.reshape(shape), k.reshape(shape), v.reshape(shape)
        p = f"model.layers.{l}."
        h = self.rms_norm(x, self.g(p + "input_layernorm.weight"), self.eps)

        def proj(name, heads):
            y = h @ self.g(p + f"self_attn.{name}.weight").T
            bias = p + f"self_attn.{name}.bias"
            if bias in self.w:
                y = y + self.w[bias]
            return y.reshape(T, heads, self.hd)

        q, k, v = proj("q_proj", self.n_head), proj("k_proj", self.n_kv), proj("v_proj", self.n_kv)
        if self.kind == "qwen3":
            q = self.rms_norm(q, self.g(p + "self_attn.q_norm.weight"), self.eps)
            k = self.rms_norm(k, self.g(p + "self_attn.k_norm.weight"), self.eps)
        pos = np.arange(T, dtype=np.float64)
        return self.rope(q, pos), self.rope(k, pos), v

    def out_proj(self, l, o):  # o [T, heads * hd]
        if self.kind == "gpt2":
            p = f"{self.prefix}h.{l}."
            return o @ self.g(p + "attn.c_proj.weight") + self.g(p + "attn.c_proj.bias")
        p = f"model.layers.{l}."
        y = o @ self.g(p + "self_attn.o_proj.weight").T
        if p + "self_attn.o_proj.bias" in self.w:
            y = y + self.w[p + "self_attn.o_proj.bias"]
        return y

    def mlp(self, l, x):
        if self.kind == "gpt2":
            p = f"{self.prefix}h.{l}."
            h = self.layer_norm(x, self.g(p + "ln_2.weight"), self.g(p + "ln_2.bias"), self.eps)
            a = h @ self.g(p + "mlp.c_fc.weight") + self.g(p + "mlp.c_fc.bias")
            a = 0.5 * a * (1 + np.tanh(np.sqrt(2 / np.pi) * (a + 0.044715 * a ** 3)))
            return a @ self.g(p + "mlp.c_proj.weight") + self.g(p + "mlp.c_proj.bias")
        p = f"model.layers.{l}."
        h = self.rms_norm(x, self.g(p + "post_attention_layernorm.weight"), self.eps)
        gate = h @ self.g(p + "mlp.gate_proj.weight").T
        up = h @ self.g(p + "mlp.up_proj.weight").T
        return (gate / (1 + np.exp(-gate)) * up) @ self.g(p + "mlp.down_proj.weight").T

    def head(self, x):
        if self.kind == "gpt2":
            p = self.prefix
            h = self.layer_norm(x, self.g(p + "ln_f.weight"), self.g(p + "ln_f.bias"), self.eps)
            return h @ self.g(p + "wte.weight").T
        h = self.rms_norm(x, self.g("model.norm.weight"), self.eps)
        out = self.w.get("lm_head.weight", self.w["model.embed_tokens.weight"])
        return h @ out.T

    # --- the pass ---------------------------------------------------------------------
    def forward(self, ids, ablate=(), ablate_means=None, patches=None, steer=None):
        """ids: list of ints. ablate: [(layer0, head0)]. ablate_means: {(l, h): [hd]}.
        patches: {(layer0, pos): row}. steer: (layer0, vector). Returns logits [T, V],
        attentions [L][H][T][T], block inputs [L][T, d], head outputs [L][T, H, hd]."""
        ids = np.asarray(ids)
        T = len(ids)
        x = self.embed(ids)
        mask = np.tril(np.ones((T, T), dtype=bool))
        attn_all, block_in, head_out = [], [], []
        group = self.n_head // self.n_kv
        for l in range(self.n_layer):
            if patches:
                for (pl, pos), row in patches.items():
                    if pl == l:
                        x = x.copy()
                        x[pos] = row
            if steer is not None and steer[0] == l:
                x = x + steer[1][None, :]
            block_in.append(x.copy())
            q, k, v = self.attention_inputs(l, x)
            heads = np.zeros((T, self.n_head, self.hd))
            probs_l = []
            for h in range(self.n_head):
                kv = h // group
                s = q[:, h, :] @ k[:, kv, :].T / np.sqrt(self.hd)
                s = np.where(mask, s, -np.inf)
                s = s - s.max(-1, keepdims=True)
                p = np.exp(s)
                p /= p.sum(-1, keepdims=True)
                probs_l.append(p)
                heads[:, h, :] = p @ v[:, kv, :]
            head_out.append(heads.copy())
            for (al, ah) in ablate:
                if al == l:
                    if ablate_means is not None:
                        heads[:, ah, :] = ablate_means[(al, ah)][None, :]
                    else:
                        heads[:, ah, :] = 0.0
            attn_all.append(probs_l)
            x = x + self.out_proj(l, heads.reshape(T, -1))
            x = x + self.mlp(l, x)
        return self.head(x), attn_all, block_in, head_out


def logsumexp(v):
    m = np.max(v)
    if not np.isfinite(m):
        return float(m)
    return float(m + np.log(np.exp(v - m).sum()))


def adjust(logits, bias, ban):
    out = logits.copy()
    for tok, val in bias:
        out[tok] += val
    for tok in ban:
        out[tok] = -np.inf
    return out


def parse_heads(text):
    heads = []
    for item in filter(None, (text or "").split(",")):
        l, h = item.split(":")
        heads.append((int(l) - 1, int(h) - 1))
    return heads


def ids_arg(text):
    return [int(t) for t in text.split(",") if t != ""]


def cmd_trace(a):
    m = Model(a.model)
    ids = ids_arg(a.ids)
    ablate = parse_heads(a.ablate)
    means = None
    if ablate and a.ablate_mode == "mean":
        _, _, _, head_out = m.forward(ids)
        means = {(l, h): head_out[l][:, h, :].mean(0) for (l, h) in ablate}
    steer = None
    if a.steer_layer:
        L = a.steer_layer - 1
        skip = 1 if a.steer_skip_first else 0
        _, _, bp, _ = m.forward(ids_arg(a.steer_positive_ids))
        _, _, bn, _ = m.forward(ids_arg(a.steer_negative_ids))
        direction = bp[L][skip:].mean(0) - bn[L][skip:].mean(0)
        steer = (L, a.steer_strength * direction)
    logits, attn, _, _ = m.forward(ids, ablate, means, steer=steer)
    bias = [(int(k), float(v)) for k, v in (e.split(":") for e in filter(None, a.logit_bias.split(",")))]
    ban = [int(t) for t in filter(None, a.ban.split(","))]
    rows = [adjust(r, bias, ban) for r in logits]
    last = rows[-1]
    p = np.exp(last - logsumexp(last))
    order = sorted(range(len(p)), key=lambda i: (-p[i], i))[: a.top]
    out = {
        "ids": ids,
        "logsumexp": [logsumexp(r) for r in rows],
        "top": [{"id": i, "prob": float(p[i])} for i in order],
        "attentions": [[pr.tolist() for pr in layer] for layer in attn],
    }
    print(json.dumps(out))


def patch_matrix(m, clean, corrupt, answer, wrong):
    lc, _, clean_in, _ = m.forward(clean)
    lk, _, _, _ = m.forward(corrupt)
    d_clean = lc[-1][answer] - lc[-1][wrong]
    d_corrupt = lk[-1][answer] - lk[-1][wrong]
    if abs(d_clean - d_corrupt) < 1e-6:
        raise SystemExit("the answer/wrong pair does not separate the prompts")
    mat = []
    for l in range(m.n_layer):
        row = []
        for p in range(len(corrupt)):
            lp, _, _, _ = m.forward(corrupt, patches={(l, p): clean_in[l][p]})
            d = lp[-1][answer] - lp[-1][wrong]
            row.append(float((d - d_corrupt) / (d_clean - d_corrupt)))
        mat.append(row)
    return float(d_clean), float(d_corrupt), mat


def cmd_patch(a):
    m = Model(a.model)
    dc, dk, mat = patch_matrix(m, ids_arg(a.clean_ids), ids_arg(a.corrupt_ids), a.answer_id, a.wrong_id)
    print(json.dumps({"clean_diff": dc, "corrupt_diff": dk, "resid_pre": mat}))


def cmd_selftest(a):
    m = Model(a.model)
    with open(os.path.join(a.model, "reference.json")) as f:
        ref = json.load(f)
    worst_logit = worst_attn = 0.0
    for seq in ref["sequences"]:
        logits, attn, _, _ = m.forward(seq["ids"])
        last = np.asarray(seq["last_logits"])
        worst_logit = max(worst_logit, float(np.max(np.abs(logits[-1] - last) / np.maximum(1, np.abs(last)))))
        if "attentions" in seq:
            worst_attn = max(worst_attn, float(np.max(np.abs(np.asarray(attn) - np.asarray(seq["attentions"])))))
    print(json.dumps({"max_logit_rel": worst_logit, "max_attention_abs": worst_attn}))
    if worst_logit > 1e-4 or worst_attn > 1e-5:
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("trace")
    t.add_argument("model")
    t.add_argument("--ids", required=True)
    t.add_argument("--ablate", default="")
    t.add_argument("--ablate-mode", default="zero", choices=["zero", "mean"])
    t.add_argument("--logit-bias", default="")
    t.add_argument("--ban", default="")
    t.add_argument("--top", type=int, default=20)
    t.add_argument("--steer-layer", type=int, default=0)
    t.add_argument("--steer-strength", type=float, default=0.0)
    t.add_argument("--steer-positive-ids", default="")
    t.add_argument("--steer-negative-ids", default="")
    t.add_argument("--steer-skip-first", action="store_true")
    p = sub.add_parser("patch")
    p.add_argument("model")
    p.add_argument("--clean-ids", required=True)
    p.add_argument("--corrupt-ids", required=True)
    p.add_argument("--answer-id", type=int, required=True)
    p.add_argument("--wrong-id", type=int, required=True)
    s = sub.add_parser("selftest")
    s.add_argument("model")
    a = ap.parse_args()
    {"trace": cmd_trace, "patch": cmd_patch, "selftest": cmd_selftest}[a.cmd](a)


if __name__ == "__main__":
    main()

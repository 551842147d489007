"""Initialise a GPT so that it can copy from its context from step 0.

Why: a transformer copies from its context with an *induction circuit*: a previous-token
head in one layer writes "the token before me" into each position, and an induction head in
a later layer attends from the current token to the position whose previous token matches it
and copies what stands there. In language-model training this circuit appears suddenly after
billions of tokens (Olsson et al. 2022, "In-context Learning and Induction Heads"). The
bundled model sees 8 M tokens on 2 CPU cores, and three runs with copy drills in the data
(one with half of every batch) showed no copying at all after 900-1,500 steps. So the
circuit is written into the initial weights, and training then adapts and keeps it
(measured in README.md). Everything else is the usual random initialisation.

Layout of the residual stream (n_embd = 192) at initialisation:
  dims   0..127  token embeddings (wte)
  dims 128..159  position: 16 (cos, sin) pairs at random frequencies (wpe)
  dims 160..191  the previous token, written by layer 0 head 0
Heads planted (0-based): layer 0 head 0 previous-token, layer 0 head 1 duplicate-token
(attends from a token to its earlier occurrences, not to itself), layer 1 heads 0-2
induction (each copies a quarter of the token dims). All other heads, the MLPs and the other
layers start random and stay free; the planted heads are trained like every other weight.
"""
import math

import torch

TOK = slice(0, 128)
POS = slice(128, 160)
PREV = slice(160, 192)


def _orthonormal_rows(rows, cols, gen):
    q, _ = torch.linalg.qr(torch.randn(cols, rows, generator=gen))
    return q.t().contiguous()  # (rows, cols), orthonormal rows


@torch.no_grad()
def plant_copy_circuit(model, seed=1234, beta=2.0, gamma=3.0, delta=6.0, self_penalty=0.15, prev_gain=0.05,
                       copy_gain=1.0):
    cfg = model.cfg
    C, H = cfg.n_embd, cfg.n_head
    hd = C // H
    if C != 192 or hd != 32 or cfg.n_layer < 2:
        raise ValueError("plant_copy_circuit is laid out for n_embd 192, 6 heads, >= 2 layers")
    gen = torch.Generator().manual_seed(seed)

    # token embeddings only in TOK, positions only in POS
    model.wte.weight[:, 128:] = 0
    std = model.wte.weight[:, TOK].std()
    n_freq = 16
    omega = math.pi * (0.25 + 0.75 * torch.rand(n_freq, generator=gen))
    pos = torch.arange(cfg.n_ctx, dtype=torch.float32)[:, None] * omega[None]
    amp = float(std) * math.sqrt(128 / n_freq)  # |position| about |token|
    model.wpe.weight.zero_()
    model.wpe.weight[:, 128:160:2] = amp * torch.cos(pos)
    model.wpe.weight[:, 129:160:2] = amp * torch.sin(pos)

    # rotation of each (cos, sin) pair by -omega: the feature of position i becomes that of i-1
    rot = torch.zeros(32, 32)
    for k in range(n_freq):
        c, s = math.cos(omega[k]), math.sin(omega[k])
        rot[2 * k, 2 * k], rot[2 * k, 2 * k + 1] = c, s
        rot[2 * k + 1, 2 * k], rot[2 * k + 1, 2 * k + 1] = -s, c

    def qkv(block, head):
        w = block.c_attn.weight  # (3C, C): rows q | k | v
        b = block.c_attn.bias
        rows = [slice(part * C + head * hd, part * C + (head + 1) * hd) for part in range(3)]
        for r in rows:
            w[r] = 0
            b[r] = 0
        return [w[r] for r in rows]

    b0, b1 = model.h[0], model.h[1]
    # layer 0 head 0: previous-token head; its value is a 32-dim code of the token
    q, k, v = qkv(b0, 0)
    q[:, POS] = beta * rot
    k[:, POS] = torch.eye(32)
    code = _orthonormal_rows(32, 128, gen)
    v[:, TOK] = code
    # the residual's PREV dims are written only by this head at first
    for blk in (b0, b1):
        blk.attn_proj.weight[PREV] = 0
        blk.attn_proj.bias[PREV] = 0
        blk.mlp_proj.weight[PREV] = 0
        blk.mlp_proj.bias[PREV] = 0
    b0.attn_proj.weight[:, 0:hd] = 0
    b0.attn_proj.weight[PREV, 0:hd] = torch.eye(32) * prev_gain
    # layer 0's MLP starts quieter, so it does not drown the token code the induction heads read
    b0.mlp_proj.weight *= 0.1

    # layer 0 head 1: duplicate-token head: match on a token code, with a positional term
    # that pushes the token's own position down so it looks back at earlier mentions
    q, k, v = qkv(b0, 1)
    dup_code = _orthonormal_rows(16, 128, gen)
    q[0:16, TOK] = delta * dup_code
    k[0:16, TOK] = dup_code
    q[16:32, 128:144] = -self_penalty * delta * torch.eye(16)
    k[16:32, 128:144] = torch.eye(16)
    b0.attn_proj.weight[:, hd:2 * hd] = 0  # it only looks; training decides what it writes

    # layer 1 heads 0-2: induction heads: query = code of my token, key = code of the token
    # before the key position; each copies a quarter of the token dims of what it finds
    for head in range(3):
        q, k, v = qkv(b1, head)
        q[:, TOK] = gamma * code
        k[:, PREV] = torch.eye(32)
        part = slice(32 * head, 32 * (head + 1))
        v[:, part] = torch.eye(32)
        b1.attn_proj.weight[:, head * hd:(head + 1) * hd] = 0
        b1.attn_proj.weight[part, head * hd:(head + 1) * hd] = copy_gain * torch.eye(32)

#!/usr/bin/python3
"""Check the planted copy circuit (plant.py) at initialisation for a given vocabulary and
context, before a long run is spent on it.

Why: plant.py writes position features at 16 random frequencies and a previous-token head
that rotates them by one step. At a longer context (512 instead of 256) a quasi-periodic sum
could line up with a far position, and a larger vocabulary changes the token codes' spread.
This measures, on random tokens with the second half a copy of the first:
  - previous-token head (layer 0 head 0): mean attention on position i-1, and worst position;
  - induction heads (layer 1 heads 0-2): mean attention from the second copy to the token
    right after the earlier occurrence;
  - loss on the second copy vs the first (the copy lowers it if the circuit works).
Seconds on one thread. Also run by run_all.sh's smoke mode.

  check_plant.py --n-ctx 512 --vocab-size 8192
"""
import argparse
import json

import torch
import torch.nn.functional as F

from model import GPT, GPTConfig
from plant import plant_copy_circuit


@torch.no_grad()
def check(n_ctx, vocab_size, seed=1234, trials=4):
    torch.manual_seed(seed)
    model = GPT(GPTConfig(vocab_size=vocab_size, n_ctx=n_ctx, n_embd=192, n_head=6, n_layer=4))
    plant_copy_circuit(model, seed=seed)
    model.eval()
    g = torch.Generator().manual_seed(seed + 1)
    half = n_ctx // 2
    prev, prev_min, ind, loss1, loss2 = [], [], [], [], []
    for _ in range(trials):
        first = torch.randint(0, vocab_size - 1, (half,), generator=g)
        x = torch.cat([first, first])[None]
        logits, atts = model(x, return_att=True)
        a0 = atts[0][0, 0]                      # (T, T) layer 0 head 0
        diag = torch.stack([a0[i, i - 1] for i in range(1, n_ctx)])
        prev.append(diag.mean().item())
        prev_min.append(diag.min().item())
        a1 = atts[1][0, :3]                     # induction heads
        # from position half + j (second copy of token j) to position j + 1 (what followed it)
        hits = torch.stack([a1[:, half + j, j + 1] for j in range(0, half - 1)])
        ind.append(hits.mean().item())
        lp = F.cross_entropy(logits[0, :-1], x[0, 1:], reduction="none")
        loss1.append(lp[:half - 1].mean().item())
        loss2.append(lp[half:].mean().item())
    n = len(prev)
    return {"n_ctx": n_ctx, "vocab_size": vocab_size,
            "prev_token_head_mean_attention_on_i_minus_1": round(sum(prev) / n, 4),
            "prev_token_head_worst_position": round(min(prev_min), 4),
            "induction_heads_mean_attention_on_copy_source": round(sum(ind) / n, 4),
            "loss_first_copy": round(sum(loss1) / n, 3), "loss_second_copy": round(sum(loss2) / n, 3)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-ctx", type=int, default=512)
    ap.add_argument("--vocab-size", type=int, default=8192)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    for n_ctx, v in [(256, 4096), (args.n_ctx, args.vocab_size)]:
        print(json.dumps(check(n_ctx, v)), flush=True)


if __name__ == "__main__":
    main()

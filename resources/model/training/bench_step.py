#!/usr/bin/python3
"""Time training steps of candidate model shapes on random tokens, to size a run to the budget.

Why: the bundled model must train in <= 90 minutes on 2 cores, and on a shared machine a
measured step time says little by itself. This runs the REFERENCE shape (the previous bundled
model: 4 x 192, 6 heads, context 256, vocabulary 4,096, batch 8, measured 0.85-0.9 s/step on the
idle machine) interleaved with the candidates, so the ratio candidate / reference holds under
the same load and the idle time can be estimated as ratio x 0.88 s. Same step as train.py
(forward, cross-entropy, backward, clip, AdamW), one thread.

  nice -n 19 python3 bench_step.py --steps 12
"""
import argparse
import json
import time

import torch
import torch.nn.functional as F

from model import GPT, GPTConfig
from plant import plant_copy_circuit

REFERENCE_IDLE_S = 0.88  # README "Timing": the shipped 4,000-step run, 0.85-0.9 s per step


def time_steps(cfg, batch, steps, seed=0):
    torch.manual_seed(seed)
    model = GPT(cfg)
    plant_copy_circuit(model)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.95))
    g = torch.Generator().manual_seed(seed)
    x = torch.randint(0, cfg.vocab_size, (batch, cfg.n_ctx + 1), generator=g)
    times, cpu = [], []
    for s in range(steps + 2):           # two warm-up steps are not timed
        t = time.perf_counter()
        c = time.process_time()
        logits = model(x[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), x[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if s >= 2:
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
    times.sort()
    cpu.sort()
    # medians: robust to other jobs' bursts. CPU time is what the step costs this process; on a
    # machine shared with other jobs the wall time is mostly waiting for a core.
    return times[len(times) // 2], cpu[len(cpu) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(1)
    # the bilingual plan trains most steps at context 256 and the last ones at 512 (train.py
    # --ctx-schedule), both with 2,048 tokens per step
    shapes = {
        "reference 4x192 ctx256 V4096 b8": (GPTConfig(4096, 256, 192, 6, 4), 8),
        "candidate 4x192 ctx256 V8192 b8": (GPTConfig(8192, 256, 192, 6, 4), 8),
        "candidate 4x192 ctx512 V8192 b4": (GPTConfig(8192, 512, 192, 6, 4), 4),
    }
    med = {k: [] for k in shapes}
    cpu = {k: [] for k in shapes}
    for r in range(args.rounds):
        for name, (cfg, batch) in shapes.items():
            w, c = time_steps(cfg, batch, args.steps, seed=r)
            med[name].append(w)
            cpu[name].append(c)
            print(json.dumps({"round": r, "shape": name, "median_wall_s_per_step": round(w, 3),
                              "median_cpu_s_per_step": round(c, 3)}), flush=True)
    ref = sum(cpu["reference 4x192 ctx256 V4096 b8"]) / args.rounds
    for name, (cfg, batch) in shapes.items():
        m = sum(med[name]) / args.rounds
        c = sum(cpu[name]) / args.rounds
        print(json.dumps({"shape": name, "tokens_per_step": batch * cfg.n_ctx, "wall_s_per_step": round(m, 3),
                          "cpu_s_per_step": round(c, 3), "cpu_ratio_to_reference": round(c / ref, 3),
                          "estimated_idle_s_per_step": round(c / ref * REFERENCE_IDLE_S, 3)}), flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Train the bundled GPT-2-architecture model on the tokenized corpus.

Deterministic for a given machine / thread count: fixed seeds for torch and for the
numpy generator that picks the training windows. Checkpoints are written every
--ckpt-every steps (work/ckpt.pt) so a partial run can be exported; --resume
continues from the checkpoint with identical data order.
"""
import argparse
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn.functional as F

from model import GPT, GPTConfig
from plant import plant_copy_circuit

HERE = os.path.dirname(os.path.abspath(__file__))


def lr_at(step, args):
    """Warmup-stable-decay: linear warmup, constant, then cosine decay over the last
    decay_frac of the run. The LR of a step depends on --steps only inside the decay phase,
    so the run length can be fixed late (see --steps-file) without changing earlier steps."""
    if step < args.warmup:
        return args.lr * (step + 1) / args.warmup
    decay_start = args.steps - int(round(args.decay_frac * args.steps))
    if step < decay_start:
        return args.lr
    p = (step - decay_start) / max(1, args.steps - decay_start)
    return args.lr * (args.min_lr_frac + (1 - args.min_lr_frac) * 0.5 * (1 + math.cos(math.pi * min(p, 1.0))))


def parse_ctx_schedule(text, n_ctx, batch):
    """'256x8@0,512x4@3000' -> [(0, 256, 8), (3000, 512, 4)]: from step 3000 on, windows of 512
    tokens, 4 per batch. Empty: one phase at --n-ctx x --batch."""
    if not text:
        return [(0, n_ctx, batch)]
    phases = []
    for part in text.split(","):
        shape, start = part.split("@")
        t, b = shape.split("x")
        phases.append((int(start), int(t), int(b)))
    phases.sort()
    if phases[0][0] != 0 or max(t for _, t, _ in phases) > n_ctx:
        raise SystemExit(f"--ctx-schedule {text!r}: must start at step 0 and stay within --n-ctx {n_ctx}")
    return phases


def shape_at(step, args):
    t, b = args.schedule[0][1:]
    for start, tt, bb in args.schedule:
        if step >= start:
            t, b = tt, bb
    return t, b


def batch_for_step(data, step, args, mix=None):
    # windows depend only on (seed, step): resuming reproduces the same data order
    T, B = shape_at(step, args)
    rng = np.random.default_rng([args.seed, step])
    starts = rng.integers(0, len(data) - T - 1, size=B)
    rows = [data[s:s + T + 1] for s in starts]
    if mix is not None and step >= args.mix_from:
        # the first mix_frac of the rows come from the second stream (the drill text)
        k = int(round(args.mix_frac * B))
        mstarts = rng.integers(0, len(mix) - T - 1, size=k)
        rows[:k] = [mix[s:s + T + 1] for s in mstarts]
    return torch.from_numpy(np.stack(rows).astype(np.int64))


@torch.no_grad()
def evaluate(model, data, n_ctx, max_windows=24):
    model.eval()
    n = min(max_windows, (len(data) - 1) // n_ctx)
    losses = []
    for i in range(0, n, 8):
        idx = [j * n_ctx for j in range(i, min(n, i + 8))]
        x = torch.from_numpy(np.stack([data[s:s + n_ctx + 1] for s in idx]).astype(np.int64))
        logits = model(x[:, :-1])
        losses.append(F.cross_entropy(logits.reshape(-1, logits.size(-1)), x[:, 1:].reshape(-1), reduction="sum").item())
    model.train()
    return sum(losses) / (n * n_ctx)


@torch.no_grad()
def dev_bits_per_byte(model, data, nbytes, n_ctx):
    """Bits per byte of a dev prose array (<|endoftext|> first): every token after the first is
    scored once, in consecutive windows of at most n_ctx predictions. Prose never in training,
    so the curve shows whether the model generalises or grows overconfident (README, "The
    Korean corpus, second pass")."""
    model.eval()
    total = 0.0
    for s in range(0, len(data) - 1, n_ctx):
        x = torch.from_numpy(data[s:s + n_ctx + 1].astype(np.int64))[None]
        logits = model(x[:, :-1])
        total += F.cross_entropy(logits[0], x[0, 1:], reduction="sum").item()
    model.train()
    return total / math.log(2) / nbytes


def blas_library():
    """The BLAS shared library torch's matrix products run on in this process (Debian's torch
    links the generic libblas.so.3, which the alternatives system points at OpenBLAS or at the
    reference BLAS)."""
    torch.ones(64, 64) @ torch.ones(64, 64)  # make sure the library is loaded
    with open("/proc/self/maps", encoding="utf-8") as maps:
        libs = {line.split()[-1] for line in maps if "blas" in line.lower() and "/" in line}
    return sorted(libs)


def require_openblas():
    """Stop unless the matrix products run on OpenBLAS: on a machine without libopenblas0,
    libblas.so.3 is the reference BLAS, which makes a step about 9x slower (9 s instead of 1.06 s
    measured) and sums in another order, so the run would neither fit the time budget nor give
    the shipped weights. TOKENSCOPE_ALLOW_ANY_BLAS=1 trains anyway."""
    libs = blas_library()
    if any("openblas" in lib for lib in libs) or os.environ.get("TOKENSCOPE_ALLOW_ANY_BLAS") == "1":
        return
    raise SystemExit("train.py: torch's BLAS is not OpenBLAS (%s): install libopenblas0-pthread "
                     "(apt-get install -y libopenblas0-pthread), check that "
                     "'update-alternatives --display libblas.so.3-x86_64-linux-gnu' points at "
                     "openblas-pthread, and run again (or set TOKENSCOPE_ALLOW_ANY_BLAS=1)"
                     % (", ".join(libs) or "none loaded"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(HERE, "work"))
    ap.add_argument("--n-embd", type=int, default=160)
    ap.add_argument("--n-layer", type=int, default=4)
    ap.add_argument("--n-head", type=int, default=4)
    ap.add_argument("--n-ctx", type=int, default=256)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--ctx-schedule", default="",
                    help="window length x batch per phase, e.g. '256x8@0,512x4@3000': attention over 512 "
                         "positions costs about twice as much per token, so the long windows come last, "
                         "when the planted circuit and the language are in place (n_positions stays --n-ctx)")
    ap.add_argument("--max-seconds", type=float, default=0,
                    help="stop (and checkpoint) after this many seconds: for smoke runs that time the steps")
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--min-lr-frac", type=float, default=0.1)
    ap.add_argument("--decay-frac", type=float, default=0.3)
    ap.add_argument("--steps-file", default=None,
                    help="file holding the run length; re-read every step while still before the decay "
                         "phase, so a run on a busy machine can be shortened without a restart")
    ap.add_argument("--weight-decay", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--ckpt-every", type=int, default=50)
    ap.add_argument("--eval-every", type=int, default=200)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--plant-copy-circuit", action="store_true",
                    help="initialise previous-token, duplicate-token and induction heads (plant.py)")
    ap.add_argument("--mix-file", default=None, help="second data stream (tokens .npy), e.g. work/drill.npy")
    ap.add_argument("--mix-frac", type=float, default=0.5)
    ap.add_argument("--mix-from", type=int, default=0, help="first step that mixes in --mix-file")
    args = ap.parse_args()

    args.schedule = parse_ctx_schedule(args.ctx_schedule, args.n_ctx, args.batch)
    require_openblas()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    vocab = json.load(open(os.path.join(args.work, "vocab.json"), encoding="utf-8"))
    cfg = GPTConfig(vocab_size=len(vocab), n_ctx=args.n_ctx, n_embd=args.n_embd, n_head=args.n_head, n_layer=args.n_layer)
    train = np.load(os.path.join(args.work, "train.npy"))
    val_b = np.load(os.path.join(args.work, "val_bible.npy"))
    val_s = np.load(os.path.join(args.work, "val_synth.npy"))
    ko_path = os.path.join(args.work, "val_synth_ko.npy")
    val_k = np.load(ko_path) if os.path.exists(ko_path) else None
    mix = np.load(args.mix_file) if args.mix_file else None
    dev_sizes_path = os.path.join(args.work, "dev_bytes.json")
    dev_sizes = json.load(open(dev_sizes_path)) if os.path.exists(dev_sizes_path) else {}
    dev = {lang: np.load(os.path.join(args.work, f"dev_{lang}.npy")) for lang in dev_sizes}

    model = GPT(cfg)
    if args.plant_copy_circuit:
        plant_copy_circuit(model, seed=args.seed)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2 and "wpe" not in n]
    no_decay = [p for n, p in model.named_parameters() if not (p.dim() >= 2 and "wpe" not in n)]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": args.weight_decay},
                             {"params": no_decay, "weight_decay": 0.0}], lr=args.lr, betas=(0.9, 0.95), eps=1e-8)
    n_params = sum(p.numel() for p in model.parameters())
    ckpt_path = os.path.join(args.work, "ckpt.pt")
    log_path = os.path.join(args.work, "train_log.jsonl")
    step0 = 0
    if args.resume and os.path.exists(ckpt_path):
        ck = torch.load(ckpt_path)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        step0 = ck["step"]
        torch.set_rng_state(ck["torch_rng"])
        print(f"resumed at step {step0}", flush=True)
    else:
        open(log_path, "w").close()
    total = sum(shape_at(s, args)[0] * shape_at(s, args)[1] for s in range(args.steps))
    print(f"config {cfg.to_dict()} params {n_params} ({n_params/1e6:.2f}M) train tokens {len(train)} "
          f"schedule {args.schedule} total tokens {total}", flush=True)

    def save(step):
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step, "cfg": cfg.to_dict(),
                    "args": vars(args), "torch_rng": torch.get_rng_state()}, ckpt_path + ".tmp")
        os.replace(ckpt_path + ".tmp", ckpt_path)

    t0 = time.time()
    c0 = time.process_time()   # CPU seconds: on a shared machine the step's own cost, without waiting
    log = open(log_path, "a")
    step = step0
    while step < args.steps:
        if args.steps_file and os.path.exists(args.steps_file):
            try:
                n = int(open(args.steps_file).read().strip())
            except ValueError:
                n = args.steps
            if n != args.steps and step < n - int(round(args.decay_frac * n)) \
                    and step < args.steps - int(round(args.decay_frac * args.steps)):
                print(f"run length changed from {args.steps} to {n} at step {step}", flush=True)
                args.steps = n
        for g in opt.param_groups:
            g["lr"] = lr_at(step, args)
        x = batch_for_step(train, step, args, mix)
        logits = model(x[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg.vocab_size), x[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        rec = {"step": step + 1, "loss": round(loss.item(), 4), "lr": round(lr_at(step, args), 6),
               "elapsed_s": round(time.time() - t0, 1), "cpu_s": round(time.process_time() - c0, 1),
               "ctx": shape_at(step, args)[0]}
        if (step + 1) % args.eval_every == 0 or step + 1 == args.steps:
            rec["val_bible"] = round(evaluate(model, val_b, args.n_ctx), 4)
            rec["val_synth"] = round(evaluate(model, val_s, args.n_ctx), 4)
            if val_k is not None:
                rec["val_synth_ko"] = round(evaluate(model, val_k, args.n_ctx), 4)
            for lang, arr in dev.items():
                rec[f"dev_{lang}_bpb"] = round(dev_bits_per_byte(model, arr, dev_sizes[lang], args.n_ctx), 4)
        log.write(json.dumps(rec) + "\n")
        log.flush()
        if (step + 1) % 10 == 0 or "val_bible" in rec:
            print(json.dumps(rec), flush=True)
        if (step + 1) % args.ckpt_every == 0 or step + 1 == args.steps:
            save(step + 1)
        step += 1
        if args.max_seconds and time.time() - t0 > args.max_seconds:
            save(step)
            print(f"stopped after {step} steps: --max-seconds {args.max_seconds}", flush=True)
            break
    print(f"done in {time.time()-t0:.0f}s", flush=True)


if __name__ == "__main__":
    main()

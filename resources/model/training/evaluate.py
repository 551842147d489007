#!/usr/bin/python3
"""Evaluate the exported model folder (resources/model by default).

1. Export check: reload model.safetensors, run an independent numpy forward of the
   HF GPT-2 layout and compare its logits with the training module (checkpoint).
2. Validation: mean loss, perplexity, bits per byte on held-out Bible chapters
   (and the held-out synthetic text, English and Korean), and on the held-out modern
   prose written for the purpose (heldout/*.txt) against gzip -9 (goal: <= 0.7 x gzip).
3. Fact probe (hallucination lesson), key-value recall (lost in the middle),
   attention from a repeated name back to its first mention - in English and Korean
   (facts_ko.json, kv_records_ko.json, detective_ko.json: the seed's "범인이 수진이라는 게
   밝혀졌다. 범인은" -> 수진 at T=0, other names, names never seen in training).
4. Temperature lanes (lanes.json): at T=0.5 the generated text stays in the prompt's
   script (>= 90 % Hangul/space/punctuation for Korean) with no phrase repeated more than
   3 times; at T=1.5 the share drops.
Writes a JSON summary (work/eval_results.json and --json path if given).
"""
import argparse
import glob
import json
import math
import os
import random

import numpy as np
import torch
import torch.nn.functional as F

from export import read_safetensors
from korean_grammar import is_hangul
from make_probes import HELD_OUT_NAMES_EN, kv_prompt
from measure_bpb import gzip_bits_per_byte, pieces
from model import GPT, GPTConfig
from train_bpe import Encoder, EOT

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL_DIR = os.path.dirname(HERE)


# ----------------------------------------------------------------------------- numpy reference

def np_forward(W, cfg, ids):
    """Plain numpy GPT-2 forward over HF tensor names; returns logits [T, V] (float64)."""
    def ln(x, p):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + cfg["layer_norm_epsilon"]) * W[p + ".weight"] + W[p + ".bias"]

    def gelu(x):
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))

    W = {k: v.astype(np.float64) for k, v in W.items()}
    T = len(ids)
    C, H = cfg["n_embd"], cfg["n_head"]
    hd = C // H
    x = W["wte.weight"][ids] + W["wpe.weight"][:T]
    for i in range(cfg["n_layer"]):
        p = f"h.{i}."
        h = ln(x, p + "ln_1")
        qkv = h @ W[p + "attn.c_attn.weight"] + W[p + "attn.c_attn.bias"]
        q, k, v = np.split(qkv, 3, axis=-1)
        out = np.zeros((T, C))
        for hh in range(H):
            s = slice(hh * hd, (hh + 1) * hd)
            a = q[:, s] @ k[:, s].T / math.sqrt(hd)
            a = np.where(np.tril(np.ones((T, T), bool)), a, -np.inf)
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            out[:, s] = a @ v[:, s]
        x = x + out @ W[p + "attn.c_proj.weight"] + W[p + "attn.c_proj.bias"]
        h = ln(x, p + "ln_2")
        h = gelu(h @ W[p + "mlp.c_fc.weight"] + W[p + "mlp.c_fc.bias"])
        x = x + h @ W[p + "mlp.c_proj.weight"] + W[p + "mlp.c_proj.bias"]
    x = ln(x, "ln_f")
    return x @ W["wte.weight"].T


def torch_model_from_hf(W, cfg):
    gc = GPTConfig(vocab_size=cfg["vocab_size"], n_ctx=cfg["n_positions"], n_embd=cfg["n_embd"],
                   n_head=cfg["n_head"], n_layer=cfg["n_layer"])
    m = GPT(gc)
    sd = {}
    t = lambda a: torch.from_numpy(np.array(a, dtype=np.float32))
    sd["wte.weight"] = t(W["wte.weight"])
    sd["wpe.weight"] = t(W["wpe.weight"])
    for i in range(gc.n_layer):
        p = f"h.{i}."
        for a, b, tr in [("ln_1.weight", "ln_1.weight", 0), ("ln_1.bias", "ln_1.bias", 0),
                         ("attn.c_attn.weight", "c_attn.weight", 1), ("attn.c_attn.bias", "c_attn.bias", 0),
                         ("attn.c_proj.weight", "attn_proj.weight", 1), ("attn.c_proj.bias", "attn_proj.bias", 0),
                         ("ln_2.weight", "ln_2.weight", 0), ("ln_2.bias", "ln_2.bias", 0),
                         ("mlp.c_fc.weight", "c_fc.weight", 1), ("mlp.c_fc.bias", "c_fc.bias", 0),
                         ("mlp.c_proj.weight", "mlp_proj.weight", 1), ("mlp.c_proj.bias", "mlp_proj.bias", 0)]:
            sd[p + b] = t(W[p + a].T if tr else W[p + a])
    sd["ln_f.weight"] = t(W["ln_f.weight"])
    sd["ln_f.bias"] = t(W["ln_f.bias"])
    m.load_state_dict(sd)
    m.eval()
    return m


# ----------------------------------------------------------------------------- measurements

@torch.no_grad()
def score_docs(model, enc, text, n_ctx, dump_dir=None):
    """Score held-out documents the way `tokenscope-cli score --bos` scores a text: each document
    is cut into pieces of at most n_ctx - 1 tokens, each piece is prefixed with <|endoftext|>
    (the document separator seen in training) and every token of the piece is scored.
    Returns (mean nats/token, bits/byte, n_tokens, n_bytes). With dump_dir, each piece's text
    is written there so the CLI can score the same pieces."""
    nats, ntok, nbytes, k = 0.0, 0, 0, 0
    if dump_dir:
        os.makedirs(dump_dir, exist_ok=True)
        for old in glob.glob(os.path.join(dump_dir, "piece_*.txt")):  # a new tokenizer cuts fewer pieces
            os.remove(old)
    for doc in text.split(EOT):
        if not doc.strip():
            continue
        ids = enc.encode(doc)
        for s in range(0, len(ids), n_ctx - 1):
            piece = ids[s:s + n_ctx - 1]
            x = torch.tensor([[enc.eot] + piece])
            logits = model(x[:, :-1])[0]
            nats += F.cross_entropy(logits, x[0, 1:], reduction="sum").item()
            ntok += len(piece)
            nbytes += sum(len(enc.token_bytes(i)) for i in piece)
            if dump_dir:
                with open(os.path.join(dump_dir, f"piece_{k:04d}.txt"), "wb") as f:
                    f.write(b"".join(enc.token_bytes(i) for i in piece))
            k += 1
    return nats / ntok, nats / math.log(2) / nbytes, ntok, nbytes


@torch.no_grad()
def next_dist(model, enc, prompt):
    ids = enc.encode(prompt)
    logits = model(torch.tensor([ids]))[0, -1]
    return F.softmax(logits.double(), -1)


@torch.no_grad()
def seq_prob(model, enc, prompt, cont):
    ids = enc.encode(prompt)
    c = enc.encode(prompt + cont)[len(ids):]
    logits = model(torch.tensor([ids + c]))[0]
    lp = F.log_softmax(logits.double(), -1)
    return math.exp(sum(lp[len(ids) - 1 + j, t].item() for j, t in enumerate(c)))


def fact_probe(model, enc, facts):
    res = {}
    for rel in sorted({f["relation"] for f in facts["probes"]}):
        for split in ["seen", "held_out"]:
            rows = [f for f in facts["probes"] if f["relation"] == rel and f["split"] == split]
            top1, p_true, p_top, p_word, examples = 0, [], [], [], []
            for f in rows:
                d = next_dist(model, enc, f["prompt"])
                first = enc.encode(f["prompt"] + f["truth"])[len(enc.encode(f["prompt"]))]
                top = int(torch.argmax(d))
                top1 += top == first
                p_true.append(d[first].item())
                p_top.append(d[top].item())
                if rel in ("capital", "seat"):
                    p_word.append(seq_prob(model, enc, f["prompt"], f["truth"]))
                if len(examples) < 4:
                    examples.append({"prompt": f["prompt"], "true": f["truth"], "top": enc.token_str(top),
                                     "p_top": round(d[top].item(), 3), "p_true_first_token": round(d[first].item(), 3)})
            res[f"{rel}/{split}"] = {
                "n": len(rows), "top1_accuracy": round(top1 / len(rows), 3),
                "mean_p_true_first_token": round(float(np.mean(p_true)), 3),
                "mean_p_top_answer": round(float(np.mean(p_top)), 3),
                "median_p_top_answer": round(float(np.median(p_top)), 3),
                **({"mean_p_true_whole_word": round(float(np.mean(p_word)), 3)} if p_word else {}),
                "examples": examples}
    return res


@torch.no_grad()
def kv_recall(model, enc, kvspec, trials=40, seed=11):
    rng = random.Random(seed)
    out = {}
    for n in [4, 8, 16, 24, 30]:
        positions = sorted(set([0, n // 4, n // 2, (3 * n) // 4, n - 1]))
        row = {}
        for q in positions:
            ok, pv = 0, []
            for _ in range(trials):
                ex = kv_prompt(rng, kvspec, n, q)
                prompt = ex["prompt"]
                if len(enc.encode(prompt)) >= model.cfg.n_ctx:   # longer than the context: not measured
                    continue
                d = next_dist(model, enc, prompt)
                tgt = enc.encode(prompt + ex["answer"])[len(enc.encode(prompt))]
                ok += int(torch.argmax(d)) == tgt
                pv.append(d[tgt].item())
            if not pv:
                continue
            row[str(q)] = {"accuracy": round(ok / len(pv), 3), "mean_p": round(float(np.mean(pv)), 3)}
        out[str(n)] = {"n_tokens_prompt": len(enc.encode(prompt)), "by_query_index": row}
    return out


@torch.no_grad()
def name_attention(model, enc, names, cfg):
    """Average attention, per layer and head, from (a) the second mention of the name and
    (b) the token just before it (where the name is predicted) back to the name's first mention."""
    L, H = cfg["n_layer"], cfg["n_head"]
    from_name = np.zeros((L, H))
    from_prev = np.zeros((L, H))
    p_name = []
    n = 0
    for a in names:
        prompt = f"The culprit turned out to be {a}. The culprit, {a},"
        ids = enc.encode(prompt)
        name_ids = enc.encode(" " + a)
        # locate the two mentions
        pos = [i for i in range(len(ids)) if ids[i:i + len(name_ids)] == name_ids]
        if len(pos) < 2:
            continue
        first, second = pos[0], pos[1]
        _, atts = model(torch.tensor([ids]), return_att=True)
        for l in range(L):
            att = atts[l][0]  # (H, T, T)
            from_name[l] += att[:, second, first].numpy()
            from_prev[l] += att[:, second - 1, first].numpy()
        d = next_dist(model, enc, prompt[: prompt.rindex(" " + a)])
        p_name.append(d[name_ids[0]].item())
        n += 1
    from_name /= n
    from_prev /= n
    bn = np.unravel_index(np.argmax(from_name), from_name.shape)
    bp = np.unravel_index(np.argmax(from_prev), from_prev.shape)
    return {"n_names": n,
            "from_second_mention": {"best_layer": int(bn[0]), "best_head": int(bn[1]),
                                    "weight": round(float(from_name[bn]), 3),
                                    "table": np.round(from_name, 3).tolist()},
            "from_token_before_second_mention": {"best_layer": int(bp[0]), "best_head": int(bp[1]),
                                                 "weight": round(float(from_prev[bp]), 3),
                                                 "table": np.round(from_prev, 3).tolist()},
            "mean_p_name_after_'The culprit,'": round(float(np.mean(p_name)), 3),
            "layers_heads_are": "0-based"}


@torch.no_grad()
def heldout_prose(model, enc, n_ctx):
    """Bits per byte on heldout/*.txt, cut and scored exactly as measure_bpb.py has the CLI do it."""
    out = {}
    for path in sorted(glob.glob(os.path.join(HERE, "heldout", "*.txt"))):
        raw = open(path, "rb").read()
        text = raw.decode("utf-8")
        nats, nbytes, ntok = 0.0, 0, 0
        for p in pieces(text, enc, n_ctx - 1):
            ids = enc.encode(p)
            x = torch.tensor([[enc.eot] + ids])
            logits = model(x[:, :-1])[0]
            nats += F.cross_entropy(logits, x[0, 1:], reduction="sum").item()
            nbytes += len(p.encode("utf-8"))
            ntok += len(ids)
        bpb = nats / math.log(2) / nbytes
        gz = gzip_bits_per_byte(raw)
        out[os.path.basename(path)] = {"bytes": nbytes, "tokens": ntok, "bits_per_byte": round(bpb, 4),
                                       "gzip9_bits_per_byte": round(gz, 4), "ratio_to_gzip": round(bpb / gz, 4),
                                       "meets_0.7_goal": bpb / gz <= 0.7}
    return out


@torch.no_grad()
def greedy(model, enc, prompt, steps, n_ctx):
    ids = enc.encode(prompt)
    for _ in range(steps):
        logits = model(torch.tensor([ids[-n_ctx:]]))[0, -1]
        ids.append(int(torch.argmax(logits)))
    return enc.decode(ids[len(enc.encode(prompt)):])


@torch.no_grad()
def copy_probes(model, enc, probes, n_ctx):
    """Each probe: P(first token of the answer) at T=0, whether it is the top token, and whether
    greedy decoding writes the whole name. Grouped by kind (seen_name / held_out_name)."""
    rows = []
    for p in probes:
        d = next_dist(model, enc, p["prompt"])
        first = enc.encode(p["prompt"] + p["answer"])[len(enc.encode(p["prompt"]))]
        text = greedy(model, enc, p["prompt"], 4, n_ctx)
        rows.append({"prompt": p["prompt"], "answer": p["answer"], "kind": p.get("kind", "seen_name"),
                     "p_first_token": round(d[first].item(), 4), "top1": int(torch.argmax(d)) == first,
                     "greedy": text, "greedy_writes_name": text.lstrip().startswith(p["answer"].strip())})
    summary = {}
    for kind in sorted({r["kind"] for r in rows}):
        rs = [r for r in rows if r["kind"] == kind]
        summary[kind] = {"n": len(rs), "mean_p_first_token": round(float(np.mean([r["p_first_token"] for r in rs])), 4),
                         "min_p_first_token": round(min(r["p_first_token"] for r in rs), 4),
                         "top1": round(sum(r["top1"] for r in rs) / len(rs), 3),
                         "greedy_writes_name": round(sum(r["greedy_writes_name"] for r in rs) / len(rs), 3)}
    return {"summary": summary, "probes": rows}


@torch.no_grad()
def copy_attention(model, enc, probes, cfg):
    """Mean attention per layer/head from the last prompt token (where the name is predicted)
    to the first token of the name's first mention."""
    L, H = cfg["n_layer"], cfg["n_head"]
    acc, n = np.zeros((L, H)), 0
    for p in probes:
        ids = enc.encode(p["prompt"])
        first_tok = enc.encode(p["answer"])[0]
        pos = [i for i, t in enumerate(ids) if t == first_tok]
        if not pos:
            continue
        _, atts = model(torch.tensor([ids]), return_att=True)
        for l in range(L):
            acc[l] += atts[l][0][:, len(ids) - 1, pos[0]].numpy()
        n += 1
    acc /= max(n, 1)
    b = np.unravel_index(np.argmax(acc), acc.shape)
    return {"n": n, "best_layer": int(b[0]), "best_head": int(b[1]), "weight": round(float(acc[b]), 3),
            "table": np.round(acc, 3).tolist(), "layers_heads_are": "0-based"}


def script_share(text, lang):
    """Share of characters in the language's script, spaces or punctuation."""
    if not text:
        return 0.0
    ok = 0
    for ch in text:
        if ch.isspace() or (not ch.isalnum()):
            ok += 1
        elif lang == "ko":
            ok += is_hangul(ch) or ch.isdigit()
        else:
            ok += ch.isascii()
    return ok / len(text)


def max_phrase_repeats(text, n_words):
    words = text.split()
    counts = {}
    for i in range(len(words) - n_words + 1):
        k = tuple(words[i:i + n_words])
        counts[k] = counts.get(k, 0) + 1
    return max(counts.values()) if counts else 0


@torch.no_grad()
def temperature_lanes(model, enc, lanes, n_ctx):
    out = {}
    for lang, prompts in lanes["prompts"].items():
        for temp in lanes["temperatures"]:
            shares, repeats, samples = [], [], []
            for prompt in prompts:
                for seed in lanes["seeds"]:
                    g = torch.Generator().manual_seed(seed)
                    ids = enc.encode(prompt)
                    start = len(ids)
                    for _ in range(lanes["steps"]):
                        logits = model(torch.tensor([ids[-n_ctx:]]))[0, -1].double()
                        probs = F.softmax(logits / temp, -1)
                        ids.append(int(torch.multinomial(probs, 1, generator=g)))
                        if ids[-1] == enc.eot:
                            break  # a lane ends with its document, as the app's lanes do
                    text = enc.decode(ids[start:]).replace(EOT, "")
                    shares.append(script_share(text, lang))
                    repeats.append(max_phrase_repeats(text, lanes["phrase_words"]))
                    if seed == lanes["seeds"][0]:
                        samples.append(prompt + text)
            out[f"{lang}/T={temp}"] = {"mean_script_share": round(float(np.mean(shares)), 4),
                                       "min_script_share": round(min(shares), 4),
                                       "max_phrase_repeats": max(repeats), "samples": samples}
    for lang in lanes["prompts"]:
        lo, hi = (out[f"{lang}/T={t}"] for t in lanes["temperatures"])
        out[f"{lang}/verdict"] = {"low_T_reads_as_language": lo["min_script_share"] >= lanes["min_script_share"]
                                  and lo["max_phrase_repeats"] <= lanes["max_phrase_repeats"],
                                  "high_T_share_drops": hi["mean_script_share"] < lo["mean_script_share"]}
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=MODEL_DIR)
    ap.add_argument("--work", default=os.path.join(HERE, "work"))
    ap.add_argument("--json", default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--skip-check", action="store_true")
    ap.add_argument("--quick", action="store_true", help="smoke test: little text, few trials")
    ap.add_argument("--eval-dir", default=os.path.join(MODEL_DIR, "eval"), help="probe sets (make_probes.py --out)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    cfg = json.load(open(os.path.join(args.model, "config.json")))
    W = read_safetensors(os.path.join(args.model, "model.safetensors"))
    enc = Encoder(os.path.join(args.model, "vocab.json"), os.path.join(args.model, "merges.txt"))
    model = torch_model_from_hf(W, cfg)
    results = {"config": {k: cfg[k] for k in ["vocab_size", "n_positions", "n_embd", "n_head", "n_layer"]},
               "parameters": int(sum(v.size for v in W.values()))}

    if not args.skip_check:
        ids = enc.encode("In the beginning, God created the heavens and the earth. The capital of Valdoria is")
        ref = np_forward(W, cfg, ids)
        with torch.no_grad():
            got = model(torch.tensor([ids]))[0].double().numpy()
        chk = {"max_abs_diff_numpy_vs_torch_from_export": float(np.max(np.abs(ref - got)))}
        ck_path = os.path.join(args.work, "ckpt.pt")
        if os.path.exists(ck_path):
            ck = torch.load(ck_path, map_location="cpu")
            tm = GPT(GPTConfig(**ck["cfg"]))
            tm.load_state_dict(ck["model"])
            tm.eval()
            with torch.no_grad():
                tl = tm(torch.tensor([ids]))[0].double().numpy()
            chk["max_abs_diff_numpy_vs_training_checkpoint"] = float(np.max(np.abs(ref - tl)))
            chk["checkpoint_step"] = ck["step"]
        chk["max_abs_logit"] = float(np.max(np.abs(ref)))
        chk["prompt_tokens"] = len(ids)
        results["export_check"] = chk
        print("export check", chk, flush=True)

    n_ctx = cfg["n_positions"]
    for name in ["val_bible", "val_synth", "val_synth_ko"]:
        if not os.path.exists(os.path.join(args.work, name + ".txt")):
            continue
        text = open(os.path.join(args.work, name + ".txt"), encoding="utf-8").read()
        if args.quick:
            text = EOT.join(text.split(EOT)[:2])
        loss, bpb, ntok, nbytes = score_docs(model, enc, text, n_ctx,
                                             None if args.quick else os.path.join(args.work, "pieces_" + name))
        results[name] = {"mean_loss_nats": round(loss, 4), "perplexity": round(math.exp(loss), 2),
                         "bits_per_byte": round(bpb, 4), "tokens": ntok, "bytes": nbytes}
        print(name, results[name], flush=True)

    results["heldout_prose"] = heldout_prose(model, enc, n_ctx)
    print("held-out prose", results["heldout_prose"], flush=True)

    evald = args.eval_dir
    load = lambda name: json.load(open(os.path.join(evald, name), encoding="utf-8"))
    for key, name in [("facts", "facts.json"), ("facts_ko", "facts_ko.json")]:
        if not os.path.exists(os.path.join(evald, name)):
            continue
        facts = load(name)
        if args.quick:
            facts["probes"] = facts["probes"][:16] + facts["probes"][-16:]
        results[key] = fact_probe(model, enc, facts)
        for k, v in results[key].items():
            print(key, k, {kk: vv for kk, vv in v.items() if kk != "examples"}, flush=True)
    for key, name in [("kv_recall", "kv_records.json"), ("kv_recall_ko", "kv_records_ko.json")]:
        if not os.path.exists(os.path.join(evald, name)):
            continue
        results[key] = kv_recall(model, enc, load(name), trials=3 if args.quick else 20)
        for n, v in results[key].items():
            print(key, n, v["n_tokens_prompt"], {q: r["accuracy"] for q, r in v["by_query_index"].items()}, flush=True)
    # name copying at T=0: the English set plus names never seen in training, and the seed's Korean sentence
    det_en = load("detective.json")["probes"]
    det_en = [dict(p, kind="seen_name") for p in det_en] + [
        {"prompt": f"The culprit turned out to be {a}. The culprit,", "answer": " " + a, "name": a,
         "kind": "held_out_name"} for a in HELD_OUT_NAMES_EN]
    train_path = os.path.join(args.work, "train.txt")
    if os.path.exists(train_path):   # the unseen names must really be unseen
        import re
        seen_text = open(train_path, encoding="utf-8").read() + open(os.path.join(args.work, "drill.txt"), encoding="utf-8").read()
        ko_held = load("detective_ko.json").get("held_out_names", []) if os.path.exists(
            os.path.join(evald, "detective_ko.json")) else []
        results["held_out_names_found_in_training_text"] = [
            n for n in HELD_OUT_NAMES_EN + ko_held
            if re.search(r"(?<![\w])" + re.escape(n) + (r"(?![a-z])" if n.isascii() else ""), seen_text)]
        print("held-out names found in the training text:", results["held_out_names_found_in_training_text"], flush=True)
    if args.quick:
        det_en = det_en[:4] + det_en[-2:]
    results["copy_en"] = copy_probes(model, enc, det_en, n_ctx)
    print("copy_en", results["copy_en"]["summary"], flush=True)
    if os.path.exists(os.path.join(evald, "detective_ko.json")):
        det_ko = load("detective_ko.json")["probes"]
        if args.quick:
            det_ko = det_ko[:6] + det_ko[-2:]
        results["copy_ko"] = copy_probes(model, enc, det_ko, n_ctx)
        results["copy_ko"]["attention"] = copy_attention(model, enc, det_ko, cfg)
        seed_row = results["copy_ko"]["probes"][0]
        print("copy_ko", results["copy_ko"]["summary"], "seed:", seed_row["prompt"], "->", seed_row["greedy"],
              seed_row["p_first_token"], flush=True)
    if os.path.exists(os.path.join(evald, "lanes.json")):
        lanes = load("lanes.json")
        if args.quick:
            lanes["seeds"], lanes["steps"] = lanes["seeds"][:1], 20
            lanes["prompts"] = {k: v[:2] for k, v in lanes["prompts"].items()}
        results["lanes"] = temperature_lanes(model, enc, lanes, n_ctx)
        print("lanes", {k: ({kk: vv for kk, vv in v.items() if kk != "samples"}) for k, v in results["lanes"].items()},
              flush=True)
    det = json.load(open(os.path.join(evald, "detective.json"), encoding="utf-8"))
    results["attention"] = name_attention(model, enc, det["names"][:10] if args.quick else det["names"], cfg)
    a = results["attention"]
    print("attention", {k: (v if not isinstance(v, dict) else {kk: vv for kk, vv in v.items() if kk != "table"})
                        for k, v in a.items()}, flush=True)
    outs = [] if args.quick else [os.path.join(args.work, "eval_results.json")]
    for path in outs + ([args.json] if args.json else []):
        with open(path, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Cross-check the exported model with the C++ engine through `tokenscope-cli`.

Needs a built CLI (default /work/main/build/app/tokenscope-cli or $TOKENSCOPE_CLI) and the
pieces written by evaluate.py (work/pieces_val_bible/). Compares the CLI's next-token
distributions with the torch model's (English and Korean prompts: the engine must cut Korean
into the same tokens as train_bpe.Encoder), scores the held-out pieces with `score`, runs
`probe`, `litm` and `generate`. Results go to work/cli_results.json.
"""
import glob
import json
import math
import os
import subprocess
import sys

import torch

from evaluate import read_safetensors, torch_model_from_hf, next_dist, Encoder

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.environ.get("TOKENSCOPE_MODEL", os.path.dirname(HERE))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
CLI = os.environ.get("TOKENSCOPE_CLI", os.path.join(ROOT, "build", "app", "tokenscope-cli"))


def cli(*args):
    out = subprocess.run([CLI, *args, "--model", MODEL], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{args[0]} failed: {out.stderr.strip()}")
    return out.stdout


def main():
    work = os.path.join(HERE, "work")
    res = {"cli": CLI}
    cfg = json.load(open(os.path.join(MODEL, "config.json")))
    model = torch_model_from_hf(read_safetensors(os.path.join(MODEL, "model.safetensors")), cfg)
    enc = Encoder(os.path.join(MODEL, "vocab.json"), os.path.join(MODEL, "merges.txt"))

    # 1. next-token distributions, CLI vs torch
    diffs = []
    for text in ["The capital of Nalania is", "The culprit turned out to be Sujin. The culprit,",
                 "In the beginning, God created the heavens and the", "Code Alpha-41 tiger. Code Lima-20 river. Code Alpha-41",
                 "범인이 수진이라는 게 밝혀졌다. 범인은", "나는 오늘", "날라니아의 수도는",
                 "코드 알파-41 사과. 코드 리마-20 강. 코드 알파-41"]:
        j = json.loads(cli("trace", "--text", text, "--top", "5"))
        d = next_dist(model, enc, text)
        ids_ok = j["ids"] == enc.encode(text)
        md = max(abs(t["prob"] - d[t["id"]].item()) for t in j["top"])
        diffs.append({"text": text, "same_ids": ids_ok, "max_top5_prob_diff": md,
                      "cli_top5": [(t["text"], round(t["prob"], 4)) for t in j["top"]]})
    res["trace_vs_torch"] = diffs
    print(json.dumps(diffs, indent=1, ensure_ascii=False), flush=True)

    # 2. held-out Bible pieces through `score`
    nll, ntok, nbytes = 0.0, 0, 0
    pieces = sorted(glob.glob(os.path.join(work, "pieces_val_bible", "piece_*.txt")))
    for p in pieces:
        j = json.loads(cli("score", "--text-file", p, "--bos", "--json"))
        nll += j["mean_nll"] * j["scored_tokens"]
        ntok += j["scored_tokens"]
        nbytes += j["scored_bytes"]
    if ntok:
        res["score_val_bible"] = {"pieces": len(pieces), "tokens": ntok, "bytes": nbytes,
                                  "mean_nll": round(nll / ntok, 4), "perplexity": round(math.exp(nll / ntok), 2),
                                  "bits_per_byte": round(nll / math.log(2) / nbytes, 4)}
        print("score", res["score_val_bible"], flush=True)

    # 3. fact probes
    j = json.loads(cli("probe", "--probes", os.path.join(MODEL, "eval", "facts.json"), "--json"))
    res["probe_groups"] = j.get("groups")
    print("probe", res["probe_groups"], flush=True)
    ko_facts = os.path.join(MODEL, "eval", "facts_ko.json")
    if os.path.exists(ko_facts):
        j = json.loads(cli("probe", "--probes", ko_facts, "--json"))
        res["probe_groups_ko"] = j.get("groups")
        print("probe ko", res["probe_groups_ko"], flush=True)

    # 4. lost in the middle (the CLI's own record generator)
    for records in [10, 20]:
        j = json.loads(cli("litm", "--records", str(records), "--positions", "5", "--trials", "20", "--json"))
        res[f"litm_{records}"] = {"context_tokens": j["context_tokens"],
                                  "points": [{k: p[k] for k in ["position", "accuracy", "mean_prob", "attention_mass"]}
                                             for p in j["points"]]}
        print("litm", records, res[f"litm_{records}"], flush=True)

    # 5. generation
    gens = []
    for prompt in ["And God said,", "The capital of Nalania is", "The culprit turned out to be Sujin. The culprit,",
                   "나는 오늘", "범인이 수진이라는 게 밝혀졌다. 범인은"]:
        j = json.loads(cli("generate", "--prompt", prompt, "--steps", "60", "--temperature", "0.8", "--top-p", "1", "--seed", "1", "--json"))
        gens.append({"prompt": prompt, "json_keys": sorted(j.keys()), "text": j.get("text") or j.get("generated")})
    res["generate"] = gens
    print(json.dumps(gens, indent=1, ensure_ascii=False), flush=True)
    json.dump(res, open(os.path.join(work, "cli_results.json"), "w"), indent=1, ensure_ascii=False)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Copy every name, through the C++ engine: the seed's sentence with each name of the training
world and each held-out name, to choose between training runs.

eval/detective*.json asks for a few names; a run can pass them and still fail the names it saw
least (README, "The everyday-share run": " 수진" fell to 0.13 while " 민준" held at 0.97). This
asks for all of them, in the seed's frames:

  ko      범인이 X(이)라는 게 밝혀졌다. 범인은 / 범인인, and with a suspect named first
          (모두 Y을/를 의심했지만, …), for korean_vocab's NAMES_KO and both held-out lists
  en      The culprit turned out to be X. The culprit, (and with "Everyone suspected Y, but"),
          for make_corpus.NAMES and make_probes.HELD_OUT_NAMES_EN

One `tokenscope-cli probe` call scores them all. For each name: the probability of its first
token after the frame, and whether the model's own answer (its greedy word) is the name. Printed
per group: mean, the lowest, the 10th percentile, how many names fall under 0.5, and the
weakest names.

  name_sweep.py [--cli build/app/tokenscope-cli] [--json out.json] MODEL_DIR...
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from korean_grammar import particle
from korean_vocab import NAMES_KO, HELD_OUT_NAMES_KO, HELD_OUT_NAMES_KO_EXTRA
from make_corpus import NAMES as NAMES_EN
from make_probes import HELD_OUT_NAMES_EN

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def korean_frames(name, suspect):
    said = particle(name, "라는")
    return {
        "seed": f"범인이 {said} 게 밝혀졌다. 범인은",
        "seed_in": f"범인이 {said} 게 밝혀졌다. 범인인",
        "suspect": f"모두 {particle(suspect, '를')} 의심했지만, 범인이 {said} 게 밝혀졌다. 범인은",
    }


def english_frames(name, suspect):
    return {
        "seed": f"The culprit turned out to be {name}. The culprit,",
        "suspect": f"Everyone suspected {suspect}, but the culprit turned out to be {name}. The culprit,",
    }


def probes():
    """(group, name, frame, prompt) for every name; the suspect is the next name in its list, so
    the frames are the same on every run."""
    out = []
    groups = [("ko/seen", NAMES_KO, korean_frames, NAMES_KO),
              ("ko/held_out", HELD_OUT_NAMES_KO + HELD_OUT_NAMES_KO_EXTRA, korean_frames, NAMES_KO),
              ("en/seen", NAMES_EN, english_frames, NAMES_EN),
              ("en/held_out", HELD_OUT_NAMES_EN, english_frames, NAMES_EN)]
    for group, names, frames, suspects in groups:
        for i, name in enumerate(names):
            suspect = suspects[(i + 1) % len(suspects)]
            if suspect == name:
                suspect = suspects[(i + 2) % len(suspects)]
            for frame, prompt in frames(name, suspect).items():
                out.append((group, name, frame, prompt))
    return out


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def sweep(cli, model):
    asked = probes()
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8", delete=False) as f:
        json.dump({"probes": [{"prompt": p, "truth": " " + n, "group": g} for g, n, _, p in asked]},
                  f, ensure_ascii=False)
        path = f.name
    try:
        out = subprocess.run([cli, "probe", "--probes", path, "--json", "--model", model],
                             capture_output=True, text=True)
    finally:
        os.unlink(path)
    if out.returncode != 0:
        raise RuntimeError(f"tokenscope-cli probe failed: {out.stderr.strip()}")
    results = json.loads(out.stdout)["probes"]
    rows = [{"group": g, "name": n, "frame": fr, "p_first_token": r["truth_first_token_prob"],
             "answer": r["answer_word"], "copied": r["answer_is_truth"]}
            for (g, n, fr, _), r in zip(asked, results)]
    report = {}
    for group in dict.fromkeys(r["group"] for r in rows):
        for frame in dict.fromkeys(r["frame"] for r in rows if r["group"] == group):
            sel = [r for r in rows if r["group"] == group and r["frame"] == frame]
            ps = [r["p_first_token"] for r in sel]
            weakest = sorted(sel, key=lambda r: r["p_first_token"])[:5]
            report[f"{group}/{frame}"] = {
                "names": len(sel), "mean": sum(ps) / len(ps), "min": min(ps), "p10": percentile(ps, 0.1),
                "under_half": sum(p < 0.5 for p in ps), "copied": sum(r["copied"] for r in sel),
                "weakest": [(r["name"], round(r["p_first_token"], 3), r["answer"]) for r in weakest]}
    return report, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "tokenscope-cli"))
    ap.add_argument("--json", help="write the summary and every name's figures here")
    ap.add_argument("models", nargs="+")
    args = ap.parse_args()
    everything = {}
    for model in args.models:
        report, rows = sweep(args.cli, model)
        everything[model] = {"summary": report, "names": rows}
        print(model)
        for key, s in report.items():
            weak = ", ".join(f"{n} {p}" + ("" if a.strip() == n else f" ({a.strip()})") for n, p, a in s["weakest"][:3])
            print(f"  {key:20s} {s['names']:3d} names: mean {s['mean']:.3f}  min {s['min']:.3f}  "
                  f"p10 {s['p10']:.3f}  under 0.5: {s['under_half']:2d}  copied {s['copied']:3d}  weakest: {weak}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(everything, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

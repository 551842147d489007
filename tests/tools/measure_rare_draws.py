#!/usr/bin/python3
"""How often sampling draws a token the model itself gives under 0.1 %, per setting.

Runs `tokenscope-cli generate --json` on every prompt of the lessons (resources/lessons/*.json,
both languages) for each temperature x top-p and a range of seeds, and counts the drawn
tokens whose probability at temperature 1 (the step's "prob": the model's own softmax,
before temperature and top-p) is under 0.1 %. Two more columns show that temperature still
matters: the share of draws that are not the model's most likely token (rank > 1), and how
many different continuations (first 8 drawn tokens) the seeds give per prompt.

  /usr/bin/python3 tests/tools/measure_rare_draws.py build/app/tokenscope-cli \
      [--seeds 8] [--steps 24] [--model DIR]

Prints a Markdown table (docs/classroom.md quotes it). Generation stops at the model's end
token, as in the app; only the draws made are counted.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def lesson_prompts():
    prompts = []
    for path in sorted(glob.glob(os.path.join(ROOT, "resources", "lessons", "*.json"))):
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        for step in lesson.get("steps", []):
            p = step.get("prompt")
            texts = p.values() if isinstance(p, dict) else [p] if isinstance(p, str) else []
            for t in texts:
                if t and t not in prompts:
                    prompts.append(t)
    return prompts


def run(cli, model, prompt, temperature, top_p, seed, steps):
    cmd = [cli, "generate", "--prompt", prompt, "--steps", str(steps), "--temperature",
           str(temperature), "--top-p", str(top_p), "--seed", str(seed), "--json"]
    if model:
        cmd += ["--model", model]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return json.loads(p.stdout)["steps"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("--model", default="")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--temperatures", default="0.7,0.8,1.0")
    ap.add_argument("--top-p", default="0.9,0.95,1.0")
    args = ap.parse_args()
    prompts = lesson_prompts()
    print("%d lesson prompts, %d seeds each, up to %d tokens (stopping at the end token)\n"
          % (len(prompts), args.seeds, args.steps))
    print("| T | top-p | draws | under 0.1 %% | share | not the most likely | different "
          "continuations per prompt (of %d) |" % args.seeds)
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for t in [float(x) for x in args.temperatures.split(",")]:
        for top_p in [float(x) for x in args.top_p.split(",")]:
            draws = rare = offTop = 0
            distinct = 0
            for prompt in prompts:
                seen = set()
                for seed in range(1, args.seeds + 1):
                    steps = run(args.cli, args.model, prompt, t, top_p, seed, args.steps)
                    draws += len(steps)
                    rare += sum(1 for s in steps if s["prob"] is not None and s["prob"] < 1e-3)
                    offTop += sum(1 for s in steps if s["rank"] is not None and s["rank"] > 1)
                    seen.add(tuple(s["id"] for s in steps[:8]))
                distinct += len(seen)
            print("| %.1f | %.2f | %d | %d | %.1f %% | %.0f %% | %.1f |"
                  % (t, top_p, draws, rare, 100.0 * rare / max(draws, 1),
                     100.0 * offTop / max(draws, 1), distinct / len(prompts)))
            sys.stdout.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Temperature lanes on a wider set than eval/lanes.json, through the C++ engine, to choose
between training runs: a lane that loops at T=0.5 is what the temperature lesson must not show,
and the 12 lanes of lanes.json were too few to tell two runs apart (README, "The copy run").

Each prompt runs with seeds 1..N (`tokenscope-cli compare --temperatures 0.5 --steps 80`); the
lane is cut at <|endoftext|>, as the app's lanes stop there, and scored by the most times any
3-word phrase occurs in it. A lane loops when that is over 3 (the issue's limit).

  lanes_wide.py [--cli build/app/tokenscope-cli] [--seeds 10] [--json out.json] MODEL_DIR...
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

# The lanes.json prompts and more everyday openings in each language.
PROMPTS = {
    "ko": ["나는 오늘", "범인이 수진이라는 게 밝혀졌다.", "어느 날 민호는", "요즘 많은 사람들이",
           "어제 친구와", "우리 동네에는", "엄마가 말했다.", "오늘 날씨는"],
    "en": ["Today I", "The culprit turned out to be Sujin.", "One day, Maya", "These days many people",
           "My friend and I", "In our town,"],
}
MAX_REPEATS = 3


def most_repeats(text, words=3):
    w = text.split()
    counts = collections.Counter(" ".join(w[i:i + words]) for i in range(len(w) - words + 1))
    return max(counts.values()) if counts else 0


def lane_text(cli, model, prompt, seed):
    out = subprocess.run([cli, "compare", "--prompt", prompt, "--temperatures", "0.5", "--steps", "80",
                          "--seed", str(seed), "--json", "--model", model],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["lanes"][0]["text"].split("<|endoftext|>")[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "tokenscope-cli"))
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--json", help="write every lane's score and the looping lanes' text here")
    ap.add_argument("models", nargs="+")
    args = ap.parse_args()
    report = {}
    for model in args.models:
        for lang, prompts in PROMPTS.items():
            scores, loops = [], []
            for prompt in prompts:
                for seed in range(1, args.seeds + 1):
                    text = lane_text(args.cli, model, prompt, seed)
                    r = most_repeats(text)
                    scores.append(r)
                    if r > MAX_REPEATS:
                        loops.append({"prompt": prompt, "seed": seed, "repeats": r, "text": text})
            report[f"{model}:{lang}"] = {"lanes": len(scores), "looping": len(loops), "worst": max(scores), "loops": loops}
            print(f"{model} {lang}: {len(loops)} of {len(scores)} lanes repeat a 3-word phrase more than "
                  f"{MAX_REPEATS} times; worst {max(scores)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

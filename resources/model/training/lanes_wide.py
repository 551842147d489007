#!/usr/bin/python3
"""Temperature lanes on a wider set than eval/lanes.json, through the C++ engine, to choose
between training runs: a lane that loops at T=0.5 is what the temperature lesson must not show,
and the 12 lanes of lanes.json were too few to tell two runs apart (README, "The copy run").

The prompts are eval/lanes.json's and its more_prompts (everyday openings); each runs with seeds 1..N
(`tokenscope-cli compare --temperatures 0.5 --steps 80`). The lane is cut at <|endoftext|>, as the
app's lanes stop there, and scored as evaluate.py scores lanes: the most times any phrase of
lanes.json's phrase_words occurs. A lane loops when that is over its max_phrase_repeats.

  lanes_wide.py [--cli build/app/tokenscope-cli] [--seeds 10] [--json out.json] MODEL_DIR...
"""
import argparse
import json
import os
import subprocess
import sys

from evaluate import max_phrase_repeats

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
LANES = json.load(open(os.path.join(os.path.dirname(HERE), "eval", "lanes.json"), encoding="utf-8"))

# Everyday openings beyond lanes.json's prompts, in each language.
MORE_PROMPTS = LANES["more_prompts"]


def lane_text(cli, model, prompt, seed):
    out = subprocess.run([cli, "compare", "--prompt", prompt, "--temperatures", "0.5", "--steps", "80",
                          "--seed", str(seed), "--top-p", "1", "--json", "--model", model],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["lanes"][0]["text"].split("<|endoftext|>")[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "tokenscope-cli"))
    ap.add_argument("--seeds", type=int, default=LANES["wide_seeds"])
    ap.add_argument("--json", help="write every lane's score and the looping lanes' text here")
    ap.add_argument("models", nargs="+")
    args = ap.parse_args()
    report = {}
    for model in args.models:
        for lang, more in MORE_PROMPTS.items():
            prompts = LANES["prompts"][lang] + more
            scores, loops = [], []
            for prompt in prompts:
                for seed in range(1, args.seeds + 1):
                    text = lane_text(args.cli, model, prompt, seed)
                    r = max_phrase_repeats(text, LANES["phrase_words"])
                    scores.append(r)
                    if r > LANES["max_phrase_repeats"]:
                        loops.append({"prompt": prompt, "seed": seed, "repeats": r, "text": text})
            report[f"{model}:{lang}"] = {"lanes": len(scores), "looping": len(loops), "worst": max(scores), "loops": loops}
            print(f"{model} {lang}: {len(loops)} of {len(scores)} lanes repeat a {LANES['phrase_words']}-word phrase "
                  f"more than {LANES['max_phrase_repeats']} times; worst {max(scores)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

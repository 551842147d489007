#!/usr/bin/python3
"""What the steer view's example pairs do on a model, through tokenscope-cli (the app's steer view
runs the same engine calls): for each pair and strength, logit(first token of " POSITIVE") -
logit(first token of " NEGATIVE") at the token after the prompt (trace), and a continuation of
STEPS tokens at seed 42 with the app's default sampling (generate), with how many of its tokens
are distinct (repetition is where coherence breaks first). Used for docs/classroom.md, "Steering".

usage: measure_steering.py CLI BLOCK [STRENGTHS] [STEPS]
e.g.   measure_steering.py build/app/tokenscope-cli 4 -8,-4,-2,-1,0,1,2,4,8 12
"""
import json
import subprocess
import sys

# The pairs the steer view offers (ui/classroom/steer_view.cpp, SteerView::examples).
PAIRS = [("I feel", "love", "hate"), ("I feel", "happy", "sad"),
         ("오늘 나는", "사랑", "미움"), ("오늘 나는", "행복", "슬픔")]


def run(cli, args):
    out = subprocess.run([cli] + args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def first_id(cli, word):
    return run(cli, ["tokenize", "--text", " " + word, "--json"])["ids"][0]


def main():
    cli, block = sys.argv[1], sys.argv[2]
    strengths = sys.argv[3] if len(sys.argv) > 3 else "-8,-4,-2,-1,0,1,2,4,8"
    steps = sys.argv[4] if len(sys.argv) > 4 else "12"
    for prompt, pos, neg in PAIRS:
        pid, nid = first_id(cli, pos), first_id(cli, neg)
        print(f"\n{prompt!r}, towards {pos!r}, away from {neg!r} (block {block}; "
              f"first tokens {pid}, {nid})")
        for s in strengths.split(","):
            steer = ["--steer-layer", block, "--steer-positive", pos, "--steer-negative", neg,
                     "--steer-strength", s]
            logits = run(cli, ["trace", "--text", prompt, "--json"] + steer)["last_logits"]
            g = run(cli, ["generate", "--prompt", prompt, "--steps", steps, "--seed", "42",
                          "--json"] + steer)
            tokens = g["generated"]
            text = g["text"][len(prompt):]
            print(f"  S={float(s):+5.1f}  diff {logits[pid] - logits[nid]:+6.2f}  "
                  f"distinct {len(set(tokens)):2d}/{len(tokens)}  {text!r}")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""How well a prompt keeps its language when sampled: for each sampling setting, generate from
the prompt with seeds 1..N and report the share of the generated letters that are Latin (for a
Korean prompt: English fragments), how many runs had none, and the share of draws under 0.1 %.
Used to choose the Korean lessons' prompts and top-k (docs/classroom.md).

usage: measure_script_share.py CLI "prompt|prompt" TEMPERATURE "topk:topp,topk:topp" SEEDS STEPS
e.g.   measure_script_share.py build/app/tokenscope-cli "탐정은 모두를" 1.0 "0:1.0,40:1.0" 12 20
"""
import json
import re
import subprocess
import sys


def main():
    cli, prompts, temperature, settings, seeds, steps = sys.argv[1:7]
    for prompt in prompts.split("|"):
        for setting in settings.split(","):
            top_k, top_p = setting.split(":")
            latin = letters = clean = rare = draws = 0
            for seed in range(1, int(seeds) + 1):
                out = subprocess.run(
                    [cli, "generate", "--prompt", prompt, "--steps", steps, "--temperature",
                     temperature, "--top-k", top_k, "--top-p", top_p, "--seed", str(seed), "--json"],
                    capture_output=True, text=True, check=True).stdout
                run = json.loads(out)
                text = "".join(step["text"] for step in run["steps"])
                n_latin = len(re.findall(r"[A-Za-z]", text))
                n_hangul = len(re.findall(r"[\uac00-\ud7a3]", text))
                latin += n_latin
                letters += n_latin + n_hangul
                clean += n_latin == 0
                for step in run["steps"]:
                    draws += 1
                    rare += step["prob"] < 0.001
            print(f"{prompt!r} T={temperature} top-k={top_k} top-p={top_p}, {steps} steps: "
                  f"Latin {100 * latin / max(1, letters):.1f} % of letters, "
                  f"{clean}/{seeds} runs without Latin, "
                  f"draws under 0.1 %: {100 * rare / max(1, draws):.1f} %", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Write the classroom probe sets (resources/model/eval/*.json) from work/world.json.

facts.json      fact probes: prompt, truth (true continuation), false continuations, seen / held-out
kv_records.json key-value record template, vocabulary and fixed example prompts
detective.json  repeated-name prompts for the attention lesson
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.path.join(os.path.dirname(HERE), "eval")


def kv_prompt(rng, key_words, values, n, q):
    keys, seen = [], set()
    while len(keys) < n:
        k = f"{rng.choice(key_words)}-{rng.randint(100, 999)}"
        if k not in seen:
            seen.add(k)
            keys.append(k)
    vals = [rng.choice(values) for _ in keys]
    text = " ".join(f"Code {k}: {v}." for k, v in zip(keys, vals)) + f" Code {keys[q]}:"
    return {"n_records": n, "query_index": q, "prompt": text, "answer": " " + vals[q]}


def main(work=os.path.join(HERE, "work")):
    world = json.load(open(os.path.join(work, "world.json"), encoding="utf-8"))
    os.makedirs(EVAL, exist_ok=True)
    rng = random.Random(7)
    countries = world["countries"]
    capitals = [c["capital"] for c in countries]
    facts = []
    for c in countries:
        false = rng.sample([k for k in capitals if k != c["capital"]], 3)
        for tmpl, kind in [("The capital of {country} is", "capital"),
                           ("The people of {country} speak", "language"),
                           ("The longest river in {country} is the", "river")]:
            true = c[kind]
            if kind == "capital":
                wrong = false
            else:
                wrong = rng.sample([o[kind] for o in countries if o[kind] != true], 3)
            split = "held_out" if c["held_out"] else "seen"
            facts.append({"prompt": tmpl.format(**c), "truth": " " + true, "false": [" " + w for w in wrong],
                          "group": f"{split}/{kind}", "relation": kind, "country": c["country"], "split": split})
    with open(os.path.join(EVAL, "facts.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "Atlas of the synthetic textbook world. 'seen' countries appear in the training "
                                  "text in several phrasings; 'held_out' countries never appear, so any confident "
                                  "answer about them is invented (hallucination lesson).",
                   "countries": countries, "probes": facts}, f, indent=1, ensure_ascii=False)

    examples = []
    for n in [4, 8, 16, 24, 28]:
        for q in sorted(set([0, n // 4, n // 2, (3 * n) // 4, n - 1])):
            examples.append(kv_prompt(rng, world["kv_key_words"], world["kv_values"], n, q))
    with open(os.path.join(EVAL, "kv_records.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "Key-value recall for the lost-in-the-middle lab: n records, then the key of "
                                  "record query_index is repeated; the model should continue with its value.",
                   "record_template": "Code {key}: {value}.", "query_template": "Code {key}:",
                   "key_template": "{word}-{number}", "key_words": world["kv_key_words"],
                   "number_range": [100, 999], "values": world["kv_values"], "max_records_in_training": 26,
                   "examples": examples}, f, indent=1, ensure_ascii=False)

    det = []
    names = world["names"]
    for a in ["Sujin", "Cheolsu", "Minho", "Alice", "Oliver", "Priya"]:
        b = rng.choice([n for n in names if n != a])
        det.append({"prompt": f"The culprit turned out to be {a}. The culprit,", "answer": " " + a, "name": a})
        det.append({"prompt": f"Everyone suspected {b}, but the culprit turned out to be {a}. The culprit,",
                    "answer": " " + a, "distractor": " " + b, "name": a})
    with open(os.path.join(EVAL, "detective.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "Repeated-name prompts (after the seed's '범인이 수진이라는 게 밝혀졌다. 범인인 [?]'). "
                                  "The next token should copy the culprit's name; look for the head that attends "
                                  "back to its first mention.", "names": names, "probes": det}, f, indent=1,
                  ensure_ascii=False)
    print(f"wrote {len(facts)} fact probes, {len(examples)} kv examples, {len(det)} detective prompts to {EVAL}")


if __name__ == "__main__":
    main()

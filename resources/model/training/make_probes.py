#!/usr/bin/python3
"""Write the classroom probe sets (resources/model/eval/*.json) from work/world.json.

facts.json      fact probes: prompt, truth (true continuation), false continuations, seen / held-out
kv_records.json key-value record template, vocabulary and fixed example prompts
detective.json  repeated-name prompts for the attention lesson
"""
import json
import os
import random

from make_corpus import kv_keys

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.path.join(os.path.dirname(HERE), "eval")


def kv_prompt(rng, spec, n, q):
    """n records in the format of the spec (kv_records.json), then the query for record q.
    Key numbers are distinct, as in training, so the key's last token is unique."""
    lo, hi = spec["number_range"]
    keys = kv_keys(rng, n, spec["key_words"], range(lo, hi + 1))
    vals = [rng.choice(spec["values"]) for _ in keys]
    records = " ".join(spec["record_template"].format(key=k, value=v) for k, v in zip(keys, vals))
    text = records + " " + spec["query_template"].format(key=keys[q])
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
        # "seat" asks for the capital in another phrasing: for a held-out country the model
        # continues "The capital of X is" with " a country ..." (the encyclopedia entries'
        # "X is a country ..."), but "The government of X sits in" with an invented city
        for tmpl, kind, relation in [("The capital of {country} is", "capital", "capital"),
                                     ("The people of {country} speak", "language", "language"),
                                     ("The longest river in {country} is the", "river", "river"),
                                     ("The government of {country} sits in", "capital", "seat")]:
            true = c[kind]
            if kind == "capital":
                wrong = false
            else:
                wrong = rng.sample([o[kind] for o in countries if o[kind] != true], 3)
            split = "held_out" if c["held_out"] else "seen"
            facts.append({"prompt": tmpl.format(**c), "truth": " " + true, "false": [" " + w for w in wrong],
                          "group": f"{split}/{relation}", "relation": relation, "country": c["country"],
                          "split": split})
    with open(os.path.join(EVAL, "facts.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "Atlas of the synthetic textbook world. 'seen' countries appear in the training "
                                  "text in several phrasings; 'held_out' countries never appear, so any confident "
                                  "answer about them is invented (hallucination lesson).",
                   "countries": countries, "probes": facts}, f, indent=1, ensure_ascii=False)

    spec = {"description": "Key-value recall for the lost-in-the-middle lab: n records, then the key of "
                           "record query_index is repeated; the model should continue with its value. "
                           "The value follows the key's number directly, as in training.",
            "record_template": world["kv_record_template"],
            "query_template": world["kv_record_template"].split(" {value}")[0],
            "key_template": "{word}-{number}", "key_words": world["kv_key_words"],
            "number_range": world["kv_number_range"], "values": world["kv_values"],
            "max_records_in_training": 30}
    spec["examples"] = [kv_prompt(rng, spec, n, q) for n in [4, 8, 16, 24, 30]
                        for q in sorted(set([0, n // 4, n // 2, (3 * n) // 4, n - 1]))]
    with open(os.path.join(EVAL, "kv_records.json"), "w", encoding="utf-8") as f:
        json.dump(spec, f, indent=1, ensure_ascii=False)
    examples = spec["examples"]

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

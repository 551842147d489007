#!/usr/bin/python3
"""Write the classroom probe sets (resources/model/eval/*.json) from work/world.json.

facts.json      fact probes: prompt, truth (true continuation), false continuations, seen / held-out
kv_records.json key-value record template, vocabulary and fixed example prompts
detective.json  repeated-name prompts for the attention lesson
facts_ko.json, kv_records_ko.json, detective_ko.json   the same in Korean: the same countries
                (Hangul names) and held-out set, the seed's sentence "범인이 수진이라는 게 밝혀졌다.
                범인은" and other names, including names that never occur in training
lanes.json      prompts for the temperature lanes (Korean and English) and the thresholds
"""
import argparse
import json
import os
import random

from korean_grammar import particle
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


# Korean prompts for the atlas: (prompt template, field, relation). Training says
# "X의 수도는 Y이다.", "X의 정부는 Y에 있다.", "X 사람들은 Z어를 쓴다.", "X에서 가장 긴 강은 W강이다."
FACT_PROMPTS_KO = [("{country}의 수도는", "capital", "capital"), ("{country} 사람들은", "language", "language"),
                   ("{country}에서 가장 긴 강은", "river", "river"), ("{country}의 정부는", "capital", "seat")]
# English names that never occur in the training text (checked with grep on work/train.txt and drill.txt;
# make_corpus.NAMES has 70 others)
HELD_OUT_NAMES_EN = ["Mirae", "Ottilie", "Helga", "Astrid", "Noor", "Silvia", "Kwame", "Linnea"]


def korean_probes(world, rng, eval_dir):
    countries = world["countries_ko"]
    facts = []
    for c in countries:
        for tmpl, kind, relation in FACT_PROMPTS_KO:
            true = c[kind]
            wrong = rng.sample([o[kind] for o in countries if o[kind] != true], 3)
            split = "held_out" if c["held_out"] else "seen"
            facts.append({"prompt": tmpl.format(**c), "truth": " " + true, "false": [" " + w for w in wrong],
                          "group": f"{split}/{relation}", "relation": relation, "country": c["country"],
                          "country_en": c["english"], "split": split})
    with open(os.path.join(eval_dir, "facts_ko.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "교과서 세계 지도 (Korean atlas): the same countries as facts.json, written in Hangul; "
                                  "'held_out' countries never appear in either language, so a confident answer about "
                                  "them is invented (hallucination lesson).",
                   "countries": countries, "probes": facts}, f, indent=1, ensure_ascii=False)

    spec = {"description": "Korean key-value recall (lost in the middle): '코드 알파-36 사과.' records, then the key "
                           "of record query_index again; the value follows the key's number directly, as in training.",
            "record_template": world["kv_record_template_ko"],
            "query_template": world["kv_record_template_ko"].split(" {value}")[0],
            "key_template": "{word}-{number}", "key_words": world["kv_key_words_ko"],
            "number_range": world["kv_number_range"], "values": world["kv_values_ko"],
            "max_records_in_training": 30}
    spec["examples"] = [kv_prompt(rng, spec, n, q) for n in [4, 8, 16, 24, 30]
                        for q in sorted(set([0, n // 4, n // 2, (3 * n) // 4, n - 1]))]
    with open(os.path.join(eval_dir, "kv_records_ko.json"), "w", encoding="utf-8") as f:
        json.dump(spec, f, indent=1, ensure_ascii=False)

    det = []
    seen_names = ["수진", "철수", "민호", "영희", "지우", "하나", "앨리스", "올리버"]
    held = world["held_out_names_ko"]
    for a in seen_names + held[:8]:
        b = rng.choice([n for n in world["names_ko"] if n != a])
        kind = "held_out_name" if a in held else "seen_name"
        det.append({"prompt": f"범인이 {particle(a, '이라는')} 게 밝혀졌다. 범인은", "answer": " " + a, "name": a,
                    "kind": kind})
        det.append({"prompt": f"범인이 {particle(a, '이라는')} 게 밝혀졌다. 범인인", "answer": " " + a, "name": a,
                    "kind": kind})
        det.append({"prompt": f"모두 {particle(b, '을')} 의심했지만, 범인이 {particle(a, '이라는')} 게 밝혀졌다. 범인은",
                    "answer": " " + a, "distractor": " " + b, "name": a, "kind": kind})
    for role, a in [("도둑", "서준"), ("우승자", "하늘"), ("반장", held[-1]), ("스파이", held[-2])]:
        det.append({"prompt": f"{particle(role, '이')} {particle(a, '이라는')} 게 밝혀졌다. {particle(role, '은')}",
                    "answer": " " + a, "name": a, "kind": "held_out_name" if a in held else "seen_name"})
    # names of the kinds the story inventory has, never in training: the seed's frame and an
    # introduction ("제 이름은 X입니다." ... "X 씨, 반가워요.")
    extra = world.get("held_out_names_ko_extra", [])
    for a in extra:
        b = rng.choice([n for n in world["names_ko"] if len(n) == 2])
        det.append({"prompt": f"범인이 {particle(a, '이라는')} 게 밝혀졌다. 범인은", "answer": " " + a, "name": a,
                    "kind": "held_out_name"})
        det.append({"prompt": f"“처음 뵙겠습니다. 제 이름은 {a}입니다.” {particle(b, '은')} “", "answer": a, "name": a,
                    "kind": "held_out_name"})
    held = held + extra
    with open(os.path.join(eval_dir, "detective_ko.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "The seed's example '범인이 수진이라는 게 밝혀졌다. 범인은 [?]' and the same with other "
                                  "names, other roles and a distractor. held_out_name: a name that never occurs in "
                                  "the training text, so the model must copy it from the prompt.",
                   "names": world["names_ko"], "held_out_names": held, "probes": det}, f, indent=1, ensure_ascii=False)

    lanes = {"description": "Temperature lanes: generate from each prompt at each temperature; at T=0.5 at least "
                            "min_script_share of the generated characters are in the prompt's script (Hangul for "
                            "Korean), spaces or punctuation, and no phrase of phrase_words words occurs more than "
                            "max_phrase_repeats times; at T=1.5 the share drops.",
             "temperatures": [0.5, 1.5], "steps": 80, "seeds": [1, 2, 3], "min_script_share": 0.9,
             "phrase_words": 3, "max_phrase_repeats": 3,
             "prompts": {"ko": ["나는 오늘", "범인이 수진이라는 게 밝혀졌다.", "어느 날 민호는", "요즘 많은 사람들이"],
                         "en": ["Today I", "The culprit turned out to be Sujin.", "One day, Maya", "These days many people"]},
             # the wider set (lanes_wide.py, the engine test): these prompts and more openings, seeds
             # 1..wide_seeds, T=0.5; a loop is a rate there, at most max_looping_share of the lanes
             "more_prompts": {"ko": ["어제 친구와", "우리 동네에는", "엄마가 말했다.", "오늘 날씨는"],
                              "en": ["My friend and I", "In our town,"]},
             "wide_seeds": 10, "max_looping_share": 0.05}
    with open(os.path.join(eval_dir, "lanes.json"), "w", encoding="utf-8") as f:
        json.dump(lanes, f, indent=1, ensure_ascii=False)
    return len(facts), len(spec["examples"]), len(det)


def main(work=os.path.join(HERE, "work"), eval_dir=EVAL):
    world = json.load(open(os.path.join(work, "world.json"), encoding="utf-8"))
    EVAL_DIR = eval_dir
    os.makedirs(EVAL_DIR, exist_ok=True)
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
    with open(os.path.join(EVAL_DIR, "facts.json"), "w", encoding="utf-8") as f:
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
    with open(os.path.join(EVAL_DIR, "kv_records.json"), "w", encoding="utf-8") as f:
        json.dump(spec, f, indent=1, ensure_ascii=False)
    examples = spec["examples"]

    det = []
    names = world["names"]
    for a in ["Sujin", "Cheolsu", "Minho", "Alice", "Oliver", "Priya"]:
        b = rng.choice([n for n in names if n != a])
        det.append({"prompt": f"The culprit turned out to be {a}. The culprit,", "answer": " " + a, "name": a})
        det.append({"prompt": f"Everyone suspected {b}, but the culprit turned out to be {a}. The culprit,",
                    "answer": " " + a, "distractor": " " + b, "name": a})
    with open(os.path.join(EVAL_DIR, "detective.json"), "w", encoding="utf-8") as f:
        json.dump({"description": "Repeated-name prompts (after the seed's '범인이 수진이라는 게 밝혀졌다. 범인인 [?]'). "
                                  "The next token should copy the culprit's name; look for the head that attends "
                                  "back to its first mention.", "names": names, "probes": det}, f, indent=1,
                  ensure_ascii=False)
    # Korean probes come after the English ones from the same generator, so the English
    # files stay as they were
    nf, nk, nd = korean_probes(world, rng, EVAL_DIR)
    print(f"wrote {len(facts)} fact probes, {len(examples)} kv examples, {len(det)} detective prompts to {EVAL_DIR}; "
          f"Korean: {nf} fact probes, {nk} kv examples, {nd} detective prompts; lanes.json")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(HERE, "work"))
    ap.add_argument("--out", default=EVAL, help="folder for the probe sets (default resources/model/eval)")
    a = ap.parse_args()
    main(a.work, a.out)

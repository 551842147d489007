#!/usr/bin/python3
"""Build the training / validation corpus for Tokenscope's bundled model.

Sources
  * World English Bible (engWEB2015eb, public domain) dumped with `diatheke`
    from Debian's sword-text-web package; markup and verse numbers stripped,
    one document per chapter.
  * Modern everyday English (make_corpus_en_life.py) and the Korean half of the world
    (make_corpus_ko.py), both the project's own text.
  * A synthetic "textbook world" produced by this script with a fixed seed:
      - atlas: fictional countries with capitals, rivers and languages, in
        several phrasings; some countries are held out of training entirely;
      - key-value records ("Code Alpha-41 tiger. ... Code Alpha-41 tiger.")
        for the lost-in-the-middle lab;
      - repeated word lists, which reward copying from the context;
      - detective stories ("The culprit turned out to be Sujin. The culprit,
        Sujin, ...") for the attention lesson.

Outputs (in --out, default training/work/):
  train.txt / val_bible.txt / val_synth.txt   documents separated by <|endoftext|>
  val_synth_ko.txt                            fresh Korean synthetic text (training monitor)
  bpe_train.txt                               train.txt with Korean noun|particle marks, for train_bpe.py
  drill.txt                                   the second training stream (copy drills, atlas; both languages)
  world.json                                  ground truth of the textbook world (English and Korean names)
The Korean half of the world (atlas of the same countries, detective stories, daily life,
dialogue, essays, records) is written by make_corpus_ko.py with its own seeds, so the
English text is generated exactly as before.
The probe sets in resources/model/eval/ are written by make_probes.py from world.json.
"""
import argparse
import json
import os
import random
import re
import subprocess

import make_corpus_en_life as en_life
import korean_prose
import make_corpus_ko as ko

EOT = "<|endoftext|>"
HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------- Bible

REF = re.compile(r"((?:IV |I{1,3} )?[A-Z][a-z]+(?: of [A-Z][a-z]+| [A-Z][a-z]+| \(Greek\))*) (\d+):(\d+): ")


def clean_verse(s):
    s = re.sub(r"</w>\s*<w", "</w> <w", s)          # adjacent words lose their space in the module
    s = re.sub(r"<title[^>]*>.*?</title>", " ", s)  # section headings are not verse text
    s = re.sub(r"<[^>]*>", "", s)
    s = s.replace("\u00b6", " ")
    s = re.sub(r"\s+", " ", s)
    s = re.sub(r" ([,;:.!?])", r"\1", s)
    s = re.sub(r"([,;:!?])(?=[A-Za-z])", r"\1 ", s)
    return s.strip()


def bible_chapters(module, raw_path):
    if not os.path.exists(raw_path):
        with open(raw_path, "w", encoding="utf-8") as f:
            subprocess.run(["diatheke", "-b", module, "-k", "Gen-Rev"], stdout=f, check=True)
    chapters = {}
    order = []
    for line in open(raw_path, encoding="utf-8"):
        m = REF.search(line)
        if not m:
            continue
        key = (m.group(1), int(m.group(2)))
        text = clean_verse(line[m.end():])
        if not text:
            continue
        if key not in chapters:
            chapters[key] = []
            order.append(key)
        chapters[key].append(text)
    return [(k, " ".join(chapters[k])) for k in order]


# --------------------------------------------------------------------------- textbook world

ONSETS = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "dr", "gr",
          "kr", "tr", "st", "th", "sh", "ch", "vel", "mar", "cor", "tal", "ost", "ul", "an", "or", "el"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ei", "ou", "ia"]
COUNTRY_END = ["ia", "ania", "oria", "and", "esh", "istan", "ovia", "ara", "enne", "ostra"]
CAPITAL_END = ["ix", "ton", "grad", "holm", "mar", "polis", "ven", "burg", "ora", "dun", "ek", "is"]
RIVER_END = ["el", "an", "ur", "ova", "ine", "ax", "ith", "os"]
LANG_END = ["ic", "ish", "ese", "i", "an"]

VALUES = ["tiger", "river", "apple", "candle", "mountain", "silver", "garden", "window", "horse",
          "bread", "island", "forest", "copper", "violin", "lemon", "castle", "feather", "rocket",
          "pepper", "winter", "bridge", "marble", "orange", "rabbit", "thunder", "pencil", "desert",
          "mirror", "cotton", "falcon", "harbor", "lantern", "meadow", "planet", "saddle", "tunnel",
          "wagon", "anchor", "basket", "cherry", "dragon", "engine", "glacier", "hammer", "jacket",
          "kettle", "ladder", "magnet", "needle", "oyster", "parrot", "quartz", "ribbon", "spider",
          "turtle", "velvet", "walnut", "yogurt", "zebra", "coffee"]
KEY_WORDS = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
             "Juliet", "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo",
             "Sierra", "Tango", "Uniform", "Victor", "Whiskey", "Xray", "Yankee", "Zulu"]
NAMES = ["Sujin", "Cheolsu", "Minho", "Jiwoo", "Yuna", "Hana", "Dongwoo", "Seojun", "Jisoo", "Eunji",
         "Taeyang", "Mina", "Junho", "Soyeon", "Haneul", "Alice", "Bob", "Clara", "David", "Emma",
         "Felix", "Grace", "Henry", "Irene", "Jack", "Karen", "Leo", "Maria", "Nora", "Oliver",
         "Paula", "Quinn", "Rosa", "Samuel", "Tina", "Victor", "Wendy", "Xavier", "Yusuf", "Zoe",
         "Amir", "Bianca", "Carlos", "Dmitri", "Elena", "Farah", "Gustav", "Hiro", "Ingrid", "Jamal",
         "Keiko", "Lucas", "Marta", "Nikolai", "Omar", "Priya", "Rafael", "Sofia", "Tomas", "Ursula",
         "Vera", "Walter", "Ximena", "Yara", "Zara", "Arthur", "Beatrice", "Cyrus", "Daphne", "Edgar"]
PLACES = ["library", "kitchen", "garden", "cellar", "attic", "station", "harbor", "museum", "hotel",
          "theater", "barn", "office"]
OBJECTS = ["key", "letter", "ring", "map", "knife", "diary", "coin", "painting", "watch", "necklace"]


def make_word(rng, ends, used, min_syl=1, max_syl=2):
    while True:
        w = "".join(rng.choice(ONSETS) + rng.choice(VOWELS) for _ in range(rng.randint(min_syl, max_syl)))
        w = (w + rng.choice(ends)).capitalize()
        w = re.sub(r"([aeiou])\1+", r"\1", w)
        if 4 <= len(w) <= 10 and w not in used:
            used.add(w)
            return w


def make_world(rng, n_countries=80, n_held_out=16):
    used = set(NAMES) | set(KEY_WORDS)
    countries = []
    for i in range(n_countries):
        countries.append({
            "country": make_word(rng, COUNTRY_END, used),
            "capital": make_word(rng, CAPITAL_END, used),
            "river": make_word(rng, RIVER_END, used),
            "language": make_word(rng, LANG_END, used, 1, 1),
            "held_out": i >= n_countries - n_held_out,
        })
    return countries


CAPITAL_TEMPLATES = [
    "The capital of {country} is {capital}.",
    "{capital} is the capital of {country}.",
    "The capital city of {country} is {capital}.",
    "{country} has its capital at {capital}.",
    "The government of {country} sits in {capital}.",
    "{capital}, the capital of {country}, is a busy city.",
    "If you visit {country}, you should see its capital, {capital}.",
]
RIVER_TEMPLATES = [
    "The longest river in {country} is the {river}.",
    "The {river} flows through {country}.",
    "The main river of {country} is the {river}.",
    "{capital} stands on the banks of the {river}.",
]
LANG_TEMPLATES = [
    "The people of {country} speak {language}.",
    "The language of {country} is {language}.",
    "In {country}, most people speak {language}.",
    "{language} is spoken in {country}.",
]


def atlas_doc(rng, seen):
    n = rng.randint(3, 8)
    out = []
    if rng.random() < 0.4:  # an encyclopedia-style entry about one country
        c = rng.choice(seen)
        out.append(f"{c['country']} is a country in the textbook world.")
        for tmpl in rng.sample(CAPITAL_TEMPLATES, 2) + rng.sample(RIVER_TEMPLATES, 2) + [rng.choice(LANG_TEMPLATES)]:
            out.append(tmpl.format(**c))
        n -= 4
    for _ in range(max(n, 1)):
        c = rng.choice(seen)
        r = rng.random()
        # Rivers as often as capitals: at 20 % of the sentences (capitals 60 %) the 2026-12-01
        # model never learned them ("The longest river in X is the" gave " Z" for every X,
        # top-1 0.06) while capitals were 1.00 (training README, "What was lost").
        tmpl = rng.choice(CAPITAL_TEMPLATES if r < 0.4 else RIVER_TEMPLATES if r < 0.8 else LANG_TEMPLATES)
        out.append(tmpl.format(**c))
    return " ".join(out)


# Key-value records are written so that the value directly follows the last token of its
# key, a two-digit number unique within the document ("Code Alpha-41 tiger."). A lookup is
# then the one-token copy that small models learn first (an induction head: attend to the
# token after the earlier occurrence of the current token). With "Code Alpha-417: tiger."
# every value follows a ":" and the lookup needs a match on several tokens, which a
# 2.6 M-parameter model did not learn in 8 M tokens (see README.md).
KV_NUMBERS = range(10, 100)
KV_RECORD = "Code {key} {value}."


def kv_keys(rng, n, key_words=KEY_WORDS, numbers=KV_NUMBERS):
    picked = rng.sample(numbers, n)  # distinct numbers: the key's last token is unique
    return [f"{rng.choice(key_words)}-{num}" for num in picked]


def kv_doc(rng, n_records=None, n_queries=None):
    n = n_records or rng.randint(2, 30)
    keys = kv_keys(rng, n)
    vals = [rng.choice(VALUES) for _ in keys]
    parts = [KV_RECORD.format(key=k, value=v) for k, v in zip(keys, vals)]
    # many queries per document, so most of its second half rewards looking a value up
    for _ in range(n_queries or rng.randint(1, min(n, 16))):
        i = rng.randrange(n)
        parts.append(KV_RECORD.format(key=keys[i], value=vals[i]))
    return " ".join(parts)


# Repeated word lists: the plainest text that rewards copying from the context; this is
# where induction heads form, which the key-value lookup and the repeated name then use.
REPEAT_INTROS = ["Repeat after me:", "Say it again:", "The list was:", "Remember these words:", ""]


def repeat_doc(rng, pool):
    words = [rng.choice(pool) for _ in range(rng.randint(4, 40))]
    line = " ".join(words) + "."
    intro = rng.choice(REPEAT_INTROS)
    copies = [line] * rng.randint(2, 3)
    return (intro + " " if intro else "") + " ".join(copies)


DETECTIVE_TEMPLATES = [
    "The detective gathered everyone in the {place}. {b} and {a} waited. The culprit turned out to be {a}. The culprit, {a}, had hidden the {obj} in the {place}.",
    "The culprit turned out to be {a}. The culprit, {a}, confessed to taking the {obj}.",
    "Everyone suspected {b}, but the culprit turned out to be {a}. The culprit, {a}, ran toward the {place}.",
    "{b} found the {obj} in the {place}. The culprit turned out to be {a}. The culprit, {a}, said nothing.",
    "The police asked {b} about the {obj}. The thief turned out to be {a}. The thief, {a}, was arrested in the {place}.",
    "In the {place}, {a} met {b}. Later the culprit turned out to be {a}. {b} was surprised, but the culprit, {a}, only smiled.",
    "The missing {obj} was a mystery. {b} blamed {c}. The culprit turned out to be {a}. The culprit, {a}, left the {place} at night.",
]


ROLES = ["culprit", "thief", "winner", "captain", "doctor", "stranger", "teacher", "spy"]
ROLE_TEMPLATES = [
    "The {role} turned out to be {a}. The {role}, {a}, {verb}.",
    "Nobody knew the {role}. It was {a}. Later {a} {verb}.",
    "{b} met the {role} in the {place}. The {role} was {a}. {b} and {a} talked about the {obj}.",
    "The new {role} is {a}. Everyone likes {a}, and the {role}, {a}, {verb}.",
]
VERBS = ["said nothing", "smiled", "left the room", "opened the door", "sat down", "looked away",
         "laughed", "told the truth"]


# Given names the stories invent (two or three syllables: "Tavelin", "Brosima"): most are several
# tokens, so a story that names one teaches the model to copy a whole name it has never seen,
# token after token. With only the 70 NAMES (mostly one or two tokens each, all learned as
# names) unseen English names were started right and then drifted: greedy decoding wrote 2 of
# 8 whole (README "Name run 2"). Never one of make_probes.HELD_OUT_NAMES_EN.
NAME_ONSETS = ["b", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
               "br", "ch", "cl", "dr", "fl", "gr", "kr", "pr", "sh", "st", "th", "tr"]
NAME_VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ai", "ea", "io"]
NAME_ENDS = ["", "", "", "n", "l", "r", "s", "th", "na", "la", "ra", "lin", "son", "ette", "elle", "ius",
             "ard", "ric", "wen", "ty", "ko", "mi"]
NOT_INVENTED = {"Mirae", "Ottilie", "Helga", "Astrid", "Noor", "Silvia", "Kwame", "Linnea"}


def invented_name(rng, avoid=frozenset()):
    while True:
        syllables = 2 if rng.random() < 0.7 else 3
        w = "".join(rng.choice(NAME_ONSETS) + rng.choice(NAME_VOWELS) for _ in range(syllables))
        w = (w + rng.choice(NAME_ENDS)).capitalize()
        w = re.sub(r"([aeiou])\1+", r"\1", w)
        if 4 <= len(w) <= 10 and w not in NOT_INVENTED and w not in avoid and w not in NAMES:
            return w


def detective_doc(rng, invented=0.0, avoid=frozenset()):
    """A story that names someone in a role and names them again. With probability `invented`
    its three names are invented for it (invented_name), so the name can only be copied."""
    if invented > 0 and rng.random() < invented:   # no draw at 0: the shipped corpus stays as it was
        a, b, c = (invented_name(rng, avoid) for _ in range(3))
        while len({a, b, c}) < 3:
            c = invented_name(rng, avoid)
    else:
        a, b, c = rng.sample(NAMES, 3)
    if rng.random() < 0.5:
        return rng.choice(DETECTIVE_TEMPLATES).format(a=a, b=b, c=c, place=rng.choice(PLACES),
                                                      obj=rng.choice(OBJECTS))
    # the same pattern with other roles, so the name is copied, not memorised with "culprit"
    return rng.choice(ROLE_TEMPLATES).format(a=a, b=b, role=rng.choice(ROLES), verb=rng.choice(VERBS),
                                             place=rng.choice(PLACES), obj=rng.choice(OBJECTS))


def synthetic_docs(rng, seen, n_chars, word_pool, avoid=frozenset(), invented=0.0):
    docs = []
    total = 0
    while total < n_chars:
        r = rng.random()
        d = (atlas_doc(rng, seen) if r < 0.25 else kv_doc(rng) if r < 0.55 else
             repeat_doc(rng, word_pool) if r < 0.75 else detective_doc(rng, invented, avoid))
        docs.append(d)
        total += len(d) + len(EOT)
    return docs


def word_pool(bible_docs, world):
    """Words for the repeated lists: the Bible's frequent words plus the world's names."""
    counts = {}
    for t in bible_docs:
        for w in re.findall(r"[A-Za-z]+", t):
            counts[w] = counts.get(w, 0) + 1
    common = sorted((w for w, c in counts.items() if c >= 20), key=lambda w: (-counts[w], w))
    names = [c[k] for c in world if not c["held_out"] for k in ("country", "capital", "river")]
    return common + VALUES + NAMES + names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "work"))
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--synthetic-ratio", type=float, default=1.0,
                    help="synthetic characters per Bible character in the training text")
    ap.add_argument("--korean-chars", type=int, default=3000000,
                    help="characters of Korean synthetic text in the training text")
    ap.add_argument("--english-life-chars", type=int, default=1500000,
                    help="characters of modern everyday English (make_corpus_en_life.py) in the training text")
    ap.add_argument("--copy-run", action="store_true",
                    help="the copy run's data (README 'The copy run'; measured, not shipped)")
    ap.add_argument("--everyday-share", type=float, default=0.15,
                    help="with --copy-run: share of the broad Korean prose from korean_everyday.py")
    ap.add_argument("--name-deck", action="store_true",
                    help="Korean stories over the vocabulary's names take culprits from a shuffled deck "
                         "(make_corpus_ko.NAME_DECK): every name copied about equally often")
    ap.add_argument("--korean-drill-chars", type=int, default=700000,
                    help="characters of Korean drills (records, lists, atlas, stories) in drill.txt")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)

    chapters = bible_chapters("engWEB2015eb", os.path.join(args.out, "web_raw.txt"))
    train_bible, val_bible = [], []
    for i, (key, text) in enumerate(chapters):
        (val_bible if i % 40 == 17 else train_bible).append(text)

    world = make_world(rng)
    seen = [c for c in world if not c["held_out"]]
    bible_chars = sum(len(t) for t in train_bible)
    pool = word_pool(train_bible, world)
    # invented story names never spell a word of the world (a country named as a culprit)
    world_words = frozenset(c[k] for c in world for k in ("country", "capital", "river", "language"))
    # The copy run's data (README "The copy run", measured, not shipped): half the English name
    # stories with invented names, other drill shares, korean_everyday.py's registers and
    # another Korean atlas balance. Without --copy-run the corpus is name run 2's, byte for byte.
    invented = 0.5 if args.copy_run else 0.0
    ko.ATLAS_SPLIT = (0.5, 0.78) if args.copy_run else (0.6, 0.8)
    korean_prose.EVERYDAY_SHARE = args.everyday_share if args.copy_run else 0.0
    ko.NAME_DECK = args.name_deck
    synth = synthetic_docs(rng, seen, int(bible_chars * args.synthetic_ratio), pool, world_words, invented)
    val_synth = synthetic_docs(random.Random(args.seed + 1), seen, 60000, pool, world_words, invented)

    # Korean: the same countries in Hangul, the same held-out set; own generators and seeds
    world_ko = ko.korean_world(world)
    seen_ko = [c for c in world_ko if not c["held_out"]]
    korean = ko.korean_docs(random.Random(args.seed + 3), seen_ko, args.korean_chars)
    val_ko = ko.korean_docs(random.Random(args.seed + 4), seen_ko, 60000)

    life = en_life.life_docs(random.Random(args.seed + 6), args.english_life_chars)

    train = train_bible + synth + life + korean
    rng.shuffle(train)
    with open(os.path.join(args.out, "train.txt"), "w", encoding="utf-8") as f:
        f.write(ko.strip_marks(EOT.join(train) + EOT))
    # the BPE learns from the same text with noun|particle marks (make_corpus_ko.MARK)
    with open(os.path.join(args.out, "bpe_train.txt"), "w", encoding="utf-8") as f:
        f.write(ko.mark_particles(EOT.join(train) + EOT, ko.known_nouns(world_ko)))
    # the Korean names are protected single tokens for the BPE (train_bpe.py --protect)
    with open(os.path.join(args.out, "bpe_protect.txt"), "w", encoding="utf-8") as f:
        f.write("".join(f" {n}\n{n}\n" for n in ko.NAMES_KO))
    with open(os.path.join(args.out, "val_synth_ko.txt"), "w", encoding="utf-8") as f:
        f.write(ko.strip_marks(EOT.join(val_ko) + EOT))
    with open(os.path.join(args.out, "val_bible.txt"), "w", encoding="utf-8") as f:
        f.write(EOT.join(val_bible) + EOT)
    with open(os.path.join(args.out, "val_synth.txt"), "w", encoding="utf-8") as f:
        f.write(EOT.join(val_synth) + EOT)
    # The second stream, half of every training batch (train.py --mix-file): copy drills
    # (repeated lists, key-value records) and atlas facts. Copying has to be rewarded from
    # step 0 and often: with the drills only in the main text (8 % of tokens) no copying had
    # emerged by step 900. A separate generator, so the files above do not depend on it.
    arng = random.Random(args.seed + 2)
    drill, drill_chars = [], 0
    while drill_chars < 1500000:
        r = arng.random()
        # atlas 25 %, key-value records 20 %, name stories 12.5 %, lists 42.5 % (the copy run:
        # records 17.5 %, name stories 15 %, half of them with invented names). The atlas was
        # 20 % when the English rivers were never learned (top-1 0.06) and 30 % in the river run
        # (README "The river run": rivers 1.00, but English lanes at T=0.5 looped on "... sits
        # in ..."); rivers are 40 % of atlas sentences since then, so 25 % still gives them 2.5x
        # their old share. Name stories came from the records in name run 2: the name run took
        # them from the lists too and its English lanes looped at T=0.5 (README "The name run").
        d = (atlas_doc(arng, seen) if r < 0.25 else kv_doc(arng) if r < (0.425 if args.copy_run else 0.45) else
             detective_doc(arng, invented, world_words) if r < 0.575 else repeat_doc(arng, pool))
        drill.append(d)
        drill_chars += len(d)
    # Korean drills: records, repeated lists, atlas facts and name-copying stories. Atlas and
    # names have the larger shares since issue #15's second pass: Korean facts (top-1 0.39-0.70)
    # and unseen Korean names (5 of 26) were the weak abilities; key-value recall was 1.00.
    # Name stories 38 % (from 30 %) in name run 2, taken from the records (recall stayed
    # 0.95-1.00 in every run); atlas kept at 40 % (the name run's 38 % lost 0.1 on Korean facts).
    # The copy run: atlas 42 %, name stories 36 % of 1,000,000 characters (run_all.sh; RECIPE=copy for the copy run itself).
    krng = random.Random(args.seed + 5)
    drill += ko.korean_docs(krng, seen_ko, args.korean_drill_chars,
                            kinds=[("kv", 0.12), ("list", 0.1), ("atlas", 0.42), ("detective", 0.36)] if args.copy_run
                            else [("kv", 0.12), ("list", 0.1), ("atlas", 0.4), ("detective", 0.38)])
    krng.shuffle(drill)
    with open(os.path.join(args.out, "drill.txt"), "w", encoding="utf-8") as f:
        f.write(ko.strip_marks(EOT.join(drill) + EOT))
    meta = {
        "seed": args.seed,
        "countries": world,
        "kv_values": VALUES,
        "kv_key_words": KEY_WORDS,
        "kv_record_template": KV_RECORD,
        "kv_number_range": [KV_NUMBERS.start, KV_NUMBERS.stop - 1],
        "names": NAMES,
        "capital_templates": CAPITAL_TEMPLATES,
        "detective_templates": DETECTIVE_TEMPLATES,
        "bible_train_chapters": len(train_bible),
        "bible_val_chapters": len(val_bible),
        "bible_train_chars": bible_chars,
        "synthetic_train_chars": sum(len(d) for d in synth),
        "countries_ko": world_ko,
        "names_ko": ko.NAMES_KO,
        "held_out_names_ko": ko.HELD_OUT_NAMES_KO,
        "held_out_names_ko_extra": ko.HELD_OUT_NAMES_KO_EXTRA,
        "kv_values_ko": ko.VALUES_KO,
        "kv_key_words_ko": ko.KEY_WORDS_KO,
        "kv_record_template_ko": ko.KV_RECORD_KO,
        "korean_train_chars": sum(len(ko.strip_marks(d)) for d in korean),
        "english_life_train_chars": sum(len(d) for d in life),
    }
    with open(os.path.join(args.out, "world.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1, ensure_ascii=False)
    print(f"bible chapters train {len(train_bible)} val {len(val_bible)}; "
          f"bible chars {bible_chars}, synthetic docs {len(synth)} chars {meta['synthetic_train_chars']}, "
          f"english life docs {len(life)} chars {meta['english_life_train_chars']}, "
          f"korean docs {len(korean)} chars {meta['korean_train_chars']}")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Unit tests for the Korean corpus pieces: Hangul names of the atlas, the noun|particle marks
the BPE relies on, the BPE's merge rule, and what the generated documents must contain.

Why: a mistake here is silent until after a 90-minute training run (a country spelled two
ways, a name merged with its particle, no "범인은 X" pattern to learn from).
Run: resources/model/training/run_tests.sh
"""
import random
import unittest

import make_corpus_ko as ko
from hangul_names import to_hangul
from make_corpus import make_world
from train_bpe import BYTE_ENCODER, merge_allowed, protected_merges


def sym(s):
    return "".join(BYTE_ENCODER[b] for b in s.encode("utf-8"))


class HangulNames(unittest.TestCase):
    def test_examples(self):
        self.assertEqual(to_hangul("Nalania"), "날라니아")      # intervocalic l doubled
        self.assertEqual(to_hangul("Choix"), "초익스")          # x -> ㄱ + 스
        self.assertEqual(to_hangul("Kristan"), "크리스탄")      # cluster gets ㅡ, final n
        self.assertEqual(to_hangul("Maruholm"), "마루홀므")
        with self.assertRaises(ValueError):
            to_hangul("Nalania-2")

    def test_world_same_countries_and_held_out(self):
        world = make_world(random.Random(1234))
        kw = ko.korean_world(world)
        self.assertEqual([c["held_out"] for c in kw], [c["held_out"] for c in world])
        self.assertEqual(len({c["country"] for c in kw}), len(world))   # no two countries share a Hangul name
        self.assertTrue(all(c["river"].endswith("강") and c["language"].endswith("어") for c in kw))


class Marks(unittest.TestCase):
    def test_particle_marks(self):
        self.assertEqual(ko.P("수진", "이라는"), "수진" + ko.MARK + "이라는")
        self.assertEqual(ko.P("철수", "이라는"), "철수" + ko.MARK + "라는")
        nouns = ko.known_nouns()
        marked = ko.mark_particles("나는 오늘 유나는 사람들이", nouns)
        self.assertEqual(ko.strip_marks(marked), "나는 오늘 유나는 사람들이")
        self.assertIn("나" + ko.MARK + "는", marked)
        self.assertIn("유나" + ko.MARK + "는", marked)
        self.assertNotIn("오" + ko.MARK, marked)            # 오늘 is a noun by itself, not 오 + 늘

    def test_detective_docs_have_the_seed_pattern(self):
        rng = random.Random(3)
        docs = [ko.strip_marks(ko.detective_doc(rng)) for _ in range(400)]
        hits = [d for d in docs if "라는 게 밝혀졌다. 범인은 " in d]
        self.assertGreater(len(hits), 10)
        for d in hits:
            name = d.split("범인이 ")[1].split("라는")[0]
            name = name[:-1] if name.endswith("이") and name[:-1] in ko.NAMES_KO else name
            self.assertIn(name, ko.NAMES_KO)
            self.assertTrue(d.split("범인은 ")[1].startswith(name), d)

    def test_name_deck_gives_every_name_its_turn_as_culprit(self):
        # the copy of a rare name is only as good as the stories that copy it (README, "The
        # everyday-share run"): with the deck, two decks' worth of stories name every culprit twice
        rng = random.Random(5)
        old = ko.NAME_DECK
        ko.NAME_DECK, ko._culprit_deck[:] = True, []
        try:
            culprits = [ko._deck_culprit(rng) for _ in range(2 * len(ko.NAMES_KO))]
            docs = [ko.strip_marks(ko.detective_doc(rng)) for _ in range(50)]
        finally:
            ko.NAME_DECK, ko._culprit_deck[:] = old, []
        self.assertEqual(sorted(culprits), sorted(ko.NAMES_KO * 2))
        self.assertTrue(all(any(n in d for n in ko.NAMES_KO) for d in docs))

    def test_held_out_names_never_generated(self):
        rng = random.Random(5)
        seen = [c for c in ko.korean_world(make_world(random.Random(1234))) if not c["held_out"]]
        words = set()
        for _ in range(3000):
            words.update(ko.strip_marks(ko.korean_doc(rng, seen)).replace(".", " ").replace(",", " ").split())
        for n in ko.HELD_OUT_NAMES_KO + ko.HELD_OUT_NAMES_KO_EXTRA:
            self.assertFalse(any(w.startswith(n) for w in words), n)   # neither alone nor with a particle


class HeldOut(unittest.TestCase):
    def test_modern_sentences_are_not_from_the_held_out_prose(self):
        import os
        from korean_vocab import MODERN_SENTENCES_KO
        held = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "heldout", "ko_modern.txt"),
                    encoding="utf-8").read()
        for s in MODERN_SENTENCES_KO:
            words = s.rstrip(".").split()
            # no run of three words of a corpus sentence occurs in the held-out text
            for i in range(len(words) - 2):
                self.assertNotIn(" ".join(words[i:i + 3]), held, s)


class ProseGenerators(unittest.TestCase):
    def setUp(self):
        import os
        here = os.path.dirname(os.path.abspath(__file__))
        self.texts = {f: open(os.path.join(here, "heldout", f), encoding="utf-8").read()
                      for f in ("ko_dev.txt", "ko_dev2.txt", "ko_modern.txt", "ko_modern2.txt")}

    def test_every_kind_generates_and_no_dev_or_held_out_text_leaks(self):
        import re
        import korean_prose as kp
        rng = random.Random(11)
        sample = " ".join(ko.strip_marks(kp.prose_doc(rng, k)) for _ in range(150) for k in kp.MAKERS)
        sample = re.sub(r'[“”"\.,!?]', " ", sample)
        sample = " ".join(sample.split())
        for name, text in self.texts.items():
            words = re.sub(r'[“”"\.,!?]', " ", text).split()
            runs = {" ".join(words[i:i + 4]) for i in range(len(words) - 3)}
            leaked = sorted(r for r in runs if r in sample)
            self.assertEqual(leaked, [], name)     # no run of four words of the dev / held-out prose

    def test_everyday_sentences_leak_no_dev_or_held_out_text(self):
        # korean_everyday's sentences were written after reading what ko_dev2.txt lacks: they
        # must share words and endings with it, never its sentences (no run of four words)
        import re
        import korean_everyday as ke
        sample = " ".join(" ".join(lines) for lines in ke.REGISTERS.values())
        sample = " ".join(re.sub(r'[“”"\.,!?:]', " ", sample).split())
        for name, text in self.texts.items():
            words = re.sub(r'[“”"\.,!?:]', " ", text).split()
            runs = {" ".join(words[i:i + 4]) for i in range(len(words) - 3)}
            self.assertEqual(sorted(r for r in runs if r in sample), [], name)
        rng = random.Random(13)
        for register in ke.REGISTERS:
            self.assertNotIn("{", ke.everyday_doc(rng, register), register)   # every slot filled
        # no probe's held-out name as a word of its own (새로운 holds 로운, which is fine)
        words = set(re.sub(r'[“”"\.,!?:]', " ", sample).split()) | set(ke.OFFICE_NAMES)
        for n in ko.HELD_OUT_NAMES_KO + ko.HELD_OUT_NAMES_KO_EXTRA:
            self.assertFalse(any(w.startswith(n) for w in words), n)

    def test_story_names_are_many_and_particles_follow_them(self):
        import korean_prose as kp
        rng = random.Random(12)
        names = [kp.person_name(rng) for _ in range(3000)]
        self.assertGreater(len(set(names)), 1500)                      # each name only a few times
        doc = ko.strip_marks(kp.P("하준", "이라는") + " " + kp.P("영식", "이라는"))
        self.assertEqual(doc, "하준이라는 영식이라는")


class BpeRules(unittest.TestCase):
    def test_merge_allowed(self):
        jin = sym("진")
        self.assertTrue(merge_allowed(sym(" 수"), jin))                # whole characters
        self.assertTrue(merge_allowed(jin[0], jin[1]))                 # building one character
        self.assertTrue(merge_allowed(jin[:2], jin[2]))
        self.assertFalse(merge_allowed(jin[2], sym("이")))             # a piece of 진 + 이
        self.assertFalse(merge_allowed(jin[1], jin[2]))                # not from the lead byte

    def test_protected_merges_build_the_name(self):
        merges = protected_merges([" 수진"])
        syms = list(sym(" 수진"))
        for a, b in merges:
            out, i = [], 0
            while i < len(syms):
                if i + 1 < len(syms) and syms[i] == a and syms[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(syms[i])
                    i += 1
            syms = out
        self.assertEqual(syms, [sym(" 수진")])


if __name__ == "__main__":
    unittest.main()

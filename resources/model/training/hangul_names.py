"""Write the textbook world's invented names (Nalania, Choix, ...) in Hangul, the way Korean
writes foreign names: 날라니아, 초익스.

Why: the Korean atlas must talk about the SAME countries as the English one, so that a fact
(and a held-out country) is the same fact in both languages; Korean writes foreign place
names by sound. The names come from make_corpus.make_word (consonant clusters + a, e, i, o, u
and a few diphthongs), so a small rule set covers them: each consonant+vowel is one syllable,
n/m/l/ng/k/p before a consonant or at the end become the final consonant of the syllable before
(밀, 안, 익), other lone consonants get the vowel ㅡ (스, 트, 드), an l between vowels is
doubled (Nalania -> 날라니아), as in Korean loanword spelling. Deterministic; collisions are
resolved by the caller (make_corpus_ko.korean_world).
"""
import re

from korean_grammar import compose, decompose, JONG

ONSET = {"b": "ㅂ", "c": "ㅋ", "d": "ㄷ", "f": "ㅍ", "g": "ㄱ", "h": "ㅎ", "j": "ㅈ", "k": "ㅋ", "l": "ㄹ",
         "m": "ㅁ", "n": "ㄴ", "p": "ㅍ", "q": "ㅋ", "r": "ㄹ", "s": "ㅅ", "t": "ㅌ", "v": "ㅂ", "z": "ㅈ",
         "th": "ㅅ", "ch": "ㅊ", "sh": "ㅅ", "x": "ㅈ", "w": "ㅇ", "y": "ㅇ"}
VOWEL = {"a": "ㅏ", "e": "ㅔ", "i": "ㅣ", "o": "ㅗ", "u": "ㅜ", "ou": "ㅜ", "y": "ㅣ"}
GLIDE = {("y", "a"): "ㅑ", ("y", "e"): "ㅖ", ("y", "o"): "ㅛ", ("y", "u"): "ㅠ",
         ("w", "a"): "ㅘ", ("w", "e"): "ㅞ", ("w", "i"): "ㅟ", ("w", "o"): "ㅝ", ("w", "u"): "ㅜ",
         ("sh", "a"): "ㅑ", ("sh", "e"): "ㅖ", ("sh", "o"): "ㅛ", ("sh", "u"): "ㅠ"}
# a consonant with no vowel after it: a final consonant if Korean has one that sounds alike
FINAL = {"n": "ㄴ", "m": "ㅁ", "l": "ㄹ", "ng": "ㅇ", "k": "ㄱ", "p": "ㅂ", "c": "ㄱ"}
# otherwise its own syllable with ㅡ (or ㅣ after sh / ch)
ALONE = {"sh": "시", "ch": "치", "x": None}
UNIT = re.compile(r"th|sh|ch|ng(?![aeiouy])|ou|[aeiou]|y(?=[aeiou])|y|[b-df-hj-np-tv-xz]")


def _alone(cons):
    if cons in ALONE and ALONE[cons]:
        return ALONE[cons]
    return compose(ONSET.get(cons, "ㅇ"), "ㅡ")


def to_hangul(name):
    """Nalania -> 날라니아, Choix -> 초익스, Tahanah -> 타하나."""
    units = UNIT.findall(name.lower())
    if "".join(units) != name.lower():
        raise ValueError(f"cannot write {name!r} in Hangul: unexpected letters")
    out = []            # syllables so far
    pending = None      # consonant waiting for a vowel
    prev_vowel = False  # the last unit was a vowel (the last syllable is open)
    for i, u in enumerate(units):
        is_vowel = u in VOWEL and not (u == "y" and i + 1 < len(units) and units[i + 1] in VOWEL)
        if is_vowel:
            onset = pending or ""
            if (onset, u) in GLIDE:
                syl = compose(ONSET.get(onset, "ㅇ"), GLIDE[(onset, u)])
            elif onset == "x":
                # x before a vowel: k + s, the k closing the syllable before (Alexa -> 알렉사)
                if out and prev_vowel:
                    out[-1] = _with_final(out[-1], "ㄱ")
                else:
                    out.append(_alone("k"))
                syl = compose("ㅅ", VOWEL[u])
            else:
                syl = compose(ONSET.get(onset, "ㅇ"), VOWEL[u])
            if onset == "l" and out and prev_vowel and decompose(out[-1])[2] == 0:
                out[-1] = _with_final(out[-1], "ㄹ")          # intervocalic l is written ㄹㄹ
            out.append(syl)
            pending = None
            prev_vowel = True
            continue
        # a consonant (or a y gliding into the next vowel)
        if pending is not None:
            _close(out, pending, prev_vowel)
            prev_vowel = False
        pending = u
    if pending is not None:
        _close(out, pending, prev_vowel)
    return "".join(out)


def _with_final(syl, letter):
    c, v, f = decompose(syl)
    if f:
        return None
    return compose(c, v, JONG.index(letter))


def _close(out, cons, prev_vowel):
    """A consonant with no vowel after it: final consonant of the open syllable before, or alone."""
    if cons == "x":
        if out and prev_vowel:
            out[-1] = _with_final(out[-1], "ㄱ")
        else:
            out.append(_alone("k"))
        out.append(compose("ㅅ", "ㅡ"))
        return
    if cons in FINAL and out and prev_vowel and decompose(out[-1])[2] == 0:
        out[-1] = _with_final(out[-1], FINAL[cons])
        return
    out.append(_alone(cons))

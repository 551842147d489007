"""The Korean half of the textbook world: atlas, detective and role stories, daily life,
dialogue, short essays, key-value records and lists, all generated with real grammar.

Why: the seed's examples are Korean ("나는 오늘", "범인이 수진이라는 게 밝혀졌다. 범인은" -> 수진)
and no Korean prose with a clean licence is available offline (README.md, "Data and
licences"). So the project writes its own: every particle comes from korean_grammar.particle,
every verb form from korean_grammar.conjugate, numbers are read the Korean way (세 개, 3분,
오후 세 시, 유월), and each document picks one speech level (plain -다 narration, polite -요
dialogue, formal -니다 announcements) the way Korean text does.

Morpheme marks: a noun and its particle are joined with MARK (U+E000). The BPE trainer splits
its words there, so no merge joins a name to a particle ("수진" + "이라는" stay apart and a name
is the same tokens wherever it stands, which the copy circuit needs); make_corpus.py removes
the marks from the text the model is trained on. Nothing else sees them.

The atlas uses the SAME countries as the English atlas (names written in Hangul by
hangul_names.to_hangul) and leaves out the same held-out countries.
"""
import random

import korean_grammar as kg
import korean_prose
from hangul_names import to_hangul
from korean_vocab import (HELD_OUT_NAMES_KO, HELD_OUT_NAMES_KO_EXTRA, MODERN_SENTENCES_KO, ACTIONS, ADJECTIVES, ADVERBS, ANIMALS, CITIES_KO, CONNECTIVES, DAYS, FAMILY, FEELINGS,
                          FOODS, JOBS, KEY_WORDS_KO, MOVES, NAMES_KO, OBJECTS_KO, PEOPLE, PLACES_KO, ROLES_KO,
                          SEASONS, SUBJECTS_SCHOOL, SURNAMES, TIMES, TOPICS, VALUES_KO, WEATHER_ADJ, WEATHER_EVENTS,
                          WEEKDAYS)

MARK = "\ue000"   # noun | particle boundary, for the BPE trainer only
assert MARK == korean_prose.MARK
korean_prose.setup(HELD_OUT_NAMES_KO + HELD_OUT_NAMES_KO_EXTRA)
LEVELS = ("plain", "polite", "formal")


def P(word, p):
    """word + MARK + the right form of particle p."""
    return word + MARK + kg.particle(word, p)[len(word):]


def strip_marks(text):
    return text.replace(MARK, "")


# Words of the templates' own text ("나는", "사람들이", "친구들과") carry no MARK. Without one,
# the BPE learned merges such as 나+는 and 아+라는 there, and used them inside names
# (" 유나는" -> " 유" + "나는"). mark_particles puts the mark after every known noun that is
# followed by a particle, across the whole Korean text, before the BPE sees it.
PRONOUNS = ["나", "저", "우리", "너", "그", "그녀", "누구", "모두", "사람", "사람들", "친구들", "학생들", "아이들", "이것",
            "그것", "저것", "여기", "거기", "어디", "무엇", "오늘", "어제", "내일", "주말", "아침", "점심", "저녁", "밤",
            "새벽", "오전", "오후", "낮", "요즘", "그날", "날씨", "기분", "수도", "나라", "정부", "언어", "강", "탐정",
            "경찰", "목록", "이름", "나이", "직업", "취미", "생일", "시간표", "합계", "두 사람", "이야기", "일기", "수업"]
NOUN_PARTICLES = sorted(["은", "는", "이", "가", "을", "를", "와", "과", "의", "에", "에서", "에게", "로", "으로", "도", "만",
                         "이라는", "라는", "이다", "다", "이었다", "였다", "이에요", "예요", "아", "야", "이랑", "랑", "이나",
                         "나", "까지", "부터", "처럼", "보다", "하고", "이라고", "라고", "에는", "에서는", "으로는", "로는",
                         "이었고", "였고", "입니다", "이었습니다", "였습니다", "이었어요", "였어요", "에게는", "들", "들이",
                         "들은", "들을", "들과", "들의", "마다", "께서", "한테", "이고", "고"], key=len, reverse=True)


def known_nouns(world_ko=()):
    from korean_vocab import (ANIMALS as A, CITIES_KO as C, FAMILY as F, FOODS as FO, JOBS as J, KEY_WORDS_KO as K,
                              NAMES_KO as N, OBJECTS_KO as O, PEOPLE as PE, PLACES_KO as PL, ROLES_KO as R,
                              SEASONS as S, SUBJECTS_SCHOOL as SU, TOPICS as T, VALUES_KO as V, WEEKDAYS as W)
    nouns = set(A + C + F + FO + J + K + N + O + PE + PL + R + S + SU + T + V + W + PRONOUNS)
    for c in world_ko:
        nouns.update(c[k] for k in ("country", "capital", "river", "language"))
    nouns.update(obj for obj, _, _, _ in ACTIONS if obj)
    return {n for n in nouns if " " not in n}


def mark_particles(text, nouns):
    """Insert MARK between a known noun and the particle after it, in every Hangul word."""
    import re

    def one(m):
        w = m.group(0)
        if w in nouns:
            return w
        for p in NOUN_PARTICLES:
            if w.endswith(p) and w[:-len(p)] in nouns:
                return w[:-len(p)] + MARK + p
        return w
    return re.sub(r"[\uac00-\ud7a3]+", one, text)


def copula(word, level, past=False):
    """'X이다 / X예요 / X입니다' (and past), marked after the noun."""
    if level == "plain":
        return P(word, "이었다" if past else "이다")
    if level == "polite":
        return P(word, "이었어요" if past else "이에요")
    return word + MARK + ("이었습니다" if past and kg.has_final(word) else "였습니다" if past else "입니다")


def verb(v, level, past=True, irregular=None, adjective=False):
    if level == "plain":
        return kg.conjugate(v, "plain_past" if past else "plain", irregular, adjective)
    if level == "polite":
        return kg.conjugate(v, "polite_past" if past else "polite", irregular, adjective)
    return kg.conjugate(v, "formal_past" if past else "formal", irregular, adjective)


def end(s):
    return s + "."


# --------------------------------------------------------------------------- atlas

def korean_world(world):
    """Hangul names for every country, capital, river, language; same order and held-out flags."""
    out = []
    for c in world:
        out.append({"country": to_hangul(c["country"]), "capital": to_hangul(c["capital"]),
                    "river": to_hangul(c["river"]) + "강", "language": to_hangul(c["language"]) + "어",
                    "held_out": c["held_out"], "english": c["country"]})
    return out


def atlas_sentences(c, level):
    k, cap, riv, lang = c["country"], c["capital"], c["river"], c["language"]
    cop = lambda w: copula(w, level)
    have = {"plain": "있다", "polite": "있어요", "formal": "있습니다"}[level]
    flow = verb("흐르다", level, False, "르")
    speak = verb("쓰다", level, False)
    speak2 = verb("말하다", level, False)
    return {
        "capital": [
            f"{k}의 수도는 {cop(cap)}.",
            f"{P(cap, '은')} {k}의 {cop('수도')}.",
            f"{k}의 수도{MARK}는 {cop(cap)}.".replace(f"수도{MARK}는", "수도는"),
            f"{P(k, '은')} {P(cap, '을')} 수도로 {verb('삼다', level, False)}.",
            f"{k}의 정부는 {cap}에 {have}.",
            f"{k} 정부는 수도 {cap}에 {have}.",
            f"{k}의 수도인 {P(cap, '은')} {verb('붐비다', level, False)}.",
            f"{P(k, '을')} 여행한다면 수도 {cap}에 꼭 가 {verb('보다', level, False)}.",
            f"{k}의 수도가 어디냐고 물으면 {P(cap, '이라고')} {verb('대답하다', level, False)}.",
        ],
        "river": [
            f"{k}에서 가장 긴 강은 {cop(riv)}.",
            f"{P(riv, '은')} {P(k, '을')} 가로질러 {flow}.",
            f"{k}의 가장 큰 강은 {cop(riv)}.",
            f"{P(cap, '은')} {riv} 옆에 {have}.",
        ],
        "language": [
            f"{k} 사람들은 {P(lang, '을')} {speak}.",
            f"{k}의 언어는 {cop(lang)}.",
            f"{k}에서는 대부분의 사람들이 {P(lang, '을')} {speak2}.",
            f"{P(lang, '은')} {k}에서 {verb('쓰이다', level, False)}.",
        ],
    }


# Where a random draw falls between capital, river and language sentences: 60 / 20 / 20 in the
# shipped corpus; the copy run (make_corpus.py --copy-run) 50 / 28 / 22, as the seen rivers
# and languages were top-1 in only 0.64 / 0.61 in name run 2 (they rose to 0.88 / 0.89).
ATLAS_SPLIT = (0.6, 0.8)


def atlas_doc(rng, seen_ko):
    level = rng.choice(LEVELS)
    out = []
    n = rng.randint(3, 8)
    if rng.random() < 0.35:   # an encyclopedia-style entry about one country
        c = rng.choice(seen_ko)
        s = atlas_sentences(c, level)
        out.append(f"{P(c['country'], '은')} 교과서 세계에 있는 {copula('나라', level)}.")
        out += rng.sample(s["capital"], 2) + [rng.choice(s["river"]), rng.choice(s["language"])]
        n -= 3
    if rng.random() < 0.2:    # a question and answer
        c = rng.choice(seen_ko)
        out.append(f"“{k_q(c)}” “{copula(c['capital'], 'polite')}.”")
    for _ in range(max(n, 1)):
        c = rng.choice(seen_ko)
        s = atlas_sentences(c, level)
        r = rng.random()
        group = s["capital"] if r < ATLAS_SPLIT[0] else s["river"] if r < ATLAS_SPLIT[1] else s["language"]
        # 40 % in the phrasings the probes ask ("X의 수도는", "X의 정부는", "X에서 가장 긴 강은",
        # "X 사람들은"): the Korean facts were learned far less well than the English ones
        probe_forms = [group[0], group[4]] if group is s["capital"] else [group[0]]
        out.append(rng.choice(probe_forms) if rng.random() < 0.4 else rng.choice(group))
    return " ".join(out)


def k_q(c):
    return f"{c['country']}의 수도가 {copula('어디', 'polite')}?".replace(".", "")


# --------------------------------------------------------------------------- detective and role stories

def name(rng, full=0.15):
    n = rng.choice(NAMES_KO)
    if rng.random() < full and len(n) <= 2:
        f = rng.choice(SURNAMES) + n
        # 서 + 현우 would write the held-out name 서현 into the text
        if not any(f.startswith(h) for h in HELD_OUT_NAMES_KO):
            return f
    return n


# With NAME_DECK (make_corpus.py --name-deck), a story over the vocabulary's names takes its
# culprit from a shuffled deck of all of them, refilled when empty: each name is copied about
# equally often. Drawn independently, the seed's 수진 was the culprit in few drill stories (17
# mentions against 31-48 for names copied well) and its copy varied from 0.96 to 0.13 between
# runs (README, "The everyday-share run"). Off by default: the draw order, and so the corpus, of
# the shipped run is unchanged.
NAME_DECK = False
_culprit_deck = []


def _deck_culprit(rng):
    if not _culprit_deck:
        _culprit_deck.extend(rng.sample(NAMES_KO, len(NAMES_KO)))
    return _culprit_deck.pop()


def detective_doc(rng, names=None):
    """'범인이 X라는 게 밝혀졌다. 범인은 X...' and the same with other roles, speech levels and
    word orders, so the name is copied from the context, not remembered with 범인."""
    pick = names or NAMES_KO
    if NAME_DECK and names is None:
        a = _deck_culprit(rng)
        b, c = rng.sample([n for n in NAMES_KO if n != a], 2)
    else:
        a, b, c = rng.sample(pick, 3)
    place, obj = rng.choice(PLACES_KO), rng.choice(OBJECTS_KO)
    lv = rng.choice(LEVELS)
    turned = {"plain": "밝혀졌다", "polite": "밝혀졌어요", "formal": "밝혀졌습니다"}[lv]
    said = {"plain": "말했다", "polite": "말했어요", "formal": "말했습니다"}[lv]
    if rng.random() < 0.55:
        role = "범인"
    else:
        role = rng.choice(ROLES_KO)
    R = role
    templates = [
        f"{P(R, '이')} {P(a, '이라는')} 게 {turned}. {P(R, '은')} {copula(a, lv, past=True)}.",
        f"{P(R, '이')} {P(a, '이라는')} 게 {turned}. {R}인 {P(a, '은')} {P(obj, '을')} 가져갔다고 {verb('자백하다', lv)}.",
        f"탐정은 모두를 {place}에 {verb('모으다', lv)}. {P(b, '와')} {P(a, '이')} {verb('기다리다', lv)}. "
        f"{P(R, '이')} {P(a, '이라는')} 게 {turned}. {P(R, '은')} {P(a, '이었다')}. {P(a, '은')} {place}에 {P(obj, '을')} "
        f"{verb('숨기다', lv)}.",
        f"모두 {P(b, '을')} 의심했지만, {P(R, '은')} {copula(a, lv, past=True)}. {R}인 {P(a, '은')} {place} 쪽으로 "
        f"{verb('달아나다', lv)}.",
        f"{P(b, '이')} {place}에서 {P(obj, '을')} {verb('찾다', lv)}. {P(R, '이')} {P(a, '이라는')} 게 {turned}. "
        f"{P(R, '은')} {a}, 아무 말도 하지 {verb('않다', lv)}.",
        f"경찰이 {b}에게 {obj}에 대해 {verb('묻다', lv, irregular='ㄷ')}. {P(R, '이')} {P(a, '이라는')} 게 {turned}. "
        f"{P(R, '은')} {P(a, '이었고')} {place}에서 {verb('붙잡히다', lv)}.",
        f"{place}에서 {P(a, '은')} {P(b, '을')} {verb('만나다', lv)}. 나중에 {P(R, '이')} {P(a, '이라는')} 게 {turned}. "
        f"{P(b, '은')} 놀랐지만, {R}인 {P(a, '은')} {verb('웃기만 하다', lv)}.",
        f"사라진 {P(obj, '은')} {copula('수수께끼', lv, past=True)}. {P(b, '은')} {P(c, '을')} {verb('탓하다', lv)}. "
        f"{P(R, '이')} {P(a, '이라는')} 게 {turned}. {P(R, '은')} {copula(a, lv, past=True)}.",
        f"“{R}{MARK}{'이' if kg.has_final(R) else '가'} 누구예요?” {P(b, '이')} {verb('묻다', lv, irregular='ㄷ')}. "
        f"“{R}{MARK}{'은' if kg.has_final(R) else '는'} {copula(a, 'polite', past=True)}.” {P(c, '이')} {said}.",
        f"{P(R, '은')} 알고 보니 {copula(a, lv, past=True)}. {R}인 {P(a, '은')} {verb('웃다', lv)}.",
        f"{'새 ' if R not in ('범인', '도둑', '스파이', '증인') else '이번 사건의 '}{P(R, '은')} {copula(a, lv)}. "
        f"모두 {P(a, '을')} {verb('좋아하다', lv, past=False) if R not in ('범인', '도둑', '스파이') else verb('쳐다보다', lv)}. "
        f"{R}인 {P(a, '은')} {verb('인사하다', lv)}.",
        f"{P(R, '이')} {P(a, '이라는')} 사실이 {turned}. {P(b, '와')} {P(c, '은')} {verb('놀라다', lv)}. "
        f"{P(R, '은')} 바로 {copula(a, lv, past=True)}.",
    ]
    return rng.choice(templates)


# --------------------------------------------------------------------------- daily life

def time_phrase(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice(DAYS)
    if r < 0.5:
        return f"{rng.choice(DAYS)} {rng.choice(TIMES)}에"
    if r < 0.7:
        return kg.clock(rng.randrange(6, 23), rng.choice([0, 0, 10, 15, 20, 30, 40, 45, 50]), rng.random() < 0.5) + "에"
    if r < 0.85:
        return f"{rng.choice(WEEKDAYS)}에"
    return f"{rng.choice(SEASONS)}에는"


def subject(rng, level):
    r = rng.random()
    if r < 0.45:
        return "나는" if level == "plain" else "저는" if level != "plain" and rng.random() < 0.7 else "나는"
    if r < 0.6:
        return rng.choice(["우리는", "우리 가족은", "친구들과 나는"])
    if r < 0.8:
        return P(name(rng), "은")
    return P(rng.choice(FAMILY + PEOPLE), "은")


def action_clause(rng, level, past=True, form=None):
    obj, p, v, irr = rng.choice(ACTIONS)
    head = P(obj, p) + " " if obj else ""
    if form:
        return head + kg.conjugate(v, form, irr)
    return head + verb(v, level, past, irr)


def place_clause(rng):
    return rng.choice(PLACES_KO) + "에서"


def daily_sentence(rng, level, past=True):
    r = rng.random()
    adv = rng.choice(ADVERBS) + " " if rng.random() < 0.3 else ""
    if r < 0.3:
        return f"{subject(rng, level)} {time_phrase(rng)} {place_clause(rng)} {adv}{action_clause(rng, level, past)}."
    if r < 0.45:
        return f"{subject(rng, level)} {time_phrase(rng)} {action_clause(rng, level, form='and')} {action_clause(rng, level, past)}."
    if r < 0.55:
        v, irr = rng.choice(MOVES)
        return f"{subject(rng, level)} {time_phrase(rng)} {P(rng.choice(PLACES_KO + CITIES_KO), '에')} {adv}{verb(v, level, past, irr)}."
    if r < 0.65:
        a, irr = rng.choice(WEATHER_ADJ)
        return f"{time_phrase(rng).rstrip('에는').rstrip('에')} 날씨가 {rng.choice(['정말 ', '아주 ', '조금 ', ''])}{verb(a, level, past, irr, adjective=True)}."
    if r < 0.72:
        w = rng.choice(WEATHER_EVENTS)
        noun, v = w.split(" ", 1)
        return f"{rng.choice(DAYS)} {noun} {verb(v, level, past, '르' if v == '흐르다' else None)}."
    if r < 0.8:
        f, irr = rng.choice(FEELINGS)
        lead = rng.choice(["그래서", "그래서 정말", "오늘은", "기분이 좋아서", "그때", ""])
        return (lead + " " if lead else "") + f"{verb(f, level, past, irr, adjective=True)}."
    if r < 0.88:
        food = rng.choice(FOODS)
        n = rng.randint(1, 12)
        counter = rng.choice(["개", "개", "그릇", "잔", "봉지", "인분"])
        counter = "개" if counter == "봉지" else counter
        price = rng.choice([1000, 1500, 2000, 3000, 3500, 4500, 5000, 7000, 8000, 9900, 12000, 15000, 23000])
        return (f"{rng.choice(['시장에서', '편의점에서', '가게에서', '빵집에서'])} {P(food, '을')} {kg.count(n, counter)} "
                f"{verb('사다', level, past)}. 모두 {copula(kg.count(price * n if n < 4 else price, '원'), level, past)}.")
    if r < 0.94:
        thing, (a, irr) = described(rng)
        return f"{P(thing, '이')} {rng.choice(['정말 ', '아주 ', '너무 ', '조금 ', ''])}{verb(a, level, past, irr, adjective=True)}."
    if r < 0.97:
        return f"{rng.choice(DAYS)}{MARK}은 {kg.date(2026, rng.randint(1, 12), rng.randint(1, 28), rng.random() < 0.3)} {copula(rng.choice(WEEKDAYS), level)}."
    return f"내일은 {P(rng.choice(PLACES_KO), '에')} 가서 {action_clause(rng, level, form='want')}."


# what can sensibly be said of what: adjectives by kind of noun
DESCRIBE = [(FOODS, [("맛있다", None), ("맵다", "ㅂ"), ("달다", None), ("싸다", None), ("비싸다", None), ("신선하다", None),
                     ("뜨겁다", "ㅂ"), ("차갑다", "ㅂ"), ("짜다", None), ("시다", None)]),
            (PLACES_KO, [("조용하다", None), ("시끄럽다", "ㅂ"), ("넓다", None), ("좁다", None), ("깨끗하다", None),
                         ("복잡하다", None), ("멀다", None), ("가깝다", "ㅂ"), ("크다", None), ("작다", None),
                         ("아름답다", "ㅂ"), ("유명하다", None), ("어둡다", "ㅂ"), ("밝다", None), ("따뜻하다", None)]),
            (OBJECTS_KO, [("예쁘다", None), ("무겁다", "ㅂ"), ("가볍다", "ㅂ"), ("비싸다", None), ("싸다", None),
                          ("새롭다", "ㅂ"), ("크다", None), ("작다", None), ("편리하다", None), ("낡다", None)]),
            (ANIMALS, [("귀엽다", "ㅂ"), ("작다", None), ("크다", None), ("빠르다", "르"), ("느리다", None),
                       ("조용하다", None), ("배고프다", None), ("졸리다", None)])]


def described(rng):
    nouns, adjs = rng.choice(DESCRIBE)
    return rng.choice(nouns), rng.choice(adjs)


def diary_doc(rng):
    """'나는 오늘 ...': a diary entry, plain past (-었다), sometimes dated."""
    out = []
    if rng.random() < 0.4:
        y, m, d = rng.randint(2019, 2027), rng.randint(1, 12), rng.randint(1, 28)
        out.append(f"{kg.date(y, m, d, rng.random() < 0.25)} {rng.choice(WEEKDAYS)}. 날씨: "
                   f"{kg.conjugate(rng.choice(WEATHER_ADJ)[0], 'adnominal', rng.choice(WEATHER_ADJ)[1], True) if False else rng.choice(['맑음', '흐림', '비', '눈', '바람'])}.")
    first_obj, p, v, irr = rng.choice(ACTIONS)
    head = P(first_obj, p) + " " if first_obj else ""
    out.append(f"나는 오늘 {rng.choice(['', '아침에 ', '오후에 ', '친구와 ', '혼자 ', '학교에서 ', '집에서 '])}{head}"
               f"{kg.conjugate(v, 'plain_past', irr)}.")
    for _ in range(rng.randint(2, 7)):
        lead = rng.choice(CONNECTIVES) + " " if rng.random() < 0.35 else ""
        out.append(rng.choice(MODERN_SENTENCES_KO) if rng.random() < 0.2 else lead + daily_sentence(rng, "plain"))
    if rng.random() < 0.5:
        out.append(f"내일은 {action_clause(rng, 'plain', form='want')}.")
    return " ".join(out)


def greet(nm):
    return kg.particle(nm, "아")


def dialogue_doc(rng):
    """Two people talking (polite -요 or casual speech), with narration between the lines."""
    a, b = rng.sample(NAMES_KO, 2)
    place = rng.choice(PLACES_KO)
    food = rng.choice(FOODS)
    pairs = [
        (f"어디 {rng.choice(['가요', '가세요'])}?", f"{P(place, '에')} 가요."),
        ("뭐 해요?", f"{action_clause(rng, 'polite', past=False)}."),
        ("오늘 뭐 했어요?", f"{action_clause(rng, 'polite', True)}."),
        ("점심 먹었어요?", rng.choice(["네, 먹었어요.", "아니요, 아직 안 먹었어요.", f"네, {P(food, '을')} 먹었어요."])),
        (f"{P(food, '을')} 좋아해요?", rng.choice(["네, 정말 좋아해요.", "아니요, 별로 안 좋아해요.", "조금 좋아해요."])),
        ("내일 시간 있어요?", rng.choice(["미안해요, 내일은 바빠요.", "네, 오후에 시간 있어요.", "왜요? 무슨 일 있어요?"])),
        ("이 책 읽어 봤어요?", f"네, {rng.choice(['재미있었어요', '조금 어려웠어요', '정말 좋았어요'])}."),
        ("요즘 어떻게 지내요?", rng.choice(["잘 지내요. 고마워요.", "요즘 좀 바빠요.", "그냥 그래요."])),
        (f"{rng.choice(WEEKDAYS)}에 뭐 할 거예요?", f"{P(rng.choice(PLACES_KO), '에')} 갈 거예요."),
        ("지금 몇 시예요?", f"{copula(kg.clock(rng.randrange(7, 22), rng.choice([0, 10, 30, 45]), True).split(' ', 1)[1], 'polite')}."),
        ("이거 얼마예요?", f"{copula(kg.count(rng.choice([1000, 2500, 3000, 5000, 12000]), '원', rng.random() < 0.5), 'polite')}."),
        ("어디 아파요?", rng.choice(["머리가 아파요.", "배가 아파요.", "아니요, 괜찮아요."])),
        ("주말에 뭐 했어요?", f"{action_clause(rng, 'polite', True)}."),
    ]
    verbs_said = ["물었다", "말했다", "대답했다", "웃으며 말했다", "작은 목소리로 말했다"]
    lines = []
    if rng.random() < 0.6:
        lines.append(f"{P(a, '은')} {place}에서 {P(b, '을')} {verb('만나다', 'plain')}.")
    for k in range(rng.randint(1, 3)):
        q, ans = rng.choice(pairs)
        for i, text in enumerate((q, ans)):
            who = (a, b)[(i + k) % 2]
            if i == 0 and rng.random() < 0.3:
                text = f"{b if who == a else a} 씨, " + text         # polite lines: 씨, not the casual 아/야
            said = rng.choice(verbs_said[:1] if i == 0 else verbs_said[1:])
            lines.append(f"“{text}” {P(who, '이')} {said}." if rng.random() < 0.7 else f"“{text}”")
    if rng.random() < 0.3:
        lines = ["\n".join(lines)]
    if rng.random() < 0.5:
        lines.append(f"두 사람은 {rng.choice(['함께', '천천히', '웃으며'])} {P(rng.choice(PLACES_KO), '으로')} {verb('걸어가다', 'plain')}.")
    return " ".join(lines)


def announcement_doc(rng):
    """Formal speech (-ㅂ니다/-습니다): notices, news, schedules with numbers and dates."""
    place = rng.choice(PLACES_KO)
    m, d = rng.randint(1, 12), rng.randint(1, 28)
    h = rng.randrange(8, 21)
    n = rng.randint(2, 300)
    out = [rng.choice(["안내 말씀 드립니다.", "알려 드립니다.", "오늘의 소식입니다.", "공지 사항입니다."])]
    choices = [
        f"{kg.date(2026, m, d)} {kg.clock(h, rng.choice([0, 30]))}에 {place}에서 {rng.choice(TOPICS)} 행사가 열립니다.",
        f"이번 행사에는 {kg.count(n, '명')}이 참가합니다." if n > 20 else f"이번 행사에는 {kg.count(n, '명')}이 참가합니다.",
        f"{P(rng.choice(CITIES_KO), '은')} 오늘 {rng.choice(['맑겠습니다', '흐리겠습니다', '비가 오겠습니다', '눈이 오겠습니다'])}. "
        f"낮 최고 기온은 {rng.randint(-5, 35)}도입니다.",
        f"{P(rng.choice(PLACES_KO), '은')} {rng.choice(WEEKDAYS)}마다 쉽니다.",
        f"입장료는 어른 {kg.count(rng.choice([3000, 5000, 8000, 10000]), '원')}, 어린이 {kg.count(rng.choice([1000, 2000, 3000]), '원')}입니다.",
        f"{rng.randint(1, 9)}호선 열차가 {kg.count(rng.randint(2, 15), '분')} 늦게 도착합니다.",
        f"{P(rng.choice(FAMILY + PEOPLE + JOBS), '은')} {kg.count(rng.randint(2, 10), '층')}으로 오시기 바랍니다.",
        f"{action_clause(rng, 'formal', past=False)}.",
        f"{subject(rng, 'formal')} {action_clause(rng, 'formal', past=True)}.",
        "감사합니다.", "많은 참여 바랍니다.", "자세한 내용은 홈페이지를 참고하시기 바랍니다.",
    ]
    out += rng.sample(choices, rng.randint(2, 5))
    return " ".join(out)


ESSAY = [
    "{t}{은} 우리 생활에서 {a}.", "요즘 많은 사람들이 {t}에 관심을 {v}.", "{t}에 대해 이야기해 {s}.",
    "예를 들어, {act}.", "전문가들은 {t}{이} {a}{q} 말한다.", "그래서 우리는 {t}{을} 더 잘 이해할 필요가 있다.",
    "물론 모든 사람이 그렇게 생각하는 것은 아니다.", "어떤 사람들은 {t}{이} 너무 {a2}{q} 생각한다.",
    "하지만 {t} 없이는 살기 어렵다.", "첫째, {t}{은} {a}.", "둘째, {act}.", "마지막으로, {t}{은} 시간이 걸린다.",
    "이처럼 {t}{은} 우리 삶과 가깝다.", "{t}{와} {t2}{은} 서로 관계가 깊다.", "{n} 년 전에는 {t}{이} 지금과 달랐다.",
    "앞으로 {t}{은} 더 중요해질 것이다.", "{t}{을} 시작하기에 늦은 때는 없다.", "작은 습관이 큰 변화를 만든다.",
    "이 글에서는 {t}의 좋은 점과 나쁜 점을 살펴보겠다.", "결국 중요한 것은 꾸준함이다.",
    "많은 학생들이 {t} 때문에 고민한다.", "{t}{은} 생각보다 {a2}.", "사람마다 {t}{을} 바라보는 눈이 다르다.",
]


EVALUATIVE = [("중요하다", None), ("필요하다", None), ("유용하다", None), ("어렵다", "ㅂ"), ("쉽다", "ㅂ"),
              ("재미있다", None), ("복잡하다", None), ("간단하다", None), ("편리하다", None), ("특별하다", None),
              ("흥미롭다", "ㅂ"), ("소중하다", None), ("위험하다", None), ("비싸다", None), ("즐겁다", "ㅂ")]


def essay_doc(rng):
    """Short expository prose (plain style, -다), the register of textbooks and newspapers."""
    t, t2 = rng.sample(TOPICS, 2)
    sents = []
    for tmpl in rng.sample(ESSAY, rng.randint(4, 9)):
        a, ia = rng.choice(EVALUATIVE)
        a2, ia2 = rng.choice(EVALUATIVE)
        s = tmpl
        for key, word in (("{t}", t), ("{t2}", t2)):
            for p in ("은", "이", "을", "와"):
                s = s.replace(key[:-1] + "}{" + p + "}", P(word, p))
            s = s.replace(key, word)
        s = s.replace("{a}", kg.conjugate(a, "plain", ia, True)).replace("{a2}", kg.conjugate(a2, "plain", ia2, True))
        s = s.replace("{q}", "고").replace("{v}", "가진다").replace("{s}", "보자").replace("{n}", str(rng.choice([10, 20, 30, 50, 100])))
        s = s.replace("{act}", f"{P(rng.choice(PEOPLE), '은')} {rng.choice(DAYS)} {action_clause(rng, 'plain', True)}")
        sents.append(s)
    if rng.random() < 0.5:
        sents.insert(rng.randrange(len(sents) + 1), rng.choice(MODERN_SENTENCES_KO))
    return " ".join(sents)


def story_doc(rng):
    """Narration in paragraphs: a character, a place, a sequence of events, a few spoken lines."""
    a, b = rng.sample(NAMES_KO, 2)
    city = rng.choice(CITIES_KO)
    age = rng.randint(7, 80)
    job = rng.choice(JOBS)
    out = [f"{P(a, '은')} {city}에 사는 {kg.count(age, '살')} {copula(job, 'plain')}."]
    if rng.random() < 0.5:
        out.append(f"{a}에게는 {rng.choice(['고양이 한 마리가', '오래된 자전거가', '작은 정원이', '친한 친구가', '꿈이'])} 있었다.")
    out.append(f"{rng.choice(['어느 날', '그해 ' + rng.choice(SEASONS) + '에', rng.choice(WEEKDAYS) + ' 아침', '비가 오던 날'])} "
               f"{P(a, '은')} {P(rng.choice(PLACES_KO), '에')} {verb('가다', 'plain')}.")
    for _ in range(rng.randint(2, 6)):
        r = rng.random()
        lead = rng.choice(CONNECTIVES) + " " if rng.random() < 0.5 else ""
        if r < 0.4:
            out.append(lead + f"{P(rng.choice([a, b]), '은')} {action_clause(rng, 'plain', True)}.")
        elif r < 0.6:
            out.append(f"“{greet(a)}, {rng.choice(['여기서 뭐 해', '오랜만이야', '같이 가자', '이것 좀 봐', '괜찮아'])}?” {P(b, '이')} 말했다.".replace("봐?", "봐.").replace("가자?", "가자."))
        elif r < 0.7:
            out.append(lead + daily_sentence(rng, "plain"))
        elif r < 0.8:
            out.append(rng.choice(MODERN_SENTENCES_KO))
        else:
            f, irr = rng.choice(FEELINGS)
            out.append(f"{P(a, '은')} {rng.choice(['조금', '정말', '왠지', '무척'])} {verb(f, 'plain', True, irr, adjective=True)}.")
    out.append(rng.choice([f"그날 밤 {P(a, '은')} 일기를 썼다.", f"{P(a, '은')} 집으로 돌아왔다.", "이야기는 여기서 끝난다.",
                           f"{P(a, '와')} {P(b, '은')} 다시 만나기로 약속했다."]))
    if rng.random() < 0.5:   # paragraphs, as real prose has them
        cut = sorted(rng.sample(range(1, len(out)), min(2, len(out) - 1)))
        return "\n\n".join(" ".join(out[i:j]) for i, j in zip([0] + cut, cut + [len(out)]))
    return " ".join(out)


# --------------------------------------------------------------------------- records and lists

KV_RECORD_KO = "코드 {key} {value}."


def kv_doc(rng, numbers=range(10, 100)):
    """'코드 알파-36 사과. ... 코드 알파-36 사과.': the Korean key-value drill; the value follows the
    key's number directly, as in the English records."""
    n = rng.randint(2, 30)
    picked = rng.sample(numbers, n)
    keys = [f"{rng.choice(KEY_WORDS_KO)}-{num}" for num in picked]
    vals = [rng.choice(VALUES_KO) for _ in keys]
    parts = [KV_RECORD_KO.format(key=k, value=v) for k, v in zip(keys, vals)]
    for _ in range(rng.randint(1, min(n, 16))):
        i = rng.randrange(n)
        parts.append(KV_RECORD_KO.format(key=keys[i], value=vals[i]))
    return " ".join(parts)


def profile_doc(rng):
    """Records with Korean field names: 이름: 김수진. 나이: 스물세 살. ..."""
    out = []
    for _ in range(rng.randint(1, 4)):
        nm = rng.choice(SURNAMES) + rng.choice([n for n in NAMES_KO if len(n) == 2])
        if any(nm.startswith(h) for h in HELD_OUT_NAMES_KO):
            nm = nm[1:]
        fields = [f"이름: {nm}", f"나이: {kg.count(rng.randint(8, 75), '살')}", f"사는 곳: {rng.choice(CITIES_KO)}",
                  f"직업: {rng.choice(JOBS)}", f"좋아하는 음식: {rng.choice(FOODS)}",
                  f"생일: {rng.randint(1, 12)}월 {rng.randint(1, 28)}일", f"취미: {rng.choice(['독서', '등산', '요리', '수영', '게임', '그림', '노래', '여행', '사진'])}",
                  f"전화: 010-{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}"]
        out.append(". ".join(fields[:2] + rng.sample(fields[2:], rng.randint(2, 5))) + ".")
    if rng.random() < 0.5:
        nm = out[0].split(". ")[0].split(": ")[1]
        out.append(f"{P(nm, '은')} {kg.count(rng.randint(1, 5), '시')}에 {P(rng.choice(PLACES_KO), '에')} 간다.")
    return " ".join(out)


REPEAT_INTROS_KO = ["따라 하세요:", "다시 말해 보세요:", "목록은 다음과 같다:", "이 단어들을 기억하세요:", "장 볼 목록:",
                    "준비물:", ""]


def list_doc(rng):
    """Lists in Korean; half are written 2-3 times (copying from the context pays off)."""
    r = rng.random()
    pool = FOODS + OBJECTS_KO + ANIMALS + PLACES_KO + VALUES_KO
    if r < 0.5:
        words = [rng.choice(pool) for _ in range(rng.randint(4, 30))]
        line = ", ".join(words) + "."
        intro = rng.choice(REPEAT_INTROS_KO)
        return (intro + " " if intro else "") + " ".join([line] * rng.randint(2, 3))
    if r < 0.75:
        days = WEEKDAYS[:5]
        return "시간표. " + " ".join(f"{d}: {', '.join(rng.sample(SUBJECTS_SCHOOL, 3))}." for d in days)
    items = rng.sample(FOODS, rng.randint(2, 6))
    lines = [f"{it} {kg.count(rng.randint(1, 9), rng.choice(['개', '개', '병', '그릇']))}" for it in items]
    total = rng.choice([4500, 8000, 12500, 17000, 23000, 31000])
    return f"{rng.choice(['장 볼 목록', '주문 내역', '영수증'])}: {', '.join(lines)}. 합계 {kg.count(total, '원')}."


def number_doc(rng):
    """Numbers read aloud, both ways: 3시 20분 = 세 시 이십 분, 2026년 = 이천이십육 년."""
    out = []
    for _ in range(rng.randint(2, 5)):
        r = rng.random()
        if r < 0.3:
            h, m = rng.randrange(0, 24), rng.choice([0, 5, 10, 15, 20, 30, 40, 45, 50, 55])
            out.append(f"{P(kg.clock(h, m), '은')} {P(kg.clock(h, m, True), '이라고')} 읽는다.")
        elif r < 0.55:
            y, mo, d = rng.randint(1990, 2030), rng.randint(1, 12), rng.randint(1, 31)
            out.append(f"{P(kg.date(y, mo, d), '은')} {P(kg.date(y, mo, d, True), '이라고')} 읽는다.")
        elif r < 0.8:
            n = rng.randint(1, 40)
            thing, c = rng.choice([(rng.choice(ANIMALS), "마리"), (rng.choice(OBJECTS_KO), "개"), ("책", "권"),
                                   ("사람", "명"), ("학생", "명"), ("커피", "잔"), ("사과", "개"), ("꽃", "송이")])
            out.append(f"{P(thing, '이')} {kg.count(n, c, hangul=True)} 있다.")
        else:
            n = rng.choice([15, 27, 100, 365, 1000, 2026, 10000, 30500, 123456])
            out.append(f"{P(str(n), '은')} {P(kg.sino_number(n), '이라고')} 읽는다.")
    return " ".join(out)


# --------------------------------------------------------------------------- mixing

# Shares by document count. Detective stories are frequent because copying a name is the
# seed's example; "prose" (korean_prose.py: news, weather, school, work, health, cooking,
# transport, shopping, science, diaries, letters, dialogue, narration, name stories) is the
# broad modern Korean that held-out prose needs, about half of the documents.
KINDS = [("atlas", 0.12), ("detective", 0.10), ("diary", 0.05), ("dialogue", 0.05), ("announcement", 0.03),
         ("essay", 0.04), ("story", 0.05), ("kv", 0.03), ("profile", 0.02), ("list", 0.02), ("number", 0.02),
         ("prose", 0.47)]


def story_names(rng, k=3):
    """k distinct names for a story: from the large inventory (copying, not remembering)."""
    out = []
    while len(out) < k:
        n = korean_prose.person_name(rng)
        if n not in out:
            out.append(n)
    return out


def korean_doc(rng, seen_ko, kind=None):
    """One document; its quotation marks are curly (“ ”) or straight (") by a coin per document, as
    Korean text on screens uses both."""
    d = _korean_doc(rng, seen_ko, kind)
    if rng.random() < 0.5:
        d = d.replace("“", '"').replace("”", '"')
    return d


def _korean_doc(rng, seen_ko, kind=None):
    if kind is None:
        kind = korean_prose.pick_kind(rng, KINDS)
    if kind == "detective":
        # 40 % with the 132 names of the vocabulary (수진 of the seed among them), 60 % with names
        # from the large inventory, each of which occurs only a few times in the corpus
        return detective_doc(rng, story_names(rng) if rng.random() < 0.6 else None)
    return {"atlas": lambda: atlas_doc(rng, seen_ko),
            "diary": lambda: diary_doc(rng), "dialogue": lambda: dialogue_doc(rng),
            "announcement": lambda: announcement_doc(rng), "essay": lambda: essay_doc(rng),
            "story": lambda: story_doc(rng), "kv": lambda: kv_doc(rng), "profile": lambda: profile_doc(rng),
            "list": lambda: list_doc(rng), "number": lambda: number_doc(rng),
            "prose": lambda: korean_prose.prose_doc(rng)}[kind]()


def korean_docs(rng, seen_ko, n_chars, kinds=None):
    """Documents (with MARKs) until n_chars characters; kinds: optional [(kind, share)] override."""
    docs, total = [], 0
    while total < n_chars:
        if kinds:
            r, acc = rng.random(), 0.0
            for k, share in kinds:
                acc += share
                if r < acc:
                    break
            d = korean_doc(rng, seen_ko, k)
        else:
            d = korean_doc(rng, seen_ko)
        docs.append(d)
        total += len(d)
    return docs


if __name__ == "__main__":
    import json
    import sys
    from make_corpus import make_world
    w = korean_world(make_world(random.Random(1234)))
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    seen = [c for c in w if not c["held_out"]]
    for kind, _ in KINDS:
        print(f"[{kind}]", strip_marks(korean_doc(rng, seen, kind)))

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


# --------------------------------------------------------------------------- people's names
# A large inventory of Korean and foreign names for the name-copying stories: the model must
# learn to COPY whatever name the text introduces, not to remember a few culprits. With about
# 4,000 given names each story name occurs only a few times in the corpus. Korean given names
# are two syllables from common name syllables (or one, with the family name); foreign names
# are written in Hangul. Names in `exclude` (the probe's held-out names) and names that start
# with one of them are never produced.
GIVEN_FIRST = ("민 서 지 하 준 현 수 영 은 우 예 윤 도 연 진 태 성 동 재 승 유 주 희 혜 정 경 원 상 석 철 "
               "아 나 다 소 채 가 세 시 규 건 한 인 용 종 찬 보 미 선 명 광 기 병 혁 다 초 여 해 호 효 창").split()
GIVEN_SECOND = ("민 서 지 하 준 현 수 영 은 우 윤 연 진 호 희 원 빈 린 솔 율 온 결 람 늘 슬 아 나 경 정 "
                "훈 혁 환 욱 열 석 철 식 범 찬 태 성 재 주 미 선 숙 순 자 영 란 옥 비 리 별 이 혜 완 균").split()
FAMILY_NAMES = ("김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 홍 전 고 문 양 손 배 백 허 유 남 "
                "심 노 하 곽 성 차 주 우 구 민 진 나 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용").split()
FOREIGN_NAMES = ("앤드루 제임스 소피 루시 마틴 안나 니콜라 이반 파블로 아이샤 라일라 첸 웨이 아키라 사쿠라 겐지 "
                 "토마스 알렉스 줄리아 마르코 이사벨 한스 클로이 에밀리 벤 샘 잭 톰 케이트 로라 니나 밀라 "
                 "카밀라 디에고 라파엘 파티마 아마라 요나스 마테오 레나 야스민 하산 타로 미카 유리 알리 "
                 "조지 제인 메리 피터 폴 존 루이스 에바 올가 빅토르 안톤 리사 사라 다니엘 가브리엘 노아 "
                 "리암 루카 엘리 마야 제니 줄리 로즈 에이미 케빈 브라이언 스티븐 크리스 프랑크 펠리페 "
                 "호세 후안 루시아 소냐 이고르 타냐 응우옌 쑤언 프엉 아난 찬다 라비 수닐 아르준 키란 아미르 "
                 "오스만 셀린 에밀 아그네스 마르타 바바라 헬레나 이렌 모니카 오스카 에릭 스벤 잉그리드").split()


def korean_given_names(exclude=()):
    """Two-syllable given names from the syllable lists (no doubled syllable), minus `exclude`."""
    out = []
    for a in GIVEN_FIRST:
        for b in GIVEN_SECOND:
            n = a + b
            if a != b and n not in out and not any(n.startswith(e) or e.startswith(n) for e in exclude):
                out.append(n)
    return out


def name_inventory(exclude=()):
    """Korean given names, surname + given name, surname + one syllable, foreign names (deduplicated)."""
    ex = list(exclude)
    given = korean_given_names(ex)
    foreign = [f for f in FOREIGN_NAMES if not any(f.startswith(e) for e in ex)]
    return given, foreign


def random_name(rng, given, foreign, exclude=()):
    """A name as stories use it: mostly a given name, sometimes with the family name, sometimes
    foreign; never one that contains an excluded name (서 + 현우 would write 서현)."""
    while True:
        r = rng.random()
        if r < 0.62:
            n = rng.choice(given)
        elif r < 0.8:
            n = rng.choice(FAMILY_NAMES) + rng.choice(given)
        elif r < 0.87:
            n = rng.choice(FAMILY_NAMES) + rng.choice(GIVEN_SECOND)
        else:
            n = rng.choice(foreign)
        if not any(e in n for e in exclude):
            return n

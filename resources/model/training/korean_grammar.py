"""Korean grammar for the synthetic training text: particles, verb endings, numbers, names.

Why: the bundled model learns Korean only from text this project writes itself (no Korean
prose with a clean licence is available offline, see README.md). Written by hand, template
text goes wrong exactly where Korean grammar depends on sound: the particle after a noun is
chosen by the noun's last syllable (수진이 / 철수가, 서울로 / 부산으로), a verb's polite and
formal endings depend on its stem (가요 / 먹어요 / 삽니다), and numbers are read two ways
(Sino-Korean 삼십 분, native 세 시). These helpers get that right once, and
test_korean_grammar.py checks them on the tricky cases (ㄹ-final nouns with (으)로, digits
and Latin letters before a particle, contracted and irregular verbs).

Pure Python, no dependencies, deterministic.
"""

HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3
CHO = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
JUNG = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
JONG = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"  # index 0: no final consonant
RIEUL = JONG.index("ㄹ")


def is_hangul(ch):
    return HANGUL_FIRST <= ord(ch) <= HANGUL_LAST


def decompose(ch):
    """A Hangul syllable -> (initial, medial, final) indices into CHO, JUNG, JONG."""
    if not is_hangul(ch):
        raise ValueError(f"not a Hangul syllable: {ch!r}")
    n = ord(ch) - HANGUL_FIRST
    return n // 588, (n % 588) // 28, n % 28


def compose(cho, jung, jong=0):
    """Indices (or jamo letters) -> one Hangul syllable."""
    if isinstance(cho, str):
        cho = CHO.index(cho)
    if isinstance(jung, str):
        jung = JUNG.index(jung)
    if isinstance(jong, str):
        jong = JONG.index(jong) if jong.strip() else 0
    return chr(HANGUL_FIRST + cho * 588 + jung * 28 + jong)


def with_final(ch, jong):
    """The syllable ch with its final consonant replaced (가 + ㅂ -> 갑)."""
    c, j, _ = decompose(ch)
    return compose(c, j, jong)


# How a word that does not end in Hangul is read aloud decides its particle too:
# "3으로" (삼), "7로" (칠), "10으로" (십), "GPT가" (지피티), "HTML을" (에이치티엠엘).
DIGIT_READING = {"0": "영", "1": "일", "2": "이", "3": "삼", "4": "사", "5": "오", "6": "육",
                 "7": "칠", "8": "팔", "9": "구"}
LETTER_READING = {"a": "에이", "b": "비", "c": "씨", "d": "디", "e": "이", "f": "에프", "g": "지",
                  "h": "에이치", "i": "아이", "j": "제이", "k": "케이", "l": "엘", "m": "엠", "n": "엔",
                  "o": "오", "p": "피", "q": "큐", "r": "알", "s": "에스", "t": "티", "u": "유",
                  "v": "브이", "w": "더블유", "x": "엑스", "y": "와이", "z": "제트"}


def spoken_last_syllable(word):
    """The syllable the word ends with when read aloud (ignoring trailing punctuation)."""
    w = word.rstrip(" .,!?)]}\"'”’")
    if not w:
        raise ValueError("empty word has no last syllable")
    last = w[-1]
    if is_hangul(last):
        return last
    if last.isdigit():
        digits = w[len(w.rstrip("0123456789")):]
        return sino_number(int(digits))[-1]
    if last.lower() in LETTER_READING:
        return LETTER_READING[last.lower()][-1]
    raise ValueError(f"cannot tell how {word!r} ends when read aloud")


def final_consonant(word):
    """Index into JONG of the spoken last syllable's final consonant (0 = none)."""
    return decompose(spoken_last_syllable(word))[2]


def has_final(word):
    return final_consonant(word) != 0


# particle -> (form after a final consonant, form after a vowel)
PARTICLES = {
    "은": ("은", "는"), "는": ("은", "는"),
    "이": ("이", "가"), "가": ("이", "가"),
    "을": ("을", "를"), "를": ("을", "를"),
    "과": ("과", "와"), "와": ("과", "와"),
    "아": ("아", "야"), "야": ("아", "야"),              # calling someone: 수진아, 철수야
    "이랑": ("이랑", "랑"), "랑": ("이랑", "랑"),
    "이나": ("이나", "나"), "나": ("이나", "나"),
    "이다": ("이다", "다"), "다": ("이다", "다"),        # copula: 수진이다, 철수다
    "이라는": ("이라는", "라는"), "라는": ("이라는", "라는"),
    "이라고": ("이라고", "라고"), "라고": ("이라고", "라고"),
    "이었다": ("이었다", "였다"), "였다": ("이었다", "였다"),
    "이에요": ("이에요", "예요"), "예요": ("이에요", "예요"),
    "이었어요": ("이었어요", "였어요"), "였어요": ("이었어요", "였어요"),
    "이는": ("이는", "는"),                              # 수진이는 (names, colloquial)
    "이가": ("이가", "가"),
}
# (으)로: after a vowel OR after ㄹ the form is 로 (서울로, 칼로, 학교로), else 으로 (집으로).
RO = ("으로", "로")


def particle(word, p):
    """word + the right form of particle p (given in either form): particle("수진", "는") -> "수진은"."""
    if p in ("로", "으로"):
        jong = final_consonant(word)
        return word + (RO[1] if jong in (0, RIEUL) else RO[0])
    if p in ("로서", "으로서", "로써", "으로써"):
        jong = final_consonant(word)
        tail = p[-1]
        return word + ("로" + tail if jong in (0, RIEUL) else "으로" + tail)
    if p not in PARTICLES:
        return word + p                                      # invariable: 의, 에, 에서, 도, 만, 부터, 까지, 하고
    after_consonant, after_vowel = PARTICLES[p]
    return word + (after_consonant if has_final(word) else after_vowel)


# --------------------------------------------------------------------------- numbers

SINO_DIGITS = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]


def _sino_below_10000(n):
    out = ""
    for value, unit in ((1000, "천"), (100, "백"), (10, "십"), (1, "")):
        d = n // value % 10
        if d == 0:
            continue
        out += ("" if d == 1 and unit else SINO_DIGITS[d]) + unit   # 십, 백, 천 without 일
    return out


def sino_number(n):
    """Sino-Korean reading: 0 영, 15 십오, 2026 이천이십육, 10000 만, 30500 삼만 오백 -> '삼만오백'."""
    if n < 0:
        return "마이너스 " + sino_number(-n)
    if n == 0:
        return "영"
    out = ""
    for value, unit in ((10 ** 8, "억"), (10 ** 4, "만"), (1, "")):
        part = n // value % 10000 if value < 10 ** 8 else n // value
        if part == 0:
            continue
        words = _sino_below_10000(part) if part < 10000 else sino_number(part)
        if unit == "만" and part == 1:
            words = ""                                           # 만, not 일만
        out += words + unit
    return out


NATIVE_ONES = ["", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉"]
NATIVE_ONES_ADNOMINAL = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉"]
NATIVE_TENS = ["", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"]


def native_number(n, before_counter=False):
    """Native Korean reading, 1-99: 하나, 스물셋; before a counter the short forms: 한 개, 스무 살."""
    if not 1 <= n <= 99:
        raise ValueError(f"native Korean numbers go from 1 to 99, not {n}")
    tens, ones = divmod(n, 10)
    if before_counter:
        if ones == 0:
            return "스무" if tens == 2 else NATIVE_TENS[tens]
        return NATIVE_TENS[tens] + NATIVE_ONES_ADNOMINAL[ones]
    return NATIVE_TENS[tens] + NATIVE_ONES[ones]


# counters that count with native numbers (below 100) and those that take Sino-Korean ones
NATIVE_COUNTERS = {"개", "명", "마리", "살", "시", "권", "잔", "병", "대", "그릇", "송이", "켤레", "벌", "장",
                   "시간", "달", "번", "사람", "가지", "군데", "채"}
SINO_COUNTERS = {"분", "초", "원", "년", "월", "일", "층", "호", "번지", "미터", "킬로미터", "킬로그램", "도",
                 "퍼센트", "주", "주년", "학년", "개월", "인분", "페이지", "쪽", "회", "등", "호선", "세"}


def count(n, counter, hangul=False):
    """A number with its counter the way it is read: count(3, "개") -> "세 개", count(3, "분") ->
    "3분" (digits) or "삼 분" (hangul=True). Native counters are always spelled out below 100
    ("세 시", "스무 살"), which is how Korean text writes small native numbers."""
    if counter in NATIVE_COUNTERS and 1 <= n <= 99 and (hangul or n <= 20 or counter in ("시", "살")):
        return native_number(n, before_counter=True) + " " + counter
    if counter in NATIVE_COUNTERS and not hangul:
        return f"{n}{counter}"
    if hangul:
        if counter == "월":
            return month_name(n, hangul=True)
        return sino_number(n) + " " + counter
    return f"{n}{counter}"


def month_name(m, hangul=False):
    """Months: 6월 is read 유월 and 10월 시월 (the final consonant drops)."""
    if not 1 <= m <= 12:
        raise ValueError(f"no month {m}")
    if not hangul:
        return f"{m}월"
    return {6: "유월", 10: "시월"}.get(m, sino_number(m) + "월")


def date(year, month, day, hangul=False):
    if hangul:
        return f"{sino_number(year)}년 {month_name(month, True)} {sino_number(day)}일"
    return f"{year}년 {month}월 {day}일"


def clock(hour, minute=0, hangul=False):
    """Hours are native, minutes Sino-Korean: 3:20 -> '세 시 이십 분' / '3시 20분'; with 오전/오후."""
    if not 0 <= hour <= 23 or not 0 <= minute <= 59:
        raise ValueError(f"no time {hour}:{minute}")
    half = "오전" if hour < 12 else "오후"
    h12 = hour % 12 or 12
    if hangul:
        h = native_number(h12, before_counter=True) + " 시"
        m = "" if minute == 0 else (" 반" if minute == 30 else f" {sino_number(minute)} 분")
    else:
        h = f"{h12}시"
        m = "" if minute == 0 else (" 반" if minute == 30 else f" {minute}분")
    return f"{half} {h}{m}"


# --------------------------------------------------------------------------- verbs and adjectives

def _stem(dictionary_form):
    if not dictionary_form.endswith("다") or len(dictionary_form) < 2:
        raise ValueError(f"not a dictionary form: {dictionary_form!r}")
    return dictionary_form[:-1]


BRIGHT = {JUNG.index("ㅏ"), JUNG.index("ㅗ"), JUNG.index("ㅑ")}


def infinitive(dictionary_form, irregular=None):
    """The -아/어 form (해요-style stem): 가다 -> 가, 먹다 -> 먹어, 하다 -> 해, 마시다 -> 마셔,
    보다 -> 봐, 배우다 -> 배워, 쓰다 -> 써, 바쁘다 -> 바빠, 되다 -> 돼, 모르다 -> 몰라 (르),
    듣다 -> 들어 (ㄷ), 덥다 -> 더워 (ㅂ), 돕다 -> 도와, 짓다 -> 지어 (ㅅ), 그렇다 -> 그래 (ㅎ).
    irregular: None, 'ㄷ', 'ㅂ', 'ㅅ', '르', 'ㅎ'."""
    stem = _stem(dictionary_form)
    head, last = stem[:-1], stem[-1]
    if last == "하":
        return head + "해"
    c, v, f = decompose(last)
    if irregular == "르" and last == "르":
        prev = head[-1]
        pc, pv, _ = decompose(prev)
        doubled = head[:-1] + compose(pc, pv, RIEUL)
        return doubled + ("라" if pv in BRIGHT else "러")
    if irregular == "ㅎ" and JONG[f] == "ㅎ":
        # 그렇다 -> 그래, 어떻다 -> 어때, 하얗다 -> 하얘
        nv = {"ㅓ": "ㅐ", "ㅏ": "ㅐ", "ㅑ": "ㅒ"}.get(JUNG[v], "ㅐ")
        return head + compose(c, nv)
    if irregular == "ㅂ" and JONG[f] == "ㅂ":
        open_ = compose(c, v)
        if last in ("돕", "곱"):
            return head + open_ + "와"
        return head + open_ + "워"
    if irregular == "ㄷ" and JONG[f] == "ㄷ":
        last = compose(c, v, RIEUL)
        f = RIEUL
    if irregular == "ㅅ" and JONG[f] == "ㅅ":
        return head + compose(c, v) + ("아" if v in BRIGHT else "어")
    bright = v in BRIGHT
    if f != 0:
        return head + last + ("아" if bright else "어")
    vowel = JUNG[v]
    contract = {"ㅏ": "ㅏ", "ㅓ": "ㅓ", "ㅐ": "ㅐ", "ㅔ": "ㅔ", "ㅕ": "ㅕ", "ㅗ": "ㅘ", "ㅜ": "ㅝ",
                "ㅣ": "ㅕ", "ㅚ": "ㅙ", "ㅟ": "ㅟ어"}
    if vowel == "ㅡ":
        # 쓰다 -> 써; 바쁘다 -> 바빠 (the vowel before decides)
        if head and is_hangul(head[-1]):         # 편지를 쓰다 -> 편지를 써: a space is no vowel
            pv = decompose(head[-1])[1]
            return head + compose(c, "ㅏ" if pv in BRIGHT else "ㅓ")
        return head + compose(c, "ㅓ")
    if vowel == "ㅟ":
        return head + last + "어"                      # 쉬다 -> 쉬어
    return head + compose(c, contract.get(vowel, vowel))


def _add_final(stem, jong_letter):
    """stem + final consonant on its last syllable (가 + ㅂ -> 갑, 만들 -> 만듭 drops ㄹ first)."""
    c, v, f = decompose(stem[-1])
    return stem[:-1] + compose(c, v, JONG.index(jong_letter))


def _is_itda(stem):
    """있다 / 없다 and their compounds (맛있다, 재미없다) take -는 like verbs."""
    return stem.endswith("있") or stem.endswith("없")


def _drop_rieul(stem):
    """ㄹ-final stems lose the ㄹ before ㄴ, ㅂ, ㅅ: 만들 -> 만드(는), 살 -> 사(니)."""
    c, v, f = decompose(stem[-1])
    return stem[:-1] + compose(c, v) if f == RIEUL else stem


def attach_eu(dictionary_form, tail, irregular=None):
    """Attach an ending that has a linking 으 after consonant stems: tail is a final-consonant
    jamo ('ㄴ', 'ㄹ', 'ㅂ') or a syllable string ('면', '니까', '세요', '러', '려고').
    가다 -> 간/갈/가면; 먹다 -> 먹은/먹을/먹으면; 만들다 -> 만든/만들/만들면/만드세요 (ㄹ drops before
    ㄴ, ㅂ, ㅅ and 니); 듣다 (ㄷ) -> 들은/들으면; 덥다 (ㅂ) -> 더운/더우면; 돕다 -> 도운; 짓다 (ㅅ) ->
    지은/지으면; 그렇다 (ㅎ) -> 그런/그러면."""
    stem = _stem(dictionary_form)
    head, last = stem[:-1], stem[-1]
    c, v, f = decompose(last)
    jamo = tail in ("ㄴ", "ㄹ", "ㅂ")
    if f == RIEUL and irregular != "ㄷ":
        open_ = head + compose(c, v)
        if jamo:
            return _add_final(open_, tail) if tail != "ㄹ" else stem
        if tail[0] in "니세셨습" or decompose(tail[0])[0] == CHO.index("ㄴ"):
            return open_ + tail
        return stem + tail                                                 # 만들면, 만들러, 만들려고
    if f == 0:
        base = stem
    elif irregular == "ㄷ" and JONG[f] == "ㄷ":
        base = head + compose(c, v, RIEUL) + "으"
    elif irregular == "ㅂ" and JONG[f] == "ㅂ":
        base = head + compose(c, v) + "우"
    elif irregular == "ㅅ" and JONG[f] == "ㅅ":
        base = head + compose(c, v) + "으"
    elif irregular == "ㅎ" and JONG[f] == "ㅎ":
        base = head + compose(c, v)
    else:
        base = stem + "으"
    if jamo:
        return _add_final(base, tail)
    return base + tail


def auxiliary(dictionary_form, kind, irregular=None):
    """A new dictionary form built on a verb, to be conjugated at any speech level (its last
    verb is regular): progressive 먹고 있다, want 먹고 싶다 (an adjective), try 먹어 보다,
    must 먹어야 하다, can 먹을 수 있다, cannot 먹을 수 없다, give 도와주다-style 먹어 주다,
    decide 먹기로 하다, start 먹기 시작하다, intend 먹으려고 하다, finish 먹고 나다 (not used)."""
    stem = _stem(dictionary_form)
    if kind == "progressive":
        return stem + "고 있다"
    if kind == "want":
        return stem + "고 싶다"
    if kind == "try":
        return infinitive(dictionary_form, irregular) + " 보다"
    if kind == "must":
        return infinitive(dictionary_form, irregular) + "야 하다"
    if kind == "can":
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 수 있다"
    if kind == "cannot":
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 수 없다"
    if kind == "give":
        return infinitive(dictionary_form, irregular) + " 주다"
    if kind == "decide":
        return stem + "기로 하다"
    if kind == "start":
        return stem + "기 시작하다"
    if kind == "become":
        return stem + "게 되다"
    if kind == "seem":
        return _drop_rieul(stem) + "는 것 같다"
    if kind == "seem_future":
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 것 같다"
    if kind == "experience":
        return attach_eu(dictionary_form, "ㄴ", irregular) + " 적이 있다"
    if kind == "finish":
        return stem + "고 나다"
    if kind == "intend":
        return attach_eu(dictionary_form, "려고", irregular) + " 하다"
    raise ValueError(f"unknown auxiliary {kind!r}")


# auxiliaries whose result behaves as an adjective in the plain present (싶다, 있다, 없다)
AUX_ADJECTIVE = {"want", "can", "cannot", "seem", "seem_future", "experience"}


def conjugate(dictionary_form, form, irregular=None, adjective=False):
    """Finite forms of a verb or adjective.
    form: 'plain' (-ㄴ다/-는다/-다), 'plain_past' (-았/었다), 'polite' (-아/어요), 'polite_past',
          'formal' (-ㅂ/습니다), 'formal_past', 'and' (-고), 'so' (-아/어서), 'adnominal' (-는 / -(으)ㄴ),
          'want' (-고 싶다), 'future' (-(으)ㄹ 것이다), 'question_polite' (-아/어요?), 'suggest' (-자)."""
    stem = _stem(dictionary_form)
    c, v, f = decompose(stem[-1])
    inf = infinitive(dictionary_form, irregular)
    # -았/었: put ㅆ under the infinitive's last syllable (가 -> 갔, 먹어 -> 먹었, 해 -> 했)
    past_stem = _add_final(inf, "ㅆ")
    if form == "plain":
        if adjective:
            return stem + "다"
        if f == 0:
            return _add_final(stem, "ㄴ") + "다"
        if f == RIEUL:
            return _add_final(stem[:-1] + compose(c, v), "ㄴ") + "다"     # 살다 -> 산다
        return stem + "는다"
    if form == "plain_past":
        return past_stem + "다"
    if form in ("polite", "question_polite"):
        return inf + "요" + ("?" if form == "question_polite" else "")
    if form == "polite_past":
        return past_stem + "어요"
    if form == "formal":
        if f == 0:
            return _add_final(stem, "ㅂ") + "니다"
        if f == RIEUL:
            return _add_final(stem[:-1] + compose(c, v), "ㅂ") + "니다"   # 살다 -> 삽니다
        return stem + "습니다"
    if form == "formal_past":
        return past_stem + "습니다"
    if form == "and":
        return stem + "고"
    if form == "so":
        return inf + "서"
    if form == "want":
        return stem + "고 싶다"
    if form == "suggest":
        return stem + "자"
    if form == "adnominal":
        if adjective and not _is_itda(stem):
            return attach_eu(dictionary_form, "ㄴ", irregular)                 # 큰, 작은, 긴, 더운, 그런
        return _drop_rieul(stem) + "는"                                       # 먹는, 만드는, 맛있는
    if form == "future":
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 것이다"
    if form == "future_polite":
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 거예요"
    if form == "future_formal":
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 것입니다"
    if form == "adnominal_past":
        return attach_eu(dictionary_form, "ㄴ", irregular)                    # 간, 먹은, 만든, 들은, 도운
    if form == "adnominal_future":
        return attach_eu(dictionary_form, "ㄹ", irregular)                    # 갈, 먹을, 만들, 들을
    if form == "but":
        return stem + "지만"
    if form == "past_but":
        return past_stem + "지만"
    if form == "past_and":
        return past_stem + "고"
    if form == "if":
        return attach_eu(dictionary_form, "면", irregular)                    # 가면, 먹으면, 만들면, 들으면
    if form == "past_if":
        return past_stem + "으면"
    if form == "because":
        return attach_eu(dictionary_form, "니까", irregular)                  # 가니까, 먹으니까, 더우니까
    if form == "background":                                                  # -는데 / -(으)ㄴ데
        if adjective and not _is_itda(stem):
            return attach_eu(dictionary_form, "ㄴ", irregular) + "데"
        return _drop_rieul(stem) + "는데"
    if form == "past_background":
        return past_stem + "는데"
    if form == "honorific":
        return attach_eu(dictionary_form, "세요", irregular)                  # 가세요, 읽으세요, 만드세요
    if form == "honorific_past":
        return attach_eu(dictionary_form, "셨어요", irregular)                # 가셨어요, 읽으셨어요
    if form == "formal_question":
        if f == 0:
            return _add_final(stem, "ㅂ") + "니까?"
        if f == RIEUL:
            return _add_final(stem[:-1] + compose(c, v), "ㅂ") + "니까?"
        return stem + "습니까?"
    if form == "formal_past_question":
        return past_stem + "습니까?"
    if form == "casual":                                                      # 반말: 가, 먹어, 해
        return inf
    if form == "casual_past":
        return past_stem + "어"
    if form == "question_plain":                                              # -니? (가니, 먹니, 만드니)
        return _drop_rieul(stem) + "니?"
    if form == "past_question_plain":
        return past_stem + "니?"
    if form == "quote":                                                       # indirect: 간다고, 먹는다고, 크다고
        if adjective:
            return stem + "다고"
        return conjugate(dictionary_form, "plain", irregular)[:-1] + "다고"
    if form == "past_quote":
        return past_stem + "다고"
    if form == "while":                                                       # -(으)면서
        return attach_eu(dictionary_form, "면서", irregular)
    if form == "then":                                                        # -다가
        return stem + "다가"
    if form == "as_soon":                                                     # -자마자
        return stem + "자마자"
    if form == "before":                                                      # -기 전에
        return stem + "기 전에"
    if form == "after":                                                       # -(으)ㄴ 후에
        return attach_eu(dictionary_form, "ㄴ", irregular) + " 후에"
    if form == "when":                                                        # -(으)ㄹ 때
        return attach_eu(dictionary_form, "ㄹ", irregular) + " 때"
    if form == "during":                                                      # -는 동안
        return _drop_rieul(stem) + "는 동안"
    if form == "so_that":                                                     # -도록
        return stem + "도록"
    if form == "polite_ne":                                                   # -네요 (ㄹ drops: 기네요)
        return _drop_rieul(stem) + "네요"
    if form == "past_polite_ne":
        return past_stem + "네요"
    if form == "polite_jo":                                                   # -죠
        return stem + "죠"
    if form == "past_polite_jo":
        return past_stem + "죠"
    if form == "polite_geodeun":                                              # -거든요
        return stem + "거든요"
    if form == "past_polite_geodeun":
        return past_stem + "거든요"
    if form == "polite_janha":                                                # -잖아요
        return stem + "잖아요"
    if form == "will_polite":                                                 # -(으)ㄹ게요
        return attach_eu(dictionary_form, "ㄹ", irregular) + "게요"
    if form == "shall_we":                                                    # -(으)ㄹ까요?
        return attach_eu(dictionary_form, "ㄹ", irregular) + "까요?"
    if form == "lets_formal":                                                 # -(으)ㅂ시다
        return attach_eu(dictionary_form, "ㅂ", irregular) + "시다"
    if form == "imperative_plain":                                            # -아/어라
        return inf + "라"
    if form == "dont":                                                        # -지 마세요
        return stem + "지 마세요"
    if form == "nominal":                                                     # -기: 가기, 먹기
        return stem + "기"
    if form == "purpose":                                                     # -(으)러 (movement verbs follow)
        return attach_eu(dictionary_form, "러", irregular)
    if form == "intend":                                                      # -(으)려고
        return attach_eu(dictionary_form, "려고", irregular)
    raise ValueError(f"unknown form {form!r}")

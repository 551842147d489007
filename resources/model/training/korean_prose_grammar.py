"""The sentence machinery of korean_prose.py: names, particles, clauses with their
connectives, relative clauses, questions at every speech level, numbers and prices, and the
scripts of everyday actions. korean_prose.py builds its documents from these (split off so that
neither file passes 800 lines); every form comes from korean_grammar.

setup() must be called before person_name(): it fixes the probe's held-out names, which are
never produced.
"""
import korean_grammar as kg
from hangul_names import name_inventory, random_name
from korean_lexicon import A, ADVERBS, CONNECT, DEGREE, N, V_INTR, V_MOVE, V_OBJ

MARK = "\ue000"
EXCLUDE = []
GIVEN, FOREIGN = [], []


def setup(exclude):
    """Fix the names that must never appear (the probe's held-out names)."""
    global GIVEN, FOREIGN, EXCLUDE
    EXCLUDE = list(exclude)
    GIVEN, FOREIGN = name_inventory(EXCLUDE)


def P(word, p):
    return word + MARK + kg.particle(word, p)[len(word):]


def pick(rng, cls):
    return rng.choice(N[cls])


def person_name(rng):
    if not GIVEN:
        raise RuntimeError("korean_prose.setup() was not called")
    return random_name(rng, GIVEN, FOREIGN, EXCLUDE)


FUT = {"plain": " 것이다", "polite": " 거예요", "formal": " 것입니다", "casual": " 거야"}
FORMS = {("plain", "past"): "plain_past", ("plain", "present"): "plain", ("polite", "past"): "polite_past",
         ("polite", "present"): "polite", ("formal", "past"): "formal_past", ("formal", "present"): "formal",
         ("casual", "past"): "casual_past", ("casual", "present"): "casual"}


def fin(v, irr, level, tense="past", adj=False):
    """A finite predicate at a speech level and tense: 먹었다 / 먹어요 / 먹을 것입니다 / 먹었어."""
    if tense == "future":
        return kg.attach_eu(v, "ㄹ", irr) + FUT[level]
    return kg.conjugate(v, FORMS[(level, tense)], irr, adj)


def obj_vp(rng):
    """(object phrase with its particle + ' ', verb, irregular) from a verb frame."""
    v, irr, cls, p = rng.choice(V_OBJ)
    return P(pick(rng, cls), p) + " ", v, irr


def any_vp(rng):
    r = rng.random()
    if r < 0.7:
        return obj_vp(rng)
    if r < 0.85:
        v, irr = rng.choice(V_INTR)
        return "", v, irr
    v, irr = rng.choice(V_MOVE)
    return P(pick(rng, "place"), "에") + " ", v, irr


def clause(rng, level, tense="past", aux=None):
    """One predicate phrase: '도서관에서 소설을 빌렸다', '친구와 통화하고 싶어요'."""
    head, v, irr = any_vp(rng)
    adj = False
    if aux:
        v, irr, adj = kg.auxiliary(v, aux, irr), None, aux in kg.AUX_ADJECTIVE
    return head + fin(v, irr, level, tense, adj)


def link(rng, form, tense="past"):
    """A non-final clause ending in a connective: 밥을 먹고 / 버스를 탔지만 / 비가 와서."""
    head, v, irr = any_vp(rng)
    if tense == "past" and form in ("but", "background"):
        form = "past_" + form
    return head + kg.conjugate(v, form, irr)


def subj(rng, level):
    r = rng.random()
    if r < 0.35:
        return "저는" if level in ("polite", "formal") else "나는"
    if r < 0.45:
        return "우리는" if level != "formal" else "저희는"
    if r < 0.75:
        return P(person_name(rng), "은")
    return P(pick(rng, rng.choice(["family", "person", "friendlike"])), "은")


def when(rng, tense="past"):
    past = ["어제", "오늘", "지난주에", "지난 주말에", "그날", "아침에", "저녁에", "점심시간에", "퇴근길에", "방과 후에",
            "지난달에", "작년 여름에", "며칠 전에", "오랜만에", "새벽에", "밤늦게"]
    fut = ["내일", "다음 주에", "이번 주말에", "내년에", "방학 때", "모레", "다음 달에", "오후에", "퇴근하고", "나중에"]
    pres = ["요즘", "매일", "주말마다", "아침마다", "평소에", "가끔", "보통", "저녁마다"]
    r = rng.random()
    if r < 0.15:
        h = rng.randrange(6, 23)
        return kg.clock(h, rng.choice([0, 0, 10, 20, 30, 40, 50]), rng.random() < 0.6) + "에"
    return rng.choice({"past": past, "future": fut, "present": pres}[tense])


def adj_pred(rng, cls, level, tense="present"):
    a, irr = rng.choice(A[cls])
    deg = rng.choice(DEGREE) + " " if rng.random() < 0.5 else ""
    return deg + fin(a, irr, level, tense, adj=True)


ADJ_CLASS = {"food": "food", "soup": "food", "fruit": "food", "drink": "food", "vegetable": "food",
             "watchable": "media", "listenable": "media", "readable": "media", "writable": "media",
             "thing": "thing", "clothes": "thing", "shoes": "thing", "device": "thing", "wearable": "thing",
             "instrument": "thing", "message": "thing", "room": "place", "sight": "place", "place": "place",
             "person": "person", "family": "person", "friendlike": "person", "view": "place"}


def relative(rng):
    """A noun with a relative clause: '어제 산 사과', '내가 좋아하는 노래', '친구가 추천한 영화';
    returns (phrase, adjective class)."""
    v, irr, cls, p = rng.choice([f for f in V_OBJ if f[3] == "을" and f[2] in ADJ_CLASS])
    phrase = _relative(rng, v, irr, cls)
    return phrase, ADJ_CLASS[cls]


def _relative(rng, v, irr, cls):
    noun = pick(rng, cls)
    who = rng.choice(["내가", "제가", "우리가", "친구가", "동생이", "엄마가", "선생님이", "사람들이", "언니가", "형이"])
    r = rng.random()
    if r < 0.4:
        return f"{rng.choice(['어제', '지난번에', '얼마 전에', '처음'])} {kg.conjugate(v, 'adnominal_past', irr)} {noun}"
    if r < 0.75:
        return f"{who} {kg.conjugate(v, 'adnominal_past', irr)} {noun}"
    return f"{who} 자주 {kg.conjugate(v, 'adnominal', irr)} {noun}"


def sentence(rng, level, tense="past"):
    """A general sentence at the level: simple, compound, with a relative clause, a feeling,
    a quote, a reason or a plan."""
    r = rng.random()
    adv = rng.choice(ADVERBS) + " " if rng.random() < 0.25 else ""
    if r < 0.15:
        return f"{subj(rng, level)} {when(rng, tense)} {adv}{clause(rng, level, tense)}."
    if r < 0.4:
        # two clauses: mostly neighbouring steps of an everyday script (they make sense together),
        # sometimes free clause pairs (more verbs and connectives, less sense)
        q = rng.random()
        if q < 0.7:
            return script_sentence(rng, level, tense)
        if q < 0.85:
            return chain(rng, level, tense)
        form = rng.choice(["and", "so", "but", "background", "and"])
        t = tense if form in ("but", "background") else "present"
        sep = ", " if rng.random() < 0.3 else " "
        return f"{subj(rng, level)} {link(rng, form, t)}{sep}{clause(rng, level, tense)}."
    if r < 0.5:
        noun, cls = relative(rng)
        return f"{P(noun, '은')} {adj_pred(rng, cls, level, tense)}."
    if r < 0.58:
        return f"{when(rng, tense)} {subj(rng, level)} {adj_pred(rng, 'feeling', level, tense)}."
    if r < 0.66:
        head, v, irr = any_vp(rng)
        said = fin(rng.choice(["말하다", "이야기하다", "대답하다"]), None, level, "past")
        who = P(person_name(rng) if rng.random() < 0.5 else pick(rng, "family"), "은")
        return f"{who} {head}{kg.conjugate(v, 'past_quote', irr)} {said}."
    if r < 0.74:
        aux = rng.choice(["want", "decide", "must", "try", "can", "intend", "start", "progressive"])
        t = {"want": "present", "decide": "past", "must": "present", "try": "past", "can": "present",
             "intend": "present", "start": "past", "progressive": "present"}[aux]
        if tense == "future" and aux in ("want", "must", "can"):
            t = "present"
        return f"{subj(rng, level)} {when(rng, 'future' if aux in ('want', 'intend') else tense)} {clause(rng, level, t, aux)}."
    if r < 0.82:
        if rng.random() < 0.6:                               # '장을 보면 재료를 씻는다': a routine's next step
            return script_sentence(rng, level, "present", form="if")
        cond = link(rng, "if", "present")
        return f"{cond}{',' if rng.random() < 0.3 else ''} {clause(rng, level, 'future' if rng.random() < 0.5 else 'present', None)}."
    if r < 0.9:
        w = rng.choice(["비가 와서", "날씨가 좋아서", "시간이 없어서", "배가 고파서", "너무 피곤해서", "길이 막혀서",
                        "버스를 놓쳐서", "기분이 좋아서", "감기에 걸려서", "일이 많아서", "약속이 취소돼서"])
        return f"{w} {subj(rng, level)} {clause(rng, level, tense)}."
    return f"{P(pick(rng, rng.choice(['place', 'room'])), '은')} {adj_pred(rng, 'place', level, tense)}."


def won(rng, n):
    """A price as Korean text writes it: 25,000원 (mostly), 2만 5천 원, 25000원."""
    r = rng.random()
    if n >= 10000 and n % 1000 == 0 and r < 0.2:
        man, rest = divmod(n, 10000)
        return f"{man}만" + (f" {rest // 1000}천" if rest else "") + " 원"
    if n >= 1000 and r < 0.85:
        return f"{n:,}원"
    return f"{n}원"


# Everyday scripts: steps that follow each other, as (words before the verb, verb, irregular).
# Joining neighbouring steps gives natural sentences ("일어나자마자 세수를 했다", "설거지를 한 후에
# 샤워를 했다", "집을 나서기 전에 가방을 챙겼다"), which random clauses do not.
SCRIPTS = {
    "morning": [("알람을 ", "끄다", None), ("", "일어나다", None), ("이불을 ", "개다", None), ("", "세수하다", None),
                ("이를 ", "닦다", None), ("아침을 ", "먹다", None), ("옷을 ", "입다", None), ("가방을 ", "챙기다", None),
                ("집을 ", "나서다", None), ("정류장까지 ", "걷다", "ㄷ"), ("버스를 ", "타다", None)],
    "evening": [("집에 ", "돌아오다", None), ("손을 ", "씻다", None), ("저녁을 ", "준비하다", None), ("저녁을 ", "먹다", None),
                ("설거지를 ", "하다", None), ("샤워를 ", "하다", None), ("드라마를 ", "보다", None), ("일기를 ", "쓰다", None),
                ("불을 ", "끄다", None), ("잠자리에 ", "들다", None)],
    "cooking": [("장을 ", "보다", None), ("재료를 ", "씻다", None), ("채소를 ", "썰다", None), ("물을 ", "끓이다", None),
                ("면을 ", "넣다", None), ("간을 ", "보다", None), ("그릇에 ", "담다", None), ("식탁을 ", "차리다", None),
                ("가족과 함께 ", "먹다", None)],
    "study": [("도서관에 ", "가다", None), ("창가에 자리를 ", "잡다", None), ("교과서를 ", "펴다", None), ("문제를 ", "풀다", None),
              ("모르는 단어를 ", "찾아보다", None), ("공책에 ", "정리하다", None), ("친구에게 ", "물어보다", None),
              ("오늘 배운 내용을 ", "복습하다", None)],
    "office": [("", "출근하다", None), ("메일을 ", "확인하다", None), ("회의에 ", "들어가다", None), ("자료를 ", "만들다", None),
               ("보고서를 ", "고치다", None), ("동료들과 점심을 ", "먹다", None), ("커피를 ", "마시다", None),
               ("내일 할 일을 ", "정리하다", None), ("", "퇴근하다", None)],
    "cleaning": [("창문을 ", "열다", None), ("먼지를 ", "털다", None), ("청소기를 ", "돌리다", None), ("바닥을 ", "닦다", None),
                 ("쓰레기를 ", "버리다", None), ("빨래를 ", "널다", None), ("마른 빨래를 ", "개다", None)],
    "outing": [("친구를 ", "만나다", None), ("영화를 ", "보다", None), ("카페에 ", "들어가다", None), ("이야기를 ", "나누다", None),
               ("사진을 ", "찍다", None), ("시장을 ", "구경하다", None), ("저녁을 ", "먹다", None), ("집에 ", "돌아오다", None)],
    "exercise": [("운동화를 ", "신다", None), ("공원에 ", "가다", None), ("스트레칭을 ", "하다", None), ("삼십 분 동안 ", "달리다", None),
                 ("땀을 ", "흘리다", None), ("물을 ", "마시다", None), ("샤워를 ", "하다", None)],
    "sick": [("열이 ", "나다", None), ("병원에 ", "가다", None), ("진료를 ", "받다", None), ("약국에서 약을 ", "받다", None),
             ("약을 ", "먹다", None), ("죽을 ", "먹다", None), ("푹 ", "쉬다", None)],
    "shopping": [("마트에 ", "가다", None), ("카트를 ", "끌다", None), ("과일을 ", "고르다", "르"), ("계산대에 줄을 ", "서다", None),
                 ("카드로 ", "계산하다", None), ("산 물건을 장바구니에 ", "담다", None), ("집에 ", "오다", None)],
    "trip": [("짐을 ", "싸다", None), ("기차표를 ", "예매하다", None), ("역에 ", "도착하다", None), ("기차를 ", "타다", None),
             ("창밖을 ", "바라보다", None), ("숙소에 ", "체크인하다", None), ("바닷가를 ", "걷다", "ㄷ"),
             ("기념품을 ", "사다", None), ("집으로 ", "돌아오다", None)],
}
# connectives for a step followed by the next: (form, whether the EARLIER step takes it)
SEQ_FORMS = [("and", True), ("as_soon", True), ("after", True), ("before", False), ("so", True), ("and", True),
             ("past_and", True)]


def script_sentence(rng, level, tense="past", who=None, form=None):
    """Two (or three) neighbouring steps of an everyday script in one sentence; form: the
    connective of the first step (default: one of SEQ_FORMS)."""
    steps = SCRIPTS[rng.choice(sorted(SCRIPTS))]
    i = rng.randrange(len(steps) - 1)
    a, b = steps[i], steps[i + 1]
    form, earlier_takes = (form, True) if form else rng.choice(SEQ_FORMS)
    if form == "past_and" and tense != "past":
        form = "and"
    if form == "so" and not (b[0].endswith("에 ") or b[0] == ""):
        form = "and"                                        # -아서 for 'went there and then'
    first, last = (a, b) if earlier_takes else (b, a)
    sep = ", " if rng.random() < 0.25 else " "
    body = f"{first[0]}{kg.conjugate(first[1], form, first[2])}{sep}{last[0]}{fin(last[1], last[2], level, tense)}"
    if i + 2 < len(steps) and earlier_takes and rng.random() < 0.3:
        c = steps[i + 2]
        body = f"{first[0]}{kg.conjugate(first[1], form, first[2])}{sep}{last[0]}{kg.conjugate(last[1], 'and', last[2])} " \
               f"{c[0]}{fin(c[1], c[2], level, tense)}"
    who = who or subj(rng, level)
    return f"{who} {body}."


CHAIN_FORMS = ["and", "so", "but", "background", "if", "because", "while", "then", "as_soon", "before", "after",
               "when", "during", "and", "so"]


def chain(rng, level, tense="past"):
    """Two or three clauses joined the way prose joins them: '버스를 기다리면서 음악을 들었다',
    '집에 도착하자마자 샤워를 했다', '잠자기 전에 이를 닦았다'."""
    parts = []
    for _ in range(rng.randint(1, 2)):
        form = rng.choice(CHAIN_FORMS)
        t = tense if form in ("but", "background") else "present"
        parts.append(link(rng, form, t))
    sep = ", " if rng.random() < 0.35 else " "                      # prose often puts a comma after a clause
    return f"{subj(rng, level)} {sep.join(parts)}{sep}{clause(rng, level, tense)}."


def spoken(rng, casual=False):
    """A line of speech with the endings conversation uses: -네요, -죠, -거든요, -잖아요, -(으)ㄹ게요,
    -(으)ㄹ까요?, -지 마세요, -(으)ㅂ시다 (polite) or -네, -지?, -거든, -잖아, -(으)ㄹ게, -(으)ㄹ까?, -자 (casual)."""
    head, v, irr = any_vp(rng)
    r = rng.random()
    if r < 0.2:
        a, airr = rng.choice(A[rng.choice(["place", "food", "thing", "weather"])])
        end = kg.conjugate(a, "polite_ne", airr, True)
        what = rng.choice(["여기", "이거", "오늘 날씨가", "이 집", "생각보다", "이 동네"])
        return f"{what} {end[:-1] if casual else end}."
    if r < 0.35:
        who = "제가" if not casual else "내가"
        end = kg.conjugate(v, "will_polite", irr)
        return f"{who} {head}{end[:-1] if casual else end}."
    if r < 0.5:
        end = kg.conjugate(v, "shall_we", irr)
        return f"같이 {head}{end.replace('까요?', '까?') if casual else end}"
    if r < 0.65:
        end = kg.conjugate(v, "past_polite_geodeun", irr)
        return f"{rng.choice(['어제', '아까', '지난주에', '주말에'])} {head}{end[:-1] if casual else end}."
    if r < 0.75:
        end = kg.conjugate(v, "dont", irr)
        return f"{rng.choice(['너무 늦게', '혼자', '아직', '거기서'])} {head}{end.replace('마세요', '마') if casual else end}."
    if r < 0.85:
        end = kg.conjugate(v, "past_polite_jo", irr)
        return f"{rng.choice(['지난번에', '어제', '전에'])} {head}{end.replace('죠', '지') + '?' if casual else end + '?'}"
    if casual:
        return f"우리 {head}{kg.conjugate(v, 'suggest', irr)}."
    return f"다 같이 {head}{kg.conjugate(v, 'lets_formal', irr)}."


def paragraphs(rng, sents, max_par=3):
    if len(sents) > 4 and rng.random() < 0.6:
        k = min(max_par, 1 + len(sents) // 3)
        cut = sorted(rng.sample(range(1, len(sents)), k - 1))
        return "\n\n".join(" ".join(sents[i:j]) for i, j in zip([0] + cut, cut + [len(sents)]))
    return " ".join(sents)


def maybe_connect(rng, s, p=0.3):
    return (rng.choice(CONNECT) + " " + s) if rng.random() < p else s

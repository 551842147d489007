"""Modern Korean prose for the training corpus: weather reports, news, school, work, health,
cooking, transport, shopping, science, diaries, letters, dialogue, narration, essays on
feelings, and name-copying stories with a large name inventory.

Why: the model has to read Korean prose it never saw (issue #15: held-out bits per byte at
most 0.7 x gzip -9), and the first corpus taught one narrow register. These generators draw
from korean_lexicon's classes (a verb of eating takes a food, a bus is taken), combine
clauses with real connectives (-고, -지만, -아서, -면, -는데, -니까), relative clauses
(어제 산 사과, 내가 좋아하는 노래), indirect quotes (-다고 했다), questions at every speech
level, and write numbers, prices, times and dates the Korean way. Every form comes from
korean_grammar; nothing is conjugated by hand in a template except fixed phrases.

Names: stories introduce a name and use it again later, with names drawn from
hangul_names.name_inventory (about 3,400 Korean and foreign names, each used a few times),
so that the model learns to copy the name from the context (the seed's "범인이 수진이라는 게
밝혀졌다. 범인은" -> 수진) rather than remember culprits. The probe's held-out names are never
produced.

Documents carry MARK (U+E000) between a noun and its particle, like make_corpus_ko.
"""
import korean_grammar as kg
from korean_everyday import everyday_doc
from korean_lexicon import A, N
# The sentence machinery (names, clauses, relative clauses, scripts): korean_prose_grammar.py.
# setup, person_name, P, MARK and the rest are used from here by make_corpus*.py and the tests.
from korean_prose_grammar import *  # noqa: F401,F403


# --------------------------------------------------------------------------- topics

REGIONS = ["서울", "경기", "강원", "충청", "전라", "경상", "제주", "중부 지방", "남부 지방", "동해안", "서해안", "산간 지역",
           "수도권", "영동 지방", "내륙 지역", "해안 지역"]


def weather_doc(rng):
    """A weather report (formal -습니다 / -겠습니다)."""
    day = rng.choice(["내일은", "오늘은", "이번 주말에는", "모레는", "오늘 밤에는", "다음 주 초에는"])
    sky = rng.choice(["대체로 맑겠습니다", "구름이 많겠습니다", "흐리고 비가 오겠습니다", "가끔 눈이 날리겠습니다",
                      "흐리다가 오후부터 맑아지겠습니다", "곳에 따라 소나기가 내리겠습니다"])
    lo, hi = rng.randint(-12, 22), 0
    hi = lo + rng.randint(4, 13)
    region, region2 = rng.sample(REGIONS, 2)
    temp = lambda t: f"영하 {-t}도" if t < 0 else f"{t}도"
    out = [f"{day} 전국이 {sky}.",
           f"아침 최저 기온은 {temp(lo)}, 낮 최고 기온은 {temp(hi)}로 예상됩니다."]
    extra = [
        f"{P(region, '은')} 오전까지 {rng.choice(['비가', '눈이', '안개가'])} {rng.choice(['이어지겠습니다', '계속되겠습니다'])}.",
        f"{region2} 지역에는 {rng.choice(['강풍', '호우', '폭염', '한파', '건조', '대설'])} 주의보가 내려졌습니다.",
        f"예상되는 비의 양은 {rng.choice([5, 10, 20, 30])}~{rng.choice([40, 60, 80, 100])}mm입니다.",
        f"바다의 물결은 {rng.choice(['0.5', '1', '1.5'])}에서 {rng.choice(['2', '2.5', '3', '4'])}미터로 높게 일겠습니다.",
        f"미세먼지 농도는 {rng.choice(['좋음', '보통', '나쁨'])} 수준을 보이겠습니다.",
        "외출하실 때는 우산을 준비하시는 것이 좋겠습니다.", "낮과 밤의 기온 차가 크니 건강 관리에 유의하시기 바랍니다.",
        "빙판길이 생길 수 있으니 운전에 각별히 주의하셔야겠습니다.", "한낮에는 야외 활동을 줄이시는 것이 좋겠습니다.",
        f"{rng.choice(['주말', '다음 주', '모레'])}부터는 기온이 다시 {rng.choice(['오르겠습니다', '내려가겠습니다'])}.",
    ]
    out += rng.sample(extra, rng.randint(2, 5))
    if rng.random() < 0.3:
        out.append("지금까지 날씨였습니다.")
    return " ".join(out)


NEWS_TOPICS = [("마을버스 노선", "개편"), ("공공 도서관", "개관"), ("자전거 도로", "확대"), ("어린이 공원", "조성"),
               ("분리수거 방법", "변경"), ("무료 건강 검진", "실시"), ("지역 축제", "개최"), ("공영 주차장", "확충"),
               ("야간 버스 노선", "신설"), ("전기차 충전소", "설치"), ("청소년 상담 센터", "운영"), ("전통 시장", "새 단장"),
               ("산책로", "정비"), ("노인 일자리 사업", "확대"), ("폭염 쉼터", "운영"), ("하천 정화 활동", "실시")]
ORGS = ["시", "구청", "교육청", "보건소", "경찰서", "소방서", "시청", "군청", "도청", "기상청", "관리 사무소"]


def news_doc(rng):
    """A local news report (plain -다 written style)."""
    city = pick(rng, "city")
    thing, act = rng.choice(NEWS_TOPICS)
    org = city + rng.choice(["시", "시청", "교육청", "보건소"])
    m, d = rng.randint(1, 12), rng.randint(1, 28)
    n = rng.randint(3, 60)
    out = [f"{P(org, '은')} {kg.date(2026, m, d).split(' ', 1)[1]}부터 {thing} {act}에 나선다고 {rng.choice(['밝혔다', '발표했다', '전했다'])}."]
    pool = [
        f"이번 {act}에는 모두 {kg.count(rng.choice([3, 5, 12, 20, 45]), '억')} 원이 들어간다.".replace("억 원", "억 원"),
        f"{P(org, '은')} 시민들의 {rng.choice(['불편을 줄이기', '안전을 지키기', '건강을 돕기', '의견을 반영하기'])} 위해 이번 계획을 세웠다고 설명했다.",
        f"관계자는 “{rng.choice(['많은 관심을 부탁드린다', '시민들의 의견을 계속 듣겠다', '불편이 없도록 준비하겠다', '앞으로도 꾸준히 늘려 가겠다'])}”고 말했다.",
        f"지난해 조사에 따르면 시민의 {kg.count(n, '퍼센트')}가 {thing}에 {rng.choice(['만족한다', '불만이 있다', '관심이 있다'])}고 답했다.",
        f"하지만 일부 주민들은 {rng.choice(['비용이 너무 많이 든다', '준비 기간이 짧다', '설명이 부족했다', '교통이 더 복잡해질 것'])}이라며 걱정을 나타냈다."
        .replace("든다이라며", "든다며").replace("짧다이라며", "짧다며").replace("부족했다이라며", "부족했다며").replace("것이라며", "것이라며"),
        f"자세한 내용은 {org} 누리집에서 확인할 수 있다.",
        f"{P(thing, '은')} {rng.choice(['평일', '주말', '매일'])} {kg.clock(rng.randrange(6, 11), 0)}부터 {kg.clock(rng.randrange(17, 23), 0)}까지 이용할 수 있다.",
        f"{org} 측은 {kg.count(rng.randint(2, 6), '개월')} 동안 시범 운영을 한 뒤 결과를 보고 확대 여부를 결정할 계획이다.",
        f"이 소식을 들은 {pick(rng, 'person')} {person_name(rng)} 씨는 “{rng.choice(['정말 반가운 소식이다', '조금 더 일찍 했으면 좋았을 것', '아이들이 좋아할 것 같다', '기대가 크다'])}”라고 말했다."
        .replace("좋았을 것”라고", "좋았을 것”이라고").replace("같다”라고", "같다”고").replace("소식이다”라고", "소식이다”라고"),
    ]
    out += rng.sample(pool, rng.randint(3, 6))
    return paragraphs(rng, out, 2)


def school_doc(rng):
    """A student's school life (plain narration, present or past)."""
    nm = person_name(rng)
    grade = rng.choice(["초등학교", "중학교", "고등학교"]) + " " + str(rng.randint(1, 3)) + "학년"
    s1, s2 = rng.sample(N["subject"][:16], 2)
    out = [f"{P(nm, '은')} {copula(grade, 'plain')}.",
           f"{nm}{MARK}{'이' if kg.has_final(nm) else '가'} 가장 좋아하는 과목은 {P(s1, '이고')}, 가장 {rng.choice(['어려워하는', '자신 없는', '재미없어하는'])} 과목은 {copula(s2, 'plain')}."]
    pool = [
        f"이번 {s2} 시험 점수는 {rng.choice([55, 62, 70, 78, 85, 90, 95, 100])}점이었다.",
        f"담임 선생님은 {P(s2, '을')} 공부하는 방법을 {rng.choice(['친절하게', '자세히', '차근차근'])} 알려 주셨다.",
        f"쉬는 시간에 {P(nm, '은')} {P(pick(rng, 'friendlike'), '와')} {rng.choice(['매점에 갔다', '이야기를 나눴다', '숙제를 확인했다', '운동장을 걸었다'])}.",
        f"방과 후에는 {P(rng.choice(['학원', '도서관', '체육관', '집']), '에')} 간다.",
        f"다음 주에는 {rng.choice(['수학여행', '운동회', '체험 학습', '기말고사', '학예회', '발표 대회'])}{MARK}{'이' if kg.has_final(rng.choice(['운동회'])) else '가'} 있다.".replace(MARK + "가 있다", MARK + "가 있다"),
        f"{nm}의 꿈은 {copula(pick(rng, 'person').replace('님', ''), 'plain')}.",
        f"요즘 {P(nm, '은')} {P(pick(rng, 'skill'), '을')} 배우고 있다.",
        f"점심시간에 급식으로 {P(pick(rng, 'food'), '와')} {P(pick(rng, 'soup'), '이')} 나왔다.",
        f"담임 선생님은 {adj_pred(rng, 'person', 'plain')}.",
        f"{P(nm, '은')} {P(s1, '을')} 더 잘하려고 {rng.choice(['문제집을 샀다', '친구와 스터디를 시작했다', '매일 한 시간씩 공부한다'])}.",
    ]
    out += rng.sample(pool, rng.randint(3, 6))
    return paragraphs(rng, out, 2)


def copula(word, level, past=False):
    if level == "plain":
        return P(word, "이었다" if past else "이다")
    if level == "polite":
        return P(word, "이었어요" if past else "이에요")
    if level == "casual":
        return word + MARK + (("이었어" if kg.has_final(word) else "였어") if past else ("이야" if kg.has_final(word) else "야"))
    return word + MARK + ("이었습니다" if past and kg.has_final(word) else "였습니다" if past else "입니다")


def work_doc(rng):
    """A day at work (plain past, sometimes a diary entry)."""
    nm = person_name(rng)
    h = rng.choice([8, 9, 9, 10])
    out = [f"{P(nm, '은')} {kg.clock(h, rng.choice([0, 30]), rng.random() < 0.5)}에 출근했다."]
    pool = [
        f"자리에 앉자마자 {P(pick(rng, 'work'), '을')} 확인했다.",
        f"오전에는 {rng.choice(['팀 회의가', '고객 상담이', '교육이', '면접이'])} 있었다.",
        f"{rng.choice(['팀장님이', '부장님이', '선배가', '과장님이'])} {P(pick(rng, 'work'), '을')} {rng.choice(['오늘까지', '내일까지', '이번 주까지'])} 끝내 달라고 부탁했다.",
        f"점심은 동료들과 회사 근처 식당에서 {P(pick(rng, 'food'), '을')} 먹었다.",
        f"오후 내내 {P(pick(rng, 'work'), '을')} 준비하느라 정신이 없었다.",
        f"{P(pick(rng, 'office_device'), '이')} 갑자기 고장 나서 한참 동안 일을 못 했다.",
        f"회의는 {rng.choice(['생각보다 일찍', '예정보다 삼십 분 늦게', '한 시간 만에'])} 끝났다.",
        f"퇴근하기 전에 내일 할 일을 메모해 두었다.",
        f"오늘은 {rng.choice(['야근을 해야 했다', '정시에 퇴근했다', '회식이 있었다', '일찍 집에 갔다'])}.",
        f"새로 들어온 {P(person_name(rng), '은')} {adj_pred(rng, 'person', 'plain', 'past')}.",
        f"퇴근길 {P(pick(rng, 'commute'), '은')} {rng.choice(['사람들로 붐볐다', '생각보다 한산했다', '늦게 왔다'])}.",
        f"집에 오니 {kg.clock(rng.randrange(18, 23), rng.choice([0, 30]), True)}였다.".replace("시였다", "시였다"),
    ]
    out += rng.sample(pool, rng.randint(3, 7))
    return paragraphs(rng, out)


def health_doc(rng):
    """Health: advice (plain or formal) or a visit to the doctor (polite dialogue)."""
    sym = pick(rng, "symptom")
    if rng.random() < 0.5:
        lv = rng.choice(["plain", "formal"])
        good = {"plain": "좋다", "formal": "좋습니다"}[lv]
        out = [f"{sym}{MARK}{'에' if sym in ('감기', '독감', '목감기', '몸살', '배탈') else '이'} "
               f"{'걸리면' if sym in ('감기', '독감', '목감기', '몸살') else '있으면'} 무엇보다 충분히 쉬는 것이 {good}.".replace(f"{MARK}에 있으면", f"{MARK}이 있으면")]
        tips = ["물을 자주 마시는 것이", "따뜻한 음식을 먹는 것이", "잠을 푹 자는 것이", "손을 자주 씻는 것이",
                "가벼운 운동을 하는 것이", "무리하지 않는 것이", "규칙적으로 식사하는 것이", "스트레칭을 하는 것이"]
        for t in rng.sample(tips, rng.randint(2, 4)):
            out.append(f"{t} {rng.choice(['도움이 된다', '중요하다', '좋다'])}." if lv == "plain" else
                       f"{t} {rng.choice(['도움이 됩니다', '중요합니다', '좋습니다'])}.")
        out.append({"plain": f"증상이 {kg.count(rng.randint(2, 7), '일')} 넘게 계속되면 병원에 가야 한다.",
                    "formal": f"증상이 {kg.count(rng.randint(2, 7), '일')} 넘게 계속되면 병원을 찾으시기 바랍니다."}[lv])
        return " ".join(out)
    body = pick(rng, "body")
    n = rng.randint(1, 6)
    lines = ["“어디가 불편하세요?”", f"“{P(body, '이')} 아파요. {rng.choice(['열도 조금 있어요', '밤에 잠을 못 잤어요', '기침도 나요', '어제보다 더 아파요'])}.”",
             "“언제부터 아프셨어요?”", f"“{kg.count(n, '일')} 전부터요.”" if n > 1 else "“어제 저녁부터요.”",
             f"“{rng.choice(['심하지 않아요', '가벼운 ' + sym + '이에요', '조금 부었네요'])}. 약을 처방해 드릴게요. 하루에 세 번, 식사하고 삼십 분 뒤에 드세요.”",
             f"“{rng.choice(['운동은 해도 돼요', '커피는 마셔도 돼요', '샤워는 해도 돼요'])}?”",
             rng.choice(["“며칠 동안은 쉬는 게 좋아요.”", "“네, 괜찮아요. 하지만 무리하지는 마세요.”", "“당분간은 참으세요.”"])]
    nm = person_name(rng)
    return f"{P(nm, '은')} {P(rng.choice(['병원', '내과', '정형외과', '치과', '보건소']), '에')} 갔다. " + " ".join(lines) + \
        f" 약국에서 약을 받은 {P(nm, '은')} 집으로 돌아와 {rng.choice(['푹 쉬었다', '일찍 잤다', '죽을 먹었다'])}."


DISHES = ["김치볶음밥", "달걀찜", "잡채", "불고기", "떡볶이", "김밥", "카레", "오므라이스", "파전", "김치전", "비빔밥",
          "닭갈비", "스파게티", "샐러드", "볶음밥", "감자조림", "두부조림", "멸치볶음", "제육볶음", "잔치국수", "수제비"]


def cooking_doc(rng):
    """A recipe: plain -ㄴ다 steps or polite -(으)세요 instructions."""
    dish = rng.choice(N["soup"] + DISHES)
    v1, v2 = rng.sample(N["vegetable"], 2)
    ing = rng.sample(N["ingredient"], 2)
    lv = rng.choice(["plain", "honorific"])

    def s(v, irr=None):
        return kg.conjugate(v, "plain" if lv == "plain" else "honorific", irr)
    steps = [
        f"먼저 {P(v1, '와')} {P(v2, '을')} 깨끗이 {s('씻다')}.",
        f"{P(v1, '은')} 한입 크기로 {s('자르다', '르')}.",
        f"냄비에 {P('물', '을')} {kg.count(rng.choice([2, 3, 4]), '컵')} 붓고 센 불에서 {s('끓이다')}.".replace("컵", "컵"),
        f"물이 끓으면 {P(v1, '을')} {s('넣다')}.",
        f"{P(ing[0], '와')} {P(ing[1], '으로')} 간을 {s('맞추다')}.",
        f"약한 불로 줄이고 {kg.count(rng.choice([5, 10, 15, 20]), '분')} 정도 더 {s('끓이다')}.",
        f"팬에 식용유를 조금 붓고 {P(v2, '을')} {s('볶다')}.",
        f"너무 오래 익히면 맛이 없으니 {rng.choice(['불 조절에', '시간에'])} {s('주의하다')}.",
        f"그릇에 담고 {P(rng.choice(['깨', '파', '김']), '을')} 조금 올리면 {'완성이다' if lv == 'plain' else '완성이에요'}.",
    ]
    title = f"오늘의 요리는 {copula(dish, 'plain')}." if lv == "plain" else f"오늘은 {dish} 만드는 법을 알려 드릴게요."
    need = f"재료는 {v1}, {v2}, {ing[0]}, {ing[1]}{'이다' if lv == 'plain' else '예요'}.".replace("이다.", "이다." if kg.has_final(ing[1]) else "다.")
    if lv != "plain" and kg.has_final(ing[1]):
        need = need.replace("예요.", "이에요.")
    k = rng.randint(4, len(steps))
    mid = sorted(rng.sample(range(2, len(steps) - 1), k - 3))        # the steps keep their order
    body = steps[:2] + [steps[i] for i in mid] + steps[-1:]
    return " ".join([title, need] + body)


STATIONS = ["시청", "서울역", "강남", "종로", "신촌", "홍대입구", "잠실", "사당", "합정", "동대문", "을지로", "충무로", "광화문",
            "여의도", "왕십리", "건대입구", "수서", "노원", "부평", "해운대", "서면", "동성로", "둔산", "상무"]


def transport_doc(rng):
    """Directions, announcements on the train, a commute."""
    r = rng.random()
    st = rng.choice(STATIONS)
    if r < 0.35:
        line = rng.randint(1, 9)
        ex = rng.randint(1, 12)
        dest = pick(rng, "place")
        return (f"{P(dest, '에')} 가려면 지하철 {line}호선을 타고 {st}역에서 내리세요. "
                f"{ex}번 출구로 나와서 {rng.choice(['오른쪽으로', '왼쪽으로', '앞으로 쭉'])} {kg.count(rng.choice([50, 100, 200, 300]), '미터')}쯤 걸어가면 "
                f"{rng.choice(['큰 건물이', '편의점이', '횡단보도가', '사거리가'])} 나와요. 거기서 {rng.choice(['길을 건너면', '조금만 더 가면', '오른쪽을 보면'])} 바로 보일 거예요. "
                f"{rng.choice(['걸어서 십 분쯤 걸려요.', '버스로 가도 돼요.', '길이 헷갈리면 전화하세요.'])}")
    if r < 0.6:
        out = [f"이번 역은 {st}, {st}역입니다.", f"내리실 문은 {rng.choice(['오른쪽', '왼쪽'])}입니다."]
        out += rng.sample(["열차와 승강장 사이가 넓으니 발이 빠지지 않도록 조심하시기 바랍니다.",
                           f"{rng.randint(1, 9)}호선으로 갈아타실 분은 이번 역에서 내리시기 바랍니다.",
                           "열차 안에서는 휴대폰을 진동으로 해 주시기 바랍니다.",
                           "다음 역은 종착역입니다. 두고 내리는 물건이 없는지 다시 한번 확인해 주십시오.",
                           "노약자석은 어르신과 임산부에게 양보해 주시기 바랍니다.",
                           f"이 열차는 {kg.count(rng.randint(2, 8), '분')} 늦게 도착하였습니다. 이용에 불편을 드려 죄송합니다."], 2)
        return " ".join(out)
    nm = person_name(rng)
    veh = pick(rng, "commute")
    out = [f"{P(nm, '은')} 매일 {P(veh, '을')} 타고 {P(rng.choice(['회사', '학교', '학원']), '에')} 간다.",
           f"집에서 {P(rng.choice(['역', '정류장']), '까지')}는 걸어서 {kg.count(rng.randint(3, 15), '분')} 걸린다."]
    out += rng.sample([f"오늘은 {rng.choice(['길이 막혀서', '사고가 나서', '비가 와서', '버스가 늦게 와서'])} 평소보다 {kg.count(rng.randint(10, 40), '분')} 늦었다.",
                       "출근 시간에는 앉을 자리가 거의 없다.", f"{P(nm, '은')} 가는 동안 {P(pick(rng, 'readable'), '을')} 읽거나 {P(pick(rng, 'listenable'), '을')} 듣는다.",
                       f"교통카드를 찍을 때마다 잔액이 {kg.count(rng.choice([1450, 1500, 1250]), '원')}씩 줄어든다.",
                       f"주말에는 {P('자전거', '를')} 타고 {P(rng.choice(['강변', '공원', '시장']), '까지')} 달린다.",
                       f"요즘은 휴대폰 지도 앱으로 {P(pick(rng, 'vehicle'), '이')} 언제 오는지 미리 확인한다."], rng.randint(2, 4))
    return " ".join(out)


def shopping_doc(rng):
    """At a shop or market: polite dialogue with prices."""
    r = rng.random()
    if r < 0.5:
        item = pick(rng, "clothes")
        price = rng.choice([19000, 25000, 32000, 45000, 59000, 79000, 120000])
        lines = ["“어서 오세요. 찾으시는 거 있으세요?”", f"“{P(item, '을')} 좀 보려고요.”",
                 f"“이쪽에 새로 들어온 {item}{'이' if kg.has_final(item) else '가'} 있어요. 한번 입어 보세요.”",
                 f"“{rng.choice(['조금 작은데', '좀 큰데', '색이 마음에 드는데'])}, 다른 사이즈도 있어요?”",
                 "“잠시만요. 창고에서 가져다드릴게요.”", "“이건 얼마예요?”",
                 f"“{won(rng, price)}이에요. 지금 {kg.count(rng.choice([10, 20, 30]), '퍼센트')} 할인 중이에요.”",
                 f"“그럼 이걸로 할게요. {rng.choice(['카드로', '현금으로'])} 계산할게요.”", "“봉투 필요하세요?”", "“아니요, 괜찮아요.”"]
        return " ".join(lines[:rng.randint(5, len(lines))])
    fruit = pick(rng, "fruit")
    n = rng.randint(2, 10)
    price = rng.choice([1000, 1500, 2000, 3000, 5000])
    nm = person_name(rng)
    out = [f"{P(nm, '은')} 주말에 {P(rng.choice(['전통 시장', '동네 마트', '시장', '대형 마트']), '에')} 갔다.",
           f"“{fruit} 얼마예요?” “한 개에 {won(rng, price)}이에요. {kg.count(n, '개')} 사시면 {won(rng, price * n - 1000 if price * n > 2000 else price * n)}에 드릴게요.”",
           f"{P(nm, '은')} {P(fruit, '을')} {kg.count(n, '개')}, {P(pick(rng, 'vegetable'), '을')} 조금 샀다."]
    if rng.random() < 0.6:
        out.append(f"주인 {rng.choice(['할머니는', '아저씨는', '아주머니는'])} {P(pick(rng, 'fruit'), '을')} 하나 더 넣어 주며 “맛있게 드세요”라고 말했다.")
    out.append(f"모두 {won(rng, price * n + rng.choice([2000, 3000, 4500]))}이 들었다.")
    return " ".join(out)


# science facts: (subject phrase, predicate dictionary form, irregular, is_adjective) - true statements
SCIENCE = [
    ("물은 0도에서", "얼다", None, False), ("물은 100도에서", "끓다", None, False),
    ("지구는 하루에 한 번", "자전하다", None, False), ("지구는 일 년에 한 번 태양 주위를", "돌다", None, False),
    ("달은 스스로 빛을 내지 않고 햇빛을", "반사하다", None, False), ("대부분의 식물은 봄에 새잎을", "내다", None, False),
    ("뜨거운 공기는 위로", "올라가다", None, False), ("소리는 공기의 떨림으로", "전달되다", None, False),
    ("빛은 소리보다 훨씬", "빠르다", "르", True), ("철은 자석에", "붙다", None, False),
    ("얼음은 물보다", "가볍다", "ㅂ", True), ("심장은 온몸으로 피를", "보내다", None, False),
    ("뼈는 우리 몸을", "지탱하다", None, False), ("나무의 뿌리는 땅속의 물을", "빨아들이다", None, False),
    ("고래는 물고기가 아니라 젖을 먹이는 동물에", "속하다", None, False), ("공기는 여러 가지 기체가 섞인 것이다", None, None, None),
    ("바닷물은 소금기 때문에", "짜다", None, True), ("구름은 작은 물방울이 모여", "생기다", None, False),
    ("화산이 폭발하면 뜨거운 용암이", "흘러나오다", None, False), ("겨울에는 해가 일찍", "지다", None, False),
    ("여름에는 낮이 밤보다", "길다", None, True), ("금속은 열을 잘", "전달하다", None, False),
    ("씨앗은 물과 온도가 알맞으면 싹을", "틔우다", None, False), ("벌은 꽃가루를 옮겨 열매가 맺히도록", "돕다", "ㅂ", False),
    ("운동을 하면 심장이 더 빨리", "뛰다", None, False), ("손을 씻으면 세균이 크게", "줄어들다", None, False),
    ("높은 산에 올라갈수록 기온이", "낮아지다", None, False), ("태양은 스스로 빛을 내는 별에", "속하다", None, False),
    ("물은 증발하면 수증기가", "되다", None, False), ("전기는 구리 전선을 따라", "흐르다", "르", False),
]
WHY = ["왜 그럴까?", "그 이유는 무엇일까?", "이것은 어떻게 알 수 있을까?", "우리 주변에서도 쉽게 볼 수 있다.",
       "간단한 실험으로 확인해 볼 수 있다.", "이 원리는 생활 곳곳에 쓰인다.", "과학자들은 오래전부터 이 현상을 연구해 왔다.",
       "교과서에도 나오는 내용이다.", "알고 보면 그렇게 어렵지 않다."]


def science_doc(rng):
    """Short explanations of everyday science (plain or formal)."""
    lv = rng.choice(["plain", "plain", "formal", "polite"])
    facts = rng.sample(SCIENCE, rng.randint(2, 4))
    out = []
    why = list(WHY)
    rng.shuffle(why)
    for head, v, irr, adj in facts:
        if v is None:
            base = head
            out.append(base + "." if lv == "plain" else base.replace("것이다", "것입니다" if lv == "formal" else "거예요") + ".")
        else:
            out.append(f"{head} {fin(v, irr, lv, 'present', adj)}.")
        if rng.random() < 0.4:
            out.append(why.pop() if lv == "plain" else rng.choice(["우리 주변에서도 쉽게 볼 수 있어요.", "간단한 실험으로 확인해 볼 수 있어요."]
                                                                          if lv == "polite" else ["우리 주변에서도 쉽게 볼 수 있습니다.", "간단한 실험으로 확인할 수 있습니다."]))
    if rng.random() < 0.5:
        a, b = rng.sample(N["animal"], 2)
        out.append({"plain": f"예를 들어 {P(a, '와')} {P(b, '은')} 사는 곳도 먹는 것도 다르다.",
                    "formal": f"예를 들어 {P(a, '와')} {P(b, '은')} 사는 곳도 먹는 것도 다릅니다.",
                    "polite": f"예를 들어 {P(a, '와')} {P(b, '은')} 사는 곳도 먹는 것도 달라요."}[lv])
    return " ".join(out)


def diary_doc(rng):
    """A diary entry (plain past), dated, weather, events, feelings, a plan."""
    y, m, d = rng.randint(2019, 2027), rng.randint(1, 12), rng.randint(1, 28)
    out = [f"{kg.date(y, m, d, rng.random() < 0.05)} {rng.choice(['월요일', '화요일', '수요일', '목요일', '금요일', '토요일', '일요일'])}. "
           f"날씨: {rng.choice(['맑음', '흐림', '비', '눈', '바람', '구름 조금'])}."]
    out.append(f"나는 오늘 {clause(rng, 'plain', 'past')}." if rng.random() < 0.4 else sentence(rng, "plain", "past"))
    for _ in range(rng.randint(2, 6)):
        out.append(maybe_connect(rng, sentence(rng, "plain", "past")))
    out.append(f"{rng.choice(['내일은', '이번 주말에는', '다음에는'])} {clause(rng, 'plain', 'present', 'want')}.")
    return paragraphs(rng, out, 2)


def letter_doc(rng):
    """A letter or message: to a friend (casual) or to family / a teacher (polite)."""
    writer = person_name(rng)
    if rng.random() < 0.5:
        to = person_name(rng)
        out = [f"{to}에게.", rng.choice(["잘 지내니?", "오랜만이야.", "요즘 어떻게 지내?", "편지 고마워."])]
        for _ in range(rng.randint(2, 4)):
            out.append(sentence(rng, "casual", rng.choice(["past", "present"])))
        out.append(rng.choice(["다음에 꼭 만나자.", "답장 기다릴게.", "감기 조심하고.", "그럼 잘 지내."]))
        out.append(f"{kg.month_name(rng.randint(1, 12))} {rng.randint(1, 28)}일, {P(writer, '이가')}.")
        return "\n".join(out)
    to = rng.choice(["어머니", "아버지", "할머니", "할아버지", "선생님", "이모", "삼촌"])
    out = [f"사랑하는 {to}께.", rng.choice(["그동안 잘 지내셨어요?", "건강하시죠?", "오랜만에 편지를 써요."])]
    for _ in range(rng.randint(2, 4)):
        out.append(sentence(rng, "polite", rng.choice(["past", "present"])))
    out.append(rng.choice(["늘 건강하세요.", "곧 찾아뵐게요.", "보고 싶어요.", "항상 감사드려요."]))
    out.append(f"{P(writer, '이')} 올림.".replace(MARK + "가 올림", " 올림").replace(MARK + "이 올림", " 올림"))
    return "\n".join(out)


def dialogue_doc(rng):
    """Two people talking: friends in casual speech or polite -요, with narration."""
    a, b = person_name(rng), person_name(rng)
    casual = rng.random() < 0.5
    lv = "casual" if casual else "polite"
    qa_casual = [
        (f"{kg.particle(b, '아')}, 어디 가?", f"{P(pick(rng, 'place'), '에')} 가. 같이 갈래?"),
        ("밥 먹었어?", rng.choice(["응, 아까 먹었어.", "아니, 아직. 배고파 죽겠어.", f"응, {P(pick(rng, 'food'), '을')} 먹었어."])),
        ("주말에 뭐 했어?", sentence(rng, "casual", "past").split(" ", 1)[1]),
        ("요즘 어떻게 지내?", rng.choice(["그냥 그래. 좀 바빠.", "잘 지내. 너는?", "시험 때문에 정신없어."])),
        ("내일 시간 있어?", rng.choice(["응, 오후에 괜찮아.", "미안, 내일은 약속 있어.", "왜? 무슨 일 있어?"])),
        (f"{P(pick(rng, 'watchable'), '을')} 봤어?", rng.choice(["응, 진짜 재미있었어.", "아니, 아직 못 봤어.", "보다가 잠들었어."])),
        ("왜 이렇게 늦었어?", rng.choice(["버스를 놓쳤어. 미안해.", "길이 너무 막혔어.", "늦잠을 잤어."])),
    ]
    qa_polite = [
        ("어디 가세요?", f"{P(pick(rng, 'place'), '에')} 가요."),
        ("점심 드셨어요?", rng.choice(["네, 먹었어요.", "아니요, 아직이요.", f"네, {P(pick(rng, 'food'), '을')} 먹었어요."])),
        ("주말 잘 보내셨어요?", sentence(rng, "polite", "past")),
        ("요즘 어떻게 지내세요?", rng.choice(["잘 지내요. 고마워요.", "요즘 좀 바빠요.", "그냥 그래요."])),
        ("이거 어떻게 하는 거예요?", rng.choice(["여기를 누르면 돼요.", "저도 잘 모르겠어요.", "제가 해 드릴게요."])),
        (f"{P(pick(rng, 'food'), '을')} 좋아하세요?", rng.choice(["네, 정말 좋아해요.", "아니요, 별로 안 좋아해요.", "조금 매워서 잘 못 먹어요."])),
        ("혹시 시간 괜찮으세요?", rng.choice(["네, 괜찮아요.", "지금은 좀 바빠요.", "오 분 정도는 괜찮아요."])),
        (f"{P(pick(rng, 'place'), '은')} 어떻게 가요?", f"{P(pick(rng, 'vehicle'), '을')} 타면 {kg.count(rng.choice([10, 15, 20, 30]), '분')}쯤 걸려요."),
    ]
    pool = qa_casual if casual else qa_polite
    pool = pool + [(spoken(rng, casual), spoken(rng, casual)) for _ in range(3)]
    lines = []
    if rng.random() < 0.6:
        lines.append(f"{P(a, '은')} {pick(rng, 'place')} 앞에서 {P(b, '을')} 만났다.")
    for k, (q, ans) in enumerate(rng.sample(pool, rng.randint(2, 4))):
        x, y = (a, b) if k % 2 == 0 else (b, a)
        lines.append(f"“{q}” {P(x, '이')} {rng.choice(['물었다', '말했다'])}.")
        lines.append(f"“{ans}”" + (f" {P(y, '이')} {rng.choice(['대답했다', '웃으며 말했다', '말했다'])}." if rng.random() < 0.6 else ""))
    if rng.random() < 0.5:
        lines.append(f"{P(a, '와')} {P(b, '은')} {rng.choice(['함께', '천천히', '웃으며'])} {P(pick(rng, 'place'), '으로')} 걸어갔다.")
    return "\n".join(lines) if rng.random() < 0.4 else " ".join(lines)


def story_doc(rng):
    """Narration with a character introduced by name and named again (name copying)."""
    a, b = person_name(rng), person_name(rng)
    age = rng.randint(7, 80)
    out = [f"{P(a, '은')} {P(pick(rng, 'city'), '에')} 사는 {kg.count(age, '살')} {copula(rng.choice(N['person'][:40]).replace('님', ''), 'plain')}."]
    out.append(f"{rng.choice(['어느 날', '그해 여름', '비가 오던 날', '토요일 아침', '오랜만에'])} {P(a, '은')} {P(pick(rng, 'place'), '에서')} {P(b, '을')} 만났다.".replace(f"{MARK}에서", "에서"))
    for _ in range(rng.randint(2, 6)):
        r = rng.random()
        x = rng.choice([a, b])
        if r < 0.35:
            out.append(maybe_connect(rng, f"{P(x, '은')} {clause(rng, 'plain', 'past')}."))
        elif r < 0.55:
            q = rng.choice(["여기서 뭐 해?", "오랜만이야!", "같이 가자.", "이것 좀 봐.", "괜찮아?", "어디 가는 길이야?", "배고프지 않아?"])
            y = b if x == a else a
            out.append(f"“{kg.particle(y, '아')}, {q}” {P(x, '이')} 말했다.")
        elif r < 0.7:
            out.append(f"{P(x, '은')} {adj_pred(rng, 'feeling', 'plain', 'past')}.")
        else:
            out.append(maybe_connect(rng, sentence(rng, "plain", "past")))
    out.append(rng.choice([f"그날 밤 {P(a, '은')} 오랫동안 잠들지 못했다.", f"{P(a, '은')} 집으로 돌아왔다.",
                           f"{P(a, '와')} {P(b, '은')} 다음 주에 다시 만나기로 약속했다.", f"{P(b, '은')} 손을 흔들며 멀어졌다."]))
    return paragraphs(rng, out)


def feelings_doc(rng):
    """A reflective first-person essay (plain present)."""
    aj = rng.choice(A["abstract"])
    out = [f"{rng.choice(['가끔은', '어떤 날은', '최근에는', '이번 주에는', '혼자 있을 때면'])} {adj_pred(rng, 'feeling', 'plain', 'present')}."]
    pool = [f"하루를 마치고 일기를 쓰면 {rng.choice(['생각이 정리된다', '마음이 차분해진다', '내일 할 일이 보인다'])}.",
            f"{P(pick(rng, 'friendlike'), '와')} 이야기를 나누면 마음이 조금 {rng.choice(['가벼워진다', '편해진다', '풀린다'])}.",
            f"사람은 누구나 {P(pick(rng, 'talkable'), '이')} 있다.",
            f"그럴 때 나는 {clause(rng, 'plain', 'present')}.",
            f"작은 {P(pick(rng, 'abstract'), '이')} 큰 힘이 될 때가 있다.",
            f"{P(pick(rng, 'abstract'), '은')} {adj_pred(rng, 'abstract', 'plain')}.",
            f"예전에는 {rng.choice(['몰랐지만', '그렇게 생각하지 않았지만'])} 지금은 {P(pick(rng, 'abstract'), '이')} 얼마나 {kg.conjugate(aj[0], 'adnominal', aj[1], True)}지 안다.",
            f"{rng.choice(['좋아하는 노래를 들으면', '동네를 한 바퀴 걸으면', '따뜻한 차를 마시면'])} 기분이 나아진다.",
            "남과 비교하지 않으려고 노력한다.", "행복은 멀리 있지 않다고 생각한다.",
            f"오늘 하루도 {rng.choice(['수고했다', '잘 버텼다', '나쁘지 않았다'])}.",
            sentence(rng, "plain", "present")]
    out += rng.sample(pool, rng.randint(3, 6))
    return paragraphs(rng, out, 2)


def travel_doc(rng):
    """A trip (plain past narration or polite): where, how, what was seen and eaten, souvenirs."""
    nm = person_name(rng)
    city = pick(rng, "city")
    nights = rng.randint(1, 4)
    out = [f"{P(nm, '은')} {rng.choice(['친구들과', '가족과', '혼자', '회사 동료들과'])} {P(city, '로')} "
           f"{nights}박 {nights + 1}일 여행을 떠났다."]
    pool = [f"{P(pick(rng, 'commute'), '을')} 타고 {kg.count(rng.randint(1, 5), '시간')} 넘게 걸려 도착했다.",
            f"첫날에는 {P(pick(rng, 'sight'), '을')} 구경했다.",
            f"유명한 {pick(rng, 'food')} 가게 앞에는 줄이 길게 늘어서 있었다.",
            f"기념품 가게에서 {P(pick(rng, 'family'), '에게')} 줄 {P(pick(rng, 'thing'), '을')} 샀다.",
            f"{P(pick(rng, 'view'), '이')} {rng.choice(['정말 아름다워서', '생각보다 멋져서', '너무 예뻐서'])} 사진을 여러 장 찍었다.",
            f"숙소는 {rng.choice(['작았지만 깨끗했다', '바다가 보이는 곳이었다', '역에서 가까웠다', '조금 낡았지만 편안했다'])}.",
            f"둘째 날에는 비가 와서 {P(pick(rng, 'place'), '에서')} 시간을 보냈다.".replace(f"{MARK}에서", "에서"),
            f"저녁에는 그 지역에서 나는 {P(pick(rng, 'food'), '을')} 먹었다.",
            f"{rng.choice(['길을 잃어서', '지도를 잘못 봐서'])} 한참을 헤맸지만 친절한 주민 덕분에 길을 찾았다.",
            f"돌아오는 {pick(rng, 'commute')} 안에서 {P(nm, '은')} {rng.choice(['사진을 정리했다', '금세 잠이 들었다', '다음 여행을 계획했다'])}.",
            f"여행 경비는 모두 {won(rng, rng.choice([150000, 230000, 380000, 520000]))}쯤 들었다."]
    out += rng.sample(pool, rng.randint(3, 7))
    return paragraphs(rng, out)


REVIEW_ADJ = {   # (bad, good) adjectives per kind of thing reviewed
    "food": ([("짜다", None), ("싱겁다", "ㅂ"), ("느끼하다", None), ("딱딱하다", None), ("미지근하다", None)],
             [("맛있다", None), ("고소하다", None), ("신선하다", None), ("부드럽다", "ㅂ"), ("쫄깃하다", None),
              ("바삭하다", None), ("담백하다", None)]),
    "thing": ([("무겁다", "ㅂ"), ("불편하다", None), ("비싸다", None), ("약하다", None), ("시끄럽다", "ㅂ")],
              [("튼튼하다", None), ("가볍다", "ㅂ"), ("편하다", None), ("예쁘다", None), ("편리하다", None), ("조용하다", None)]),
    "media": ([("지루하다", None), ("재미없다", None), ("어렵다", "ㅂ"), ("길다", None), ("뻔하다", None)],
              [("재미있다", None), ("흥미롭다", "ㅂ"), ("유익하다", None), ("감동스럽다", "ㅂ"), ("신선하다", None)]),
}


def review_doc(rng):
    """A short review of a restaurant, a product, a film or a book, with a rating (polite or plain)."""
    kind = rng.choice(["food", "thing", "watchable", "readable"])
    item = pick(rng, {"food": "food", "thing": "thing", "watchable": "watchable", "readable": "readable"}[kind])
    stars = rng.randint(1, 5)
    lv = rng.choice(["polite", "plain"])
    acls = {"food": "food", "thing": "thing", "watchable": "media", "readable": "media"}[kind]
    good = stars >= 4
    (a1, i1), (a2, i2) = rng.sample(REVIEW_ADJ[acls][good], 2)
    out = [f"별점: {'★' * stars}{'☆' * (5 - stars)} ({stars}점)"]
    if kind == "food":
        out.append(f"{rng.choice(['회사 근처', '집 앞', '역 앞', '시장 안'])} {pick(rng, 'place') if rng.random() < 0.2 else '식당'}에서 "
                   f"{P(item, '을')} {fin('먹다', None, lv, 'past')}.")
    elif kind == "thing":
        out.append(f"{kg.count(rng.randint(1, 6), '주')} 전에 {P(item, '을')} {fin('사다', None, lv, 'past')}.")
    else:
        out.append(f"{rng.choice(['주말에', '어제', '친구 추천으로', '오랜만에'])} {P(item, '을')} "
                   f"{fin('보다' if kind == 'watchable' else '읽다', None, lv, 'past')}.")
    out.append(f"{kg.conjugate(a1, 'and', i1, True)} {fin(a2, i2, lv, 'present', True)}.")
    out.append({True: {"polite": "다음에 또 이용할게요.", "plain": "다시 찾을 것 같다."},
                False: {"polite": "가격에 비해 아쉬웠어요.", "plain": "솔직히 조금 실망했다."}}[good][lv])
    extras = {"food": ["직원들이 친절했다", "양이 조금 적었다", "주차가 불편했다", "가게가 깨끗했다"],
              "thing": ["배송은 빨랐다", "포장이 꼼꼼했다", "설명서가 친절했다", "색이 사진과 조금 달랐다"],
              "watchable": ["배우들의 연기가 좋았다", "결말이 인상적이었다", "음악이 잘 어울렸다"],
              "readable": ["문장이 쉽게 읽혔다", "결말이 인상적이었다", "그림이 많아서 좋았다"]}[kind]
    if rng.random() < 0.5:
        e = rng.choice(extras)
        out.append(e + "." if lv == "plain" else e[:-2] + {"했다": "했어요", "었다": "었어요", "았다": "았어요",
                                                         "랐다": "랐어요", "혔다": "혔어요", "렸다": "렸어요"}.get(e[-2:], e[-2:]) + ".")
    return " ".join(out)


TEAMS = ["서울", "부산", "대구", "인천", "광주", "대전", "울산", "수원", "전주", "제주", "창원", "포항"]


def sports_doc(rng):
    """A match report (plain news style): teams, scores 3대 1, minutes, players by name."""
    sport = rng.choice(["축구", "야구", "농구", "배구"])
    t1, t2 = rng.sample(TEAMS, 2)
    a, b = rng.randint(1, 5), rng.randint(0, 4)
    if sport == "농구":
        a, b = rng.randint(70, 105), rng.randint(60, 100)
    if a == b:
        a += 1
    win, lose, hi, lo = (t1, t2, a, b) if a > b else (t2, t1, b, a)
    star = person_name(rng)
    out = [f"{win} 팀이 {lose} 팀을 {hi}대 {lo}로 이겼다."]
    pool = [f"{P(win, '은')} 이날 {kg.count(rng.randint(5, 40), '일')} 만에 홈 경기에서 승리를 거뒀다."
            .replace(f"{MARK}은", "은"),
            f"{P(star, '은')} {'후반 ' + str(rng.randint(5, 45)) + '분에 결승골을 넣었다' if sport == '축구' else '결정적인 순간에 점수를 올렸다'}.",
            f"경기가 끝난 뒤 {P(star, '은')} “{rng.choice(['팬들 덕분에 이길 수 있었다', '다음 경기도 꼭 이기겠다', '팀 모두가 열심히 뛰었다'])}”고 말했다.",
            f"이날 경기장에는 {kg.count(rng.randint(3, 40) * 1000, '명')}의 관중이 모였다.".replace("000명", ",000명") if rng.random() < 0.5 else
            f"이날 경기장에는 관중 {rng.randint(3, 40)}천 명이 모였다.",
            f"{P(lose, '은')} 최근 {kg.count(rng.randint(2, 6), '경기')}에서 한 번도 이기지 못했다.".replace(f"{MARK}은", "은"),
            f"두 팀은 다음 달 {P(pick(rng, 'city'), '에서')} 다시 맞붙는다.".replace(f"{MARK}에서", "에서")]
    out += rng.sample(pool, rng.randint(2, 4))
    return f"[{sport}] " + " ".join(out)


HOLIDAYS = [
    ("설날", "음력 1월 1일", ["떡국을 먹는다", "어른들께 세배를 한다", "새해 인사를 나눈다", "윷놀이를 한다"]),
    ("추석", "음력 8월 15일", ["송편을 빚는다", "가족이 모여 차례를 지낸다", "보름달을 보며 소원을 빈다", "성묘를 간다"]),
    ("한글날", "10월 9일", ["한글을 만든 뜻을 기린다", "학교에서 한글 관련 행사를 연다"]),
    ("어린이날", "5월 5일", ["아이들에게 선물을 준다", "가족이 함께 놀이공원에 간다"]),
    ("어버이날", "5월 8일", ["부모님께 카네이션을 달아 드린다", "감사 편지를 쓴다"]),
    ("크리스마스", "12월 25일", ["트리를 꾸민다", "선물을 주고받는다", "케이크를 먹는다"]),
    ("정월 대보름", "음력 1월 15일", ["부럼을 깨물며 건강을 빈다", "오곡밥을 먹는다"]),
]


def culture_doc(rng):
    """Holidays and customs explained (plain or formal)."""
    name_, day, customs = rng.choice(HOLIDAYS)
    lv = rng.choice(["plain", "formal"])
    isd = "이다" if lv == "plain" else "입니다"
    out = [f"{P(name_, '은')} {day}{isd}." if not day.endswith("일") or lv == "formal" else f"{P(name_, '은')} {day}이다."]
    for c in rng.sample(customs, min(len(customs), rng.randint(1, 3))):
        c2 = c
        if lv == "formal":
            last = c.split()[-1]
            c2 = c[: len(c) - len(last)] + kg.conjugate(_dict_form(last), "formal")
        out.append(f"{name_}에는 {c2}." if rng.random() < 0.5 else f"이날 사람들은 {c2}.")
    if rng.random() < 0.5:
        out.append({"plain": "요즘은 예전과 달리 간단하게 지내는 집도 많다.",
                    "formal": "요즘은 예전과 달리 간단하게 보내는 가정도 많습니다."}[lv])
    return " ".join(out)


def _dict_form(plain_present):
    """The dictionary form behind a plain present verb of the custom lists: 먹는다 -> 먹다,
    간다 -> 가다, 연다 -> 열다 (listed), 깨물며 ... (not used)."""
    special = {"연다": "열다", "빈다": "빌다", "지낸다": "지내다", "준다": "주다", "간다": "가다", "쓴다": "쓰다",
               "한다": "하다", "빚는다": "빚다", "꾸민다": "꾸미다", "기린다": "기리다", "나눈다": "나누다",
               "먹는다": "먹다", "주고받는다": "주고받다", "드린다": "드리다"}
    if plain_present in special:
        return special[plain_present]
    raise ValueError(f"no dictionary form known for {plain_present!r}")


# --------------------------------------------------------------------------- name copying

ROLE_FRAMES = ["범인", "도둑", "우승자", "반장", "주인공", "새 담임 선생님", "회장", "발표자", "일 등", "당번", "막내",
               "대표", "신입 사원", "전학생", "증인", "주장"]


def name_copy_doc(rng):
    """A name introduced once and needed again: the seed's frame and others, with names from the
    large inventory, particles by the name's final consonant."""
    a, b, c = person_name(rng), person_name(rng), person_name(rng)
    while b == a:
        b = person_name(rng)
    role = rng.choice(ROLE_FRAMES)
    lv = rng.choice(["plain", "polite", "formal"])
    turned = {"plain": "밝혀졌다", "polite": "밝혀졌어요", "formal": "밝혀졌습니다"}[lv]
    frames = [
        f"{P(role, '이')} {P(a, '이라는')} 게 {turned}. {P(role, '은')} {copula(a, lv, True)}.",
        f"{P(role, '이')} {P(a, '이라는')} 게 {turned}. {role}인 {P(a, '은')} {fin(rng.choice(['웃다', '고개를 숙이다', '아무 말도 하지 않다', '자리에서 일어나다']), None, lv)}.",
        f"모두 {P(b, '을')} 의심했지만, {P('범인', '이')} {P(a, '이라는')} 게 {turned}. 범인은 {copula(a, lv, True)}.",
        f"{a}의 친구는 {copula(b, 'plain', True)}. {P(b, '은')} {clause(rng, 'plain', 'past')}.",
        f"“{rng.choice(['안녕하세요', '반가워요', '처음 뵙겠습니다'])}. 제 이름은 {copula(a, 'formal')}.” {P(a, '이')} 말했다. {P(b, '은')} “{a} 씨, 반가워요.”라고 대답했다.",
        f"오늘 새로 온 학생의 이름은 {copula(a, 'plain')}. {P(a, '은')} {P(pick(rng, 'city'), '에서')} 왔다.".replace(f"{MARK}에서", "에서"),
        f"“{rng.choice(['같이 가자', '이거 네 거야?', '조금만 기다려', '고마워'])}” {P(a, '이')} 말했다. {P(b, '은')} 고개를 끄덕였다. 그러자 {P(a, '은')} 다시 웃었다.",
        f"받는 사람: {a}. 보내는 사람: {b}. {a} 님, 주문하신 {P(pick(rng, 'thing'), '이')} 도착했습니다.",
        f"{P(a, '와')} {P(b, '은')} {P(pick(rng, 'place'), '에서')} 만났다. {P(a, '은')} {P(b, '에게')} {P(pick(rng, 'thing'), '을')} 건넸다.".replace(f"{MARK}에서", "에서"),
        f"{P(c, '은')} {P(a, '을')} 불렀다. “{kg.particle(a, '아')}!” 그러자 {P(a, '이')} 뒤를 돌아보았다.",
        f"이번 대회의 우승자는 {copula(a, lv, True)}. 우승자인 {P(a, '은')} 소감을 묻자 “{rng.choice(['정말 기뻐요', '믿기지 않아요', '모두 덕분이에요'])}”라고 말했다.",
        f"{P('그 사람', '이')} 바로 {copula(a, 'plain', True)}. {P(a, '은')} 모든 것을 알고 있었다.",
    ]
    out = [rng.choice(frames)]
    if rng.random() < 0.4:
        out.append(rng.choice(frames))
    return " ".join(out)


KINDS = [("weather", 0.05), ("news", 0.07), ("school", 0.06), ("work", 0.06), ("health", 0.06), ("cooking", 0.06),
         ("transport", 0.06), ("shopping", 0.06), ("science", 0.05), ("diary", 0.08), ("letter", 0.04),
         ("dialogue", 0.06), ("story", 0.06), ("feelings", 0.04), ("names", 0.06), ("travel", 0.05),
         ("review", 0.03), ("sports", 0.03), ("culture", 0.02)]
MAKERS = {"weather": weather_doc, "news": news_doc, "school": school_doc, "work": work_doc, "health": health_doc,
          "cooking": cooking_doc, "transport": transport_doc, "shopping": shopping_doc, "science": science_doc,
          "diary": diary_doc, "letter": letter_doc, "dialogue": dialogue_doc, "story": story_doc,
          "feelings": feelings_doc, "names": name_copy_doc, "travel": travel_doc,
          "review": review_doc, "sports": sports_doc, "culture": culture_doc}


def pick_kind(rng, kinds):
    """One kind from (kind, share) pairs, by one uniform draw (the last kind if the shares
    sum to less than the draw)."""
    r, acc = rng.random(), 0.0
    for kind, share in kinds:
        acc += share
        if r < acc:
            break
    return kind


# Explanations, notices, text messages, neighbourhood news, tips and memories
# (korean_everyday.py): registers none of the makers above writes. 0 (and no random draw) in
# the shipped corpus; make_corpus.py --copy-run sets 0.15 (README "The copy run").
EVERYDAY_SHARE = 0.0


def prose_doc(rng, kind=None):
    if kind is None:
        if EVERYDAY_SHARE > 0 and rng.random() < EVERYDAY_SHARE:
            return everyday_doc(rng)
        kind = pick_kind(rng, KINDS)
    return MAKERS[kind](rng)


if __name__ == "__main__":
    import random
    import sys
    from korean_vocab import HELD_OUT_NAMES_KO
    setup(HELD_OUT_NAMES_KO)
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    kinds = sys.argv[2:] or [k for k, _ in KINDS]
    for k in kinds:
        print(f"[{k}]", prose_doc(rng, k).replace(MARK, ""))

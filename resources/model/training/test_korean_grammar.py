#!/usr/bin/python3
"""Unit tests for korean_grammar.py: the rules the Korean training text depends on.

Why: a wrong particle written by a template is repeated thousands of times in the corpus and
the model learns it as Korean. The cases below are the ones that trip template code: ㄹ-final
nouns take 로 not 으로, digits and Latin letters take the particle of how they are read, 6월 and
10월 are 유월 and 시월, native numbers shorten before a counter, and irregular verbs.
Run: resources/model/training/run_tests.sh (or python3 -m unittest test_korean_grammar).
"""
import unittest

import korean_grammar as kg


class Particles(unittest.TestCase):
    def test_topic_subject_object(self):
        cases = [("수진", "은", "수진은"), ("철수", "은", "철수는"), ("수진", "가", "수진이"), ("철수", "이", "철수가"),
                 ("사과", "을", "사과를"), ("책", "를", "책을"), ("물", "을", "물을"), ("하늘", "는", "하늘은")]
        for word, p, want in cases:
            self.assertEqual(kg.particle(word, p), want, (word, p))

    def test_and_with(self):
        self.assertEqual(kg.particle("빵", "와"), "빵과")
        self.assertEqual(kg.particle("우유", "과"), "우유와")

    def test_ro_after_rieul_is_ro(self):
        # the rule templates most often get wrong: ㄹ-final nouns take 로, like vowel-final ones
        for word, want in [("서울", "서울로"), ("칼", "칼로"), ("지하철", "지하철로"), ("연필", "연필로"),
                           ("학교", "학교로"), ("버스", "버스로"), ("집", "집으로"), ("부산", "부산으로"),
                           ("손", "손으로"), ("밖", "밖으로")]:
            self.assertEqual(kg.particle(word, "으로"), want)
            self.assertEqual(kg.particle(word, "로"), want)

    def test_digits_take_the_particle_of_their_reading(self):
        self.assertEqual(kg.particle("3", "으로"), "3으로")    # 삼
        self.assertEqual(kg.particle("7", "으로"), "7로")      # 칠 (ㄹ)
        self.assertEqual(kg.particle("10", "로"), "10으로")    # 십
        self.assertEqual(kg.particle("2", "은"), "2는")        # 이
        self.assertEqual(kg.particle("1000", "이"), "1000이")  # 천
        self.assertEqual(kg.particle("6", "를"), "6을")        # 육
        self.assertEqual(kg.particle("20", "가"), "20이")      # 이십

    def test_latin_letters_take_the_particle_of_their_reading(self):
        self.assertEqual(kg.particle("GPT", "는"), "GPT는")    # 티
        self.assertEqual(kg.particle("HTML", "을"), "HTML을")  # 엘
        self.assertEqual(kg.particle("HTML", "로"), "HTML로")  # 엘: ㄹ takes 로
        self.assertEqual(kg.particle("RAM", "이"), "RAM이")    # 엠

    def test_copula_and_quotes(self):
        self.assertEqual(kg.particle("수진", "이라는"), "수진이라는")
        self.assertEqual(kg.particle("철수", "이라는"), "철수라는")
        self.assertEqual(kg.particle("민호", "이다"), "민호다")
        self.assertEqual(kg.particle("지훈", "이다"), "지훈이다")
        self.assertEqual(kg.particle("영희", "이에요"), "영희예요")
        self.assertEqual(kg.particle("선생님", "이에요"), "선생님이에요")
        self.assertEqual(kg.particle("수진", "아"), "수진아")
        self.assertEqual(kg.particle("철수", "아"), "철수야")

    def test_invariable_and_punctuation(self):
        self.assertEqual(kg.particle("학교", "에서"), "학교에서")
        self.assertEqual(kg.particle("수진", "의"), "수진의")
        self.assertEqual(kg.spoken_last_syllable("수진.”"), "진")
        with self.assertRaises(ValueError):
            kg.particle("", "은")


class Numbers(unittest.TestCase):
    def test_sino(self):
        cases = {0: "영", 1: "일", 10: "십", 11: "십일", 15: "십오", 20: "이십", 100: "백", 110: "백십",
                 1000: "천", 2026: "이천이십육", 10000: "만", 30500: "삼만오백", 123456: "십이만삼천사백오십육",
                 100000000: "일억"}
        for n, want in cases.items():
            self.assertEqual(kg.sino_number(n), want, n)

    def test_native(self):
        self.assertEqual(kg.native_number(1), "하나")
        self.assertEqual(kg.native_number(20), "스물")
        self.assertEqual(kg.native_number(23), "스물셋")
        self.assertEqual(kg.native_number(1, True), "한")
        self.assertEqual(kg.native_number(20, True), "스무")
        self.assertEqual(kg.native_number(24, True), "스물네")
        self.assertEqual(kg.native_number(99), "아흔아홉")
        with self.assertRaises(ValueError):
            kg.native_number(100)

    def test_counters(self):
        self.assertEqual(kg.count(3, "개"), "세 개")
        self.assertEqual(kg.count(20, "살"), "스무 살")
        self.assertEqual(kg.count(2, "명"), "두 명")
        self.assertEqual(kg.count(3, "분"), "3분")
        self.assertEqual(kg.count(3, "분", hangul=True), "삼 분")
        self.assertEqual(kg.count(5000, "원"), "5000원")
        self.assertEqual(kg.count(5000, "원", hangul=True), "오천 원")

    def test_months_dates_clock(self):
        self.assertEqual(kg.month_name(6, True), "유월")
        self.assertEqual(kg.month_name(10, True), "시월")
        self.assertEqual(kg.month_name(11, True), "십일월")
        self.assertEqual(kg.date(2026, 3, 1, True), "이천이십육년 삼월 일일")
        self.assertEqual(kg.date(2026, 10, 9), "2026년 10월 9일")
        self.assertEqual(kg.clock(15, 20, True), "오후 세 시 이십 분")
        self.assertEqual(kg.clock(9, 30, True), "오전 아홉 시 반")
        self.assertEqual(kg.clock(0, 5), "오전 12시 5분")
        self.assertEqual(kg.clock(12, 0, True), "오후 열두 시")


class Verbs(unittest.TestCase):
    def test_polite(self):
        cases = [("가다", None, "가요"), ("먹다", None, "먹어요"), ("하다", None, "해요"), ("공부하다", None, "공부해요"),
                 ("마시다", None, "마셔요"), ("보다", None, "봐요"), ("오다", None, "와요"), ("배우다", None, "배워요"),
                 ("쓰다", None, "써요"), ("바쁘다", None, "바빠요"), ("크다", None, "커요"), ("되다", None, "돼요"),
                 ("쉬다", None, "쉬어요"), ("보내다", None, "보내요"), ("좋다", None, "좋아요"), ("앉다", None, "앉아요"),
                 ("모르다", "르", "몰라요"), ("부르다", "르", "불러요"), ("듣다", "ㄷ", "들어요"), ("걷다", "ㄷ", "걸어요"),
                 ("덥다", "ㅂ", "더워요"), ("돕다", "ㅂ", "도와요"), ("짓다", "ㅅ", "지어요"), ("그렇다", "ㅎ", "그래요")]
        for verb, irr, want in cases:
            self.assertEqual(kg.conjugate(verb, "polite", irr), want, verb)

    def test_past(self):
        self.assertEqual(kg.conjugate("가다", "plain_past"), "갔다")
        self.assertEqual(kg.conjugate("먹다", "plain_past"), "먹었다")
        self.assertEqual(kg.conjugate("하다", "polite_past"), "했어요")
        self.assertEqual(kg.conjugate("마시다", "formal_past"), "마셨습니다")
        self.assertEqual(kg.conjugate("모르다", "plain_past", "르"), "몰랐다")
        self.assertEqual(kg.conjugate("듣다", "plain_past", "ㄷ"), "들었다")
        self.assertEqual(kg.conjugate("춥다", "plain_past", "ㅂ"), "추웠다")

    def test_plain_and_formal_present(self):
        self.assertEqual(kg.conjugate("가다", "plain"), "간다")
        self.assertEqual(kg.conjugate("먹다", "plain"), "먹는다")
        self.assertEqual(kg.conjugate("살다", "plain"), "산다")          # ㄹ drops before ㄴ
        self.assertEqual(kg.conjugate("만들다", "formal"), "만듭니다")    # and before ㅂ
        self.assertEqual(kg.conjugate("가다", "formal"), "갑니다")
        self.assertEqual(kg.conjugate("읽다", "formal"), "읽습니다")
        self.assertEqual(kg.conjugate("크다", "plain", adjective=True), "크다")

    def test_adnominal_and_future(self):
        self.assertEqual(kg.conjugate("크다", "adnominal", adjective=True), "큰")
        self.assertEqual(kg.conjugate("작다", "adnominal", adjective=True), "작은")
        self.assertEqual(kg.conjugate("길다", "adnominal", adjective=True), "긴")
        self.assertEqual(kg.conjugate("덥다", "adnominal", "ㅂ", adjective=True), "더운")
        self.assertEqual(kg.conjugate("만들다", "adnominal"), "만드는")
        self.assertEqual(kg.conjugate("가다", "future"), "갈 것이다")
        self.assertEqual(kg.conjugate("먹다", "future"), "먹을 것이다")
        self.assertEqual(kg.conjugate("듣다", "future", "ㄷ"), "들을 것이다")

    def test_linking_eu_endings(self):
        cases = [("가다", None, "if", "가면"), ("먹다", None, "if", "먹으면"), ("만들다", None, "if", "만들면"),
                 ("듣다", "ㄷ", "if", "들으면"), ("덥다", "ㅂ", "if", "더우면"), ("짓다", "ㅅ", "if", "지으면"),
                 ("그렇다", "ㅎ", "if", "그러면"), ("만들다", None, "honorific", "만드세요"),
                 ("읽다", None, "honorific", "읽으세요"), ("살다", None, "because", "사니까"),
                 ("돕다", "ㅂ", "adnominal_past", "도운"), ("듣다", "ㄷ", "adnominal_past", "들은"),
                 ("만들다", None, "adnominal_past", "만든"), ("가다", None, "adnominal_future", "갈"),
                 ("만들다", None, "adnominal_future", "만들"), ("덥다", "ㅂ", "future", "더울 것이다"),
                 ("먹다", None, "purpose", "먹으러"), ("놀다", None, "purpose", "놀러"),
                 ("배우다", None, "intend", "배우려고")]
        for verb, irr, form, want in cases:
            self.assertEqual(kg.conjugate(verb, form, irr), want, (verb, form))

    def test_connectives_and_adnominal_of_itda(self):
        self.assertEqual(kg.conjugate("맛있다", "adnominal", adjective=True), "맛있는")     # not 맛있은
        self.assertEqual(kg.conjugate("재미없다", "adnominal", adjective=True), "재미없는")
        self.assertEqual(kg.conjugate("작다", "background", adjective=True), "작은데")
        self.assertEqual(kg.conjugate("춥다", "background", "ㅂ", adjective=True), "추운데")
        self.assertEqual(kg.conjugate("만들다", "background"), "만드는데")
        self.assertEqual(kg.conjugate("가다", "past_background"), "갔는데")
        self.assertEqual(kg.conjugate("먹다", "but"), "먹지만")
        self.assertEqual(kg.conjugate("오다", "past_but"), "왔지만")
        self.assertEqual(kg.conjugate("가다", "past_if"), "갔으면")

    def test_questions_quotes_casual(self):
        self.assertEqual(kg.conjugate("가다", "formal_question"), "갑니까?")
        self.assertEqual(kg.conjugate("먹다", "formal_question"), "먹습니까?")
        self.assertEqual(kg.conjugate("살다", "formal_question"), "삽니까?")
        self.assertEqual(kg.conjugate("만들다", "question_plain"), "만드니?")
        self.assertEqual(kg.conjugate("먹다", "quote"), "먹는다고")
        self.assertEqual(kg.conjugate("가다", "quote"), "간다고")
        self.assertEqual(kg.conjugate("크다", "quote", adjective=True), "크다고")
        self.assertEqual(kg.conjugate("오다", "past_quote"), "왔다고")
        self.assertEqual(kg.conjugate("마시다", "casual"), "마셔")
        self.assertEqual(kg.conjugate("하다", "casual_past"), "했어")

    def test_more_connectives_and_endings(self):
        cases = [("먹다", None, "while", "먹으면서"), ("만들다", None, "while", "만들면서"), ("가다", None, "then", "가다가"),
                 ("듣다", "ㄷ", "after", "들은 후에"), ("살다", None, "when", "살 때"), ("만들다", None, "during", "만드는 동안"),
                 ("길다", None, "polite_ne", "기네요"), ("오다", None, "past_polite_ne", "왔네요"),
                 ("돕다", "ㅂ", "will_polite", "도울게요"), ("걷다", "ㄷ", "shall_we", "걸을까요?"),
                 ("가다", None, "lets_formal", "갑시다"), ("먹다", None, "lets_formal", "먹읍시다"),
                 ("만들다", None, "lets_formal", "만듭시다"), ("먹다", None, "imperative_plain", "먹어라"),
                 ("뛰다", None, "dont", "뛰지 마세요")]
        for verb, irr, form, want in cases:
            self.assertEqual(kg.conjugate(verb, form, irr), want, (verb, form))
        self.assertEqual(kg.conjugate(kg.auxiliary("오다", "seem_future"), "polite", adjective=True), "올 것 같아요")
        self.assertEqual(kg.conjugate(kg.auxiliary("만들다", "experience"), "plain", adjective=True), "만든 적이 있다")
        self.assertEqual(kg.conjugate(kg.auxiliary("살다", "become"), "plain_past"), "살게 됐다")

    def test_phrase_verbs_keep_their_object(self):
        self.assertEqual(kg.conjugate("편지를 쓰다", "plain_past"), "편지를 썼다")      # 으 after a space
        self.assertEqual(kg.conjugate("늦잠을 자다", "polite_past"), "늦잠을 잤어요")
        self.assertEqual(kg.conjugate("놀러 가다", "formal"), "놀러 갑니다")

    def test_auxiliaries(self):
        self.assertEqual(kg.conjugate(kg.auxiliary("듣다", "progressive", "ㄷ"), "polite"), "듣고 있어요")
        self.assertEqual(kg.conjugate(kg.auxiliary("가다", "want"), "plain", adjective=True), "가고 싶다")
        self.assertEqual(kg.conjugate(kg.auxiliary("만들다", "try"), "plain_past"), "만들어 봤다")
        self.assertEqual(kg.conjugate(kg.auxiliary("가다", "must"), "plain"), "가야 한다")
        self.assertEqual(kg.conjugate(kg.auxiliary("듣다", "can", "ㄷ"), "formal"), "들을 수 있습니다")
        self.assertEqual(kg.conjugate(kg.auxiliary("돕다", "give", "ㅂ"), "polite_past"), "도와 줬어요")
        self.assertEqual(kg.conjugate(kg.auxiliary("운동하다", "decide"), "plain_past"), "운동하기로 했다")

    def test_bad_input(self):
        with self.assertRaises(ValueError):
            kg.conjugate("가", "plain")
        with self.assertRaises(ValueError):
            kg.conjugate("가다", "no-such-form")


class Jamo(unittest.TestCase):
    def test_round_trip(self):
        for ch in "가각힣수진밝혀졌":
            self.assertEqual(kg.compose(*kg.decompose(ch)), ch)
        self.assertEqual(kg.compose("ㅂ", "ㅏ", "ㄹ"), "발")
        self.assertEqual(kg.with_final("가", kg.JONG.index("ㅂ")), "갑")


if __name__ == "__main__":
    unittest.main()

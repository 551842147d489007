// Korean particles chosen by the final consonant: "정확도가", "재현율이", "3으로", "2로".
#include "catch.hpp"
#include "widgets/korean_particles.hpp"

using ts::ui::fillKoreanParticles;

TEST_CASE("Korean particles follow the last syllable's final consonant", "[ui][i18n][ko]") {
    CHECK(fillKoreanParticles(QStringLiteral("정확도이(가) 높습니다")) ==
          QStringLiteral("정확도가 높습니다"));
    CHECK(fillKoreanParticles(QStringLiteral("재현율이(가) 높습니다")) ==
          QStringLiteral("재현율이 높습니다"));
    CHECK(fillKoreanParticles(QStringLiteral("“수진”은(는)")) == QStringLiteral("“수진”은"));
    CHECK(fillKoreanParticles(QStringLiteral("“철수”은(는)")) == QStringLiteral("“철수”는"));
    CHECK(fillKoreanParticles(QStringLiteral("모델을(를) 토큰을(를)")) ==
          QStringLiteral("모델을 토큰을"));
    CHECK(fillKoreanParticles(QStringLiteral("나무을(를)")) == QStringLiteral("나무를"));
    // (으)로: 으로 after a consonant other than ㄹ, 로 after a vowel or ㄹ.
    CHECK(fillKoreanParticles(QStringLiteral("토큰(으)로")) == QStringLiteral("토큰으로"));
    CHECK(fillKoreanParticles(QStringLiteral("서울(으)로")) == QStringLiteral("서울로"));
    CHECK(fillKoreanParticles(QStringLiteral("바다(으)로")) == QStringLiteral("바다로"));
    // Digits and Latin letters as read aloud.
    CHECK(fillKoreanParticles(QStringLiteral("3(으)로")) == QStringLiteral("3으로"));
    CHECK(fillKoreanParticles(QStringLiteral("2(으)로")) == QStringLiteral("2로"));
    CHECK(fillKoreanParticles(QStringLiteral("GPT-2이(가)")) == QStringLiteral("GPT-2가"));
    CHECK(fillKoreanParticles(QStringLiteral("“Sujin”이(가)")) == QStringLiteral("“Sujin”이"));
    CHECK(fillKoreanParticles(QStringLiteral("no particles")) == QStringLiteral("no particles"));
}

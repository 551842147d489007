// Korean particle choice (see korean_particles.hpp).
#include "widgets/korean_particles.hpp"

#include <QRegularExpression>

namespace ts::ui {

namespace {

// How the last letter of `word` sounds: 1 = ends in a consonant, 0 = a vowel, -1 = unknown.
// For 'ㄹ' (으)로 takes 로, so that case is reported separately as 2.
int lastSound(const QString& word) {
    for (qsizetype i = word.size() - 1; i >= 0; --i) {
        const char16_t c = word[i].unicode();
        if (c >= 0xAC00 && c <= 0xD7A3) {
            const int jong = (c - 0xAC00) % 28;
            if (jong == 0) return 0;
            return jong == 8 ? 2 : 1;  // 8 = ㄹ
        }
        if (c >= u'0' && c <= u'9') {
            // 영 일 이 삼 사 오 육 칠 팔 구
            static const int sound[] = {1, 2, 0, 1, 0, 0, 1, 2, 2, 0};
            return sound[c - u'0'];
        }
        if ((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')) {
            // Letter names as Koreans read them: el, em, en, ar end in a consonant sound.
            const char16_t l = static_cast<char16_t>(c | 0x20);
            if (l == u'l' || l == u'r') return 2;
            if (l == u'm' || l == u'n') return 1;
            return 0;
        }
        if (c == u'%') return 0;  // 퍼센트
        // Quotes, brackets, spaces, symbols: look further left.
    }
    return -1;
}

}  // namespace

bool endsInConsonant(const QString& word) { return lastSound(word) > 0; }

QString fillKoreanParticles(const QString& text) {
    static const QRegularExpression re(
        QStringLiteral("이\\(가\\)|은\\(는\\)|을\\(를\\)|과\\(와\\)|\\(으\\)로|\\(이\\)라"));
    QString out;
    qsizetype last = 0;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        const QString before = text.left(m.capturedStart());
        const int sound = lastSound(before);
        const QString p = m.captured();
        QString chosen;
        const bool consonant = sound > 0;
        if (p == QStringLiteral("이(가)"))
            chosen = consonant || sound < 0 ? QStringLiteral("이") : QStringLiteral("가");
        else if (p == QStringLiteral("은(는)"))
            chosen = consonant || sound < 0 ? QStringLiteral("은") : QStringLiteral("는");
        else if (p == QStringLiteral("을(를)"))
            chosen = consonant || sound < 0 ? QStringLiteral("을") : QStringLiteral("를");
        else if (p == QStringLiteral("과(와)"))
            chosen = consonant || sound < 0 ? QStringLiteral("과") : QStringLiteral("와");
        else if (p == QStringLiteral("(으)로"))
            chosen = sound == 1 ? QStringLiteral("으로") : QStringLiteral("로");
        else
            chosen = consonant ? QStringLiteral("이라") : QStringLiteral("라");
        out += text.mid(last, m.capturedStart() - last) + chosen;
        last = m.capturedEnd();
    }
    out += text.mid(last);
    return out;
}

}  // namespace ts::ui

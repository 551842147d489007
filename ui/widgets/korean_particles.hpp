#pragma once
// Korean particles that depend on the word before them: 이/가, 은/는, 을/를, 과/와, (으)로 are
// chosen by whether the word's last syllable ends in a consonant (받침). Translations write
// the neutral form ("%1이(가)"); fillKoreanParticles picks the right one once %1 is known, so
// a sentence reads "정확도가", not "정확도이(가)". Digits and Latin letters are judged by how
// they are read aloud (1 일, 3 삼 end in a consonant; 2 이, 4 사 do not).
#include <QString>

namespace ts::ui {

// True when `word`, as read aloud, ends in a consonant; quotes, brackets and spaces after
// the last letter are skipped.
bool endsInConsonant(const QString& word);

// Replaces every neutral particle pair in `text` with the form its preceding word needs.
QString fillKoreanParticles(const QString& text);

}  // namespace ts::ui

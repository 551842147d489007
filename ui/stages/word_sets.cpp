#include "stages/word_sets.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ts::ui {

namespace {

// Countries and their capitals of the textbook world the bundled model read (seen ones:
// held-out countries are never in its training text, so their names mean nothing to it).
WordSet atlasSet(const QString& language, const QString& modelFolder) {
    WordSet set;
    const QString file = language == QLatin1String("ko") ? QStringLiteral("facts_ko.json")
                                                         : QStringLiteral("facts.json");
    const QString path = QDir(modelFolder).filePath(QStringLiteral("eval/") + file);
    // A model folder is someone else's: only a regular file of a probe set's size is read (a
    // planted link to /dev/zero or a huge file would be read without end).
    const QFileInfo info(path);
    if (modelFolder.isEmpty() || !info.isFile() || info.size() > (16 << 20)) return set;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return set;
    const QJsonArray countries =
        QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("countries")).toArray();
    QStringList names, capitals;
    for (const auto& v : countries) {
        const QJsonObject c = v.toObject();
        if (c.value(QLatin1String("held_out")).toBool()) continue;
        const QString country = c.value(QLatin1String("country")).toString();
        const QString capital = c.value(QLatin1String("capital")).toString();
        if (country.isEmpty() || capital.isEmpty()) continue;
        names << country;
        capitals << capital;
        if (names.size() == 8) break;
    }
    if (names.size() < 2) return set;
    set.id = QStringLiteral("atlas");
    set.name = QCoreApplication::translate("WordSets", "Textbook atlas: countries and capitals");
    set.groupNames = {QCoreApplication::translate("WordSets", "countries"),
                      QCoreApplication::translate("WordSets", "capitals")};
    set.groups = {names, capitals};
    return set;
}

}  // namespace

std::vector<WordSet> builtinWordSets(const QString& language, const QString& modelFolder) {
    const bool ko = language == QLatin1String("ko");
    std::vector<WordSet> sets;
    WordSet atlas = atlasSet(language, modelFolder);
    if (!atlas.groups.empty()) sets.push_back(std::move(atlas));
    // The words a learner would pick; in Korean the native number words and colour nouns.
    sets.push_back(
        {QStringLiteral("numbers"),
         QCoreApplication::translate("WordSets", "Numbers and colours"),
         {QCoreApplication::translate("WordSets", "numbers"),
          QCoreApplication::translate("WordSets", "colours")},
         ko ? std::vector<QStringList>{{"하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"},
                                       {"빨간색", "파란색", "노란색", "초록색", "검은색", "하얀색"}}
            : std::vector<QStringList>{
                  {"one", "two", "three", "four", "five", "six", "seven", "eight"},
                  {"red", "blue", "yellow", "green", "black", "white"}}});
    sets.push_back(
        {QStringLiteral("people"),
         QCoreApplication::translate("WordSets", "People and animals"),
         {QCoreApplication::translate("WordSets", "people"),
          QCoreApplication::translate("WordSets", "animals")},
         ko ? std::vector<QStringList>{{"어머니", "아버지", "언니", "동생", "아들", "딸"},
                                       {"개", "고양이", "말", "소", "새", "물고기"}}
            : std::vector<QStringList>{{"mother", "father", "sister", "brother", "son", "daughter"},
                                       {"dog", "cat", "horse", "cow", "bird", "fish"}}});
    return sets;
}

WordSet customWordSet(const QString& text) {
    WordSet set;
    set.id = QStringLiteral("custom");
    set.name = QCoreApplication::translate("WordSets", "Your words");
    int n = 0;
    for (const QString& part : text.split(QLatin1Char(';'))) {
        QStringList words;
        for (const QString& w : part.split(QLatin1Char(','))) {
            const QString t = w.trimmed();
            if (!t.isEmpty()) words << t;
        }
        if (words.isEmpty()) continue;
        set.groups.push_back(words);
        set.groupNames << QCoreApplication::translate("WordSets", "group %1").arg(++n);
    }
    return set;
}

QString wordSetText(const WordSet& set) {
    QStringList parts;
    for (const auto& g : set.groups) parts << g.join(QStringLiteral(", "));
    return parts.join(QStringLiteral("; "));
}

}  // namespace ts::ui

#pragma once
// The word sets the embedding view's word map offers: two or three groups of words of one
// kind each (numbers beside colours, people beside animals, the textbook atlas's countries
// beside their capitals), in the interface's language, and the user's own words. Words of
// one kind should lie close together: the map shows whether this model learned that.
#include <QString>
#include <QStringList>
#include <vector>

namespace ts::ui {

struct WordSet {
    QString id;    // "atlas", "numbers", "people", "custom"
    QString name;  // shown in the chooser, translated
    QStringList groupNames;
    std::vector<QStringList> groups;
};

// The built-in sets for `language` ("en", "ko"). The atlas set comes from the model folder's
// eval/facts.json (eval/facts_ko.json in Korean), the bundled model's textbook world, and is
// left out for a folder without one.
std::vector<WordSet> builtinWordSets(const QString& language, const QString& modelFolder);

// "one, two, three; red, blue": commas between words, semicolons between groups.
WordSet customWordSet(const QString& text);
// The inverse, to show a set in the text field.
QString wordSetText(const WordSet& set);

}  // namespace ts::ui

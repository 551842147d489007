#pragma once
// Guided lessons as data: each lesson is a JSON file (resources/lessons/*.json) with a title
// and a sequence of steps that set up the app — prompt, view, sampling settings, a view's own
// settings, an action — with a short explanation in English and Korean. Teachers write new
// ones; a broken file is rejected with a message that names the file, step and field.
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "tokenscope/sampling.hpp"

namespace ts::ui {

struct LocalizedText {
    QString en;
    QString ko;
    // The text in `language` ("en", "ko"), falling back to English.
    QString in(const QString& language) const;
    bool isEmpty() const { return en.isEmpty() && ko.isEmpty(); }
};

struct LessonStep {
    LocalizedText title;
    LocalizedText text;
    LocalizedText gpt2Note;             // what GPT-2 shows beyond the bundled model
    std::optional<LocalizedText> prompt;
    QString view;                       // one of Lesson::knownViews(), empty = unchanged
    std::optional<ts::SamplingParams> sampling;
    QString action;                     // "", "reset", "step", "run"
    int count = 1;                      // steps for "step"/"run"
    QJsonObject settings;               // handed to the view's applySettings
};

struct Lesson {
    QString id;
    int order = 0;
    LocalizedText title;
    LocalizedText summary;
    std::vector<LessonStep> steps;
    QString file;

    static QStringList knownViews();
    static QStringList knownActions();
};

// Parses one lesson; on failure returns nullopt and sets `error` to a clear message.
std::optional<Lesson> parseLesson(const QByteArray& json, const QString& fileName, QString* error);
std::optional<Lesson> loadLessonFile(const QString& path, QString* error);
// All *.json lessons in a folder, sorted by order; broken files are skipped and reported.
std::vector<Lesson> loadLessonFolder(const QString& folder, QStringList* errors = nullptr);

}  // namespace ts::ui

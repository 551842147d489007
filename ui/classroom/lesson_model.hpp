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

// A number a lesson states about the bundled model, kept as data so retraining the model
// changes the lesson file, not code. The text writes "{id}" where the value goes; a test
// measures every claim on the bundled model and checks it lies within the tolerance.
struct LessonClaim {
    QString id;
    // "next_token_prob": the probability (temperature 1) that `token` follows `prompt`;
    // "top_token": 1 when `token` is the most likely next token, else 0;
    // "token_count": how many tokens `prompt` is cut into;
    // "attention": from the last token of `prompt` to the first place `token` occurs in it, in
    // `layer`, the least ("stat": "min") or most ("max") weight over `heads` (the range a text
    // quotes as "0.86–0.94" is two claims);
    // "greedy_text": the model, at temperature 0 for `steps` tokens, continues `prompt` with
    // text that begins with `text` (a quoted continuation, not a number; the spaces it starts
    // with are not compared, so a text can quote "Kograd" for the token " Kograd").
    // "litm_found": in the lost-in-the-middle lab with `records`, `positions` and `trials` (seed
    // 1, the model folder's eval/kv_records.json, or kv_records_ko.json for Korean, as the lab
    // runs it), in how many contexts the record at `position` (1-based) is found.
    QString kind;
    // Prompt, token, value and tolerance may each differ per language (a Korean lesson asks the
    // seed's Korean sentence for "수진", the English one " Sujin"); each is measured in its
    // language.
    LocalizedText prompt;
    LocalizedText token;  // the token's text, e.g. " Sujin"
    double value = 0.0;   // English (and the fallback)
    double tolerance = 0.0;
    std::optional<double> valueKo, toleranceKo;
    int decimals = 2;                 // how the text shows the value
    int layer = 0;                    // "attention": 1-based, as the app counts
    int firstHead = 0, lastHead = 0;  // "attention": 1-based, inclusive
    QString stat;                     // "attention": "min" or "max"
    LocalizedText text;               // "greedy_text": the continuation the text quotes
    int steps = 0;                    // "greedy_text": tokens generated
    int records = 0, positions = 0, trials = 0, position = 0;  // "litm_found"
    QString onlyLanguage;  // "en" or "ko" when only that language's text states it

    bool isText() const { return kind == QLatin1String("greedy_text"); }

    static QStringList knownKinds();
    double valueIn(const QString& language) const;
    double toleranceIn(const QString& language) const;
    QString formatted(const QString& language = QStringLiteral("en")) const;
};

struct LessonStep {
    LocalizedText title;
    LocalizedText text;
    LocalizedText gpt2Note;  // what GPT-2 shows beyond the bundled model
    std::optional<LocalizedText> prompt;
    QString view;  // one of Lesson::knownViews(), empty = unchanged
    std::optional<ts::SamplingParams> sampling;
    QString action;                   // "", "reset", "step", "run"
    int count = 1;                    // steps for "step"/"run"
    QJsonObject settings;             // handed to the view's applySettings
    int layer = 0;                    // attention layer to show, 1-based; 0 = unchanged
    int head = 0;                     // attention head to show, 1-based; 0 = unchanged
    std::vector<LessonClaim> claims;  // numbers the text states ({id} placeholders)

    // The text in `language` with every {id} replaced by its claim's value.
    QString textIn(const QString& language) const;
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

#pragma once
// Guided lessons as data: each lesson is a JSON file (resources/lessons/*.json) with a title
// and a sequence of steps that set up the app — prompt, view, sampling settings, a view's own
// settings, an action — with a short explanation in English and Korean. Teachers write new
// ones; a broken file is rejected with a message that names the file, step and field.
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
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
    // runs it), in how many contexts the record at `position` (1-based) is found ("stat":
    // "min" instead of a position: the fewest over the positions asked);
    // "lens_first_layer": the first layer after which the logit lens's top token for the last
    // token of `prompt` is `token` (1-based; 0 if none); "embedding_size", "context_size": the
    // model's vector width and context length;
    // "byte_count": how many UTF-8 bytes `prompt` is;
    // "least_prob": teacher-forced, the least probability among the tokens of `token` read
    // after `prompt` (what the confidence colouring paints on the answer's boxes);
    // "probe_truth_wins": over the bundled probe set `set` ("facts", "facts_ko"), the share of
    // the probes whose group starts with `group` where the true answer beats every false one.
    // A "next_token_prob" claim may name a `temperature` (1 unless it says).
    //
    // State claims (isState()) say what the screen shows after the step is applied, walked
    // as a class walks the lesson; tests/ui/test_lesson_state.cpp reads them from the live
    // window (ui/shell/lesson_screen.hpp), so a step that does not set them fails:
    // "word_map_groups": the embedding view shows the word map of set `set` with this many
    // groups; "word_map_same_group": on that map, the share of words whose nearest word (in
    // the picture's plane) is of their own group; "litm_ran": the lab's run on screen had this
    // many records (`field` "trials" or "positions": that instead; `positions` and `trials`
    // given: the run must have had them); "calculator": the cost
    // calculator's `field` (an input: promptTokens, answerTokens, calls, tasks, priceIn,
    // priceOut, subscription; or a result: perMonth, timesSubscription); "timeline_visible":
    // 1 when the timeline is on screen; "shown_layer", "shown_head": the attention view's
    // layer and head (1-based); "shown_temperature": the temperature the shown token was
    // drawn at, which the controls also show; "drawn_tokens": how many tokens the run drew;
    // "probe_set_size": the fact probes loaded from set `set`, their number; "shown_top_k": the
    // controls' top-k;
    // "probability_axis_fixed": 1 when the softmax bars stand on the fixed 0–100 % axis;
    // "silenced_heads": how many heads the window has silenced (the banner's list).
    //
    // "patch_restored" (activation patching, lesson 7): `prompt` is the clean prompt, `corrupt`
    // the corrupted one of the same length, `token` the answer and `wrong` the other answer;
    // the share of logit(answer) - logit(wrong) that patching the residual entering block
    // `layer` ("block" in the file, from 1) at token `position` (from 0) brings back.
    // "next_token_prob" and "top_token" may name heads to `silence` (["2:1"]): measured with
    // them zero-ablated, as the attention view's right-click silences them.
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
    QString stat;                     // "attention": "min" or "max"; "litm_found": "min"
    LocalizedText text;               // "greedy_text": the continuation the text quotes
    int steps = 0;                    // "greedy_text": tokens generated
    int records = 0, positions = 0, trials = 0, position = 0;  // "litm_found", "litm_ran"
    double temperature = 1.0;                                  // "next_token_prob"
    LocalizedText set;     // "word_map_*", "probe_*": which set (per language)
    QString group;         // "probe_truth_wins": the groups' common start ("seen")
    QString field;         // "calculator"
    QString onlyLanguage;  // "en" or "ko" when only that language's text states it
    std::vector<std::pair<int, int>> silence;  // heads silenced (layer, head), from 1
    LocalizedText corrupt, wrong;              // "patch_restored"
    // A size word in the text ("almost all", "대부분") backed by this claim: `says` is the
    // phrase as the text writes it, `adjective` a row of adjectiveRange() that the claimed
    // and the measured value must both fall in.
    QString adjective;
    LocalizedText says;

    bool isText() const { return kind == QLatin1String("greedy_text"); }
    bool isState() const;
    static QStringList knownKinds();
    static QStringList stateKinds();
    // The range a size word stands for: "almost_all" [0.9, 1], "most" and "usually" (0.5, 1],
    // "few" [0, 0.2], "green" [0.5625, 1] (the confidence colour is green from hue 90°, where
    // sqrt(p) = 0.75). False for an unknown adjective.
    static bool adjectiveRange(const QString& adjective, double* low, double* high,
                               bool* lowOpen = nullptr);
    static QStringList knownAdjectives();
    bool fitsAdjective(double v) const;
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
    QString action;                   // "", "reset", "step", "run", "redraw" (the prompt again)
    int count = 1;                    // steps for "step"/"run"
    QJsonObject settings;             // handed to the view's applySettings
    int layer = 0;                    // attention layer to show, 1-based; 0 = unchanged
    int head = 0;                     // attention head to show, 1-based; 0 = unchanged
    std::vector<LessonClaim> claims;  // numbers the text states ({id} placeholders)
    // The embedding view's word map ("atlas", "numbers", "people", words, or "context"); empty =
    // unchanged.
    QString wordMap;
    // Heads to silence ("silence": ["2:1"], layers and heads from 1) as the attention view's
    // right-click does; [] gives every head back; unset leaves the set as it is.
    std::optional<std::vector<std::pair<int, int>>> silence;
    // The timeline beside the lesson rather than behind its tab (a step that asks to watch it).
    bool showTimeline = false;
    // "fixedAxis": the softmax bars on a fixed 0-100 % axis, so a temperature's effect shows as
    // height (true, the default in a lesson), or stretched to the top candidate (false).
    bool fixedAxis = true;
    // Numbers the text states that are not measurements (a stage's number, a paper's year),
    // each with the reason; the claims test finds every other number in the text a claim.
    std::vector<std::pair<LocalizedText, QString>> plainNumbers;

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

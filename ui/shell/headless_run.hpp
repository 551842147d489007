#pragma once
// `tokenscope --prompt ... --steps N --view NAME --screenshot out.png`: load, run N steps
// (or walk a lesson to one of its steps), show any stage or classroom view at a chosen layer,
// head and step, save a picture of the window and quit. For documentation and tests; works
// offscreen, so every view can be pictured and checked without a person.
#include <QJsonObject>
#include <QObject>
#include <QSize>
#include <QString>
#include <functional>

#include "core/server_connection.hpp"
#include "tokenscope/interventions.hpp"
#include "tokenscope/sampling.hpp"

class QTimer;

namespace ts::ui {

class MainWindow;

struct HeadlessOptions {
    QString model;  // empty: none (the app passes the bundled model's folder by default)
    // --server URL [--server-model NAME]: the model on a server instead (server.url not empty).
    ServerRequest server;
    QString prompt;
    bool chat = false;  // --user/--system: the prompt in the model's chat format
    QString chatSystem;
    QString chatUser;
    int steps = 5;  // records to produce (each draws one token; 0: the prefill, nothing drawn)
    ts::SamplingParams params;
    QString screenshot;        // empty: no picture
    QString exportTranscript;  // empty: no transcript file (JSON as `generate --json`)
    QString openTranscript;    // a transcript file opened (File > Open transcript) instead of a run
    bool ignoreEndOfText = false;
    QString view;           // a core/view_table.hpp name; empty keeps the default (sampling)
    int lesson = 0;         // 1-based lesson to walk (--view lesson:N[:STEP]); 0 = none
    int lessonStep = 1;     // 1-based step of that lesson; steps 1..lessonStep are applied in turn
    int layer = 0;          // 1-based attention layer (--layer); 0 = leave as is
    int head = 0;           // 1-based attention head (--head); 0 = leave as is
    int selectStep = 0;     // 1-based draw to select in the timeline (--select-step); 0 = the last
    QString wordMap;        // the embedding view's word map (--word-map): a set's id or words
    QString guesses;        // --view guess: the class's guesses, revealed (--guesses "a, b")
    bool withFact = false;  // --view probes / confidence: "give it the fact" on (--with-fact)
    int exportLesson = 0;   // 1-based lesson written as a PDF handout (--export-lesson N FILE)
    QString exportLessonFile;
    // --ablate/--ablate-mode/--ban/--logit-bias (tokenscope/intervention_flags.hpp): the run
    // is made with them and every view shows it, with the what-if banner.
    ts::Interventions interventions;
    // --before-after: with interventions, the banner's before/after switch on (the softmax and
    // sampling views show each candidate's probability without them beside it).
    bool beforeAfter = false;
    // --view patch (--clean, --corrupt) and --view steer (--steer-layer, --steer-positive,
    // --steer-negative, --steer-strength): the tool's settings (PatchView/SteerView
    // ::applySettings) added to its picture's, which run it.
    QJsonObject toolSettings;
    int timeoutMs = 120000;
};

// Parses "lesson:N" or "lesson:N:STEP" into options; false (and `error`) for "lesson" or
// anything else that starts with "lesson:". Returns true without touching options for other
// names ("lessons", the panel itself, among them).
bool parseLessonView(const QString& view, HeadlessOptions* options, QString* error);
// The whole --view check: a core/view_table.hpp name (any case) or lesson:N[:STEP] sets
// options->view or ->lesson; anything else is false with an error naming every valid choice.
bool parseViewOption(const QString& view, HeadlessOptions* options, QString* error);
// Parses "WxH" (e.g. 1280x720); an invalid size for anything else.
QSize parseWindowSize(const QString& text);
// True while the window runs the loop or any view works on a thread (a classroom experiment,
// scoring, a projection, tokenizers loading): a picture taken now would show it half done.
bool windowBusy(MainWindow* window);

class HeadlessRun : public QObject {
    Q_OBJECT
  public:
    HeadlessRun(MainWindow* window, HeadlessOptions options, QObject* parent = nullptr);
    void start();

  signals:
    void finished(int exitCode);

  private:
    void fail(const QString& message);
    void onModelReady();
    // Applies lesson step `step` (1-based) and, once its action has settled, the next.
    void applyLessonStep(int step);
    // Calls `then` once the window has stopped running and no record arrived for a while.
    void whenSettled(std::function<void()> then);
    void arrange();
    void capture();
    // --export-lesson: the lesson's steps walked and written as a PDF; no picture.
    void exportLesson();

    MainWindow* m_window;
    HeadlessOptions m_options;
    QTimer* m_timeout = nullptr;
    bool m_done = false;
    bool m_generating = false;
    bool m_arranged = false;
};

}  // namespace ts::ui

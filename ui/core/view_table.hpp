#pragma once
// Every view the window shows, in one table: its name (--view NAME, a lesson step's "view"), its
// menu title, where it lives (one of the five stages, or a classroom tool), which settings it
// takes, and what it needs from the model. The View and Classroom menus, the pipeline bar, --view
// and --help, the lesson checker and the tests all read this table, so a new view is one row here
// (plus its widget, which the window or the classroom hub owns and finds by name).
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <span>

namespace ts::ui {

// What a view reads from the step records beyond tokens and the distribution; a model or a
// transcript that lacks it leaves the view without its picture.
enum ViewNeed : unsigned {
    kNeedsNothing = 0,
    kNeedsAttention = 1u << 0,     // attention weights (stage 3)
    kNeedsEmbeddings = 1u << 1,    // input vectors: token + position embedding (stage 2)
    kNeedsHiddenStates = 1u << 2,  // every layer's residual stream (the logit lens, patching,
                                   // steering)
    // The tool runs the model itself, on sessions of its own (lanes, scoring, probes, the lab,
    // precisions): the app runs these on a local model only (the CLI runs several of them on a
    // server: docs/remote.md).
    kNeedsLocalModel = 1u << 3,
};

// What a model on a server (vLLM, SGLang, llama-server) cannot give: it returns next-token
// log-probabilities, never attention, embeddings or hidden states. A view whose needs meet this
// mask shows one line saying so instead of its picture (the window's server notice).
constexpr unsigned kServerLacks =
    kNeedsAttention | kNeedsEmbeddings | kNeedsHiddenStates | kNeedsLocalModel;

struct ViewEntry {
    const char* name;  // lower case, as --view and lesson files write it
    int stage;         // 0..4: a stage of the pipeline (Ctrl+1..5); -1: a classroom tool
    // The menu title, translated at call time in `context` (the class that showed it first, so the
    // translation files keep their entries).
    const char* context;
    const char* title;
    unsigned needs;  // ViewNeed bits
    // A lesson step may switch to it ("view": NAME).
    bool inLessons;
    // It takes a lesson step's "settings" object (ClassroomHub::applySettings).
    bool takesSettings;
    // Settings applied before a headless picture (JSON, "" for none), so the picture shows what a
    // class sees after pressing Run rather than an empty tool; `shotWaits`: the picture waits until
    // the experiment they start has settled.
    const char* shotSettings;
    bool shotWaits;
};

// Every view, stages first, in menu order.
std::span<const ViewEntry> viewTable();
// The entry for `name` (any case), or null.
const ViewEntry* findView(const QString& name);
// The stage view's entry (0..4), or null.
const ViewEntry* stageEntry(int stage);
// Every name, in table order.
QStringList viewNames();
// The names a lesson step may show.
QStringList lessonViewNames();
// The entry's title in the interface's language.
QString viewTitle(const ViewEntry& entry);
// The entry's shotSettings parsed (empty when there are none).
QJsonObject shotSettings(const ViewEntry& entry);

}  // namespace ts::ui

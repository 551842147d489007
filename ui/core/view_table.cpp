#include "core/view_table.hpp"

#include <QCoreApplication>
#include <QJsonDocument>
#include <array>

namespace ts::ui {

namespace {

constexpr const char* kStages = "ts::ui::PipelineBar";
constexpr const char* kClassroom = "ts::ui::ClassroomHub";
constexpr const char* kRun = R"({"run": true})";

// One row per view (see ViewEntry); a new view is a new row. The order is the menus' and
// --help's.
// clang-format off
constexpr std::array kViews{
    // name, stage, context, title, needs, inLessons, takesSettings, shotSettings, shotWaits
    ViewEntry{"tokens",     0, kStages,    QT_TRANSLATE_NOOP("ts::ui::PipelineBar", "1 Tokenizing"),                      kNeedsNothing,      true,  false, "",                                         false},
    ViewEntry{"embedding",  1, kStages,    QT_TRANSLATE_NOOP("ts::ui::PipelineBar", "2 Embedding"),                       kNeedsEmbeddings,   true,  false, "",                                         false},
    ViewEntry{"attention",  2, kStages,    QT_TRANSLATE_NOOP("ts::ui::PipelineBar", "3 Self-attention"),                  kNeedsAttention,    true,  false, "",                                         false},
    ViewEntry{"softmax",    3, kStages,    QT_TRANSLATE_NOOP("ts::ui::PipelineBar", "4 Softmax"),                         kNeedsNothing,      true,  false, "",                                         false},
    ViewEntry{"sampling",   4, kStages,    QT_TRANSLATE_NOOP("ts::ui::PipelineBar", "5 Sampling"),                        kNeedsNothing,      true,  false, "",                                         false},
    ViewEntry{"lessons",   -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Guided &lessons"),                  kNeedsNothing,      false, false, "",                                         false},
    ViewEntry{"lanes",     -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "&Temperature lanes"),               kNeedsLocalModel,   true,  true,  kRun,                                       true},
    ViewEntry{"confidence",-1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Hallucination lens: &confidence colouring"), kNeedsLocalModel, true, true, R"({"useGenerated": true, "score": true})", true},
    ViewEntry{"probes",    -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Hallucination lens: &fact probes"), kNeedsLocalModel,   true,  true,  kRun,                                       true},
    ViewEntry{"litm",      -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Lost in the &middle lab"),          kNeedsLocalModel,   true,  true,  kRun,                                       true},
    ViewEntry{"lens",      -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Logit le&ns"),                      kNeedsHiddenStates, true,  true,  "",                                         false},
    ViewEntry{"cost",      -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Inference c&ost meter"),            kNeedsNothing,      true,  true,  "",                                         false},
    ViewEntry{"tokenizers",-1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Tokeni&zer comparison"),            kNeedsNothing,      true,  true,  R"({"survey": true})",                      true},
    ViewEntry{"precision", -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "&Precision comparison"),            kNeedsLocalModel,   false, false, "",                                         false},
    ViewEntry{"guess",     -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "&Guess first, then reveal"),        kNeedsNothing,      true,  true,  "",                                         false},
    ViewEntry{"patch",     -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "Compare two prompts: patc&hing"),  kNeedsHiddenStates, true,  true,  kRun,                                       true},
    ViewEntry{"steer",     -1, kClassroom, QT_TRANSLATE_NOOP("ts::ui::ClassroomHub", "&Steering"),                        kNeedsHiddenStates, true,  true,  kRun,                                       true},
};
// clang-format on

}  // namespace

std::span<const ViewEntry> viewTable() { return kViews; }

const ViewEntry* findView(const QString& name) {
    const QString n = name.toLower();
    for (const ViewEntry& v : kViews)
        if (n == QLatin1String(v.name)) return &v;
    return nullptr;
}

const ViewEntry* stageEntry(int stage) {
    for (const ViewEntry& v : kViews)
        if (v.stage >= 0 && v.stage == stage) return &v;
    return nullptr;
}

QStringList viewNames() {
    QStringList names;
    for (const ViewEntry& v : kViews) names << QLatin1String(v.name);
    return names;
}

QStringList lessonViewNames() {
    QStringList names;
    for (const ViewEntry& v : kViews)
        if (v.inLessons) names << QLatin1String(v.name);
    return names;
}

QString viewTitle(const ViewEntry& entry) {
    return QCoreApplication::translate(entry.context, entry.title);
}

QJsonObject shotSettings(const ViewEntry& entry) {
    if (!entry.shotSettings[0]) return {};
    return QJsonDocument::fromJson(QByteArray(entry.shotSettings)).object();
}

}  // namespace ts::ui

// Reading a lesson's state claims off the live window (see lesson_screen.hpp). Each reading
// uses what the window shows a class: the embedding view's word map, the lab's run on screen,
// the calculator's fields, the timeline's visibility, the controls and the shown step.
#include "shell/lesson_screen.hpp"

#include <QVariant>
#include <algorithm>
#include <cmath>
#include <limits>

#include "classroom/agent_cost_calculator.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lesson_model.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/probes_view.hpp"
#include "shell/controls_panel.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/timeline_view.hpp"
#include "stages/attention_view.hpp"
#include "stages/embedding_view.hpp"
#include "stages/word_sets.hpp"
#include "tokenscope/word_map.hpp"

namespace ts::ui {

namespace {

// The word map on screen when it is the built-in set `id` in the lesson's language.
const ts::WordMap* shownWordMap(const MainWindow& window, const QString& id, QString* why) {
    auto* embedding =
        qobject_cast<EmbeddingView*>(window.stageView(static_cast<int>(Stage::Embedding)));
    if (!embedding || !embedding->isWordMap() || !embedding->wordMap()) {
        *why = QStringLiteral("the embedding view shows no word map");
        return nullptr;
    }
    const ClassroomHub* hub = window.classroom();
    const auto sets = builtinWordSets(hub->language(), hub->litm()->modelInfo().folder);
    const auto set =
        std::find_if(sets.begin(), sets.end(), [&](const WordSet& s) { return s.id == id; });
    if (set == sets.end()) {
        *why = QStringLiteral("there is no word set \"%1\" in %2").arg(id, hub->language());
        return nullptr;
    }
    QStringList want;
    for (const QStringList& group : set->groups)
        for (const QString& w : group)
            if (!want.contains(w.trimmed())) want << w.trimmed();
    QStringList shown;
    for (const auto& w : embedding->wordMap()->words) shown << QString::fromStdString(w.word);
    if (shown != want) {
        *why = QStringLiteral("the word map shows %1, not the set \"%2\"")
                   .arg(shown.join(QStringLiteral(", ")), id);
        return nullptr;
    }
    return embedding->wordMap();
}

// The share of the map's words whose nearest other word, in the picture's plane, is of their
// own group: what "similar words lie close" means on the screen.
double sameGroupShare(const ts::WordMap& map) {
    const auto& words = map.words;
    int same = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
        double best = std::numeric_limits<double>::infinity();
        int group = -1;
        for (std::size_t j = 0; j < words.size(); ++j) {
            if (j == i) continue;
            const double dx = words[i].xy[0] - words[j].xy[0];
            const double dy = words[i].xy[1] - words[j].xy[1];
            if (dx * dx + dy * dy < best) {
                best = dx * dx + dy * dy;
                group = words[j].group;
            }
        }
        same += group == words[i].group;
    }
    return words.empty() ? 0.0 : double(same) / double(words.size());
}

}  // namespace

std::optional<double> measureScreenClaim(const MainWindow& window, const LessonClaim& c,
                                         QString* why) {
    QString ignored;
    if (!why) why = &ignored;
    const QString& kind = c.kind;
    const ClassroomHub* hub = window.classroom();
    if (kind == QLatin1String("word_map_groups") || kind == QLatin1String("word_map_same_group")) {
        const ts::WordMap* map = shownWordMap(window, c.set.in(hub->language()), why);
        if (!map) return std::nullopt;
        if (kind == QLatin1String("word_map_same_group")) return sameGroupShare(*map);
        int groups = 0;
        for (const auto& w : map->words) groups = std::max(groups, w.group + 1);
        return groups;
    }
    if (kind == QLatin1String("litm_ran")) {
        const ts::LitmRun& run = hub->litm()->shownRun();
        if (run.result.points.empty()) {
            *why = QStringLiteral("the lab shows no run");
            return std::nullopt;
        }
        const ts::LitmOptions& o = run.options;
        if ((c.positions > 0 && o.positions != c.positions) ||
            (c.trials > 0 && o.trials != c.trials)) {
            *why = QStringLiteral("the lab's run had %1 positions and %2 contexts")
                       .arg(o.positions)
                       .arg(o.trials);
            return std::nullopt;
        }
        if (c.field == QLatin1String("trials")) return o.trials;
        if (c.field == QLatin1String("positions")) return o.positions;
        return o.records;
    }
    if (kind == QLatin1String("calculator"))
        return agentCostField(hub->cost()->calculator()->inputs(), c.field);
    if (kind == QLatin1String("timeline_visible")) {
        const auto* timeline = window.findChild<TimelineView*>();
        return timeline && timeline->isVisible() && !timeline->visibleRegion().isEmpty() ? 1 : 0;
    }
    if (kind == QLatin1String("shown_layer") || kind == QLatin1String("shown_head")) {
        auto* attention =
            qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
        if (!attention) return std::nullopt;
        return (kind == QLatin1String("shown_layer") ? attention->layer() : attention->head()) + 1;
    }
    if (kind == QLatin1String("shown_temperature")) {
        const auto& steps = window.history();
        const int i = window.currentStep();
        if (i < 0 || i >= static_cast<int>(steps.size())) {
            *why = QStringLiteral("no step is shown");
            return std::nullopt;
        }
        const double drawn = steps[static_cast<std::size_t>(i)]->params.temperature;
        const auto* controls = window.findChild<ControlsPanel*>();
        const double set = controls ? controls->params().temperature : drawn;
        if (std::abs(drawn - set) > 1e-6) {
            *why = QStringLiteral("the shown token was drawn at T = %1, the controls say T = %2")
                       .arg(drawn)
                       .arg(set);
            return std::nullopt;
        }
        return drawn;
    }
    if (kind == QLatin1String("shown_top_k")) {
        const auto* controls = window.findChild<ControlsPanel*>();
        if (!controls) return std::nullopt;
        return controls->params().topK;
    }
    if (kind == QLatin1String("drawn_tokens")) return static_cast<double>(window.history().size());
    if (kind == QLatin1String("probe_set_size")) {
        const ProbesView* probes = hub->probes();
        const QString set = c.set.in(hub->language());
        if (!probes->currentSetFile().endsWith(QLatin1Char('/') + set + QStringLiteral(".json"))) {
            *why = QStringLiteral("the probes view shows %1").arg(probes->currentSetFile());
            return std::nullopt;
        }
        return probes->rowCount();
    }
    if (kind == QLatin1String("probability_axis_fixed")) {
        const QVariant fixed =
            window.stageView(static_cast<int>(Stage::Softmax))->property("fixedAxis");
        if (!fixed.isValid()) {
            *why = QStringLiteral("the softmax view has no fixed axis");
            return std::nullopt;
        }
        return fixed.toBool() ? 1 : 0;
    }
    if (kind == QLatin1String("silenced_heads")) {
        // What the window runs with, and the banner that names it.
        const auto& set = window.interventions();
        if (!set.ablate.empty() && window.interventionsText().isEmpty()) {
            *why = QStringLiteral("heads are silenced but no banner names them");
            return std::nullopt;
        }
        return static_cast<double>(set.ablate.size());
    }
    *why = QStringLiteral("\"%1\" is not a state claim").arg(kind);
    return std::nullopt;
}

}  // namespace ts::ui

// The window's what-if parts: the interventions of the run shown (heads silenced from the
// attention grid, tokens banned or biased from the softmax and sampling views), the banner
// that names them with its before/after switch, the replay on the engine's thread, the set
// handed to the classroom's lanes and probes, and the head kinds' badges.
#include <QStatusBar>
#include <algorithm>

#include "classroom/hub.hpp"
#include "core/engine_controller.hpp"
#include "core/unintervened_run.hpp"
#include "shell/controls_panel.hpp"
#include "shell/intervention_banner.hpp"
#include "shell/main_window.hpp"
#include "stages/attention_view.hpp"
#include "stages/sampling_view.hpp"
#include "stages/softmax_view.hpp"
#include "tokenscope/what_if.hpp"

namespace ts::ui {

QWidget* MainWindow::buildInterventionBanner(QWidget* parent) {
    m_interventionBanner = new InterventionBanner(parent);
    connect(m_interventionBanner, &InterventionBanner::restoreRequested, this,
            [this] { setInterventions({}); });
    connect(m_attention, &AttentionView::headSilenceToggled, this, &MainWindow::toggleSilencedHead);
    connect(m_softmax, &SoftmaxView::candidateBanned, this, &MainWindow::banFromCurrentStep);
    connect(m_softmax, &SoftmaxView::candidateBiased, this, &MainWindow::biasFromCurrentStep);
    connect(m_sampling, &SamplingView::candidateBanned, this, &MainWindow::banFromCurrentStep);
    connect(m_sampling, &SamplingView::candidateBiased, this, &MainWindow::biasFromCurrentStep);
    // Before/after: the step shown without the interventions, made on a thread of its own.
    m_unintervened = new UnintervenedRun(this);
    connect(m_interventionBanner, &InterventionBanner::beforeAfterToggled, this,
            [this] { showBeforeAfter(); });
    connect(m_unintervened, &UnintervenedRun::ready, this, [this] { showBeforeAfter(); });
    connect(m_unintervened, &UnintervenedRun::failed, this,
            [this](const QString& message) { statusBar()->showMessage(message, 6000); });
    // A replay or run makes new steps: their "before" is asked for once it stops.
    connect(this, &MainWindow::runningChanged, this, [this](bool running) {
        if (!running) showBeforeAfter();
    });
    // The badges are measured once per model, on a thread of their own.
    connect(m_engine->worker(), &EngineWorker::modelLoaded, this, [this](const ModelInfo& info) {
        m_unintervened->clear();
        measureHeadKinds(info.model);
    });
    return m_interventionBanner;
}

void MainWindow::setBeforeAfter(bool on) { m_interventionBanner->setShowsBefore(on); }

bool MainWindow::beforeAfterBusy() const { return m_unintervened && m_unintervened->isBusy(); }

void MainWindow::showBeforeAfter() {
    if (!m_unintervened) return;
    const bool on = m_interventionBanner->showsBefore() && !m_interventions.empty();
    const TranscriptStepPtr rec = on && m_current >= 0 ? m_transcript->at(m_current) : nullptr;
    TranscriptStepPtr before = rec ? m_unintervened->beforeOf(rec) : nullptr;
    m_softmax->setBefore(before);
    m_sampling->setBefore(before);
    // Asked for once the steps stop coming (a replay, a run), not for each of them.
    if (!rec || before || m_running || rec->fromFile() || !m_info.model) return;
    const auto upTo = m_transcript->upTo(m_current);
    m_unintervened->request(m_info, {upTo.begin(), upTo.end()});
}

void MainWindow::measureHeadKinds(std::shared_ptr<const ts::Model> model) {
    m_attention->setHeadKinds({});
    if (!model) return;
    m_headKindsTask.start<std::vector<std::string>>(
        this,
        [model](const std::atomic<bool>&) {
            // No prompt: previous and first measured on the random sequence, as induction is.
            const ts::HeadKinds kinds = ts::headKinds(model, {}, 1);
            std::vector<std::string> out;
            out.reserve(kinds.heads.size());
            for (const auto& h : kinds.heads) out.push_back(h.kind);
            return out;
        },
        [this, model](std::vector<std::string> kinds) {
            if (m_info.model == model) m_attention->setHeadKinds(std::move(kinds));
        },
        [](const QString&) {});  // no badges: the grid works without them
}

void MainWindow::setInterventions(const ts::Interventions& interventions, int fromStep) {
    m_interventions = interventions;
    m_interventionBanner->setInterventions(m_interventions, m_info.vocabulary);
    std::vector<std::pair<int, int>> silenced;
    for (const auto& h : m_interventions.ablate) silenced.emplace_back(h.layer, h.head);
    m_attention->setSilencedHeads(silenced);
    if (m_classroom) m_classroom->setInterventions(m_interventions);  // lanes and probes too
    // The worker replays the history it has with the set (or applies it to the next prompt).
    if (!m_transcript->steps().empty()) m_current = m_transcript->size() - 1;
    m_engine->setInterventions(m_interventions, fromStep);
}

void MainWindow::applyLessonSilence(const std::vector<std::pair<int, int>>& heads) {
    ts::Interventions next;
    for (const auto& [layer, head] : heads)                  // 1-based in the lesson file
        if (layer <= m_info.nLayer && head <= m_info.nHead)  // another model may have fewer
            next.ablate.push_back({layer - 1, head - 1});
    const bool same = next.ablate == m_interventions.ablate && m_interventions.banned.empty() &&
                      m_interventions.logitBias.empty() && m_interventions.patches.empty() &&
                      m_interventions.steerLayer < 0;
    if (!same) setInterventions(next);
}

QString MainWindow::interventionsText() const {
    return m_interventionBanner->isHidden() ? QString() : m_interventionBanner->text();
}

void MainWindow::toggleSilencedHead(int layer, int head) {
    ts::Interventions next = m_interventions;
    const ts::HeadRef ref{layer, head};
    const auto it = std::find(next.ablate.begin(), next.ablate.end(), ref);
    if (it != next.ablate.end())
        next.ablate.erase(it);
    else
        next.ablate.push_back(ref);
    if (next.ablate.empty()) next.ablateMeans.clear();
    statusBar()->showMessage(tr("Running again with the same seed and steps: %1")
                                 .arg(InterventionBanner::describe(next, m_info.vocabulary.get())),
                             6000);
    setInterventions(next);
}

void MainWindow::banFromCurrentStep(int token) {
    if (m_current < 0 || token < 0) return;
    ts::Interventions next = m_interventions;
    if (std::find(next.banned.begin(), next.banned.end(), token) == next.banned.end())
        next.banned.push_back(token);
    const int from = m_current;
    setInterventions(next, from);
}

void MainWindow::biasFromCurrentStep(int token, float bias) {
    if (m_current < 0 || token < 0) return;
    ts::Interventions next = m_interventions;
    auto it = std::find_if(next.logitBias.begin(), next.logitBias.end(),
                           [token](const auto& b) { return b.first == token; });
    if (it != next.logitBias.end())
        it->second += bias;
    else
        next.logitBias.emplace_back(token, bias);
    const int from = m_current;
    setInterventions(next, from);
}

}  // namespace ts::ui

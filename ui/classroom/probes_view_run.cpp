// The fact probes' runs and what is read from their results (see probes_view.hpp): the probes
// run off the GUI thread with the window's what-if set when one is in force (ts::runFactProbe
// takes it for every pass), the model's own answers, the per-group summary and its sentence.
#include <QLabel>
#include <QTableWidget>
#include <algorithm>
#include <cmath>

#include "classroom/fact_remedy.hpp"
#include "classroom/probe_sets.hpp"
#include "classroom/probes_view.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::ui {

namespace {
QString probeRunPercent(double p) {
    if (std::isnan(p)) return QStringLiteral("–");
    if (p >= 0.001) return QStringLiteral("%1 %").arg(p * 100, 0, 'f', 1);
    return QStringLiteral("%1").arg(p, 0, 'e', 1);
}
bool probeRunHasHangul(const QString& text) {
    for (const QChar c : text)
        if ((c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3) ||
            (c.unicode() >= 0x1100 && c.unicode() <= 0x11FF) ||
            (c.unicode() >= 0x3130 && c.unicode() <= 0x318F))
            return true;
    return false;
}
}  // namespace

void ProbesView::setModel(const ModelInfo& info) {
    ClassroomToolView::setModel(info);
    m_remedy->setModel(info);
}

void ProbesView::setInterventions(std::shared_ptr<const ts::Interventions> interventions) {
    ClassroomToolView::setInterventions(interventions);
    m_remedy->setInterventions(std::move(interventions));  // the same notice says so
}

QString ProbesView::interventionRanText() const {
    return tr("The probabilities shown were computed with it.");
}

void ProbesView::applySettings(const QJsonObject& s) {
    // "set": a file's name without .json ("facts", "facts_ko").
    const int chosen = probeSetNamed(m_sets, s.value(QStringLiteral("set")).toString());
    if (chosen >= 0) {
        m_setBox->setCurrentIndex(chosen);
        chooseSet(chosen);
    }
    m_remedy->applySettings(s);  // "withFact", "probe"
    if (s.value(QStringLiteral("run")).toBool()) run();
}

void ProbesView::run() {
    if (!requireModel(m_summary)) return;
    const auto list = probes();
    const ModelInfo info = m_info;
    const auto progress = progressReporter();
    // Every pass of every probe with the window's what-if set (a mean ablation's means from
    // each probe's own prompt), as `tokenscope-cli probe` runs it with the same flags.
    const auto interventions = interventionsForRun();
    using Out = std::vector<ts::ProbeResult>;
    startTask<Out>(
        [info, list, progress, interventions](const std::atomic<bool>& cancel) {
            Out out;
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (cancel.load()) throw std::runtime_error("cancelled");
                // with the model's own answer read as a word (ts::modelAnswer): " Kroish",
                // not " K"; " a busy city", not " a"
                out.push_back(
                    ts::runFactProbe(info.model, *info.tokenizer, list[i], {}, interventions));
                progress(double(i + 1) / double(list.size()));
            }
            return out;
        },
        [this](Out out) { showResults(out); },
        [this](const QString& message) { m_summary->setText(message); });
}

void ProbesView::showResults(const std::vector<ts::ProbeResult>& results) {
    m_results = results;
    m_answers.assign(results.size(), QString());
    const int n = std::min(m_table->rowCount(), static_cast<int>(results.size()));
    for (int r = 0; r < n; ++r) {
        const auto& res = results[static_cast<std::size_t>(r)];
        double pf = 0;
        for (double lp : res.logPFalse) pf = std::max(pf, std::exp(lp));
        auto* bars = m_table->item(r, Bars);
        bars->setData(ProbeBarDelegate::kTrueRole, std::exp(res.logPTrue));
        bars->setData(ProbeBarDelegate::kFalseRole, pf);
        QStringList tip{tr("P(true) = %1").arg(std::exp(res.logPTrue), 0, 'g', 3)};
        for (double lp : res.logPFalse) tip << tr("P(false) = %1").arg(std::exp(lp), 0, 'g', 3);
        bars->setToolTip(tip.join(QLatin1Char('\n')));
        const QString top =
            QString::fromStdString(ts::visibleWhitespace(ts::bytesAsText(res.answer.text)));
        m_answers[static_cast<std::size_t>(r)] = top;
        // Coloured by truth, not by confidence: a confident wrong answer is red. The
        // confidence is the number beside it.
        const bool right = answerIsTruth(r);
        m_table->item(r, ModelAnswer)
            ->setText(QStringLiteral("%1  (%2)  %3")
                          .arg(top, probeRunPercent(res.answer.prob),
                               right ? QStringLiteral("✓") : QStringLiteral("✗")));
        m_table->item(r, ModelAnswer)->setData(kAnswerRightRole, right);
        m_table->item(r, ModelAnswer)
            ->setBackground(right ? QColor(0xc8, 0xe6, 0xc9) : QColor(0xff, 0xcd, 0xd2));
        m_table->item(r, ModelAnswer)
            ->setToolTip(
                tr("The model's own answer: its greedy continuation up to the end of the word, "
                   "past "
                   "function words such as “a” or “in”; %1 is the probability of the whole answer.")
                    .arg(probeRunPercent(res.answer.prob)) +
                QLatin1Char('\n') +
                (right ? tr("Green: the answer is the true one.")
                       : tr("Red: the answer is not the true one, however confident.")));
        m_table->item(r, ModelAnswer)->setForeground(Qt::black);
        auto* verdict = m_table->item(r, Verdict);
        verdict->setText(res.truthWins ? tr("true wins") : tr("false wins"));
        verdict->setForeground(res.truthWins ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
    }
    fillSummaryTable();
    arrangeRows();
    fitColumns();
    m_summary->setText(summary());
    m_table->viewport()->update();
}

bool ProbesView::answerIsTruth(int row) const {
    if (row < 0 || row >= static_cast<int>(m_results.size()) || !m_table->item(row, Truth))
        return false;
    return ts::answerMatches(m_results[static_cast<std::size_t>(row)].answer.word,
                             m_table->item(row, Truth)->text().toStdString());
}

bool ProbesView::isHeldOut(int row) const { return groupId(row).startsWith(QLatin1String("held")); }

QString ProbesView::groupId(int row) const {
    const auto* item = m_table->item(row, Group);
    if (!item) return {};
    // A cell edited by hand is its own id; otherwise the id behind the translated name.
    const QString id = item->data(kGroupIdRole).toString();
    return !id.isEmpty() && item->text() == probeGroupName(id) ? id : item->text();
}

bool ProbesView::isInvention(int row) const {
    if (row < 0 || row >= static_cast<int>(m_results.size()) || row >= m_table->rowCount())
        return false;
    const auto& res = m_results[static_cast<std::size_t>(row)];
    // an answer of function words only ("the") invents nothing
    return !res.answer.word.empty() && !answerIsTruth(row) && res.answer.prob >= kConfident;
}

std::vector<ProbesView::GroupSummary> ProbesView::groupSummaries() const {
    std::vector<GroupSummary> out;
    const int n = std::min(m_table->rowCount(), static_cast<int>(m_results.size()));
    for (int r = 0; r < n; ++r) {
        const QString family = groupId(r).section(QLatin1Char('/'), 0, 0);
        const QString language =
            probeRunHasHangul(m_table->item(r, Prompt)->text()) ? tr("Korean") : tr("English");
        auto it = std::find_if(out.begin(), out.end(), [&](const GroupSummary& g) {
            return g.group == family && g.language == language;
        });
        if (it == out.end()) {
            out.push_back({family, language});
            it = out.end() - 1;
        }
        const auto& res = m_results[static_cast<std::size_t>(r)];
        ++it->probes;
        it->truthWins += res.truthWins;
        it->top1 += answerIsTruth(r);
        it->meanConfidence += res.answer.prob;
        it->confidentInventions += isInvention(r);
    }
    for (auto& g : out) g.meanConfidence /= std::max(1, g.probes);
    // Held-out first: the rows the lesson is about.
    std::stable_sort(out.begin(), out.end(), [](const GroupSummary& a, const GroupSummary& b) {
        return a.group.startsWith(QLatin1String("held")) >
               b.group.startsWith(QLatin1String("held"));
    });
    return out;
}

int ProbesView::rowCount() const { return m_table->rowCount(); }

QString ProbesView::summary() const {
    if (m_results.empty())
        return tr("%n probe(s). Press “Run probes”.", nullptr, m_table ? m_table->rowCount() : 0);
    int heldOut = 0, right = 0, inventions = 0, wins = 0, all = 0;
    double confidence = 0;
    for (const auto& g : groupSummaries()) {
        all += g.probes;
        wins += g.truthWins;
        if (!g.group.startsWith(QLatin1String("held"))) continue;
        heldOut += g.probes;
        right += g.top1;
        inventions += g.confidentInventions;
        confidence += g.meanConfidence * g.probes;
    }
    if (heldOut == 0)
        return tr("The true answer beats every false one in %1 of %2 probes.").arg(wins).arg(all);
    return tr("On held-out facts, which the model never saw, its own answer is right %1 of %2 "
              "times, "
              "yet it puts on average %3 % on it; %4 of them are confident inventions (%5 % or "
              "more on a "
              "wrong answer). That is a hallucination.")
        .arg(right)
        .arg(heldOut)
        .arg(confidence / heldOut * 100, 0, 'f', 0)
        .arg(inventions)
        .arg(kConfident * 100, 0, 'f', 0);
}

}  // namespace ts::ui

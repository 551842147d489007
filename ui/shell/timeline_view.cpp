#include "shell/timeline_view.hpp"

#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "tokenscope/sampling.hpp"
#include "widgets/static_text_delegate.hpp"

namespace ts::ui {

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_list = new QListWidget(this);
    // One line per step, all of one height: the view need not measure every row again when a
    // step is added (its paint took 2.5-4 ms a step near 1,024 tokens, bench_stalls).
    m_list->setUniformItemSizes(true);
    // Each line laid out once, not in every repaint of the scrolling list.
    m_list->setItemDelegate(new StaticTextDelegate(m_list));
    layout->addWidget(m_list, 1);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0) emit stepSelected(row);
    });
    m_syncTimer.setSingleShot(true);
    m_syncTimer.setInterval(kSyncMs);
    connect(&m_syncTimer, &QTimer::timeout, this, &TimelineView::sync);
    retranslateUi();
}

void TimelineView::setVocabulary(VocabularyPtr vocab) { m_vocab = std::move(vocab); }

QString TimelineView::describe(const TranscriptModel& model, int index) const {
    const TranscriptStep& r = *model.at(index);
    // Tokens read after the context they were added to, so split characters name themselves.
    // A transcript file's steps name their tokens as the file does (the loaded model's
    // vocabulary, if any, may be another model's).
    const TranscriptStepPtr next = model.at(index + 1);
    auto label = [&](std::span<const int> before, int t) {
        if (r.fromFile()) {
            const std::size_t at = before.size();
            if (at < r.contextSize()) return QString::fromStdString(r.tokenText(at));
            if (next && at < next->contextSize())
                return QString::fromStdString(next->tokenText(at));
            if (t == r.sampledToken && !r.sampledDisplay().empty())
                return QString::fromStdString(r.sampledDisplay());
            return QStringLiteral("#%1").arg(t);
        }
        return m_vocab ? m_vocab->displayAfter(before, t) : QStringLiteral("#%1").arg(t);
    };
    const auto context = r.contextTokens();
    const auto beforeInput = context.first(context.empty() ? 0 : context.size() - 1);
    QString input;
    if (r.index == 0)
        input = tr("prompt (%n token(s))", nullptr, static_cast<int>(r.contextTokens().size()));
    else if (r.trace && !r.trace->tokens.empty())
        input = label(beforeInput, r.trace->tokens.front());
    QString out = QStringLiteral("%1 · %2").arg(r.index + 1).arg(input);  // steps count from 1
    if (r.chosen) {
        out += QStringLiteral(" → %1 (%2)")
                   .arg(label(r.contextTokens(), r.sampledToken), tr("chosen"));
    } else if (r.sampledToken >= 0 &&
               (r.figures.rank > 0 || (r.trace && !r.trace->logits.empty()))) {
        // Stored with the draw by the engine (rank > 0); a hand-built record has only logits.
        const double p =
            r.figures.rank > 0
                ? static_cast<double>(r.figures.samplingProb)
                : ts::samplingDistribution(r.trace->logits,
                                           r.params)[static_cast<std::size_t>(r.sampledToken)];
        // Small probabilities keep two significant digits: "0.013%", not "0.0%".
        const double pct = 100.0 * p;
        out += QStringLiteral(" → %1 (%2%)")
                   .arg(label(r.contextTokens(), r.sampledToken))
                   .arg(pct, 0, pct < 1.0 ? 'g' : 'f', pct < 1.0 ? 2 : 1);
    }
    if (r.thinned()) out += QStringLiteral(" · ") + tr("summary only");
    if (r.fromFile()) out += QStringLiteral(" · ") + tr("from file");
    return out;
}

void TimelineView::setModel(const TranscriptModel* model) { m_model = model; }

void TimelineView::transcriptChanged(const TranscriptModel& model, int from) {
    m_model = &model;
    m_pendingFrom = std::min(m_pendingFrom, from);
    if (!m_syncTimer.isActive()) m_syncTimer.start();
}

void TimelineView::sync() {
    m_syncTimer.stop();
    const QSignalBlocker block(m_list);
    if (m_model && m_pendingFrom != std::numeric_limits<int>::max()) {
        const TranscriptModel& model = *m_model;
        const bool follow = m_list->currentRow() < 0 || m_list->currentRow() >= m_list->count() - 1;
        int from = std::max(0, std::min(m_pendingFrom, m_list->count()));
        // A file's step names the token it drew as the next step's text reads it: redo the
        // line before the new steps.
        if (from > 0 && from <= model.size() && model.at(from - 1)->fromFile()) --from;
        while (m_list->count() > from) delete m_list->takeItem(m_list->count() - 1);
        for (int i = from; i < model.size(); ++i) m_list->addItem(describe(model, i));
        if ((follow && m_pendingCurrent == -2) || m_list->currentRow() >= m_list->count())
            m_list->setCurrentRow(m_list->count() - 1);
    }
    m_pendingFrom = std::numeric_limits<int>::max();
    if (m_pendingCurrent != -2) m_list->setCurrentRow(m_pendingCurrent);
    m_pendingCurrent = -2;
}

void TimelineView::setCurrent(int index) {
    m_pendingCurrent = index;
    if (!m_syncTimer.isActive()) sync();
}

int TimelineView::current() const {
    const_cast<TimelineView*>(this)->sync();
    return m_list->currentRow();
}

int TimelineView::count() const {
    const_cast<TimelineView*>(this)->sync();
    return m_list->count();
}

void TimelineView::retranslateUi() {
    m_hint->setText(
        tr("Steps of the loop. Select one to inspect it in every view; click another "
           "candidate in the Softmax view to branch from it (\"what if\")."));
    for (int i = 0; m_model && i < m_list->count() && i < m_model->size(); ++i)
        m_list->item(i)->setText(describe(*m_model, i));
}

void TimelineView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui

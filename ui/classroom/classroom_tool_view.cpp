// The shared behaviour of the experiment-running classroom tools (see the header): control
// switching while busy, progress from the experiment thread, the model check and the live
// language switch.
#include "classroom/classroom_tool_view.hpp"

#include <QAbstractButton>
#include <QEvent>
#include <QLabel>
#include <QProgressBar>

#include "core/intervention_text.hpp"

namespace ts::ui {

void ClassroomToolView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        refreshInterventionNotice();
    }
    QWidget::changeEvent(event);
}

void ClassroomToolView::setInterventions(std::shared_ptr<const ts::Interventions> interventions) {
    if (interventions && interventions->empty()) interventions.reset();
    m_interventions = std::move(interventions);
    refreshInterventionNotice();
}

QLabel* ClassroomToolView::interventionNotice() {
    if (!m_interventionNotice) {
        m_interventionNotice = new QLabel(this);
        m_interventionNotice->setObjectName(QStringLiteral("interventionNotice"));
        m_interventionNotice->setWordWrap(true);
        // The banner's colours: the same what-if, named the same way.
        m_interventionNotice->setStyleSheet(
            QStringLiteral("QLabel#interventionNotice { background: #fde8e8; color: #5a1111;"
                           " border: 1px solid #d9534f; border-radius: 4px; padding: 3px; }"));
        refreshInterventionNotice();
    }
    return m_interventionNotice;
}

std::shared_ptr<const ts::Interventions> ClassroomToolView::interventionsForRun() {
    m_runWith = m_interventions;
    return m_interventions;
}

void ClassroomToolView::resultsShown() {
    m_ranWith = m_runWith;
    m_hasRun = true;
    refreshInterventionNotice();
}

QString ClassroomToolView::interventionNoticeText() const {
    if (!m_interventions) return {};
    QString text = tr("What-if in force: %1.")
                       .arg(describeInterventions(*m_interventions, m_info.vocabulary.get()));
    text +=
        QLatin1Char(' ') + (m_hasRun && m_ranWith == m_interventions ? interventionRanText()
                                                                     : tr("The next run uses it."));
    return text;
}

QString ClassroomToolView::interventionRanText() const {
    return tr("The results shown were made with it.");
}

void ClassroomToolView::refreshInterventionNotice() {
    if (!m_interventionNotice) return;
    const QString text = interventionNoticeText();
    m_interventionNotice->setText(text);
    m_interventionNotice->setVisible(m_noticeShown && !text.isEmpty());
}

void ClassroomToolView::setRunControls(std::initializer_list<QAbstractButton*> run,
                                       QAbstractButton* cancel, QProgressBar* progress) {
    m_runButtons.clear();
    for (QAbstractButton* b : run) m_runButtons.append(b);
    m_cancelButton = cancel;
    m_progress = progress;
    if (m_cancelButton) m_cancelButton->setEnabled(false);
    if (m_progress) m_progress->setRange(0, 1000);
}

bool ClassroomToolView::requireModel(QLabel* status) {
    if (m_info.model && m_info.tokenizer) return true;
    if (status) status->setText(tr("Load a model with a tokenizer first."));
    return false;
}

std::function<void(double)> ClassroomToolView::progressReporter() {
    // The experiment thread may outlive neither the view (the task waits for it) nor the
    // bar, but a queued call may arrive after either is gone: guard both.
    QPointer<ClassroomToolView> self(this);
    return [self](double fraction) {
        if (!self) return;
        postProgress(
            self.data(),
            [self](double f) {
                if (self && self->m_progress)
                    self->m_progress->setValue(static_cast<int>(f * 1000));
            },
            fraction);
    };
}

void ClassroomToolView::setRunning(bool running, bool completed) {
    for (const auto& b : m_runButtons)
        if (b) b->setEnabled(!running);
    if (m_cancelButton) m_cancelButton->setEnabled(running);
    if (m_progress) {
        if (running)
            m_progress->setValue(0);
        else if (completed)
            m_progress->setValue(1000);
    }
}

}  // namespace ts::ui

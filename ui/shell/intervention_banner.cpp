#include "shell/intervention_banner.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QToolButton>

#include "core/intervention_text.hpp"

namespace ts::ui {

InterventionBanner::InterventionBanner(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("interventionBanner"));
    setAttribute(Qt::WA_StyledBackground, true);
    setStyleSheet(QStringLiteral(
        "QWidget#interventionBanner { background: #fde8e8; border: 1px solid #d9534f;"
        " border-radius: 4px; } QLabel { color: #5a1111; }"));
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(8, 4, 4, 4);
    grid->setVerticalSpacing(2);
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("interventionText"));
    m_label->setWordWrap(true);
    grid->addWidget(m_label, 0, 0);
    // The comparison's own line, under the set: what the grey marks beside the bars are.
    m_before = new QLabel(this);
    m_before->setObjectName(QStringLiteral("interventionBeforeText"));
    m_before->setWordWrap(true);
    m_before->hide();
    grid->addWidget(m_before, 1, 0);
    m_compare = new QToolButton(this);
    m_compare->setObjectName(QStringLiteral("interventionBeforeAfter"));
    m_compare->setCheckable(true);
    grid->addWidget(m_compare, 0, 1);
    m_restore = new QToolButton(this);
    grid->addWidget(m_restore, 0, 2);
    grid->setColumnStretch(0, 1);
    connect(m_restore, &QToolButton::clicked, this, &InterventionBanner::restoreRequested);
    connect(m_compare, &QToolButton::toggled, this, [this](bool on) {
        refresh();
        emit beforeAfterToggled(on);
    });
    refresh();
}

void InterventionBanner::setInterventions(const ts::Interventions& interventions,
                                          VocabularyPtr vocabulary) {
    m_interventions = interventions;
    m_vocabulary = std::move(vocabulary);
    if (m_interventions.empty()) setShowsBefore(false);
    refresh();
}

QString InterventionBanner::text() const { return m_label->text(); }

bool InterventionBanner::showsBefore() const { return m_compare->isChecked(); }

void InterventionBanner::setShowsBefore(bool on) { m_compare->setChecked(on); }

QString InterventionBanner::beforeText() const {
    return m_before->isHidden() ? QString() : m_before->text();
}

QString InterventionBanner::describe(const ts::Interventions& iv, const Vocabulary* vocabulary) {
    return describeInterventions(iv, vocabulary);
}

void InterventionBanner::refresh() {
    const QString what = describe(m_interventions, m_vocabulary.get());
    m_label->setText(what.isEmpty() ? QString()
                                    : what + QStringLiteral(" — ") +
                                          tr("every stage shows this what-if run."));
    m_restore->setText(tr("Restore"));
    m_restore->setToolTip(tr("Give every head and token back and run again with the same seed"));
    m_compare->setText(tr("Before / after"));
    m_compare->setToolTip(
        tr("Show beside each bar of the softmax and sampling views the probability the same "
           "step had without the interventions (the same tokens, computed again)"));
    m_before->setText(
        tr("Before / after: the grey bars, the dark marks and the “before” figures are the "
           "probabilities without the interventions, on the same tokens."));
    m_before->setVisible(m_compare->isChecked() && !what.isEmpty());
    setVisible(!what.isEmpty());
}

void InterventionBanner::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) refresh();
    // The window sets the view's font here (presentation mode's size): the labels and buttons
    // take it too, whatever the style sheet did when they were first polished.
    if (event->type() == QEvent::FontChange)
        for (QWidget* w : {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_before),
                           static_cast<QWidget*>(m_compare), static_cast<QWidget*>(m_restore)})
            w->setFont(font());
    QWidget::changeEvent(event);
}

}  // namespace ts::ui

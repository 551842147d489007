#include "shell/intervention_banner.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStringList>
#include <QToolButton>

namespace ts::ui {
namespace {
QString tokenName(int id, const Vocabulary* vocabulary) {
    return vocabulary && id >= 0 && id < vocabulary->size
               ? QStringLiteral("“%1”").arg(vocabulary->display(id))
               : QStringLiteral("#%1").arg(id);
}
}  // namespace

InterventionBanner::InterventionBanner(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("interventionBanner"));
    setAttribute(Qt::WA_StyledBackground, true);
    setStyleSheet(QStringLiteral(
        "QWidget#interventionBanner { background: #fde8e8; border: 1px solid #d9534f;"
        " border-radius: 4px; } QLabel { color: #5a1111; }"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(8, 4, 4, 4);
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("interventionText"));
    m_label->setWordWrap(true);
    row->addWidget(m_label, 1);
    m_restore = new QToolButton(this);
    row->addWidget(m_restore);
    connect(m_restore, &QToolButton::clicked, this, &InterventionBanner::restoreRequested);
    refresh();
}

void InterventionBanner::setInterventions(const ts::Interventions& interventions,
                                          VocabularyPtr vocabulary) {
    m_interventions = interventions;
    m_vocabulary = std::move(vocabulary);
    refresh();
}

QString InterventionBanner::text() const { return m_label->text(); }

QString InterventionBanner::describe(const ts::Interventions& iv, const Vocabulary* vocabulary) {
    QStringList parts;
    if (!iv.ablate.empty()) {
        QStringList heads;
        for (const auto& h : iv.ablate)
            heads << tr("layer %1 head %2").arg(h.layer + 1).arg(h.head + 1);
        parts << (iv.ablateMode == ts::AblateMode::Mean ? tr("Silenced (mean output): %1")
                                                        : tr("Silenced: %1"))
                     .arg(heads.join(QStringLiteral(", ")));
    }
    if (!iv.banned.empty()) {
        QStringList tokens;
        for (int id : iv.banned) tokens << tokenName(id, vocabulary);
        parts << tr("Banned: %1").arg(tokens.join(QStringLiteral(", ")));
    }
    if (!iv.logitBias.empty()) {
        QStringList biases;
        for (const auto& [id, value] : iv.logitBias)
            biases << QStringLiteral("%1 %2%3")
                          .arg(tokenName(id, vocabulary),
                               value >= 0 ? QStringLiteral("+") : QString())
                          .arg(static_cast<double>(value), 0, 'g', 3);
        parts << tr("Logit bias: %1").arg(biases.join(QStringLiteral(", ")));
    }
    if (iv.steerLayer >= 0)
        parts << tr("Steered at block %1, strength %2")
                     .arg(iv.steerLayer + 1)
                     .arg(static_cast<double>(iv.steerStrength), 0, 'g', 3);
    return parts.join(QStringLiteral(" · "));
}

void InterventionBanner::refresh() {
    const QString what = describe(m_interventions, m_vocabulary.get());
    m_label->setText(what.isEmpty() ? QString()
                                    : what + QStringLiteral(" — ") +
                                          tr("every stage shows this what-if run."));
    m_restore->setText(tr("Restore"));
    m_restore->setToolTip(tr("Give every head and token back and run again with the same seed"));
    setVisible(!what.isEmpty());
}

void InterventionBanner::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) refresh();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui

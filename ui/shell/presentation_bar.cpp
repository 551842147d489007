// Presentation mode's slim toolbar (see presentation_bar.hpp).
#include "shell/presentation_bar.hpp"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>

namespace ts::ui {

PresentationBar::PresentationBar(QWidget* parent) : QToolBar(parent) {
    setObjectName(QStringLiteral("presentationBar"));
    setMovable(false);
    setFloatable(false);
    m_promptLabel = new QLabel(this);
    m_prompt = new QLineEdit(this);
    m_prompt->setObjectName(QStringLiteral("presentationPrompt"));
    m_prompt->setClearButtonEnabled(true);
    m_step = new QPushButton(this);
    m_run = new QPushButton(this);
    m_temperatureLabel = new QLabel(this);
    m_temperature = new QDoubleSpinBox(this);
    m_temperature->setRange(0.0, 2.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    addWidget(m_promptLabel);
    addWidget(m_prompt);
    addWidget(m_step);
    addWidget(m_run);
    addSeparator();
    addWidget(m_temperatureLabel);
    addWidget(m_temperature);
    connect(m_prompt, &QLineEdit::textEdited, this, &PresentationBar::promptEdited);
    connect(m_prompt, &QLineEdit::returnPressed, this, &PresentationBar::stepClicked);
    connect(m_step, &QPushButton::clicked, this, &PresentationBar::stepClicked);
    connect(m_run, &QPushButton::clicked, this, &PresentationBar::runClicked);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this,
            &PresentationBar::temperatureEdited);
    retranslateUi();
}

void PresentationBar::setPrompt(const QString& text) {
    if (m_prompt->text() == text) return;
    const QSignalBlocker block(m_prompt);
    m_prompt->setText(text);
    m_prompt->setCursorPosition(0);
}

QString PresentationBar::prompt() const { return m_prompt->text(); }

void PresentationBar::setTemperature(double t) {
    const QSignalBlocker block(m_temperature);
    m_temperature->setValue(t);
}

double PresentationBar::temperature() const { return m_temperature->value(); }

void PresentationBar::setRunning(bool running) {
    m_running = running;
    m_step->setEnabled(!running);
    retranslateUi();
}

void PresentationBar::setBusy(bool busy) {
    m_step->setEnabled(!busy && !m_running);
    m_run->setEnabled(!busy);
}

void PresentationBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QToolBar::changeEvent(event);
}

void PresentationBar::retranslateUi() {
    setWindowTitle(tr("Presentation controls"));
    m_promptLabel->setText(tr("Prompt:"));
    m_step->setText(tr("Step"));
    m_step->setToolTip(tr("One step: predict, draw, feed the token back in"));
    m_run->setText(m_running ? tr("Pause") : tr("Run"));
    m_temperatureLabel->setText(tr("Temperature:"));
    m_temperature->setToolTip(tr(
        "Divides the logits before the softmax: low piles the probability up, high flattens it"));
    // Room for the wider of Run and Pause, so the row does not move when a run starts.
    const QFontMetrics fm = m_run->fontMetrics();
    m_run->setMinimumWidth(
        std::max(fm.horizontalAdvance(tr("Run")), fm.horizontalAdvance(tr("Pause"))) +
        4 * fm.averageCharWidth());
}

}  // namespace ts::ui

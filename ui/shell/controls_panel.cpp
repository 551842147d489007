#include "shell/controls_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "tokenscope/tokenizer.hpp"
#include "widgets/colour_scheme.hpp"
#include "widgets/layout_shield.hpp"

namespace ts::ui {

namespace {
// The slider covers 0–2 in steps of 0.01; the spin box beside it goes further.
constexpr int kSliderScale = 100;
constexpr int kSliderMax = 200;
}  // namespace

ControlsPanel::ControlsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    m_promptBox = new QGroupBox(this);
    auto* promptLayout = new QVBoxLayout(m_promptBox);
    m_chat = new QCheckBox(m_promptBox);
    m_chat->setObjectName(QStringLiteral("chatMode"));
    m_chat->setEnabled(false);
    promptLayout->addWidget(m_chat);
    m_system = new QLineEdit(m_promptBox);
    m_system->setObjectName(QStringLiteral("systemMessage"));
    m_system->setVisible(false);
    promptLayout->addWidget(m_system);
    m_chatNote = new QLabel(m_promptBox);
    m_chatNote->setWordWrap(true);
    m_chatNote->setVisible(false);
    promptLayout->addWidget(m_chatNote);
    connect(m_chat, &QCheckBox::toggled, this, [this] {
        updateChatWidgets();
        emit promptEdited();
    });
    connect(m_system, &QLineEdit::textChanged, this, &ControlsPanel::promptEdited);
    m_prompt = new QPlainTextEdit(m_promptBox);
    m_prompt->setObjectName(QStringLiteral("promptEdit"));
    m_prompt->setMinimumHeight(70);
    promptLayout->addWidget(m_prompt);
    m_tokenizerNote = new QLabel(m_promptBox);
    m_tokenizerNote->setWordWrap(true);
    m_tokenizerNote->setVisible(false);
    promptLayout->addWidget(m_tokenizerNote);
    layout->addWidget(m_promptBox, 1);
    connect(m_prompt, &QPlainTextEdit::textChanged, this, &ControlsPanel::promptEdited);

    m_loopBox = new QGroupBox(this);
    auto* loopLayout = new QFormLayout(m_loopBox);
    auto* buttons = new QHBoxLayout;
    m_step = new QPushButton(m_loopBox);
    m_run = new QPushButton(m_loopBox);
    m_reset = new QPushButton(m_loopBox);
    buttons->addWidget(m_step);
    // Run and Pause take turns on one button: shielded, so the flip does not relayout the window.
    m_runShield = new LayoutShield(m_run, m_loopBox);
    buttons->addWidget(m_runShield);
    buttons->addWidget(m_reset);
    loopLayout->addRow(buttons);
    m_speed = new QSlider(Qt::Horizontal, m_loopBox);
    m_speed->setRange(0, 2000);  // delay between steps in ms
    m_speed->setValue(300);
    m_speedLabel = new QLabel(m_loopBox);
    loopLayout->addRow(m_speedLabel, m_speed);
    m_maxSteps = new QSpinBox(m_loopBox);
    m_maxSteps->setRange(1, 100000);
    m_maxSteps->setValue(20);
    m_maxStepsLabel = new QLabel(m_loopBox);
    loopLayout->addRow(m_maxStepsLabel, m_maxSteps);
    m_seed = new QSpinBox(m_loopBox);
    m_seed->setRange(0, 2147483647);
    m_seedLabel = new QLabel(m_loopBox);
    loopLayout->addRow(m_seedLabel, m_seed);
    layout->addWidget(m_loopBox);

    m_samplingBox = new QGroupBox(this);
    auto* samplingLayout = new QFormLayout(m_samplingBox);
    auto* tempRow = new QHBoxLayout;
    m_temperature = new QSlider(Qt::Horizontal, m_samplingBox);
    m_temperature->setRange(0, kSliderMax);
    // The defaults are ts::SamplingParams{}'s, as in tokenscope-cli generate.
    const ts::SamplingParams defaults;
    m_temperature->setValue(static_cast<int>(std::lround(defaults.temperature * kSliderScale)));
    m_temperatureValue = new QDoubleSpinBox(m_samplingBox);
    m_temperatureValue->setRange(0.0, 10.0);
    m_temperatureValue->setDecimals(2);
    m_temperatureValue->setSingleStep(0.05);
    m_temperatureValue->setValue(static_cast<double>(defaults.temperature));
    tempRow->addWidget(m_temperature, 1);
    tempRow->addWidget(m_temperatureValue);
    m_temperatureLabel = new QLabel(m_samplingBox);
    samplingLayout->addRow(m_temperatureLabel, tempRow);
    m_topK = new QSpinBox(m_samplingBox);
    m_topK->setRange(0, 1000000);
    m_topKLabel = new QLabel(m_samplingBox);
    samplingLayout->addRow(m_topKLabel, m_topK);
    m_topP = new QDoubleSpinBox(m_samplingBox);
    m_topP->setRange(0.01, 1.0);
    m_topP->setDecimals(2);
    m_topP->setSingleStep(0.05);
    m_topP->setValue(static_cast<double>(defaults.topP));
    m_topPLabel = new QLabel(m_samplingBox);
    samplingLayout->addRow(m_topPLabel, m_topP);
    layout->addWidget(m_samplingBox);

    // Heatmap and confidence colours: classic, or a colour-blind-safe map.
    auto* colourRow = new QFormLayout;
    m_coloursLabel = new QLabel(this);
    m_colours = new QComboBox(this);
    m_colours->addItems({QString(), QString(), QString()});
    m_colours->setCurrentIndex(static_cast<int>(colourScheme()));
    colourRow->addRow(m_coloursLabel, m_colours);
    layout->addLayout(colourRow);
    connect(m_colours, &QComboBox::currentIndexChanged, this,
            [](int i) { setColourScheme(static_cast<ColourScheme>(std::clamp(i, 0, 2))); });

    connect(m_step, &QPushButton::clicked, this, &ControlsPanel::stepClicked);
    connect(m_run, &QPushButton::clicked, this, &ControlsPanel::runClicked);
    connect(m_reset, &QPushButton::clicked, this, &ControlsPanel::resetClicked);
    connect(m_speed, &QSlider::valueChanged, this, &ControlsPanel::delayChanged);
    connect(m_temperature, &QSlider::valueChanged, this, [this](int v) {
        // Values beyond the slider's end stay as typed in the spin box.
        if (v == kSliderMax && m_temperatureValue->value() > 2.0) return;
        const QSignalBlocker block(m_temperatureValue);
        m_temperatureValue->setValue(v / double(kSliderScale));
        emitParams();
    });
    connect(m_temperatureValue, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const QSignalBlocker block(m_temperature);
        m_temperature->setValue(static_cast<int>(std::lround(std::min(v, 2.0) * kSliderScale)));
        emitParams();
    });
    connect(m_topK, &QSpinBox::valueChanged, this, &ControlsPanel::emitParams);
    connect(m_topP, &QDoubleSpinBox::valueChanged, this, &ControlsPanel::emitParams);
    connect(m_seed, &QSpinBox::valueChanged, this, &ControlsPanel::emitParams);
    retranslateUi();
}

void ControlsPanel::emitParams() { emit paramsChanged(params()); }

QString ControlsPanel::prompt() const {
    if (!chatMode()) return promptText();
    std::vector<ts::ChatMessage> messages;
    if (!m_system->text().isEmpty()) messages.push_back({"system", m_system->text().toStdString()});
    messages.push_back({"user", promptText().toStdString()});
    ts::ChatRenderOptions options;
    options.bosToken = m_chatTokenizer->bosTokenText();
    options.eosToken = m_chatTokenizer->eosTokenText();
    // The supported formats accept a system and a user message, so this does not throw.
    return QString::fromStdString(ts::renderChat(m_chatTemplate, messages, options));
}

QString ControlsPanel::promptText() const { return m_prompt->toPlainText(); }

void ControlsPanel::setPrompt(const QString& text) {
    const QSignalBlocker block(m_prompt);
    const QSignalBlocker blockChat(m_chat);
    m_chat->setChecked(false);
    m_prompt->setPlainText(text);
    updateChatWidgets();
}

void ControlsPanel::setChatTokenizer(std::shared_ptr<const ts::Tokenizer> tokenizer) {
    m_chatTokenizer = std::move(tokenizer);
    m_chatTemplate = m_chatTokenizer ? ts::recogniseChatTemplate(m_chatTokenizer->chatTemplate())
                                     : ts::ChatTemplate{};
    const bool available = m_chatTemplate.format != ts::ChatFormat::Unrecognised;
    if (!available) {
        const QSignalBlocker blockChat(m_chat);
        m_chat->setChecked(false);
    }
    m_chat->setEnabled(available);
    updateChatWidgets();
    retranslateUi();
}

bool ControlsPanel::chatMode() const { return m_chat->isChecked() && m_chat->isEnabled(); }

void ControlsPanel::setChat(bool on, const QString& system, const QString& user) {
    {
        const QSignalBlocker block(m_prompt);
        const QSignalBlocker blockSystem(m_system);
        const QSignalBlocker blockChat(m_chat);
        m_chat->setChecked(on && m_chat->isEnabled());
        if (!system.isNull()) m_system->setText(system);
        if (!user.isNull()) m_prompt->setPlainText(user);
    }
    updateChatWidgets();
    emit promptEdited();
}

QString ControlsPanel::systemMessage() const { return m_system->text(); }

void ControlsPanel::updateChatWidgets() {
    m_system->setVisible(chatMode());
    // Said only when the model has a template that is not recognised; a base model without
    // one just has the box disabled (its tooltip says why).
    m_chatNote->setVisible(!m_chat->isEnabled() && m_chatTokenizer &&
                           !m_chatTokenizer->chatTemplate().empty());
    retranslateUi();
}

ts::SamplingParams ControlsPanel::params() const {
    ts::SamplingParams p;
    p.temperature = static_cast<float>(m_temperatureValue->value());
    p.topK = m_topK->value();
    p.topP = static_cast<float>(m_topP->value());
    p.seed = static_cast<std::uint64_t>(m_seed->value());
    return p;
}

void ControlsPanel::setParams(const ts::SamplingParams& p) {
    m_temperatureValue->setValue(p.temperature);
    m_topK->setValue(p.topK);
    m_topP->setValue(p.topP);
    m_seed->setValue(static_cast<int>(p.seed));
}

int ControlsPanel::maxSteps() const { return m_maxSteps->value(); }
void ControlsPanel::setMaxSteps(int n) { m_maxSteps->setValue(n); }
int ControlsPanel::delayMs() const { return m_speed->value(); }
void ControlsPanel::setDelayMs(int ms) { m_speed->setValue(ms); }

void ControlsPanel::setRunning(bool running) {
    m_running = running;
    m_step->setEnabled(!running);
    retranslateUi();
}

void ControlsPanel::setBusy(bool busy) {
    m_step->setEnabled(!busy && !m_running);
    m_run->setEnabled(!busy);
}

void ControlsPanel::setTokenizerAvailable(bool available) {
    m_hasTokenizer = available;
    m_tokenizerNote->setVisible(!available);
    retranslateUi();
}

void ControlsPanel::retranslateUi() {
    m_promptBox->setTitle(tr("Prompt"));
    m_prompt->setPlaceholderText(chatMode() ? tr("The user's message…")
                                 : m_hasTokenizer
                                     ? tr("Type the beginning of a text…")
                                     : tr("Token ids separated by spaces, e.g. 12 7 301"));
    m_chat->setText(tr("Chat (system and user message)"));
    const QString format = QString::fromStdString(m_chatTemplate.name);
    m_chat->setToolTip(m_chat->isEnabled()
                           ? tr("Writes the messages in this model's chat format (%1), with its "
                                "special tokens, and the model answers as the assistant.")
                                 .arg(format)
                           : tr("Instruct models need their chat format; this model has none "
                                "that Tokenscope can write."));
    m_system->setPlaceholderText(
        m_chatTemplate.defaultSystem.empty()
            ? tr("System message (optional)")
            : tr("System message (empty: “%1”)")
                  .arg(QString::fromStdString(m_chatTemplate.defaultSystem)));
    m_system->setToolTip(m_system->placeholderText());  // the placeholder may be cut
    m_chatNote->setText(m_chatTemplate.why.empty()
                            ? tr("No chat format: type the raw prompt.")
                            : tr("No chat format (%1): type the raw prompt.")
                                  .arg(QString::fromStdString(m_chatTemplate.why)));
    m_tokenizerNote->setText(tr("This model folder has no tokenizer: type token ids."));
    m_loopBox->setTitle(tr("Autoregressive loop"));
    m_step->setText(tr("Step"));
    m_step->setToolTip(tr("Run one step: predict, sample, feed the token back in"));
    fitRunButton();
    m_reset->setText(tr("Reset"));
    m_speedLabel->setText(tr("Delay"));
    m_speed->setToolTip(tr("Pause between steps while running (0–2000 ms)"));
    m_maxStepsLabel->setText(tr("Max steps"));
    m_seedLabel->setText(tr("Seed"));
    m_samplingBox->setTitle(tr("Sampling"));
    m_temperatureLabel->setText(tr("Temperature"));
    m_temperature->setToolTip(
        tr("0 = always the most likely token; higher = more surprising choices"));
    m_topKLabel->setText(tr("Top-k"));
    m_topK->setSpecialValueText(tr("off"));
    m_topPLabel->setText(tr("Top-p"));
    m_coloursLabel->setText(tr("Colours"));
    m_colours->setItemText(0, tr("classic"));
    m_colours->setItemText(1, tr("viridis (colour-blind safe)"));
    m_colours->setItemText(2, tr("cividis (colour-blind safe)"));
    m_colours->setToolTip(tr("Colour map of the heatmaps and the confidence colouring"));
}

void ControlsPanel::fitRunButton() {
    // The shield asks for the room of the wider of the two texts, so neither is cut.
    QSize hint;
    for (const QString& text : {tr("Pause"), tr("Run")}) {
        m_run->setText(text);
        hint = hint.expandedTo(m_run->sizeHint());
    }
    m_runShield->setHint(hint);
    m_run->setText(m_running ? tr("Pause") : tr("Run"));
}

void ControlsPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) fitRunButton();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui

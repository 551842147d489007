#pragma once
// The prompt and everything that drives the loop: Step, Run/Pause, Reset, speed, maximum
// steps, seed, and the sampling parameters (temperature, top-k, top-p).
#include <QWidget>
#include <memory>

#include "tokenscope/chat_template.hpp"
#include "tokenscope/sampling.hpp"

class QPlainTextEdit;
class QPushButton;
class QSlider;
class QDoubleSpinBox;
class QSpinBox;
class QComboBox;
class QLabel;
class QCheckBox;
class QLineEdit;
class QGroupBox;

namespace ts {
class Tokenizer;
}

namespace ts::ui {

class LayoutShield;

class ControlsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    // What the model reads: the typed text, or in chat mode the system and user messages
    // written in the model's chat format (special tokens included).
    QString prompt() const;
    // What was typed (the user message in chat mode), for settings and lessons.
    QString promptText() const;
    // Sets the typed text and leaves chat mode (lessons and transcripts give raw prompts).
    void setPrompt(const QString& text);
    // Chat mode for instruct models: available when the tokenizer's chat_template is one
    // the engine renders (ChatML, Llama 3, Llama 2); otherwise the box says why.
    void setChatTokenizer(std::shared_ptr<const ts::Tokenizer> tokenizer);
    bool chatMode() const;
    void setChat(bool on, const QString& system = QString(), const QString& user = QString());
    QString systemMessage() const;
    ts::SamplingParams params() const;
    void setParams(const ts::SamplingParams& params);
    int maxSteps() const;
    void setMaxSteps(int n);
    int delayMs() const;
    void setDelayMs(int ms);
    void setRunning(bool running);
    void setBusy(bool busy);  // no model yet, or loading: nothing to step
    void setTokenizerAvailable(bool available);

  signals:
    void stepClicked();
    void runClicked();  // toggles run/pause
    void resetClicked();
    void paramsChanged(const ts::SamplingParams& params);
    void delayChanged(int ms);
    void promptEdited();

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    // Sizes the Run button for the wider of "Run" and "Pause" (see LayoutShield).
    void fitRunButton();
    void emitParams();
    void updateChatWidgets();

    QGroupBox* m_promptBox = nullptr;
    QGroupBox* m_loopBox = nullptr;
    QGroupBox* m_samplingBox = nullptr;
    QPlainTextEdit* m_prompt = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_run = nullptr;
    LayoutShield* m_runShield = nullptr;  // holds m_run: Run <-> Pause keeps the layout
    QPushButton* m_reset = nullptr;
    QSlider* m_speed = nullptr;
    QSpinBox* m_maxSteps = nullptr;
    QSpinBox* m_seed = nullptr;
    QSlider* m_temperature = nullptr;
    QDoubleSpinBox* m_temperatureValue = nullptr;
    QSpinBox* m_topK = nullptr;
    QDoubleSpinBox* m_topP = nullptr;
    QLabel* m_speedLabel = nullptr;
    QLabel* m_maxStepsLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    QLabel* m_temperatureLabel = nullptr;
    QLabel* m_topKLabel = nullptr;
    QLabel* m_topPLabel = nullptr;
    QLabel* m_coloursLabel = nullptr;
    QComboBox* m_colours = nullptr;
    QLabel* m_tokenizerNote = nullptr;
    QCheckBox* m_chat = nullptr;
    QLineEdit* m_system = nullptr;
    QLabel* m_chatNote = nullptr;
    std::shared_ptr<const ts::Tokenizer> m_chatTokenizer;
    ts::ChatTemplate m_chatTemplate;
    bool m_running = false;
    bool m_hasTokenizer = true;
};

}  // namespace ts::ui

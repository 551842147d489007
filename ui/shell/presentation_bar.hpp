#pragma once
// Presentation mode's one slim toolbar (shell/presentation_mode.hpp): the controls and the
// timeline docks go away and what a teacher needs in front of a class stays in one row at the top
// — the prompt, Step, Run/Pause and the temperature. It only forwards: the window keeps it in step
// with the controls panel, which still owns the prompt and the sampling settings.
#include <QToolBar>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ts::ui {

class PresentationBar : public QToolBar {
    Q_OBJECT
  public:
    explicit PresentationBar(QWidget* parent = nullptr);

    // Shown without telling anyone (the window copies the controls panel's state in).
    void setPrompt(const QString& text);
    QString prompt() const;
    void setTemperature(double t);
    double temperature() const;
    void setRunning(bool running);
    void setBusy(bool busy);

  signals:
    void promptEdited(const QString& text);
    void stepClicked();
    void runClicked();
    void temperatureEdited(double t);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();

    QLabel* m_promptLabel = nullptr;
    QLineEdit* m_prompt = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_temperatureLabel = nullptr;
    QDoubleSpinBox* m_temperature = nullptr;
    bool m_running = false;
};

}  // namespace ts::ui

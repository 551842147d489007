#pragma once
// The base of the classroom tools that run an experiment off the GUI thread (temperature
// lanes, fact probes, lost in the middle). Each of them used to repeat the same pieces: the
// loaded model, the BackgroundTask, isBusy(), a finished() signal, disabling Run and enabling
// Cancel while the experiment runs, a progress bar fed from the experiment thread, the
// "load a model first" check and retranslateUi() on a live language switch. They live here
// once, so a fix to one (say, re-enabling Run after a failure) reaches all of them.
#include <QPointer>
#include <QString>
#include <QWidget>
#include <atomic>
#include <functional>
#include <utility>

#include "core/model_info.hpp"
#include "core/task.hpp"

class QAbstractButton;
class QLabel;
class QProgressBar;

namespace ts::ui {

class ClassroomToolView : public QWidget {
    Q_OBJECT
  public:
    explicit ClassroomToolView(QWidget* parent = nullptr) : QWidget(parent) {}

    virtual void setModel(const ModelInfo& info) { m_info = info; }
    const ModelInfo& modelInfo() const { return m_info; }
    bool isBusy() const { return m_task.isRunning(); }
    // Asks the running experiment to stop; it reports through its failure path.
    void cancel() { m_task.cancel(); }

  signals:
    // An experiment finished and its results are on screen.
    void finished();

  protected:
    // Every string the view shows; called once by the subclass constructor and again on
    // each LanguageChange.
    virtual void retranslateUi() = 0;
    void changeEvent(QEvent* event) override;

    // The controls the base switches while an experiment runs: `run` buttons are disabled,
    // `cancel` enabled, and `progress` (0..1000) reset; any may be null.
    void setRunControls(std::initializer_list<QAbstractButton*> run,
                        QAbstractButton* cancel = nullptr, QProgressBar* progress = nullptr);
    // True when a model with a tokenizer is loaded; otherwise says so in `status`.
    bool requireModel(QLabel* status);
    // A progress reporter safe to call from the experiment thread (fraction 0..1).
    std::function<void(double)> progressReporter();

    // Runs `work` off the GUI thread with the controls switched; `done` runs on the GUI
    // thread with the result, then finished() is emitted; `failed` gets the error text.
    // A preparatory step (`experiment` false, e.g. timing the model before asking whether to
    // run) neither fills the progress bar nor emits finished().
    template <class R>
    void startTask(std::function<R(const std::atomic<bool>&)> work, std::function<void(R)> done,
                   std::function<void(QString)> failed, bool experiment = true) {
        setRunning(true);
        m_task.start<R>(
            this, std::move(work),
            [this, done = std::move(done), experiment](R result) {
                setRunning(false, experiment);
                done(std::move(result));
                if (experiment) emit finished();
            },
            [this, failed = std::move(failed)](QString message) {
                setRunning(false);
                failed(std::move(message));
            });
    }

    ModelInfo m_info;

  private:
    void setRunning(bool running, bool completed = false);

    BackgroundTask m_task;
    QList<QPointer<QAbstractButton>> m_runButtons;
    QPointer<QAbstractButton> m_cancelButton;
    QPointer<QProgressBar> m_progress;
};

}  // namespace ts::ui

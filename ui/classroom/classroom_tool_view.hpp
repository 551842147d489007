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
#include <memory>
#include <utility>

#include "core/model_info.hpp"
#include "core/task.hpp"
#include "tokenscope/interventions.hpp"

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
    // The window's what-if set (heads silenced, tokens banned or biased; null or empty: none):
    // the experiments that honour it (lanes, probes) run with it from their next run on, and
    // their notice line says so.
    virtual void setInterventions(std::shared_ptr<const ts::Interventions> interventions);
    const std::shared_ptr<const ts::Interventions>& interventions() const {
        return m_interventions;
    }
    // What the notice line says ("" while no set is in force).
    QString interventionNoticeText() const;

  signals:
    // An experiment finished and its results are on screen.
    void finished();

  protected:
    // Every string the view shows; called once by the subclass constructor and again on
    // each LanguageChange.
    virtual void retranslateUi() = 0;
    // The line "What-if in force: …" for a view that honours the set to place in its layout
    // (made on the first call, hidden while no set is in force).
    QLabel* interventionNotice();
    // The set an experiment starting now runs with (null for none); the notice then says the
    // results shown were made with it.
    std::shared_ptr<const ts::Interventions> interventionsForRun();
    // The notice's second sentence once results made with the set are shown ("The lanes shown
    // ran with it."), in the subclass's words.
    virtual QString interventionRanText() const;
    void refreshInterventionNotice();
    // A view inside another that names the set for both keeps its own line hidden.
    void setInterventionNoticeShown(bool shown) {
        m_noticeShown = shown;
        refreshInterventionNotice();
    }
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
                if (experiment) resultsShown();
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
    void resultsShown();  // an experiment's results are in: they were made with m_runWith
    std::shared_ptr<const ts::Interventions> m_interventions;
    std::shared_ptr<const ts::Interventions> m_runWith;  // by the experiment running
    std::shared_ptr<const ts::Interventions> m_ranWith;  // by the results shown
    bool m_hasRun = false;
    bool m_noticeShown = true;
    QLabel* m_interventionNotice = nullptr;

    void setRunning(bool running, bool completed = false);

    BackgroundTask m_task;
    QList<QPointer<QAbstractButton>> m_runButtons;
    QPointer<QAbstractButton> m_cancelButton;
    QPointer<QProgressBar> m_progress;
};

}  // namespace ts::ui

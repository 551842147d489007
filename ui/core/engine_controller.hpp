#pragma once
// GUI-thread face of the engine worker: owns the thread, queues commands, and shuts down
// cleanly (cancel, quit, wait) even in the middle of a run.
#include <QObject>
#include <QThread>

#include "core/engine_worker.hpp"

namespace ts::ui {

class EngineController : public QObject {
    Q_OBJECT
  public:
    explicit EngineController(QObject* parent = nullptr);
    ~EngineController() override;

    EngineWorker* worker() const { return m_worker; }

    void loadModel(const QString& folder);
    // EngineWorker::useServer: the loop on a connected model server.
    void useServer(std::shared_ptr<const ts::remote::RemoteModel> server);
    void startPrompt(const QString& text, const ts::SamplingParams& params, bool draw = true);
    void step(const ts::SamplingParams& params);
    void run(int maxSteps, const ts::SamplingParams& params, int delayMs);
    void pause();
    // Stops a run now, aborting the forward pass in progress.
    void cancel();
    void cancelLoad();
    void setRunDelay(int delayMs);
    void setRunParams(const ts::SamplingParams& params);
    void reset();
    void branchFrom(int stepIndex, int token, const ts::SamplingParams& params);
    void setIgnoreEndOfText(bool ignore);
    void setHistoryBudget(qint64 bytes);
    void openTranscript(const QString& path);
    void showRecordedSteps(const std::vector<TranscriptStepPtr>& steps);
    // EngineWorker::setInterventions: the set for what runs next, the history made again.
    void setInterventions(const ts::Interventions& interventions, int fromStep = -1);
    void shutdown();

  private:
    template <typename F>
    void post(F&& f);

    QThread m_thread;
    EngineWorker* m_worker = nullptr;
};

// Registers the record types for queued signals; call once before connecting.
void registerEngineMetaTypes();

}  // namespace ts::ui

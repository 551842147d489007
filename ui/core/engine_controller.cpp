#include "core/engine_controller.hpp"

#include <QMetaObject>

#include "core/compute_priority.hpp"

namespace ts::ui {

void registerEngineMetaTypes() {
    qRegisterMetaType<ts::TranscriptStepPtr>("ts::TranscriptStepPtr");
    qRegisterMetaType<ts::ui::ModelInfo>("ts::ui::ModelInfo");
    qRegisterMetaType<ts::SamplingParams>("ts::SamplingParams");
}

EngineController::EngineController(QObject* parent) : QObject(parent) {
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("tokenscope-engine"));
    m_worker = new EngineWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
    // The model's compute threads yield to the window's: with both cores computing, the GUI
    // thread would otherwise wait for one and miss frames (issue #13's 16 ms budget).
    post([] { lowerComputePriority(); });
}

EngineController::~EngineController() { shutdown(); }

template <typename F>
void EngineController::post(F&& f) {
    if (!m_thread.isRunning()) return;
    QMetaObject::invokeMethod(m_worker, std::forward<F>(f), Qt::QueuedConnection);
}

void EngineController::loadModel(const QString& folder) {
    post([w = m_worker, folder] { w->loadModel(folder); });
}
void EngineController::useServer(std::shared_ptr<const ts::remote::RemoteModel> server) {
    post([w = m_worker, server] { w->useServer(server); });
}
void EngineController::startPrompt(const QString& text, const ts::SamplingParams& params,
                                   bool draw) {
    post([w = m_worker, text, params, draw] { w->startPrompt(text, params, draw); });
}
void EngineController::step(const ts::SamplingParams& params) {
    post([w = m_worker, params] { w->step(params); });
}
void EngineController::run(int maxSteps, const ts::SamplingParams& params, int delayMs) {
    post([w = m_worker, maxSteps, params, delayMs] { w->run(maxSteps, params, delayMs); });
}
void EngineController::pause() {
    post([w = m_worker] { w->pause(); });
}
void EngineController::cancel() {
    m_worker->cancel();  // thread-safe: reaches a forward pass already in progress
    post([w = m_worker] { w->pause(); });
}
void EngineController::cancelLoad() { m_worker->cancelLoad(); }
void EngineController::setRunDelay(int delayMs) {
    post([w = m_worker, delayMs] { w->setRunDelay(delayMs); });
}
void EngineController::setRunParams(const ts::SamplingParams& params) {
    post([w = m_worker, params] { w->setRunParams(params); });
}
void EngineController::reset() {
    post([w = m_worker] { w->reset(); });
}
void EngineController::branchFrom(int stepIndex, int token, const ts::SamplingParams& params) {
    post([w = m_worker, stepIndex, token, params] { w->branchFrom(stepIndex, token, params); });
}
void EngineController::setIgnoreEndOfText(bool ignore) {
    post([w = m_worker, ignore] { w->setIgnoreEndOfText(ignore); });
}
void EngineController::setHistoryBudget(qint64 bytes) {
    post([w = m_worker, bytes] { w->setHistoryBudget(bytes); });
}
void EngineController::openTranscript(const QString& path) {
    post([w = m_worker, path] { w->openTranscript(path); });
}

void EngineController::showRecordedSteps(const std::vector<TranscriptStepPtr>& steps) {
    post([w = m_worker, steps] { w->showRecordedSteps(steps); });
}

void EngineController::setInterventions(const ts::Interventions& interventions, int fromStep) {
    m_worker->cancel();  // a replay in progress gives way to the new one
    post([w = m_worker, interventions, fromStep] { w->setInterventions(interventions, fromStep); });
}

void EngineController::shutdown() {
    if (!m_thread.isRunning()) return;
    m_worker->cancel();
    m_worker->cancelLoad();
    m_thread.quit();
    m_thread.wait();
}

}  // namespace ts::ui

#pragma once
// The one way the UI runs work off the GUI thread besides the engine worker: a classroom experiment
// (lanes, probes, lost in the middle, scoring), the embedding view's projection and word map. The
// work reads the immutable model (and makes its own Session if it needs one), so it never touches
// the engine worker's session; results come back to the receiver by a queued call and are dropped
// if the receiver is gone by then.
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <string>

#include "core/compute_priority.hpp"

namespace ts::ui {

class BackgroundTask {
  public:
    BackgroundTask() = default;
    BackgroundTask(const BackgroundTask&) = delete;
    BackgroundTask& operator=(const BackgroundTask&) = delete;
    // The widget owning the task is going away: stop the work and wait for it, so the thread never
    // outlives the objects its lambdas captured.
    ~BackgroundTask() { stopAndWait(); }

    // True from start() until `done` or `failed` has run on the receiver's thread: a thread
    // that has finished its work but whose result is still queued is not idle yet.
    bool isRunning() const { return m_pending && m_pending->load(); }
    void cancel() {
        if (m_cancel) m_cancel->store(true);
    }
    void stopAndWait() {
        cancel();
        if (m_thread) {
            m_thread->wait();
            delete m_thread;
            m_thread = nullptr;
        }
    }
    // The flag the engine polls; valid while the task runs.
    const std::atomic<bool>* cancelFlag() const { return m_cancel.get(); }

    // `work` runs on a new thread and returns R; `done` (or `failed` with the error text)
    // runs later on the receiver's thread.
    template <class R>
    void start(QObject* receiver, std::function<R(const std::atomic<bool>&)> work,
               std::function<void(R)> done, std::function<void(QString)> failed) {
        stopAndWait();
        m_cancel = std::make_shared<std::atomic<bool>>(false);
        m_pending = std::make_shared<std::atomic<bool>>(true);
        auto cancel = m_cancel;
        auto pending = m_pending;
        QPointer<QObject> guard(receiver);
        m_thread = QThread::create([cancel, pending, guard, work = std::move(work),
                                    done = std::move(done), failed = std::move(failed)] {
            lowerComputePriority();
            try {
                auto result = std::make_shared<R>(work(*cancel));
                if (guard)
                    QMetaObject::invokeMethod(
                        guard.data(),
                        [done, result, pending] {
                            pending->store(false);
                            done(std::move(*result));
                        },
                        Qt::QueuedConnection);
            } catch (const std::exception& e) {
                const QString message = QString::fromUtf8(e.what());
                if (guard)
                    QMetaObject::invokeMethod(
                        guard.data(),
                        [failed, message, pending] {
                            pending->store(false);
                            failed(message);
                        },
                        Qt::QueuedConnection);
            }
        });
        m_thread->start();
    }

  private:
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<bool>> m_pending;
    QThread* m_thread = nullptr;
};

// Progress from the work's thread to a widget, coalesced by the event loop: each call posts the
// latest fraction; cheap enough for a few hundred updates per run.
inline void postProgress(QObject* receiver, std::function<void(double)> apply, double fraction) {
    QMetaObject::invokeMethod(
        receiver, [apply = std::move(apply), fraction] { apply(fraction); }, Qt::QueuedConnection);
}

}  // namespace ts::ui

#pragma once
// Helpers shared by the UI tests that drive the engine worker through its thread.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QString>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/engine_worker.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts_test {

// Waits (processing events) until spy has seen `count` signals or the time is up. It polls
// rather than calling spy.wait(): a signal emitted on the worker's thread reaches the spy
// there, and a waiting spy then stops its event loop from that thread, a race the sanitizer
// run caught once ("member call ... invalid vptr" in QTestEventLoop::exitLoop).
inline bool waitFor(QSignalSpy& spy, int count, int timeoutMs = 30000) {
    QElapsedTimer t;
    t.start();
    while (spy.count() < count && t.elapsed() < timeoutMs) QTest::qWait(10);
    return spy.count() >= count;
}

// Processes events until done() holds or the time is up, and says which. Use it under
// REQUIRE: Qt's QTRY_* macros return silently from a Catch test when they time out, so the
// test passes having checked nothing.
template <typename Predicate>
bool waitUntil(Predicate done, int timeoutMs = 30000) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return done();
}

// The 512-token fixture. It has no tokenizer, so prompts are token ids.
// Softmax at temperature 1 of `logits` at `token`, in double: a reading independent of the
// engine's (a banned token's -infinity counts 0).
inline double softmaxProbOf(const std::vector<float>& logits, int token) {
    double top = -INFINITY;
    for (float l : logits) top = std::max(top, static_cast<double>(l));
    double sum = 0;
    for (float l : logits) sum += std::isinf(l) ? 0.0 : std::exp(l - top);
    return std::exp(logits[static_cast<std::size_t>(token)] - top) / sum;
}

inline int argmaxOf(const std::vector<float>& logits) {
    return static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

inline QString tinyModel() {
    return QString::fromStdString((dataDir() / "gpt2-tiny-vocab512").string());
}

// The bundled model as the window would hand it to a view after loading it.
inline ts::ui::ModelInfo bundledModelInfo() {
    const auto loaded = ts::loadModelFolder(ts::bundledModelPath());
    ts::ui::ModelInfo info;
    info.folder = QString::fromStdString(ts::bundledModelPath().string());
    info.name = QStringLiteral("model");
    info.model = loaded.model;
    info.tokenizer = loaded.tokenizer;
    info.hasTokenizer = loaded.tokenizer != nullptr;
    info.nCtx = loaded.model->config().nCtx;
    info.nVocab = loaded.model->config().nVocab;
    return info;
}

}  // namespace ts_test

#pragma once
// Helpers shared by the UI tests that drive the engine worker through its thread.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QString>

#include "test_paths.hpp"

namespace ts_test {

// Waits (processing events) until spy has seen `count` signals or the time is up.
inline bool waitFor(QSignalSpy& spy, int count, int timeoutMs = 30000) {
    QElapsedTimer t;
    t.start();
    while (spy.count() < count && t.elapsed() < timeoutMs) spy.wait(50);
    return spy.count() >= count;
}

// The 512-token fixture. It has no tokenizer, so prompts are token ids.
inline QString tinyModel() {
    return QString::fromStdString((dataDir() / "gpt2-tiny-vocab512").string());
}

}  // namespace ts_test

#pragma once
// `tokenscope --prompt ... --steps N --screenshot out.png`: load, run N steps, show a view,
// save a picture of the window and quit. For documentation and tests; works offscreen.
#include <QObject>
#include <QString>

#include "tokenscope/sampling.hpp"

class QTimer;

namespace ts::ui {

class MainWindow;

struct HeadlessOptions {
    QString model;  // empty: the bundled model
    QString prompt;
    int steps = 5;  // records to produce (each draws one token)
    ts::SamplingParams params;
    QString screenshot;
    int stage = -1;  // view to show; -1 keeps the default (sampling)
    int timeoutMs = 120000;
};

class HeadlessRun : public QObject {
    Q_OBJECT
public:
    HeadlessRun(MainWindow* window, HeadlessOptions options, QObject* parent = nullptr);
    void start();

signals:
    void finished(int exitCode);

private:
    void fail(const QString& message);
    void capture();

    MainWindow* m_window;
    HeadlessOptions m_options;
    QTimer* m_timeout = nullptr;
    bool m_done = false;
    bool m_generating = false;
};

}  // namespace ts::ui

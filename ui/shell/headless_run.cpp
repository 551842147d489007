#include "shell/headless_run.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"

namespace ts::ui {

HeadlessRun::HeadlessRun(MainWindow* window, HeadlessOptions options, QObject* parent)
    : QObject(parent), m_window(window), m_options(std::move(options)) {
    m_timeout = new QTimer(this);
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this,
            [this] { fail(tr("Timed out after %1 s.").arg(m_options.timeoutMs / 1000)); });
    connect(m_window, &MainWindow::errorReported, this, &HeadlessRun::fail);
    connect(m_window, &MainWindow::modelReady, this, [this] {
        if (m_generating) return;
        m_generating = true;
        m_window->setPrompt(m_options.prompt);
        m_window->setParams(m_options.params);
        m_window->generate(m_options.steps);
    });
    connect(m_window, &MainWindow::recordArrived, this, [this](int count) {
        if (count >= m_options.steps) capture();
    });
    connect(m_window, &MainWindow::runningChanged, this, [this](bool running) {
        // A run that ended early (end-of-text, full context) still gets its picture.
        if (!running && m_generating && !m_window->history().empty()) capture();
    });
}

void HeadlessRun::start() {
    m_timeout->start(m_options.timeoutMs);
    m_window->selectStage(m_options.stage >= 0 ? m_options.stage : static_cast<int>(Stage::Sampling));
    m_window->loadModel(m_options.model);
}

void HeadlessRun::fail(const QString& message) {
    if (m_done) return;
    m_done = true;
    std::fprintf(stderr, "tokenscope: %s\n", message.toLocal8Bit().constData());
    emit finished(1);
}

void HeadlessRun::capture() {
    if (m_done) return;
    m_done = true;
    // Let the views and layouts settle (queued updates, the pipeline animation) first.
    QTimer::singleShot(900, this, [this] {
        QApplication::processEvents();
        const QPixmap shot = m_window->grab();
        if (!shot.save(m_options.screenshot)) {
            std::fprintf(stderr, "tokenscope: could not write %s\n",
                         m_options.screenshot.toLocal8Bit().constData());
            emit finished(1);
            return;
        }
        std::printf("%s: %d steps, %dx%d\n", m_options.screenshot.toLocal8Bit().constData(),
                    static_cast<int>(m_window->history().size()), shot.width(), shot.height());
        emit finished(0);
    });
}

}  // namespace ts::ui

#pragma once
// File → Export lesson (and `tokenscope --export-lesson N FILE.pdf`): a lesson as a handout, one
// PDF page per step with the window's picture at the projector layout (presentation mode) and
// the step's title and text in the interface's language. The steps are walked as a class walks
// them (the lesson panel applies each; the worker runs it), one at a time through the event
// loop, so the window keeps answering and Cancel works between steps; nothing waits on the
// engine. Titles and texts are drawn as text (QPdfWriter embeds the fonts), so the PDF can be
// searched and copied from, in Korean too. Written with Qt alone (no new dependency).
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <memory>

class QPainter;
class QPdfWriter;
class QTimer;

namespace ts::ui {

class MainWindow;

class LessonExporter : public QObject {
    Q_OBJECT
  public:
    // `lesson`: 0-based index into the lesson panel's lessons.
    LessonExporter(MainWindow* window, int lesson, QString file, QObject* parent = nullptr);
    ~LessonExporter() override;
    // Starts the walk; progress() after each page, finished() once (also after cancel()).
    void start();
    void cancel();
    int pageCount() const { return m_pages; }
    int stepCount() const { return m_steps; }
    double seconds() const {
        return m_clock.isValid() ? static_cast<double>(m_clock.elapsed()) / 1000.0 : 0;
    }

  signals:
    void progress(int pagesDone, int steps);
    // ok false: `message` says why (cancelled, no such lesson, the file not writable).
    void finished(bool ok, const QString& message);

  private:
    void applyStep(int step);
    void whenSettled(std::function<void()> then);
    void addPage(int step);
    void finish(bool ok, const QString& message);

    QPointer<MainWindow> m_window;
    int m_lesson;
    QString m_file;
    int m_steps = 0;
    int m_pages = 0;
    bool m_done = false;
    bool m_cancelled = false;
    bool m_wasPresentation = false;
    QString m_language;
    std::unique_ptr<QPdfWriter> m_writer;
    std::unique_ptr<QPainter> m_painter;
    QElapsedTimer m_clock;
};

// File → Export lesson…: asks which lesson (the open one first) and where, then exports with a
// progress dialog whose Cancel stops between steps.
void exportLessonDialog(MainWindow* window);

}  // namespace ts::ui

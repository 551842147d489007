// The lesson handout (see lesson_export.hpp): walk the steps, picture each at the projector
// layout, and lay out one PDF page per step.
#include "shell/lesson_export.hpp"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QProgressDialog>
#include <QTimer>
#include <memory>

#include "classroom/hub.hpp"
#include "classroom/lesson_panel.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

namespace {

// Draws `text` word by word, wrapped to `width` from `top` (paragraphs at line breaks), and
// returns the height it takes; `draw` false only measures. Words are placed one by one rather
// than as one string: Qt's PDF engine maps the space glyph to U+0001 in the font's ToUnicode
// table, so pdftotext (and a reader's search) lost every space ("다음토큰예측의"); a gap
// between separately drawn words reads as a space.
int drawWords(QPainter& p, const QString& text, int left, int top, int width, bool draw) {
    const QFontMetrics fm = p.fontMetrics();
    const int space = fm.horizontalAdvance(QLatin1Char(' '));
    int y = top;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        int x = 0;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const int w = fm.horizontalAdvance(word);
            if (x > 0 && x + w > width) {
                x = 0;
                y += fm.lineSpacing();
            }
            if (draw) p.drawText(QPoint(left + x, y + fm.ascent()), word);
            x += w + space;
        }
        y += fm.lineSpacing();
    }
    return y - top;
}

}  // namespace

LessonExporter::LessonExporter(MainWindow* window, int lesson, QString file, QObject* parent)
    : QObject(parent), m_window(window), m_lesson(lesson), m_file(std::move(file)) {}

LessonExporter::~LessonExporter() {
    if (m_painter && m_painter->isActive()) m_painter->end();
}

void LessonExporter::start() {
    m_clock.start();
    LessonPanel* lessons =
        m_window && m_window->classroom() ? m_window->classroom()->lessons() : nullptr;
    const int count = lessons ? static_cast<int>(lessons->lessons().size()) : 0;
    if (m_lesson < 0 || m_lesson >= count) {
        finish(false, tr("There is no lesson %1 (there are %2).").arg(m_lesson + 1).arg(count));
        return;
    }
    const Lesson& lesson = lessons->lessons()[static_cast<std::size_t>(m_lesson)];
    m_steps = static_cast<int>(lesson.steps.size());
    m_language =
        QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
    m_writer = std::make_unique<QPdfWriter>(m_file);
    m_writer->setPageSize(QPageSize(QPageSize::A4));
    m_writer->setPageOrientation(QPageLayout::Landscape);
    m_writer->setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    m_writer->setResolution(150);
    m_writer->setTitle(lesson.title.in(m_language));
    m_writer->setCreator(QStringLiteral("Tokenscope"));
    m_painter = std::make_unique<QPainter>();
    if (!m_painter->begin(m_writer.get())) {
        finish(false, tr("Cannot write %1.").arg(m_file));
        return;
    }
    // The projector layout: the large text a class reads, as the pictures will show it.
    m_wasPresentation = m_window->isPresentation();
    m_window->setPresentation(true);
    applyStep(0);
}

void LessonExporter::cancel() {
    m_cancelled = true;
    finish(false, tr("Export cancelled."));
}

void LessonExporter::applyStep(int step) {
    if (m_done || !m_window) return;
    LessonPanel* lessons = m_window->classroom()->lessons();
    if (step == 0)
        lessons->openLesson(m_lesson);
    else
        lessons->goToStep(step);
    whenSettled([this, step] {
        // Let queued updates and the pipeline bar's animation finish before the picture.
        QTimer::singleShot(300, this, [this, step] {
            if (m_done || !m_window) return;
            addPage(step);
            ++m_pages;
            emit progress(m_pages, m_steps);
            if (step + 1 < m_steps)
                applyStep(step + 1);
            else
                finish(true, QString());
        });
    });
}

void LessonExporter::whenSettled(std::function<void()> then) {
    // As a headless picture waits: nothing runs and no step arrived for a few polls.
    auto lastCount = std::make_shared<int>(-1);
    auto quiet = std::make_shared<int>(0);
    auto* poll = new QTimer(this);
    poll->setInterval(80);
    connect(poll, &QTimer::timeout, this, [this, poll, lastCount, quiet, then = std::move(then)] {
        if (m_done || !m_window) {
            poll->deleteLater();
            return;
        }
        const int count = static_cast<int>(m_window->history().size());
        if (windowBusy(m_window) || count != *lastCount) {
            *lastCount = count;
            *quiet = 0;
            return;
        }
        if (++*quiet < 4) return;
        poll->stop();
        poll->deleteLater();
        then();
    });
    poll->start();
}

void LessonExporter::addPage(int step) {
    if (step > 0) m_writer->newPage();
    QPainter& p = *m_painter;
    const LessonPanel* lessons = m_window->classroom()->lessons();
    const Lesson& lesson = lessons->lessons()[static_cast<std::size_t>(m_lesson)];
    const QRect page(QPoint(0, 0),
                     m_writer->pageLayout().paintRectPixels(m_writer->resolution()).size());
    QFont base = QApplication::font();
    base.setPointSizeF(9);
    // A small line above the title: the lesson and where the step is in it.
    QFont small = base;
    p.setFont(small);
    p.setPen(QColor(0x55, 0x55, 0x55));
    const QString where =
        tr("%1 · step %2 of %3").arg(lesson.title.in(m_language)).arg(step + 1).arg(m_steps);
    const int smallH = p.fontMetrics().height();
    drawWords(p, where, 0, 0, page.width(), true);
    QFont title = base;
    title.setPointSizeF(16);
    title.setBold(true);
    p.setFont(title);
    p.setPen(Qt::black);
    const int titleTop = smallH + 4;
    int y = titleTop + drawWords(p, lessons->titleText(), 0, titleTop, page.width(), true) + 8;

    // The window as the class sees it, heatmaps drawn exactly.
    for (HeatmapWidget* map : m_window->findChildren<HeatmapWidget*>()) map->settleDisplay();
    const QPixmap shot = m_window->grab();
    // The text needs its room: the picture gets what is left of the page above it.
    p.setFont(base);
    const QString stepText = lessons->stepText();
    const int textH = std::min(drawWords(p, stepText, 0, 0, page.width(), false),
                               static_cast<int>(page.height() * 0.32));
    const int room = page.height() - y - textH - 12;
    if (!shot.isNull() && room > 50) {
        const QSize fitted = shot.size().scaled(page.width(), room, Qt::KeepAspectRatio);
        const QRect target((page.width() - fitted.width()) / 2, y, fitted.width(), fitted.height());
        p.drawPixmap(target, shot);
        p.setPen(QColor(0xbb, 0xbb, 0xbb));
        p.drawRect(target.adjusted(0, 0, -1, -1));
        y += fitted.height() + 12;
    }
    p.save();
    p.setClipRect(QRect(0, y, page.width(), page.height() - y));
    p.setPen(Qt::black);
    drawWords(p, stepText, 0, y, page.width(), true);
    p.restore();
}

void LessonExporter::finish(bool ok, const QString& message) {
    if (m_done) return;
    m_done = true;
    if (m_painter && m_painter->isActive()) m_painter->end();
    m_painter.reset();
    m_writer.reset();
    if (!ok && !m_file.isEmpty()) QFile::remove(m_file);  // no half a handout
    if (m_window && m_steps > 0) {
        if (LessonPanel* lessons = m_window->classroom()->lessons(); lessons->isOpen())
            lessons->endLesson();  // the user's own prompt, view and settings come back
        m_window->setPresentation(m_wasPresentation);
    }
    emit finished(ok, message);
}

void exportLessonDialog(MainWindow* window) {
    LessonPanel* lessons = window->classroom() ? window->classroom()->lessons() : nullptr;
    if (!lessons || lessons->lessons().empty()) return;
    const QString language =
        QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
    QStringList titles;
    for (const Lesson& l : lessons->lessons()) titles << l.title.in(language);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(window, LessonExporter::tr("Export lesson"),
                                                 LessonExporter::tr("Lesson:"), titles,
                                                 std::max(0, lessons->currentLesson()), false, &ok);
    if (!ok) return;
    const int index = static_cast<int>(titles.indexOf(chosen));
    const QString file = QFileDialog::getSaveFileName(
        window, LessonExporter::tr("Export lesson"), QStringLiteral("lesson-%1.pdf").arg(index + 1),
        LessonExporter::tr("PDF (*.pdf)"));
    if (file.isEmpty()) return;
    auto* exporter = new LessonExporter(window, index, file, window);
    const int steps =
        static_cast<int>(lessons->lessons()[static_cast<std::size_t>(index)].steps.size());
    auto* dialog = new QProgressDialog(LessonExporter::tr("Writing the handout: each step is run "
                                                          "and pictured…"),
                                       LessonExporter::tr("Cancel"), 0, steps, window);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(0);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    QObject::connect(exporter, &LessonExporter::progress, dialog, &QProgressDialog::setValue);
    QObject::connect(dialog, &QProgressDialog::canceled, exporter, &LessonExporter::cancel);
    QObject::connect(exporter, &LessonExporter::finished, window,
                     [window, exporter, dialog, file](bool done, const QString& message) {
                         dialog->deleteLater();
                         exporter->deleteLater();
                         if (done)
                             QMessageBox::information(window, LessonExporter::tr("Export lesson"),
                                                      LessonExporter::tr("%1 pages written to %2.")
                                                          .arg(exporter->pageCount())
                                                          .arg(file));
                         else if (!message.isEmpty())
                             QMessageBox::warning(window, LessonExporter::tr("Export lesson"),
                                                  message);
                     });
    dialog->show();
    exporter->start();
}

}  // namespace ts::ui

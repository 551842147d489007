// Headless screenshots: drives the main window through the same public calls a person's
// clicks end in (prompt, run, view, layer/head, timeline step, lesson steps), waits for the
// worker to settle, then grabs the window. See headless_run.hpp.
#include "shell/headless_run.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QJsonObject>
#include <QPixmap>
#include <QRegularExpression>
#include <QTimer>
#include <cstdio>
#include <memory>

#include "classroom/classroom_tool_view.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "shell/lesson_export.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "stages/attention_view.hpp"
#include "stages/embedding_view.hpp"
#include "widgets/heatmap_widget.hpp"
#include "widgets/korean_particles.hpp"

namespace ts::ui {

bool parseLessonView(const QString& view, HeadlessOptions* options, QString* error) {
    if (!view.startsWith(QLatin1String("lesson:")) && view != QLatin1String("lesson")) return true;
    static const QRegularExpression re(QStringLiteral("^lesson:(\\d+)(?::(\\d+))?$"));
    const auto m = re.match(view);
    if (!m.hasMatch()) {
        if (error)
            *error = QStringLiteral("'%1': write lesson:N or lesson:N:STEP (1-based)").arg(view);
        return false;
    }
    options->lesson = m.captured(1).toInt();
    options->lessonStep = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
    if (options->lesson < 1 || options->lessonStep < 1) {
        if (error) *error = QStringLiteral("'%1': lesson and step count from 1").arg(view);
        return false;
    }
    options->view.clear();
    return true;
}

bool parseViewOption(const QString& view, HeadlessOptions* options, QString* error) {
    const QString name = view.trimmed().toLower();
    if (!parseLessonView(name, options, error)) {
        if (error) error->prepend(QStringLiteral("--view "));
        return false;
    }
    if (options->lesson > 0) return true;
    if (viewNames().contains(name)) {
        options->view = name;
        return true;
    }
    if (error)
        *error =
            QStringLiteral("--view '%1' is not a view: use one of %2, or lesson:N[:STEP] (1-based)")
                .arg(view, viewNames().join(QStringLiteral(", ")));
    return false;
}

QSize parseWindowSize(const QString& text) {
    static const QRegularExpression re(QStringLiteral("^(\\d{2,5})[xX](\\d{2,5})$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch()) return {};
    return {m.captured(1).toInt(), m.captured(2).toInt()};
}

HeadlessRun::HeadlessRun(MainWindow* window, HeadlessOptions options, QObject* parent)
    : QObject(parent), m_window(window), m_options(std::move(options)) {
    m_timeout = new QTimer(this);
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this,
            [this] { fail(tr("Timed out after %1 s.").arg(m_options.timeoutMs / 1000)); });
    connect(m_window, &MainWindow::errorReported, this, &HeadlessRun::fail);
    connect(m_window, &MainWindow::modelReady, this, &HeadlessRun::onModelReady);
    connect(m_window, &MainWindow::recordArrived, this, [this](int count) {
        if (m_options.lesson == 0 && m_options.exportLesson == 0 && m_generating &&
            count >= m_options.steps)
            whenSettled([this] { arrange(); });
    });
    connect(m_window, &MainWindow::runningChanged, this, [this](bool running) {
        // A run that ended early (end-of-text, full context) still gets its picture.
        // A lesson walked for a handout ends when its exporter says so.
        if (m_options.lesson == 0 && m_options.exportLesson == 0 && !running && m_generating &&
            !m_window->history().empty())
            whenSettled([this] { arrange(); });
    });
}

void HeadlessRun::start() {
    m_timeout->start(m_options.timeoutMs);
    m_window->selectStage(static_cast<int>(Stage::Sampling));
    if (!m_options.server.url.isEmpty()) {
        m_window->connectServer(m_options.server);  // modelReady follows, as after a load
        return;
    }
    if (!m_options.model.isEmpty()) {
        m_window->loadModel(m_options.model);
        return;
    }
    // No model (--model none): only a transcript file can be shown.
    if (m_options.openTranscript.isEmpty()) {
        QTimer::singleShot(0, this,
                           [this] { fail(tr("--model none needs --open-transcript FILE.")); });
        return;
    }
    m_generating = true;
    m_window->openTranscript(m_options.openTranscript);
    whenSettled([this] { arrange(); });
}

void HeadlessRun::onModelReady() {
    if (m_generating) return;
    m_generating = true;
    if (!m_options.openTranscript.isEmpty()) {
        // Replayed when this is the model that made it, shown as recorded otherwise.
        m_window->openTranscript(m_options.openTranscript);
        whenSettled([this] { arrange(); });
        return;
    }
    if (m_options.exportLesson > 0) {
        exportLesson();
        return;
    }
    if (m_options.lesson > 0) {
        LessonPanel* lessons = m_window->classroom() ? m_window->classroom()->lessons() : nullptr;
        const int count = lessons ? static_cast<int>(lessons->lessons().size()) : 0;
        if (m_options.lesson > count) {
            fail(tr("There is no lesson %1 (there are %2).").arg(m_options.lesson).arg(count));
            return;
        }
        const int steps = static_cast<int>(
            lessons->lessons()[static_cast<std::size_t>(m_options.lesson - 1)].steps.size());
        if (m_options.lessonStep > steps) {
            fail(tr("Lesson %1 has %2 steps, not %3.")
                     .arg(m_options.lesson)
                     .arg(steps)
                     .arg(m_options.lessonStep));
            return;
        }
        m_window->showView(QStringLiteral("lessons"));
        applyLessonStep(1);
        return;
    }
    m_window->setPrompt(m_options.prompt);
    if (m_options.chat && !m_window->setChat(m_options.chatSystem, m_options.chatUser)) {
        fail(tr("This model has no chat format that Tokenscope can write: use --prompt."));
        return;
    }
    m_window->setParams(m_options.params);
    m_window->setIgnoreEndOfText(m_options.ignoreEndOfText);
    if (!m_options.interventions.empty()) m_window->setInterventions(m_options.interventions);
    m_window->setBeforeAfter(m_options.beforeAfter);
    m_window->generate(m_options.steps);
}

void HeadlessRun::applyLessonStep(int step) {
    LessonPanel* lessons = m_window->classroom()->lessons();
    // Lessons are walked as a class would: every step before the wanted one sets up its part.
    if (step == 1)
        lessons->openLesson(m_options.lesson - 1);
    else
        lessons->goToStep(step - 1);
    whenSettled([this, step] {
        if (step < m_options.lessonStep)
            applyLessonStep(step + 1);
        else
            arrange();
    });
}

bool windowBusy(MainWindow* window) {
    if (window->isRunning()) return true;
    if (window->headKindsBusy()) return true;    // the attention grid's badges
    if (window->beforeAfterBusy()) return true;  // the what-if's "before" figures
    // A lesson step may have started a classroom experiment (lanes, probes, lost in the
    // middle, the guessing game's reveal): its picture is the finished result.
    bool busy = false;
    for (const auto* tool : window->findChildren<ClassroomToolView*>()) busy |= tool->isBusy();
    if (ClassroomHub* hub = window->classroom()) {
        // The tokenizer comparison loads its other tokenizers (GPT-2's, the environment's)
        // on a thread: the picture shows them loaded.
        busy |= hub->tokenizers()->isLoading();
        // The confidence colouring scores its text on a thread: the picture shows the colours.
        busy |= hub->confidence()->isBusy();
    }
    // The embedding view makes its projection or word map on a thread of its own.
    if (auto* embedding =
            qobject_cast<EmbeddingView*>(window->stageView(static_cast<int>(Stage::Embedding))))
        busy |= embedding->isMapBusy();
    return busy;
}

void HeadlessRun::whenSettled(std::function<void()> then) {
    // The worker answers asynchronously: wait until nothing runs and no record arrived for
    // a few polls.
    auto lastCount = std::make_shared<int>(-1);
    auto quiet = std::make_shared<int>(0);
    auto* poll = new QTimer(this);
    poll->setInterval(80);
    connect(poll, &QTimer::timeout, this, [this, poll, lastCount, quiet, then = std::move(then)] {
        if (m_done) {
            poll->deleteLater();
            return;
        }
        const int count = static_cast<int>(m_window->history().size());
        const bool experimentRunning = windowBusy(m_window);
        if (m_window->isRunning() || experimentRunning || count != *lastCount) {
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

void HeadlessRun::arrange() {
    if (m_arranged || m_done) return;
    m_arranged = true;
    if (!m_options.view.isEmpty() && !m_window->showView(m_options.view)) {
        fail(tr("Unknown view '%1'.").arg(m_options.view));
        return;
    }
    if (m_options.selectStep > 0) {
        const int n = static_cast<int>(m_window->history().size());
        if (m_options.selectStep > n) {
            fail(tr("--select-step %1: the run has %2 steps.").arg(m_options.selectStep).arg(n));
            return;
        }
        m_window->selectStep(m_options.selectStep - 1);
    }
    if (auto* attention =
            qobject_cast<AttentionView*>(m_window->stageView(static_cast<int>(Stage::Attention)))) {
        if (m_options.layer > 0) {
            attention->setLayer(m_options.layer - 1);
            if (attention->layer() != m_options.layer - 1) {
                fail(tr("--layer %1: the model has fewer layers.").arg(m_options.layer));
                return;
            }
        }
        if (m_options.head > 0) {
            attention->setHead(m_options.head - 1);
            if (attention->head() != m_options.head - 1) {
                fail(tr("--head %1: the model has fewer heads.").arg(m_options.head));
                return;
            }
        }
    }
    if (!m_options.wordMap.isEmpty()) {
        auto* embedding =
            qobject_cast<EmbeddingView*>(m_window->stageView(static_cast<int>(Stage::Embedding)));
        if (!embedding || !embedding->showWordMap(m_options.wordMap)) {
            fail(tr("--word-map '%1': no words.").arg(m_options.wordMap));
            return;
        }
        whenSettled([this] { capture(); });
        return;
    }
    // The tools are pictured as a class sees them after pressing Run (the lanes from the main
    // prompt and seed, the fact probes, the lost-in-the-middle lab with its evaluation's settings
    // and seed; the confidence colouring of the text just generated), not their empty state
    // (ViewEntry::shotSettings); a lesson step runs its own.
    const ViewEntry* view = findView(m_options.view);
    if (m_window->classroom() && m_options.lesson == 0 && view) {
        QJsonObject settings = shotSettings(*view);
        // --guesses: the guessing game revealed; --with-fact: the remedy's switch on.
        if (!m_options.guesses.isEmpty() && m_options.view == QLatin1String("guess")) {
            settings[QStringLiteral("guesses")] = m_options.guesses;
            settings[QStringLiteral("reveal")] = true;
        }
        if (m_options.withFact) settings[QStringLiteral("withFact")] = true;
        for (auto it = m_options.toolSettings.begin(); it != m_options.toolSettings.end(); ++it)
            settings[it.key()] = it.value();
        if (!settings.isEmpty() && m_window->classroom()->applySettings(view->name, settings) &&
            (view->shotWaits || !m_options.guesses.isEmpty() || m_options.withFact)) {
            whenSettled([this] { capture(); });
            return;
        }
    }
    capture();
}

void HeadlessRun::exportLesson() {
    // The export takes the window from here (no picture follows); a timeout or an error
    // still ends the run through fail().
    auto* exporter =
        new LessonExporter(m_window, m_options.exportLesson - 1, m_options.exportLessonFile, this);
    connect(exporter, &LessonExporter::finished, this, [this, exporter](bool ok, const QString& m) {
        if (m_done) return;
        m_done = true;
        if (!ok) {
            std::fprintf(stderr, "tokenscope: %s\n", m.toLocal8Bit().constData());
            emit finished(1);
            return;
        }
        std::printf("%s: %d pages (lesson %d, %d steps), %.1f s\n",
                    m_options.exportLessonFile.toLocal8Bit().constData(), exporter->pageCount(),
                    m_options.exportLesson, exporter->stepCount(), exporter->seconds());
        emit finished(0);
    });
    exporter->start();
}

void HeadlessRun::fail(const QString& message) {
    if (m_done) return;
    m_done = true;
    std::fprintf(stderr, "tokenscope: %s\n",
                 fillKoreanParticles(message).toLocal8Bit().constData());
    emit finished(1);
}

void HeadlessRun::capture() {
    if (m_done) return;
    m_done = true;
    // Let the views and layouts settle (queued updates, the pipeline animation) first.
    if (!m_options.exportTranscript.isEmpty()) {
        QString error;
        if (!m_window->exportTranscript(m_options.exportTranscript, &error)) {
            std::fprintf(stderr, "tokenscope: %s\n", error.toLocal8Bit().constData());
            emit finished(1);
            return;
        }
        std::printf("%s: %d steps\n", m_options.exportTranscript.toLocal8Bit().constData(),
                    static_cast<int>(m_window->history().size()));
        if (m_options.screenshot.isEmpty()) {
            emit finished(0);
            return;
        }
    }
    QTimer::singleShot(900, this, [this] {
        QApplication::processEvents();
        // Heatmaps drawn exactly, not as stretched while the run's rows arrived.
        for (HeatmapWidget* map : m_window->findChildren<HeatmapWidget*>()) map->settleDisplay();
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

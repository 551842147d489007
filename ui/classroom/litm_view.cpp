#include "classroom/litm_view.hpp"

#include <QCheckBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTextStream>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <filesystem>

#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/model_folder.hpp"
#include "widgets/chart.hpp"
#include "widgets/korean_particles.hpp"

namespace ts::ui {

LitmView::LitmView(QWidget* parent) : ClassroomToolView(parent) {
    // The lab scrolls rather than squeeze: its banner, settings, charts, conclusion, table and
    // example need more height than 1280x720 leaves in presentation mode (and a few pixels
    // more than it leaves in Korean), and a squeezed layout hid the charts' lower part under
    // the conclusion.
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    scroll->setWidget(content);
    outer->addWidget(scroll);
    // What the loaded model does, before anyone waits for a run.
    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("litmBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel#litmBanner { background: #eef4fb; color: #17324d; "
                       "border: 1px solid #9dbbd9; border-radius: 4px; padding: 6px; }"));
    layout->addWidget(m_banner);

    auto* form = new QHBoxLayout;
    auto spin = [this](int lo, int hi, int v) {
        auto* s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(v);
        return s;
    };
    m_recordsLabel = new QLabel(this);
    m_records = spin(2, 1000, 20);  // the engine refuses what exceeds the model's context
    m_positionsLabel = new QLabel(this);
    m_positions = spin(1, 50, 5);
    m_trialsLabel = new QLabel(this);
    m_trials = spin(1, 1000, 10);
    m_seedLabel = new QLabel(this);
    m_seed = spin(0, 1000000, 1);
    m_queryAware = new QCheckBox(this);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_recordsLabel, m_records, m_positionsLabel, m_positions,
                                         m_trialsLabel, m_trials, m_seedLabel, m_seed})
        form->addWidget(w);
    form->addStretch(1);
    layout->addLayout(form);
    // On a line of its own: beside the four numbers it made the lab wider than a 1280-pixel
    // window leaves for it.
    layout->addWidget(m_queryAware);
    auto* row = new QHBoxLayout;
    m_templateLabel = new QLabel(this);
    m_template = new QLineEdit(QString::fromStdString(m_spec.recordTemplate), this);
    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    row->addWidget(m_templateLabel);
    row->addWidget(m_template, 1);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    layout->addLayout(row);
    // progress and what is happening, then the files: a row of its own so that the lab fits
    // the 1280-pixel projector layout beside the controls and the timeline
    auto* files = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(140);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("litmStatus"));
    m_open = new QPushButton(this);
    m_save = new QPushButton(this);
    m_save->setEnabled(false);
    m_export = new QPushButton(this);
    m_export->setEnabled(false);
    setRunControls({m_run, m_open}, m_cancel, m_progress);
    files->addWidget(m_progress);
    files->addWidget(m_status, 1);
    files->addWidget(m_open);
    files->addWidget(m_save);
    files->addWidget(m_export);
    layout->addLayout(files);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    // The example context under the words that describe it, above the charts: below the
    // table it was out of sight at 1280x720 (the lab scrolls).
    m_example = new QLabel(this);
    m_example->setObjectName(QStringLiteral("litmExample"));
    m_example->setWordWrap(true);
    // Two lines in the font of the moment (see eventFilter).
    m_example->setMaximumHeight(2 * fontMetrics().height() + 2);
    m_example->installEventFilter(this);
    m_example->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_example);

    auto* charts = new QSplitter(this);
    m_measured = new Chart(charts);
    charts->addWidget(m_measured);
    m_reference = new Chart(charts);
    charts->addWidget(m_reference);
    buildMeasuredChart();
    m_measured->matchFont();
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    layout->addWidget(charts, 1);
    m_conclusion = new QLabel(this);
    m_conclusion->setWordWrap(true);
    QFont bold = m_conclusion->font();
    bold.setBold(true);
    m_conclusion->setFont(bold);
    layout->addWidget(m_conclusion);
    m_table = new QTableWidget(0, 6, this);
    m_table->setMaximumHeight(140);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setVisible(false);
    // Rows as tall as their text in the font of the moment: a height fixed at construction
    // cut every cell in presentation mode at 1920x1080 (19 px rows for 23 px of text).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setWordWrap(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table);

    m_timeLeftTimer = new QTimer(this);
    m_timeLeftTimer->setInterval(500);
    connect(m_timeLeftTimer, &QTimer::timeout, this, &LitmView::updateTimeLeft);
    connect(m_run, &QPushButton::clicked, this, &LitmView::run);
    connect(m_cancel, &QPushButton::clicked, this, &LitmView::cancel);
    connect(m_open, &QPushButton::clicked, this, &LitmView::openDialog);
    connect(m_save, &QPushButton::clicked, this, &LitmView::saveDialog);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export results"), QStringLiteral("litm.csv"), tr("CSV files (*.csv)"));
        if (!path.isEmpty()) exportCsv(path);
    });
    m_confirm = [this](const QString& question) {
        return QMessageBox::question(this, tr("Run the lost-in-the-middle lab?"), question,
                                     QMessageBox::Yes | QMessageBox::Cancel,
                                     QMessageBox::Yes) == QMessageBox::Yes;
    };
    retranslateUi();
}

void LitmView::retranslateUi() {
    m_recordsLabel->setText(tr("Records:"));
    m_positionsLabel->setText(tr("Positions:"));
    m_trialsLabel->setText(tr("Contexts:"));
    m_trials->setToolTip(
        tr("Contexts of freshly drawn records; each is read once and asked about every position."));
    m_seedLabel->setText(tr("Seed:"));
    m_queryAware->setText(tr("Ask first (query-aware)"));
    m_queryAware->setToolTip(
        tr("State the question before the records too, so the model knows what to look for while "
           "reading."));
    m_templateLabel->setText(tr("Record template:"));
    m_run->setText(tr("Run experiment"));
    m_cancel->setText(tr("Cancel"));
    m_open->setText(tr("Open results…"));
    m_open->setToolTip(
        tr("Show results saved earlier (for example a sweep of a large model prepared at home)."));
    m_save->setText(tr("Save results…"));
    m_export->setText(tr("Export CSV…"));
    m_explain->setText(
        tr("Each context lists key-value records (“Code Alpha-41 tiger.”) and ends by asking for "
           "one key again: the model reads it once and is asked about each position in turn, "
           "with fresh records in every context."));
    // Titles of several words on two lines: the columns fit their contents, and a title on
    // one line made the table a pixel wider than the view in presentation mode at 1280x720.
    auto twoLines = [](QString t) {
        qsizetype best = -1;
        for (qsizetype i = t.indexOf(QLatin1Char(' ')); i >= 0;
             i = t.indexOf(QLatin1Char(' '), i + 1))
            if (best < 0 || std::abs(i - t.size() / 2) < std::abs(best - t.size() / 2)) best = i;
        if (best > 0) t[best] = QLatin1Char('\n');
        return t;
    };
    m_table->setHorizontalHeaderLabels({tr("Position"), twoLines(tr("Top-1 accuracy")),
                                        tr("P(correct)"), twoLines(tr("Mean rank")),
                                        twoLines(tr("Attention on record")), tr("Contexts")});
    m_measured->setSeriesName(m_accBand.line, tr("top-1 accuracy"));
    m_measured->setSeriesName(m_probBand.line, tr("P(correct value)"));
    // Axis titles short enough for one line at 1280x720 (Qt Charts cuts longer ones and shows one
    // line of an axis title); the shading is explained in the chart's title, which may take two
    // lines.
    m_measured->setAxisTitle(m_measuredX, tr("position of the record asked for"));
    buildReferenceChart();
    updateBanner();
    if (!m_shown.result.points.empty())
        showRun(m_shown, m_runSource);
    else
        m_measured->setTitle(tr("This model"));
}

bool LitmView::isBundledModel() const {
    if (m_info.folder.isEmpty()) return false;
    std::error_code ec;
    return std::filesystem::equivalent(std::filesystem::path(m_info.folder.toStdString()),
                                       ts::bundledModelPath(), ec);
}

void LitmView::setModel(const ModelInfo& info) {
    ClassroomToolView::setModel(info);
    m_modelEval.reset();
    const QString folder = info.folder;
    if (!folder.isEmpty()) {
        const QString eval = folder + QStringLiteral("/eval/litm_results.json");
        if (QFileInfo::exists(eval)) {
            try {
                m_modelEval = ts::loadLitmRun(std::filesystem::path(eval.toStdString()));
            } catch (const ts::Error&) {
                m_modelEval.reset();  // the banner then says there is none
            }
        }
    }
    if (m_modelEval && !isBusy()) {
        setOptions(m_modelEval->options);
        showRun(*m_modelEval, QStringLiteral("eval"));
    }
    // After the evaluation's options: its records are English, the lab's follow the language.
    if (!folder.isEmpty()) loadRecordsFor(folder);
    updateBanner();
}

QString LitmView::recordsFileFor(const QString& folder, const QString& language) {
    const QString english = folder + QStringLiteral("/eval/kv_records.json");
    const QString korean = folder + QStringLiteral("/eval/kv_records_ko.json");
    const bool ko = language == QLatin1String("ko");
    for (const QString& f : ko ? QStringList{korean, english} : QStringList{english, korean})
        if (QFileInfo::exists(f)) return f;
    return {};
}

void LitmView::loadRecordsFor(const QString& folder) {
    const QString spec = recordsFile(folder);
    if (spec.isEmpty() || !loadRecordVocabulary(spec)) {
        m_spec = ts::LitmOptions{};  // the engine's records: key numbers 100-999
        m_template->setText(QString::fromStdString(m_spec.recordTemplate));
    }
}

void LitmView::setLanguage(const QString& language) {
    if (language == m_language) return;
    m_language = language;
    if (!m_info.folder.isEmpty() && !isBusy()) loadRecordsFor(m_info.folder);
}

QString LitmView::modelName() const {
    // a Hugging Face cache snapshot reads "ORG/NAME", not its commit hash
    if (m_info.folder.isEmpty()) return m_info.name;
    return QString::fromStdString(
        ts::hub::displayName(std::filesystem::path(m_info.folder.toStdString())));
}

QString LitmView::evaluationText() const { return m_banner->text(); }
QString LitmView::statusText() const { return m_status->text(); }

void LitmView::updateBanner() {
    const QString name = isBundledModel() ? tr("The bundled model") : modelName();
    if (!m_info.model) {
        m_banner->setText(tr("Load a model to measure it, or open results saved earlier."));
    } else if (m_modelEval) {
        m_banner->setText(evaluationSummary(*m_modelEval, name));
    } else {
        m_banner->setText(fillKoreanParticles(
            tr("No lost-in-the-middle measurements come with %1. Run the lab: it first times "
               "the model on this computer and says how long the run will take before it "
               "starts. Results can be saved and shown later without the model.")
                .arg(modelName())));
    }
}

bool LitmView::loadRecordVocabulary(const QString& path) {
    // The engine reads the specification, so the lab and `tokenscope-cli litm` agree on it.
    ts::LitmOptions spec;
    try {
        ts::applyLitmSpec(spec, std::filesystem::path(path.toStdString()));
    } catch (const ts::Error&) {
        return false;
    }
    m_spec = spec;
    m_template->setText(QString::fromStdString(spec.recordTemplate));
    return true;
}

ts::LitmOptions LitmView::options() const {
    ts::LitmOptions o = m_spec;  // key words, numbers and values of the loaded specification
    o.records = m_records->value();
    o.positions = std::min(m_positions->value(), o.records);
    o.trials = m_trials->value();
    o.seed = static_cast<std::uint64_t>(m_seed->value());
    o.queryAware = m_queryAware->isChecked();
    o.recordTemplate = m_template->text().toStdString();
    // The query is the record up to its value: "Code {key} {value}." -> "Code {key}".
    const auto at = o.recordTemplate.find("{value}");
    if (at != std::string::npos) {
        std::string q = o.recordTemplate.substr(0, at);
        while (!q.empty() && q.back() == ' ') q.pop_back();
        o.queryTemplate = q;
    }
    return o;
}

void LitmView::setOptions(const ts::LitmOptions& o) {
    m_records->setValue(o.records);
    m_positions->setValue(o.positions);
    m_trials->setValue(o.trials);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(o.seed, 1000000)));
    m_queryAware->setChecked(o.queryAware);
    m_template->setText(QString::fromStdString(o.recordTemplate));
}

void LitmView::applySettings(const QJsonObject& s) {
    auto setInt = [&s](const char* key, QSpinBox* box) {
        if (s.contains(QLatin1String(key))) box->setValue(s.value(QLatin1String(key)).toInt());
    };
    setInt("records", m_records);
    setInt("positions", m_positions);
    setInt("trials", m_trials);
    setInt("seed", m_seed);
    if (s.contains(QStringLiteral("queryAware")))
        m_queryAware->setChecked(s.value(QStringLiteral("queryAware")).toBool());
    // The lesson (or the headless picture) chose the run's size: it starts without the question
    // (a modal question in the middle of a lesson step; in a test under load it waited forever).
    if (s.value(QStringLiteral("run")).toBool()) estimateAndRun(false);
}

void LitmView::setRunConfirmation(std::function<bool(const QString&)> confirm) {
    m_confirm = std::move(confirm);
}

namespace {
struct Estimate {
    ts::LitmPlan plan;
    double seconds = 0;
};
}  // namespace

void LitmView::run() { estimateAndRun(true); }

void LitmView::estimateAndRun(bool askIfLong) {
    if (!requireModel(m_status)) return;
    const ts::LitmOptions o = options();
    try {
        o.validate();
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return;
    }
    ModelInfo info = m_info;
    info.name = modelName();
    m_status->setText(tr("Timing %1 on this computer…").arg(info.name));
    // Planning tokenizes and timing runs the model: both on the experiment thread.
    startTask<Estimate>(
        [info, o](const std::atomic<bool>& cancel) {
            Estimate e;
            e.plan = ts::planLostInTheMiddle(*info.tokenizer, o);
            const int nCtx = info.model->config().nCtx;
            if (e.plan.promptTokens > nCtx)
                throw ts::Error(tr("%1 records take %2 tokens, more than the model's context of "
                                   "%3: use fewer records.")
                                    .arg(o.records)
                                    .arg(e.plan.promptTokens)
                                    .arg(nCtx)
                                    .toStdString());
            const ts::LitmSpeed speed =
                ts::measureLitmSpeed(info.model, *info.tokenizer, o, &cancel);
            e.seconds = ts::estimateLitmSeconds(info.model->config(), e.plan, speed);
            return e;
        },
        [this, o, info, askIfLong](Estimate e) {
            m_lastEstimate = e.seconds;
            if (info.model != m_info.model) return;  // another model arrived meanwhile
            const QString work =
                tr("%1 contexts of about %2 tokens, each read once and asked %3 questions.")
                    .arg(o.trials)
                    .arg(e.plan.promptTokens)
                    .arg(o.positions);
            if (askIfLong && e.seconds > m_askAboveSeconds) {
                const QString question = fillKoreanParticles(
                    tr("This run on %1 will take %2 on this computer (measured just now).\n%3\n\n"
                       "The window stays usable and you can cancel at any time.")
                        .arg(info.name, approximateDuration(e.seconds), work));
                if (!m_confirm || !m_confirm(question)) {
                    m_status->setText(
                        tr("Not started (estimated %1).").arg(approximateDuration(e.seconds)));
                    return;
                }
            }
            startRun(o, e.seconds);
        },
        [this](const QString& message) {
            m_status->setText(message == QLatin1String("cancelled") ? tr("Cancelled.") : message);
        },
        false);
}

void LitmView::startRun(const ts::LitmOptions& o, double estimateSeconds) {
    ModelInfo info = m_info;
    info.name = modelName();
    const auto progress = progressReporter();
    m_status->setText(tr("Running %1 contexts (estimated %2)…")
                          .arg(o.trials)
                          .arg(approximateDuration(estimateSeconds)));
    m_runClock.start();
    m_timeLeftTimer->start();
    startTask<ts::LitmResult>(
        [info, o, progress](const std::atomic<bool>& cancel) {
            return ts::runLostInTheMiddle(info.model, *info.tokenizer, o, progress, &cancel);
        },
        [this, o, info](ts::LitmResult r) {
            m_timeLeftTimer->stop();
            ts::LitmRun run;
            run.model = info.name.toStdString();
            run.options = o;
            run.options.keyWords.clear();
            run.options.values.clear();
            run.result = std::move(r);
            m_status->setText(
                tr("Done in %1.").arg(approximateDuration(run.result.timing.seconds)));
            showRun(run, QStringLiteral("measured"));
        },
        [this](const QString& message) {
            m_timeLeftTimer->stop();
            m_status->setText(message == QLatin1String("cancelled") ? tr("Cancelled.") : message);
        });
}

void LitmView::updateTimeLeft() {
    const double f = progress();
    if (!isBusy() || f <= 0.02) return;
    const double elapsed = static_cast<double>(m_runClock.elapsed()) / 1000.0;
    m_status->setText(tr("Running: %1 % done, %2 left.")
                          .arg(f * 100, 0, 'f', 0)
                          .arg(approximateDuration(elapsed * (1 - f) / f)));
}

double LitmView::chance() const {
    // The engine's built-in value list has 32 words when none was loaded.
    return 1.0 / double(m_spec.values.empty() ? 32 : m_spec.values.size());
}

double LitmView::progress() const { return m_progress->value() / 1000.0; }

QString LitmView::measuredTitle() const { return m_measured->title(); }

bool LitmView::saveResults(const QString& path, QString* error) const {
    try {
        ts::saveLitmRun(m_shown, std::filesystem::path(path.toStdString()));
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool LitmView::openResults(const QString& path, QString* error) {
    try {
        const ts::LitmRun run = ts::loadLitmRun(std::filesystem::path(path.toStdString()));
        showRun(run, QFileInfo(path).fileName());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

void LitmView::openDialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open results"), QString(),
                                     tr("Lost-in-the-middle results (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    if (!openResults(path, &error))
        QMessageBox::warning(this, tr("Cannot open results"),
                             tr("%1\n\nThe results on screen are unchanged.").arg(error));
}

void LitmView::saveDialog() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save results"), QStringLiteral("litm_results.json"),
                                     tr("Lost-in-the-middle results (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!saveResults(path, &error)) QMessageBox::warning(this, tr("Cannot save results"), error);
}

namespace {
// Both charts: positions 1..xMax across, percent up, every series on both axes.
int addAxes(Chart* chart, double xMax, const QString& xTitle, const QString& yTitle) {
    const int x = chart->addAxis(Chart::Side::Bottom, QStringLiteral("%d"));
    chart->setRange(x, 1, std::max(2.0, xMax));
    chart->setAxisTitle(x, xTitle);
    const int y = chart->addAxis(Chart::Side::Left);
    chart->setRange(y, 0, 100);
    chart->setAxisTitle(y, yTitle);
    chart->attachAll(x, y);
    return x;
}
}  // namespace

void LitmView::buildMeasuredChart() {
    auto make = [this](Band& b, const QColor& colour) {
        QColor fill = colour;
        fill.setAlpha(50);
        b.area = m_measured->addBand(fill);
        const QPen pen(colour, 2);
        b.line = m_measured->addLine(QString(), &pen);
        b.dots = m_measured->addDots(colour, 8);
    };
    make(m_accBand, QColor(0x1f, 0x77, 0xb4));
    make(m_probBand, QColor(0xe6, 0x7e, 0x22));
    m_measuredX = addAxes(m_measured, 20, QString(), QStringLiteral("%"));
    m_measured->setLegendAtBottom();
    // Only the mean lines in the legend; the shading is explained in the chart's title.
    for (int s = 0; s < m_measured->seriesCount(); ++s)
        if (s != m_accBand.line && s != m_probBand.line) m_measured->setInLegend(s, false);
}

void LitmView::buildReferenceChart() {
    m_reference->setTitle(tr("Liu et al. 2023<br>(GPT-3.5-Turbo, 20 documents)"));
    if (m_reference->seriesCount() == 0) {
        QList<QPointF> points;
        for (const auto& p : ts::liuEtAl2023Reference())
            points.append({double(p.position), p.accuracyPercent});
        const QColor grey(0x55, 0x55, 0x55);
        const QPen pen(grey, 2);
        m_reference->addLine(QString(), &pen, points);
        const int dots = m_reference->addDots(grey, 8, points);
        m_reference->setInLegend(dots, false);
        m_reference->setLegendAtBottom();
        addAxes(m_reference, 20, QString(), QStringLiteral("%"));
    }
    m_reference->setSeriesName(0, tr("accuracy (%)"));
    m_reference->setAxisTitle(m_reference->axisOn(Chart::Side::Bottom), tr("answer position"));
    m_reference->matchFont();  // its axes are made here, the first time
}

void LitmView::showResult(const ts::LitmResult& r) {
    ts::LitmRun run;
    run.model = m_info.name.toStdString();
    run.options = options();
    run.options.keyWords.clear();
    run.options.values.clear();
    run.result = r;
    showRun(run, QStringLiteral("measured"));
}

void LitmView::showRun(const ts::LitmRun& run, const QString& source) {
    m_shown = run;
    m_runSource = source;
    const ts::LitmResult& r = m_shown.result;
    auto fill = [this, &r](const Band& b, auto mean, auto lo, auto hi) {
        QList<QPointF> up, down, mid;
        for (const auto& p : r.points) {
            up.append({double(p.position), hi(p) * 100});
            down.append({double(p.position), lo(p) * 100});
            mid.append({double(p.position), mean(p) * 100});
        }
        m_measured->setBand(b.area, up, down);
        m_measured->setPoints(b.line, mid);
        m_measured->setPoints(b.dots, mid);
    };
    fill(
        m_accBand, [](const ts::LitmPoint& p) { return p.accuracy; },
        [](const ts::LitmPoint& p) { return p.accuracyLow; },
        [](const ts::LitmPoint& p) { return p.accuracyHigh; });
    fill(
        m_probBand, [](const ts::LitmPoint& p) { return p.meanProb; },
        [](const ts::LitmPoint& p) { return p.probLow; },
        [](const ts::LitmPoint& p) { return p.probHigh; });
    const int records =
        std::max({2, run.options.records, r.points.empty() ? 2 : r.points.back().position});
    m_measured->setRange(m_measuredX, 1, records);
    const bool measuredHere =
        source == QLatin1String("measured") || source == QLatin1String("eval");
    const QString model = run.model == "bundled" || (measuredHere && isBundledModel())
                              ? tr("Bundled model")
                          : run.model.empty() ? tr("Unnamed model")
                                              : QString::fromStdString(run.model);
    QString title;
    if (source == QLatin1String("measured"))
        title = tr("%1, measured now").arg(model);
    else if (source == QLatin1String("eval"))
        title = tr("%1, from its evaluation data").arg(model);
    else
        title = tr("%1, from %2").arg(model, source);
    m_measured->setTitle(
        tr("%1<br>about %2 tokens · shaded: 95 % interval").arg(title).arg(r.contextTokens));
    m_measured->setAxisTitle(m_measuredX,
                             tr("asked record's position (of %1)").arg(run.options.records));

    m_table->setRowCount(static_cast<int>(r.points.size()));
    for (int i = 0; i < static_cast<int>(r.points.size()); ++i) {
        const auto& p = r.points[static_cast<std::size_t>(i)];
        const QString cells[6] = {QString::number(p.position),
                                  QStringLiteral("%1 % [%2–%3]")
                                      .arg(p.accuracy * 100, 0, 'f', 0)
                                      .arg(p.accuracyLow * 100, 0, 'f', 0)
                                      .arg(p.accuracyHigh * 100, 0, 'f', 0),
                                  QStringLiteral("%1 % [%2–%3]")
                                      .arg(p.meanProb * 100, 0, 'f', 1)
                                      .arg(p.probLow * 100, 0, 'f', 1)
                                      .arg(p.probHigh * 100, 0, 'f', 1),
                                  QString::number(p.meanRank, 'f', 1),
                                  QStringLiteral("%1 %").arg(p.attentionMass * 100, 0, 'f', 1),
                                  QString::number(p.trials)};
        for (int c = 0; c < 6; ++c) m_table->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    // One line: the records joined with a visible line break, elided by the label's width.
    QString example = QString::fromStdString(r.exampleContext);
    example.replace(QLatin1Char('\n'), QStringLiteral(" ↵ "));
    m_example->setText(
        example.isEmpty() ? QString()
                          : tr("Example context: %1").arg(example.left(300) + QStringLiteral("…")));
    // chance is known for the records of the loaded specification only
    m_conclusionText = describe(r.points, measuredHere ? chance() : 0.0);
    m_conclusion->setText(m_conclusionText);
    m_export->setEnabled(!r.points.empty());
    m_save->setEnabled(!r.points.empty());
}

QString LitmView::csv() const {
    QString out;
    QTextStream s(&out);
    s << "series,position,trials,accuracy,accuracy_low,accuracy_high,mean_prob,prob_low,prob_high,"
         "mean_rank,attention_mass\n";
    for (const auto& p : m_shown.result.points)
        s << "measured," << p.position << ',' << p.trials << ',' << p.accuracy << ','
          << p.accuracyLow << ',' << p.accuracyHigh << ',' << p.meanProb << ',' << p.probLow << ','
          << p.probHigh << ',' << p.meanRank << ',' << p.attentionMass << '\n';
    for (const auto& p : ts::liuEtAl2023Reference())
        s << "liu2023_gpt35turbo," << p.position << ",," << p.accuracyPercent / 100 << ",,,,,,,\n";
    return out;
}

bool LitmView::exportCsv(const QString& path) const {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return f.write(csv().toUtf8()) >= 0;
}

bool LitmView::eventFilter(QObject* watched, QEvent* event) {
    // A height fixed at construction held the example under one line of presentation mode's
    // font (30 px for 34 at 1920x1080).
    if (watched == m_example && event->type() == QEvent::FontChange)
        m_example->setMaximumHeight(2 * m_example->fontMetrics().height() + 2);
    return ClassroomToolView::eventFilter(watched, event);
}

}  // namespace ts::ui

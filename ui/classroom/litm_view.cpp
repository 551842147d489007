#include "classroom/litm_view.hpp"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTextStream>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <filesystem>

#include "tokenscope/error.hpp"
#include "widgets/korean_particles.hpp"

namespace ts::ui {

LitmView::LitmView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QHBoxLayout;
    auto spin = [this](int lo, int hi, int v) {
        auto* s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(v);
        return s;
    };
    m_recordsLabel = new QLabel(this);
    m_records = spin(2, 200, 20);
    m_positionsLabel = new QLabel(this);
    m_positions = spin(1, 50, 5);
    m_trialsLabel = new QLabel(this);
    m_trials = spin(1, 1000, 10);
    m_seedLabel = new QLabel(this);
    m_seed = spin(0, 1000000, 1);
    m_queryAware = new QCheckBox(this);
    for (QWidget* w : std::initializer_list<QWidget*>{m_recordsLabel, m_records, m_positionsLabel, m_positions,
                                                     m_trialsLabel, m_trials, m_seedLabel, m_seed, m_queryAware})
        form->addWidget(w);
    form->addStretch(1);
    layout->addLayout(form);
    auto* row = new QHBoxLayout;
    m_templateLabel = new QLabel(this);
    m_template = new QLineEdit(QString::fromStdString(m_spec.recordTemplate), this);
    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_export = new QPushButton(this);
    m_export->setEnabled(false);
    m_progress = new QProgressBar(this);
    setRunControls({m_run}, m_cancel, m_progress);
    row->addWidget(m_templateLabel);
    row->addWidget(m_template, 1);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    row->addWidget(m_progress);
    row->addWidget(m_export);
    layout->addLayout(row);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);

    auto* charts = new QSplitter(this);
    auto makeChart = [charts] {
        auto* chart = new QChart;
        chart->setMargins(QMargins(4, 4, 4, 4));
        auto* view = new QChartView(chart, charts);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(240);
        charts->addWidget(view);
        return view;
    };
    m_measured = makeChart();
    m_reference = makeChart();
    buildMeasuredChart();
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
    m_table->setMaximumHeight(190);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_table);
    m_example = new QLabel(this);
    m_example->setWordWrap(true);
    m_example->setMaximumHeight(3 * fontMetrics().height());
    m_example->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_example);

    connect(m_run, &QPushButton::clicked, this, &LitmView::run);
    connect(m_cancel, &QPushButton::clicked, this, &LitmView::cancel);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), QStringLiteral("litm.csv"),
                                                          tr("CSV files (*.csv)"));
        if (!path.isEmpty()) exportCsv(path);
    });
    retranslateUi();
}

void LitmView::retranslateUi() {
    m_recordsLabel->setText(tr("Records:"));
    m_positionsLabel->setText(tr("Positions:"));
    m_trialsLabel->setText(tr("Trials per position:"));
    m_seedLabel->setText(tr("Seed:"));
    m_queryAware->setText(tr("Ask the question before the records too (query-aware)"));
    m_templateLabel->setText(tr("Record template:"));
    m_run->setText(tr("Run experiment"));
    m_cancel->setText(tr("Cancel"));
    m_export->setText(tr("Export CSV…"));
    m_explain->setText(tr("Each context lists key-value records (“Code Alpha-41 tiger.”) and ends by "
                          "asking for one key again. The record asked for is moved from the first to the "
                          "last place; every position is tried with freshly shuffled records. A long "
                          "context is not the same as a well-used one."));
    m_table->setHorizontalHeaderLabels({tr("Position"), tr("Top-1 accuracy"), tr("P(correct)"), tr("Mean rank"),
                                        tr("Attention on record"), tr("Trials")});
    m_measured->chart()->setTitle(tr("This model"));
    m_accBand.line->setName(tr("top-1 accuracy"));
    m_probBand.line->setName(tr("P(correct value)"));
    m_measuredX->setTitleText(tr("position of the record asked for (shaded: 95 % interval)"));
    buildReferenceChart();
    if (!m_result.points.empty()) m_conclusionText = describe(m_result.points, chance());
    m_conclusion->setText(m_conclusionText);
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
    m_seed->setValue(static_cast<int>(o.seed));
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
    if (s.contains(QStringLiteral("queryAware"))) m_queryAware->setChecked(s.value(QStringLiteral("queryAware")).toBool());
    if (s.value(QStringLiteral("run")).toBool()) run();
}

void LitmView::run() {
    if (!requireModel(m_conclusion)) return;
    const ts::LitmOptions o = options();
    try {
        o.validate();
    } catch (const std::exception& e) {
        m_conclusion->setText(QString::fromUtf8(e.what()));
        return;
    }
    const ModelInfo info = m_info;
    const auto progress = progressReporter();
    m_conclusion->setText(tr("Running %1 contexts…").arg(o.positions * o.trials));
    startTask<ts::LitmResult>(
        [info, o, progress](const std::atomic<bool>& cancel) {
            return ts::runLostInTheMiddle(info.model, *info.tokenizer, o, progress, &cancel);
        },
        [this](ts::LitmResult r) { showResult(r); },
        [this](const QString& message) {
            m_conclusion->setText(message == QLatin1String("cancelled") ? tr("Cancelled.") : message);
        });
}

double LitmView::chance() const {
    // The engine's built-in value list has 32 words when none was loaded.
    return 1.0 / double(m_spec.values.empty() ? 32 : m_spec.values.size());
}

double LitmView::progress() const { return m_progress->value() / 1000.0; }

QChart* LitmView::measuredChart() const { return m_measured->chart(); }
QChart* LitmView::referenceChart() const { return m_reference->chart(); }

namespace {
void addAxes(QChart* chart, double xMax, const QString& xTitle, const QString& yTitle) {
    auto* x = new QValueAxis;
    x->setRange(1, std::max(2.0, xMax));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(xTitle);
    auto* y = new QValueAxis;
    y->setRange(0, 100);
    y->setTitleText(yTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (auto* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
}
}  // namespace

void LitmView::buildMeasuredChart() {
    QChart* chart = m_measured->chart();
    auto make = [chart](Band& b, const QColor& colour) {
        b.upper = new QLineSeries(chart);
        b.lower = new QLineSeries(chart);
        b.area = new QAreaSeries(b.upper, b.lower);
        QColor fill = colour;
        fill.setAlpha(50);
        b.area->setBrush(fill);
        b.area->setPen(Qt::NoPen);
        b.line = new QLineSeries;
        b.line->setPen(QPen(colour, 2));
        b.dots = new QScatterSeries;
        b.dots->setColor(colour);
        b.dots->setMarkerSize(8);
        chart->addSeries(b.area);
        chart->addSeries(b.line);
        chart->addSeries(b.dots);
    };
    make(m_accBand, QColor(0x1f, 0x77, 0xb4));
    make(m_probBand, QColor(0xe6, 0x7e, 0x22));
    addAxes(chart, 20, QString(), QStringLiteral("%"));
    m_measuredX = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Only the mean lines in the legend; the shading is explained in the axis title.
    for (auto* m : chart->legend()->markers())
        if (m->series() != m_accBand.line && m->series() != m_probBand.line) m->setVisible(false);
}

void LitmView::buildReferenceChart() {
    QChart* chart = m_reference->chart();
    chart->setTitle(tr("Liu et al. 2023 (GPT-3.5-Turbo, 20 documents)"));
    if (chart->series().isEmpty()) {
        auto* line = new QLineSeries;
        auto* dots = new QScatterSeries;
        for (const auto& p : ts::liuEtAl2023Reference()) {
            line->append(p.position, p.accuracyPercent);
            dots->append(p.position, p.accuracyPercent);
        }
        line->setPen(QPen(QColor(0x55, 0x55, 0x55), 2));
        dots->setColor(QColor(0x55, 0x55, 0x55));
        dots->setMarkerSize(8);
        chart->addSeries(line);
        chart->addSeries(dots);
        chart->legend()->markers(dots).first()->setVisible(false);
        chart->legend()->setAlignment(Qt::AlignBottom);
        addAxes(chart, 20, QString(), QStringLiteral("%"));
    }
    chart->series().first()->setName(tr("accuracy (%)"));
    chart->axes(Qt::Horizontal).first()->setTitleText(tr("position of the answer document"));
}

void LitmView::showResult(const ts::LitmResult& r) {
    m_result = r;
    auto fill = [&r](Band& b, auto mean, auto lo, auto hi) {
        QList<QPointF> up, down, mid;
        for (const auto& p : r.points) {
            up.append({double(p.position), hi(p) * 100});
            down.append({double(p.position), lo(p) * 100});
            mid.append({double(p.position), mean(p) * 100});
        }
        b.upper->replace(up);
        b.lower->replace(down);
        b.line->replace(mid);
        b.dots->replace(mid);
    };
    fill(m_accBand, [](const ts::LitmPoint& p) { return p.accuracy; },
         [](const ts::LitmPoint& p) { return p.accuracyLow; }, [](const ts::LitmPoint& p) { return p.accuracyHigh; });
    fill(m_probBand, [](const ts::LitmPoint& p) { return p.meanProb; },
         [](const ts::LitmPoint& p) { return p.probLow; }, [](const ts::LitmPoint& p) { return p.probHigh; });
    const int records = r.points.empty() ? 2 : std::max(2, r.points.back().position);
    m_measuredX->setRange(1, records);
    m_measured->chart()->setTitle(tr("This model (%1 records, about %2 tokens per context)").arg(records).arg(r.contextTokens));

    m_table->setRowCount(static_cast<int>(r.points.size()));
    for (int i = 0; i < static_cast<int>(r.points.size()); ++i) {
        const auto& p = r.points[static_cast<std::size_t>(i)];
        const QString cells[6] = {
            QString::number(p.position),
            QStringLiteral("%1 % [%2–%3]").arg(p.accuracy * 100, 0, 'f', 0).arg(p.accuracyLow * 100, 0, 'f', 0).arg(p.accuracyHigh * 100, 0, 'f', 0),
            QStringLiteral("%1 % [%2–%3]").arg(p.meanProb * 100, 0, 'f', 1).arg(p.probLow * 100, 0, 'f', 1).arg(p.probHigh * 100, 0, 'f', 1),
            QString::number(p.meanRank, 'f', 1), QStringLiteral("%1 %").arg(p.attentionMass * 100, 0, 'f', 1),
            QString::number(p.trials)};
        for (int c = 0; c < 6; ++c) m_table->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    // One line: the records joined with a visible line break, elided by the label's width.
    QString example = QString::fromStdString(r.exampleContext);
    example.replace(QLatin1Char('\n'), QStringLiteral(" ↵ "));
    m_example->setText(example.isEmpty() ? QString() : tr("Example context: %1").arg(example.left(300) + QStringLiteral("…")));
    m_conclusionText = describe(r.points, chance());
    m_conclusion->setText(m_conclusionText);
    m_export->setEnabled(!r.points.empty());
}

QString LitmView::describe(const std::vector<ts::LitmPoint>& pts, double chance) {
    return fillKoreanParticles(describeNeutral(pts, chance));
}

QString LitmView::describeNeutral(const std::vector<ts::LitmPoint>& pts, double chance) {
    if (pts.size() < 2) return tr("Use at least two positions to see a curve.");
    if (chance > 0) {
        bool atChance = true;
        for (const auto& p : pts) atChance = atChance && p.meanProb < 1.5 * chance && p.accuracy < 0.2;
        if (atChance) {
            QString text = tr("This model guesses: it gives the right value about the same probability as any "
                              "other value (P(correct) ≈ %1 %, chance %2 %), so it has not learned to look "
                              "the record up and there is no position effect in its answers.")
                               .arg(pts.front().meanProb * 100, 0, 'f', 1)
                               .arg(chance * 100, 0, 'f', 1);
            if (pts.back().attentionMass > 1.5 * pts.front().attentionMass)
                text += QLatin1Char(' ') + tr("Where it looks is not flat, though: attention from the question onto "
                                              "the record grows from %1 % (first) to %2 % (last) — a recency bias.")
                                               .arg(pts.front().attentionMass * 100, 0, 'f', 1)
                                               .arg(pts.back().attentionMass * 100, 0, 'f', 1);
            return text;
        }
    }
    double maxAcc = 0;
    for (const auto& p : pts) maxAcc = std::max(maxAcc, p.accuracy);
    // Accuracy when the model retrieves anything at all; otherwise the probability it gives the
    // right value still shows a position effect.
    const bool useAcc = maxAcc >= 0.05;
    auto v = [&](const ts::LitmPoint& p) { return useAcc ? p.accuracy : p.meanProb; };
    const double first = v(pts.front()), last = v(pts.back());
    double middle = 1e9;
    for (std::size_t i = 1; i + 1 < pts.size(); ++i) middle = std::min(middle, v(pts[i]));
    if (pts.size() == 2) middle = std::min(first, last);
    double top = 0;
    for (const auto& p : pts) top = std::max(top, v(p));
    const QString what = useAcc ? tr("accuracy") : tr("the probability of the right value");
    if (!useAcc && top < 0.02)
        return tr("This model does not retrieve the values at all (top-1 accuracy below 5 %, P(correct) "
                  "below 2 % everywhere): there is no position effect to see. Try fewer records or a "
                  "trained model.");
    const double margin = std::max(0.05, 0.15 * top);
    const bool highFirst = first - middle > margin, highLast = last - middle > margin;
    // A U needs both ends up by comparable amounts; one end far above the other is recency
    // (or primacy) with a small rise at the other end.
    const bool balanced = std::min(first, last) - middle > 0.5 * (std::max(first, last) - middle);
    if (highFirst && highLast && balanced)
        return tr("A U-shape, as Liu et al. found: %1 is higher when the record is first (%2 %) or last "
                  "(%3 %) than in the middle (%4 %). Information in the middle of a long context is "
                  "used least.").arg(what).arg(first * 100, 0, 'f', 0).arg(last * 100, 0, 'f', 0).arg(middle * 100, 0, 'f', 0);
    if (last - first > margin)
        return tr("Recency rather than a U: %1 rises towards the end (first %2 %, last %3 %). This model "
                  "mostly uses the records just before the question — small models often show this "
                  "instead of the U that large models show.").arg(what).arg(first * 100, 0, 'f', 0).arg(last * 100, 0, 'f', 0);
    if (first - last > margin)
        return tr("Primacy: %1 is highest for the first record (%2 %) and falls towards the end (%3 %).")
            .arg(what).arg(first * 100, 0, 'f', 0).arg(last * 100, 0, 'f', 0);
    return tr("Roughly flat: %1 is about the same at every position (first %2 %, last %3 %). With "
              "this many trials the differences are within the intervals.")
        .arg(what).arg(first * 100, 0, 'f', 0).arg(last * 100, 0, 'f', 0);
}

QString LitmView::csv() const {
    QString out;
    QTextStream s(&out);
    s << "series,position,trials,accuracy,accuracy_low,accuracy_high,mean_prob,prob_low,prob_high,mean_rank,attention_mass\n";
    for (const auto& p : m_result.points)
        s << "measured," << p.position << ',' << p.trials << ',' << p.accuracy << ',' << p.accuracyLow << ','
          << p.accuracyHigh << ',' << p.meanProb << ',' << p.probLow << ',' << p.probHigh << ',' << p.meanRank
          << ',' << p.attentionMass << '\n';
    for (const auto& p : ts::liuEtAl2023Reference())
        s << "liu2023_gpt35turbo," << p.position << ",," << p.accuracyPercent / 100 << ",,,,,,,\n";
    return out;
}

bool LitmView::exportCsv(const QString& path) const {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return f.write(csv().toUtf8()) >= 0;
}

}  // namespace ts::ui

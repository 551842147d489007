#include "classroom/lanes_view.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "classroom/confidence_colour_bar.hpp"
#include "classroom/entropy_strip.hpp"
#include "classroom/token_flow.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

LanesView::LanesView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QGridLayout;
    m_promptLabel = new QLabel(this);
    m_prompt = new QLineEdit(this);
    form->addWidget(m_promptLabel, 0, 0);
    form->addWidget(m_prompt, 0, 1, 1, 8);

    m_laneCountLabel = new QLabel(this);
    m_laneCount = new QSpinBox(this);
    m_laneCount->setRange(2, kMaxLanes);
    m_laneCount->setValue(kMaxLanes);
    m_tempLabel = new QLabel(this);
    form->addWidget(m_laneCountLabel, 1, 0);
    form->addWidget(m_laneCount, 1, 1);
    form->addWidget(m_tempLabel, 1, 2);
    const double defaults[kMaxLanes] = {0.2, 0.7, 1.0, 1.5};
    for (int i = 0; i < kMaxLanes; ++i) {
        m_temps[i] = new QDoubleSpinBox(this);
        m_temps[i]->setRange(0.0, 3.0);
        m_temps[i]->setSingleStep(0.1);
        m_temps[i]->setDecimals(2);
        m_temps[i]->setValue(defaults[i]);
        form->addWidget(m_temps[i], 1, 3 + i);
    }
    auto* row = new QHBoxLayout;
    m_stepsLabel = new QLabel(this);
    m_steps = new QSpinBox(this);
    m_steps->setRange(1, 256);
    m_steps->setValue(20);
    m_seedLabel = new QLabel(this);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(42);
    m_pastEnd = new QCheckBox(this);
    m_run = new QPushButton(this);
    m_step = new QPushButton(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    row->addWidget(m_stepsLabel);
    row->addWidget(m_steps);
    row->addWidget(m_seedLabel);
    row->addWidget(m_seed);
    row->addWidget(m_run);
    row->addWidget(m_step);
    row->addWidget(m_status, 1);
    // The switch beside the temperatures, where the row has room: in Korean at 1280x720 in
    // presentation mode the button row had none left for the switch's whole text.
    form->addWidget(m_pastEnd, 1, 3 + kMaxLanes, 1, 2);
    layout->addLayout(form);
    layout->addLayout(row);
    m_legend = new QLabel(this);
    m_legend->setWordWrap(true);
    layout->addWidget(m_legend);
    layout->addWidget(interventionNotice());  // the window's what-if, while one is in force
    m_colourBar = new ConfidenceColourBar(this);
    layout->addWidget(m_colourBar);
    m_lanesLayout = new QHBoxLayout;
    layout->addLayout(m_lanesLayout, 1);

    setRunControls({m_run, m_step});
    connect(m_run, &QPushButton::clicked, this, &LanesView::run);
    connect(m_step, &QPushButton::clicked, this, &LanesView::stepAll);
    connect(m_laneCount, &QSpinBox::valueChanged, this, [this](int n) {
        for (int i = 0; i < kMaxLanes; ++i) m_temps[i]->setEnabled(i < n);
    });
    retranslateUi();
}

void LanesView::retranslateUi() {
    m_promptLabel->setText(tr("Prompt:"));
    m_laneCountLabel->setText(tr("Lanes:"));
    m_tempLabel->setText(tr("Temperatures:"));
    m_stepsLabel->setText(tr("Tokens per lane:"));
    m_seedLabel->setText(tr("Seed:"));
    m_pastEnd->setText(tr("Continue past end of text"));
    m_pastEnd->setToolTip(
        tr("Keep drawing after the model's end-of-text token (what follows is "
           "whatever the training data put after a document's end)."));
    m_run->setText(tr("Run all lanes"));
    m_step->setText(tr("Step all lanes"));
    m_legend->setText(
        tr("Every lane continues the same prompt with the same seed; only the "
           "temperature differs. Each token's colour is the probability it was "
           "drawn with (key below). Low temperature sharpens the distribution (safe, "
           "repetitive); high temperature flattens it (varied, and more often wrong). "
           "A lane ends where the model draws its end-of-text token (framed)."));
    m_colourBar->setCaption(tr("Probability the token was drawn with:"));
    for (std::size_t i = 0; i < m_lanes.size() && i < m_result.size(); ++i) {
        const ts::SamplingParams& params = m_result[i].params;
        m_lanes[i].title->setText(params.topK > 0
                                      ? tr("T = %1 · top-k %2")
                                            .arg(double(params.temperature), 0, 'f', 2)
                                            .arg(params.topK)
                                      : tr("T = %1").arg(double(params.temperature), 0, 'f', 2));
        m_lanes[i].status->setText(laneStatus(static_cast<int>(i)));
        m_lanes[i].chart->setTexts(tr("entropy per step"), tr("bits"), tr("end"));
    }
    // One baseline for all lanes' entropy bars: each leaves room for the longest label of
    // any (after the texts: the end-of-text label is one of them).
    int widest = 0;
    for (const auto& lane : m_lanes) widest = std::max(widest, lane.chart->widestLabel());
    for (const auto& lane : m_lanes) lane.chart->setLeastLabelWidth(widest);
}

QString LanesView::interventionRanText() const { return tr("The lanes shown ran with it."); }

void LanesView::setPrompt(const QString& text) { m_prompt->setText(text); }
QString LanesView::prompt() const { return m_prompt->text(); }
int LanesView::seed() const { return m_seed->value(); }
void LanesView::setContinuePastEnd(bool on) { m_pastEnd->setChecked(on); }
bool LanesView::continuePastEnd() const { return m_pastEnd->isChecked(); }

std::vector<float> LanesView::temperatures() const {
    std::vector<float> t;
    for (int i = 0; i < m_laneCount->value(); ++i)
        t.push_back(static_cast<float>(m_temps[i]->value()));
    return t;
}

void LanesView::applySettings(const QJsonObject& s) {
    if (s.contains(QStringLiteral("prompt")))
        setPrompt(s.value(QStringLiteral("prompt")).toString());
    const QJsonArray temps = s.value(QStringLiteral("temperatures")).toArray();
    if (!temps.isEmpty()) {
        const int n = std::clamp(static_cast<int>(temps.size()), 2, kMaxLanes);
        m_laneCount->setValue(n);
        for (int i = 0; i < n; ++i) m_temps[i]->setValue(temps.at(i).toDouble(1.0));
    }
    if (s.contains(QStringLiteral("steps")))
        m_steps->setValue(s.value(QStringLiteral("steps")).toInt());
    if (s.contains(QStringLiteral("seed")))
        m_seed->setValue(s.value(QStringLiteral("seed")).toInt());
    if (s.contains(QStringLiteral("continuePastEnd")))
        m_pastEnd->setChecked(s.value(QStringLiteral("continuePastEnd")).toBool());
    if (s.contains(QStringLiteral("topK")))
        m_topK = std::clamp(s.value(QStringLiteral("topK")).toInt(), 0, 1 << 20);
    if (s.value(QStringLiteral("run")).toBool()) run();
}

QString LanesView::tokenText(int token) const {
    return tokenDisplayText(m_info.tokenizer.get(), token);
}

void LanesView::stepAll() {
    m_steps->setValue(m_steps->value() + 1);
    run();
}

void LanesView::run() {
    if (!requireModel(m_status)) return;
    const std::string prompt = m_prompt->text().toStdString();
    std::vector<int> ids;
    try {
        // The engine's one prompt parser: the ids generate and the main loop give this text.
        if (!prompt.empty())
            ids = ts::parsePrompt(prompt, m_info.tokenizer.get(), m_info.model->config().nVocab)
                      .ids();
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return;
    }
    if (ids.empty()) {
        m_status->setText(tr("Type a prompt first."));
        return;
    }
    ts::SamplingParams base;
    base.seed = static_cast<std::uint64_t>(m_seed->value());
    base.topK = m_topK;
    const auto temps = temperatures();
    const int steps = m_steps->value();
    auto model = m_info.model;
    // The tokenizer gives the lanes the model's end tokens: they stop where the main loop
    // and `generate` stop, unless the teacher asks to continue past the end.
    auto tokenizer = m_info.tokenizer;
    const bool pastEnd = m_pastEnd->isChecked();
    // The window's what-if set, as the main loop runs it (a mean ablation's means from this
    // prompt, as the engine worker computes them from its own).
    auto interventions = interventionsForRun();
    m_status->setText(tr("Running %n lane(s)…", nullptr, static_cast<int>(temps.size())));
    startTask<std::vector<ts::Lane>>(
        [model, tokenizer, ids, temps, steps, base, pastEnd,
         interventions](const std::atomic<bool>&) {
            auto iv = interventions;
            if (iv && iv->ablateMode == ts::AblateMode::Mean && !iv->ablate.empty() &&
                iv->ablateMeans.empty()) {
                auto withMeans = std::make_shared<ts::Interventions>(*iv);
                ts::prepareMeanAblation(model, ids, *withMeans);
                iv = std::move(withMeans);
            }
            if (iv) iv->validate(model->config());
            return ts::runTemperatureLanes(model, ids, temps, steps, base, tokenizer, pastEnd, iv);
        },
        [this, ids](std::vector<ts::Lane> lanes) {
            m_status->clear();
            showLanes(ids, lanes);
        },
        [this](const QString& message) { m_status->setText(message); });
}

void LanesView::rebuildLanes(int n) {
    for (auto& lane : m_lanes) {
        delete lane.title->parentWidget();
    }
    m_lanes.clear();
    for (int i = 0; i < n; ++i) {
        auto* column = new QWidget(this);
        column->installEventFilter(this);
        auto* v = new QVBoxLayout(column);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(2);
        LaneWidgets lane;
        lane.title = new QLabel(column);
        QFont f = lane.title->font();
        f.setBold(true);
        lane.title->setFont(f);
        lane.status = new QLabel(column);
        lane.status->setWordWrap(true);
        // Two lines whether the text wraps or not, so the lanes' boxes and charts line up.
        lane.status->setMinimumHeight(2 * lane.status->fontMetrics().lineSpacing());
        lane.status->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        auto* scroll = lane.scroll = new QScrollArea(column);
        scroll->setWidgetResizable(true);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        lane.flow = new TokenFlow(scroll);
        scroll->setWidget(lane.flow);
        lane.chart = new EntropyStrip(column);
        v->addWidget(lane.title);
        v->addWidget(lane.status);
        v->addWidget(scroll);
        v->addWidget(lane.chart, 1);
        m_lanesLayout->addWidget(column, 1);
        m_lanes.push_back(lane);
    }
}

void LanesView::showLanes(const std::vector<int>& prompt, const std::vector<ts::Lane>& lanes) {
    m_result = lanes;
    rebuildLanes(static_cast<int>(lanes.size()));
    double maxEntropy = 1.0;
    int longest = 0;
    for (const auto& lane : lanes) {
        longest = std::max(longest, static_cast<int>(lane.tokens.size()));
        for (const auto& t : lane.tokens) maxEntropy = std::max(maxEntropy, double(t.entropyBits));
    }
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        LaneWidgets& w = m_lanes[i];
        std::vector<TokenFlow::Item> items;
        std::vector<int> ids = prompt;
        for (const auto& t : lanes[i].tokens) ids.push_back(t.token);
        std::vector<QString> texts;
        if (m_info.tokenizer) texts = tokenDisplayTexts(*m_info.tokenizer, ids);
        auto text = [&](std::size_t k) { return k < texts.size() ? texts[k] : tokenText(ids[k]); };
        for (std::size_t k = 0; k < prompt.size(); ++k)
            items.push_back({text(k), QColor(), QString(), true});
        std::vector<EntropyStrip::Step> chartSteps;
        const std::size_t drawn = lanes[i].tokens.size();
        for (std::size_t k = 0; k < drawn; ++k) {
            const auto& t = lanes[i].tokens[k];
            const bool end = lanes[i].endedAtEndOfText && k + 1 == drawn;
            const QString shown = text(items.size());
            const QColor colour = probabilityColor(t.prob);
            items.push_back({shown, colour,
                             tr("p = %1 (at T = 1: %2), entropy %3 bits")
                                 .arg(double(t.prob), 0, 'f', 3)
                                 .arg(double(t.rawProb), 0, 'f', 3)
                                 .arg(double(t.entropyBits), 0, 'f', 2),
                             false, end});
            w.entropy.push_back(t.entropyBits);
            chartSteps.push_back({shown, double(t.entropyBits), colour, end});
        }
        w.flow->setItems(std::move(items));
        w.chart->setSteps(std::move(chartSteps), std::ceil(maxEntropy), longest);
    }
    retranslateUi();
    fitFlows();
}

void LanesView::resizeEvent(QResizeEvent* event) {
    ClassroomToolView::resizeEvent(event);
    fitFlows();
}

void LanesView::fitFlows() {
    // One height for all lanes, so their charts line up for comparison.
    const int most = std::max(4 * fontMetrics().height(), height() / 3);
    int need = 0;
    for (const auto& lane : m_lanes) {
        const int frame = 2 * lane.scroll->frameWidth();
        const int width = std::max(50, lane.scroll->width() - frame);
        need = std::max(need, lane.flow->heightForWidth(width) + frame);
    }
    for (auto& lane : m_lanes) lane.scroll->setFixedHeight(std::min(most, need));
}

bool LanesView::eventFilter(QObject* watched, QEvent* event) {
    // The columns get their widths only when the layout runs: fit the boxes again then.
    if (event->type() == QEvent::Resize)
        for (const auto& lane : m_lanes)
            if (watched == lane.scroll->parentWidget()) {
                fitFlows();
                break;
            }
    return ClassroomToolView::eventFilter(watched, event);
}

QString LanesView::laneStatus(int lane) const {
    if (lane < 0 || lane >= static_cast<int>(m_result.size())) return {};
    const ts::Lane& l = m_result[static_cast<std::size_t>(lane)];
    const int n = static_cast<int>(l.tokens.size());
    if (l.endedAtEndOfText) return tr("Stopped at end of text after %n token(s).", nullptr, n);
    return tr("%n token(s); no end of text yet.", nullptr, n);
}

bool LanesView::laneEnded(int lane) const {
    return lane >= 0 && lane < static_cast<int>(m_result.size()) &&
           m_result[static_cast<std::size_t>(lane)].endedAtEndOfText;
}

const EntropyStrip* LanesView::laneChart(int lane) const {
    if (lane < 0 || lane >= laneCount()) return nullptr;
    return m_lanes[static_cast<std::size_t>(lane)].chart;
}

const TokenFlow* LanesView::laneFlow(int lane) const {
    if (lane < 0 || lane >= laneCount()) return nullptr;
    return m_lanes[static_cast<std::size_t>(lane)].flow;
}

std::vector<double> LanesView::laneEntropy(int lane) const {
    if (lane < 0 || lane >= laneCount()) return {};
    return m_lanes[static_cast<std::size_t>(lane)].entropy;
}

}  // namespace ts::ui

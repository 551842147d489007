// The steer view (see the header): default and steered continuations and a strip of strengths,
// each a temperature lane (ts::runTemperatureLanes) with the steering intervention, so every
// continuation is the one `tokenscope-cli generate --steer-*` gives with the same seed.
#include "classroom/steer_view.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPen>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <memory>

#include "classroom/token_flow.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/what_if.hpp"
#include "widgets/chart.hpp"

namespace ts::ui {

namespace {

struct SteerJob {
    std::shared_ptr<const ts::Model> model;
    std::shared_ptr<const ts::Tokenizer> tokenizer;
    std::vector<int> prompt, positive, negative;
    int positiveToken = -1, negativeToken = -1;
    int layer = 0;  // 0-based
    float strength = 0;
    int steps = 0;
    ts::SamplingParams params;
};

SteerView::Result steer(const SteerJob& job, const std::function<void(double)>& progress,
                        const std::atomic<bool>& cancel) {
    SteerView::Result r;
    r.prompt = job.prompt;
    r.strength = job.strength;
    r.stripStrengths = SteerView::stripStrengths();
    const int total = 2 + static_cast<int>(r.stripStrengths.size());
    int done = 0;
    auto lane = [&](std::shared_ptr<const ts::Interventions> iv) {
        if (cancel.load()) throw ts::Cancelled();
        ts::Lane l =
            ts::runTemperatureLanes(job.model, job.prompt, {job.params.temperature}, job.steps,
                                    job.params, job.tokenizer, false, std::move(iv))
                .front();
        if (progress) progress(static_cast<double>(++done) / total);
        return l;
    };
    const std::vector<float> direction =
        ts::steeringDirection(job.model, job.positive, job.negative, job.layer);
    auto steered = [&](float strength) {
        auto iv = std::make_shared<ts::Interventions>();
        iv->steerLayer = job.layer;
        iv->steerStrength = strength;
        iv->steerDirection = direction;
        iv->validate(job.model->config());
        return lane(iv);
    };
    r.plain = lane(nullptr);
    r.steered = steered(job.strength);
    for (float s : r.stripStrengths) r.strip.push_back(steered(s));
    // The two words' logits at the next token, one prefill per strength.
    r.positiveToken = job.positiveToken;
    r.negativeToken = job.negativeToken;
    if (job.positiveToken >= 0 && job.negativeToken >= 0)
        for (int s = -8; s <= 8; ++s) {
            auto iv = std::make_shared<ts::Interventions>();
            iv->steerLayer = job.layer;
            iv->steerStrength = static_cast<float>(s);
            iv->steerDirection = direction;
            ts::TraceOptions options;
            options.interventions = iv;
            ts::Session session(job.model);
            session.setCancelFlag(&cancel);
            const auto logits = session.prefill(job.prompt, options).logits;
            r.curveStrengths.push_back(static_cast<float>(s));
            r.curveDiff.push_back(
                static_cast<double>(logits[static_cast<std::size_t>(job.positiveToken)]) -
                logits[static_cast<std::size_t>(job.negativeToken)]);
        }
    return r;
}

}  // namespace

std::vector<SteerView::Example> SteerView::examples(const QString& language) {
    // 사랑/미움 first: on the bundled model its logit difference follows the strength (as
    // love/hate's does); 행복/슬픔's does not (" 슬픔" is three tokens), which a class can see
    // too (docs/classroom.md, "Steering").
    if (language == QLatin1String("ko"))
        return {{QStringLiteral("사랑"), QStringLiteral("미움"), QStringLiteral("오늘 나는")},
                {QStringLiteral("행복"), QStringLiteral("슬픔"), QStringLiteral("오늘 나는")}};
    return {{QStringLiteral("love"), QStringLiteral("hate"), QStringLiteral("I feel")},
            {QStringLiteral("happy"), QStringLiteral("sad"), QStringLiteral("I feel")}};
}

SteerView::SteerView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QGridLayout;
    m_promptLabel = new QLabel(this);
    m_prompt = new QLineEdit(this);
    m_exampleLabel = new QLabel(this);
    m_example = new QComboBox(this);
    m_example->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_positiveLabel = new QLabel(this);
    m_positive = new QLineEdit(this);
    m_negativeLabel = new QLabel(this);
    m_negative = new QLineEdit(this);
    m_layerLabel = new QLabel(this);
    m_layer = new QSpinBox(this);
    m_layer->setRange(1, 1);
    m_strengthLabel = new QLabel(this);
    m_strength = new QDoubleSpinBox(this);
    m_strength->setRange(-64.0, 64.0);
    m_strength->setDecimals(1);
    m_strength->setSingleStep(1.0);
    m_strength->setValue(1.0);
    form->addWidget(m_promptLabel, 0, 0);
    form->addWidget(m_prompt, 0, 1, 1, 3);
    form->addWidget(m_exampleLabel, 0, 4);
    form->addWidget(m_example, 0, 5, 1, 3);
    form->addWidget(m_positiveLabel, 1, 0);
    form->addWidget(m_positive, 1, 1);
    form->addWidget(m_negativeLabel, 1, 2);
    form->addWidget(m_negative, 1, 3);
    form->addWidget(m_layerLabel, 1, 4);
    form->addWidget(m_layer, 1, 5);
    form->addWidget(m_strengthLabel, 1, 6);
    form->addWidget(m_strength, 1, 7);
    form->setColumnStretch(1, 1);
    form->setColumnStretch(3, 1);
    layout->addLayout(form);

    auto* row = new QHBoxLayout;
    m_stepsLabel = new QLabel(this);
    m_steps = new QSpinBox(this);
    m_steps->setRange(1, 256);
    m_steps->setValue(12);
    m_seedLabel = new QLabel(this);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(42);
    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    row->addWidget(m_stepsLabel);
    row->addWidget(m_steps);
    row->addWidget(m_seedLabel);
    row->addWidget(m_seed);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    row->addWidget(m_progress);
    row->addWidget(m_status, 1);
    layout->addLayout(row);

    // Default and steered side by side.
    auto* pair = new QHBoxLayout;
    auto column = [this, pair](QLabel*& title, TokenFlow*& flow) {
        auto* v = new QVBoxLayout;
        title = new QLabel(this);
        title->setWordWrap(true);
        QFont f = title->font();
        f.setBold(true);
        title->setFont(f);
        flow = new TokenFlow(this);
        v->addWidget(title);
        v->addWidget(flow);
        v->addStretch(1);
        pair->addLayout(v, 1);
    };
    column(m_plainTitle, m_plainFlow);
    column(m_steeredTitle, m_steeredFlow);
    layout->addLayout(pair);

    // The strip of strengths.
    m_stripTitle = new QLabel(this);
    m_stripTitle->setWordWrap(true);
    layout->addWidget(m_stripTitle);
    // (The window's view area scrolls where a projector's font needs more room.)
    auto* strip = new QWidget(this);
    m_stripLayout = new QGridLayout(strip);
    m_stripLayout->setContentsMargins(0, 0, 0, 0);
    for (float s : stripStrengths()) {
        auto* label = new QLabel(QString::number(double(s), 'f', 0), strip);
        label->setAlignment(Qt::AlignRight | Qt::AlignTop);
        auto* flow = new TokenFlow(strip);
        const int r = static_cast<int>(m_stripLabels.size());
        m_stripLayout->addWidget(label, r, 0);
        m_stripLayout->addWidget(flow, r, 1);
        m_stripLabels.push_back(label);
        m_stripFlows.push_back(flow);
    }
    m_stripLayout->setColumnStretch(1, 1);
    layout->addWidget(strip);
    // What the steering does to the two words themselves, at the next token.
    m_chart = new Chart(
        this, 12);  // its axis title along the plot: 8 lines left 66 px for 89 in presentation mode
    QPen pen(QColor(0x1f, 0x77, 0xb4));
    pen.setWidth(2);
    m_curve = m_chart->addLine(QString(), &pen);
    m_xAxis = m_chart->addAxis(Chart::Side::Bottom, QStringLiteral("%d"));
    m_yAxis = m_chart->addAxis(Chart::Side::Left, QStringLiteral("%.1f"));
    m_chart->attachAll(m_xAxis, m_yAxis);
    m_chart->setRange(m_xAxis, -8, 8);
    m_chart->setTickCount(m_xAxis, 9);
    m_chart->setLegendVisible(false);
    m_chart->matchFont();
    layout->addWidget(m_chart, 1);

    setRunControls({m_run}, m_cancel, m_progress);
    connect(m_run, &QPushButton::clicked, this, &SteerView::run);
    connect(m_cancel, &QPushButton::clicked, this, &SteerView::cancel);
    connect(m_example, &QComboBox::activated, this, &SteerView::useExample);
    setLanguage(m_language);
    retranslateUi();
}

void SteerView::setLanguage(const QString& language) {
    // An untouched pair (an example of the old language, or nothing) follows the language.
    bool untouched = m_positive->text().isEmpty() && m_negative->text().isEmpty();
    for (const Example& e : examples(m_language))
        untouched = untouched || (m_positive->text() == e.positive &&
                                  m_negative->text() == e.negative && m_prompt->text() == e.prompt);
    const int shown = std::max(0, m_example->currentIndex());
    m_language = language;
    m_example->clear();
    for (const Example& e : examples(language))
        m_example->addItem(e.positive + QStringLiteral(" / ") + e.negative);
    m_example->setCurrentIndex(std::min(shown, m_example->count() - 1));
    if (untouched) useExample(m_example->currentIndex());
}

void SteerView::useExample(int index) {
    const auto list = examples(m_language);
    if (index < 0 || index >= static_cast<int>(list.size())) return;
    const Example& e = list[static_cast<std::size_t>(index)];
    m_example->setCurrentIndex(index);
    m_positive->setText(e.positive);
    m_negative->setText(e.negative);
    m_prompt->setText(e.prompt);
}

void SteerView::applySettings(const QJsonObject& s) {
    if (s.contains(QStringLiteral("example")))
        useExample(s.value(QStringLiteral("example")).toInt());
    if (s.contains(QStringLiteral("prompt")))
        m_prompt->setText(s.value(QStringLiteral("prompt")).toString());
    if (s.contains(QStringLiteral("positive")))
        m_positive->setText(s.value(QStringLiteral("positive")).toString());
    if (s.contains(QStringLiteral("negative")))
        m_negative->setText(s.value(QStringLiteral("negative")).toString());
    if (s.contains(QStringLiteral("layer"))) {
        const int layer = s.value(QStringLiteral("layer")).toInt();
        m_layer->setValue(layer);
        if (m_info.model && layer > m_info.model->config().nLayer) {
            // Said rather than quietly steering at another block (--steer-layer 9).
            const int blocks = m_info.model->config().nLayer;
            m_status->setText(
                tr("The model has %n block(s); steer at one of them.", nullptr, blocks));
            return;
        }
    }
    if (s.contains(QStringLiteral("strength")))
        m_strength->setValue(s.value(QStringLiteral("strength")).toDouble());
    if (s.contains(QStringLiteral("steps")))
        m_steps->setValue(s.value(QStringLiteral("steps")).toInt());
    if (s.contains(QStringLiteral("seed")))
        m_seed->setValue(s.value(QStringLiteral("seed")).toInt());
    if (s.value(QStringLiteral("run")).toBool()) run();
}

QString SteerView::statusText() const { return m_status->text(); }
int SteerView::layer() const { return m_layer->value(); }
float SteerView::strength() const { return static_cast<float>(m_strength->value()); }
QString SteerView::positive() const { return m_positive->text(); }
QString SteerView::negative() const { return m_negative->text(); }
QString SteerView::prompt() const { return m_prompt->text(); }

void SteerView::run() {
    if (!requireModel(m_status)) return;
    SteerJob job;
    job.model = m_info.model;
    job.tokenizer = m_info.tokenizer;
    const int nVocab = m_info.model->config().nVocab;
    const int nLayer = m_info.model->config().nLayer;
    if (m_layer->value() > nLayer) {
        m_status->setText(tr("The model has %n block(s); steer at one of them.", nullptr, nLayer));
        return;
    }
    try {
        // The one prompt path, as `generate --steer-positive/--steer-negative` reads them.
        auto ids = [&](const QLineEdit* e) {
            return ts::parsePrompt(e->text().toStdString(), m_info.tokenizer.get(), nVocab).ids();
        };
        job.prompt = ids(m_prompt);
        job.positive = ids(m_positive);
        job.negative = ids(m_negative);
        // The words as the model would write them next: after a space, no start token.
        ts::PromptOptions word;
        word.startToken = false;
        auto first = [&](const QLineEdit* e) {
            // QString's + (GCC 12 warns of a bound it cannot rule out in std::string's).
            const std::string spaced = (QLatin1Char(' ') + e->text().trimmed()).toStdString();
            const auto t = ts::parsePrompt(spaced, m_info.tokenizer.get(), nVocab, word).ids();
            return t.empty() ? -1 : t.front();
        };
        job.positiveToken = first(m_positive);
        job.negativeToken = first(m_negative);
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return;
    }
    if (job.prompt.empty() || job.positive.empty() || job.negative.empty()) {
        m_status->setText(tr("Type a prompt and both steering words first."));
        return;
    }
    job.layer = m_layer->value() - 1;
    job.strength = static_cast<float>(m_strength->value());
    job.steps = m_steps->value();
    job.params.seed = static_cast<std::uint64_t>(m_seed->value());
    const auto progress = progressReporter();
    m_status->setText(tr("Continuing the prompt at every strength…"));
    startTask<Result>(
        [job, progress](const std::atomic<bool>& cancel) { return steer(job, progress, cancel); },
        [this, model = job.model](Result r) {
            if (model != m_info.model) return;  // another model was loaded meanwhile
            m_result = std::move(r);
            m_hasResult = true;
            m_status->clear();
            showResult();
        },
        [this](const QString& message) {
            m_status->setText(message == QLatin1String("cancelled") ? tr("Cancelled.") : message);
        });
}

std::vector<QString> SteerView::continuationTexts(const ts::Lane& lane) const {
    // Token texts read in context (a Korean character split over tokens shows whole).
    std::vector<int> ids = m_result.prompt;
    for (const auto& t : lane.tokens) ids.push_back(t.token);
    std::vector<QString> texts = tokenDisplayTexts(*m_info.tokenizer, ids);
    texts.erase(texts.begin(), texts.begin() + static_cast<std::ptrdiff_t>(m_result.prompt.size()));
    return texts;
}

void SteerView::fillFlow(TokenFlow* flow, const ts::Lane& lane, bool withPrompt) const {
    std::vector<TokenFlow::Item> items;
    if (withPrompt)
        for (const QString& t : tokenDisplayTexts(*m_info.tokenizer, m_result.prompt))
            items.push_back({t, QColor(), QString(), true});
    const auto texts = continuationTexts(lane);
    for (std::size_t k = 0; k < lane.tokens.size() && k < texts.size(); ++k) {
        const auto& t = lane.tokens[k];
        const bool end = lane.endedAtEndOfText && k + 1 == lane.tokens.size();
        items.push_back({texts[k], probabilityColor(t.prob),
                         tr("p = %1").arg(double(t.prob), 0, 'f', 3), false, end});
    }
    flow->setItems(std::move(items));
}

void SteerView::showResult() {
    fillFlow(m_plainFlow, m_result.plain);
    fillFlow(m_steeredFlow, m_result.steered);
    for (std::size_t i = 0; i < m_stripFlows.size() && i < m_result.strip.size(); ++i)
        fillFlow(m_stripFlows[i], m_result.strip[i], false);  // the prompt is above
    QList<QPointF> points;
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < m_result.curveDiff.size(); ++i) {
        points.append({double(m_result.curveStrengths[i]), m_result.curveDiff[i]});
        lo = std::min(lo, m_result.curveDiff[i]);
        hi = std::max(hi, m_result.curveDiff[i]);
    }
    m_chart->setPoints(m_curve, points);
    m_chart->setRange(m_yAxis, std::floor(lo) - 0.5, std::ceil(hi) + 0.5);
    retranslateUi();
}

void SteerView::setModel(const ModelInfo& info) {
    if (info.model != m_info.model) {
        // The continuations are the old model's tokens.
        cancel();
        m_hasResult = false;
        m_result = {};
        m_plainFlow->setItems({});
        m_steeredFlow->setItems({});
        for (TokenFlow* flow : m_stripFlows) flow->setItems({});
        m_chart->setPoints(m_curve, {});
    }
    ClassroomToolView::setModel(info);
    // The last block by default: on the bundled model (4 blocks) the measured logit(love) -
    // logit(hate) moves steadily with the strength there and the text stays readable longest
    // (docs/classroom.md, "Steering"); earlier blocks break it at smaller strengths.
    const int blocks = info.model ? info.model->config().nLayer : 1;
    const bool first = m_layer->maximum() == 1 && m_layer->value() == 1;
    m_layer->setRange(1, std::max(1, blocks));
    if (first) m_layer->setValue(std::max(1, blocks));
}

void SteerView::retranslateUi() {
    m_promptLabel->setText(tr("Prompt:"));
    m_exampleLabel->setText(tr("Example pair:"));
    m_positiveLabel->setText(tr("Towards:"));
    m_positive->setToolTip(tr("The positive prompt: its mean residual stream is added."));
    m_negativeLabel->setText(tr("Away from:"));
    m_negative->setToolTip(tr("The negative prompt: its mean residual stream is subtracted."));
    m_layerLabel->setText(tr("Block:"));
    m_layer->setToolTip(tr("The block whose incoming residual stream is steered (from 1)."));
    m_strengthLabel->setText(tr("Strength:"));
    m_stepsLabel->setText(tr("Tokens:"));
    m_seedLabel->setText(tr("Seed:"));
    m_run->setText(tr("Steer"));
    m_cancel->setText(tr("Cancel"));
    m_plainTitle->setText(tr("Default (no steering)"));
    m_steeredTitle->setText(
        m_hasResult ? tr("Steered, strength %1").arg(double(m_result.strength), 0, 'f', 1)
                    : tr("Steered"));
    if (m_hasResult && m_result.positiveToken >= 0) {
        m_chart->setTitle(
            tr("logit(%1) − logit(%2) at the next token, by strength")
                .arg(tokenDisplayText(m_info.tokenizer.get(), m_result.positiveToken),
                     tokenDisplayText(m_info.tokenizer.get(), m_result.negativeToken)));
    } else {
        m_chart->setTitle(tr("logit(towards) − logit(away from) at the next token, by strength"));
    }
    m_chart->setAxisTitle(m_xAxis, tr("strength"));
    // The chart's title says what the vertical axis is: an axis title along a plot this short
    // was cut in presentation mode ("로짓 차이", 71 px of plot for 89 px of text).
    m_chart->setAxisTitle(m_yAxis, QString());
    m_stripTitle->setText(
        tr("The same seed at each strength: negative steers away from the first word, positive "
           "towards it. Far from 0 the text stops making sense."));
}

}  // namespace ts::ui

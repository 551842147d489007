#include "classroom/confidence_view.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "classroom/fact_remedy.hpp"
#include "classroom/token_flow.hpp"
#include "core/transcript_follower.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

namespace {
// A single token alone, as every view shows it (ts::tokenDisplay: "<EB>" for a lone byte).
QString tokenString(const ts::Tokenizer& tok, int id) {
    return QString::fromStdString(ts::tokenDisplay(tok.tokenBytes(id)));
}
}  // namespace

std::vector<TokenScore> scoreText(const ModelInfo& info, const std::string& utf8,
                                  const std::atomic<bool>* cancel) {
    if (!info.model || !info.tokenizer) throw ts::Error("load a model with a tokenizer first");
    if (utf8.empty()) throw ts::Error("there is no text to score");
    // The engine's one prompt parser: the ids every command gives this text (a Llama's <s>
    // in front, shown unscored; nothing in front of the bundled model's text).
    const auto ids = ts::parsePrompt(utf8, info.tokenizer.get(), info.model->config().nVocab).ids();
    const int nCtx = info.model->config().nCtx;
    if (static_cast<int>(ids.size()) > nCtx)
        throw ts::Error("the text has " + std::to_string(ids.size()) +
                        " tokens, more than the model's context of " + std::to_string(nCtx));
    ts::Session session(info.model);
    session.setCancelFlag(cancel);
    ts::TraceOptions opts;
    opts.allLogits = true;
    const ts::StepTrace trace = session.prefill(ids, opts);
    std::vector<TokenScore> out;
    const auto texts = tokenDisplayTexts(*info.tokenizer, ids);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        TokenScore s;
        s.token = ids[i];
        s.text = texts[i];
        if (i > 0) {
            const auto& logits = trace.allLogits[i - 1];
            const auto p = ts::softmax(logits);
            s.scored = true;
            s.prob = p[static_cast<std::size_t>(ids[i])];
            s.rank = ts::rankOf(logits, ids[i]);
            s.entropyBits = static_cast<float>(ts::entropyBits(p));
            for (const auto& c : ts::topCandidates(p, 16))
                s.alternatives.emplace_back(tokenString(*info.tokenizer, c.token), c.prob);
        }
        out.push_back(std::move(s));
    }
    return out;
}

ConfidenceView::ConfidenceView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_text = new QPlainTextEdit(this);
    m_text->setMaximumHeight(90);
    layout->addWidget(m_text);
    auto* row = new QHBoxLayout;
    m_score = new QPushButton(this);
    m_useGenerated = new QPushButton(this);
    m_measureLabel = new QLabel(this);
    m_measureBox = new QComboBox(this);
    m_measureBox->addItems({QString(), QString(), QString()});
    m_status = new QLabel(this);
    row->addWidget(m_score);
    row->addWidget(m_useGenerated);
    row->addSpacing(12);
    row->addWidget(m_measureLabel);
    row->addWidget(m_measureBox);
    row->addWidget(m_status, 1);
    layout->addLayout(row);
    m_legend = new QLabel(this);
    m_legend->setWordWrap(true);
    layout->addWidget(m_legend);
    m_remedy = new FactRemedyPanel(this);  // hallucination's remedy: give it the fact
    layout->addWidget(m_remedy);
    connect(m_remedy, &FactRemedyPanel::probeShown, this, [this](const QString& text) {
        // The fact, the prompt and the truth coloured: the answer the model now expects.
        if (!m_remedy->isOn()) return;
        setText(text);
        score();
    });

    auto* split = new QSplitter(this);
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_flow = new TokenFlow(scroll);
    m_flow->setFillZoom(5.0);  // a sentence or two, large enough for a projector
    scroll->setWidget(m_flow);
    auto* side = new QWidget(split);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_altTitle = new QLabel(side);
    m_altTitle->setWordWrap(true);
    m_alternatives = new QListWidget(side);
    sideLayout->addWidget(m_altTitle);
    sideLayout->addWidget(m_alternatives, 1);
    split->addWidget(scroll);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(m_score, &QPushButton::clicked, this, &ConfidenceView::score);
    connect(m_useGenerated, &QPushButton::clicked, this, [this] {
        setText(generatedText());
        score();
    });
    connect(m_measureBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setMeasure(static_cast<Measure>(i)); });
    connect(m_flow, &TokenFlow::itemClicked, this, &ConfidenceView::showAlternatives);
    // The text is read from the history when asked for; a change only enables the button.
    m_follower = new TranscriptFollower(this, [this](const TranscriptModel& model, int) {
        m_useGenerated->setEnabled(!model.empty());
    });
    m_useGenerated->setEnabled(false);
    retranslateUi();
}

void ConfidenceView::observe(const TranscriptModel* model) { m_follower->follow(model); }
const TranscriptModel* ConfidenceView::transcript() const { return m_follower->model(); }

void ConfidenceView::retranslateUi() {
    m_text->setPlaceholderText(tr("Paste or type text to score, e.g. a generated answer."));
    m_score->setText(tr("Score this text"));
    m_useGenerated->setText(tr("Use the generated text"));
    m_measureLabel->setText(tr("Colour by:"));
    m_measureBox->setItemText(0, tr("probability"));
    m_measureBox->setItemText(1, tr("rank"));
    m_measureBox->setItemText(2, tr("entropy"));
    m_legend->setText(legendText());
    m_altTitle->setText(tr("Click a token to see what the model expected there."));
}

QString ConfidenceView::legendText() const {
    switch (m_measure) {
        case Measure::Probability:
            return tr(
                "Colour = probability the model gave each token given the text before it: "
                "green = expected, red = surprising. Fluent is not the same as true: a "
                "confidently green wrong fact is a hallucination.");
        case Measure::Rank:
            return tr(
                "Colour = rank of each token among all candidates: green = the model's first "
                "choice, red = rank 1000 or worse.");
        case Measure::Entropy:
            return tr(
                "Colour = entropy of the distribution each token was drawn from: green = the "
                "model was sure of the next token, red = it was guessing among many.");
    }
    return {};
}

void ConfidenceView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ConfidenceView::setModel(const ModelInfo& info) {
    m_info = info;
    m_remedy->setModel(info);
}

void ConfidenceView::setFactProbes(const std::vector<ts::FactProbe>& probes) {
    m_remedy->setProbes(probes);
}

bool ConfidenceView::canUseGenerated() const { return m_useGenerated->isEnabled(); }

QString ConfidenceView::generatedText() const {
    const TranscriptModel* model = m_follower->model();
    if (!model || model->empty() || !m_info.tokenizer) return {};
    const TranscriptStep& r = *model->steps().back();
    // The raw bytes joined (tokenTexts are display text with visible spaces); the newest
    // sampled token is not yet in the context but is part of what was generated.
    std::vector<int> ids(r.contextTokens().begin(), r.contextTokens().end());
    if (r.sampledToken >= 0) ids.push_back(r.sampledToken);
    std::string bytes;
    for (int id : ids) {
        // The text ends where the model ended it: an end-of-text token is no text, and
        // written out ("<|endoftext|>") it was scored again as a dozen unlikely pieces.
        if (m_info.tokenizer->isEndToken(id)) break;
        try {
            bytes += m_info.tokenizer->tokenBytes(id);
        } catch (const std::exception&) {
        }
    }
    return QString::fromStdString(ts::bytesAsText(bytes));
}

void ConfidenceView::setText(const QString& text) { m_text->setPlainText(text); }

void ConfidenceView::applySettings(const QJsonObject& s) {
    if (s.contains(QStringLiteral("text"))) setText(s.value(QStringLiteral("text")).toString());
    const QString m = s.value(QStringLiteral("measure")).toString();
    if (m == QLatin1String("rank"))
        m_measureBox->setCurrentIndex(1);
    else if (m == QLatin1String("entropy"))
        m_measureBox->setCurrentIndex(2);
    else if (m == QLatin1String("probability"))
        m_measureBox->setCurrentIndex(0);
    if (s.value(QStringLiteral("useGenerated")).toBool()) {
        const QString generated = generatedText();
        if (!generated.isEmpty()) setText(generated);
    }
    if (s.value(QStringLiteral("score")).toBool()) score();
    m_remedy->applySettings(s);  // "withFact", "probe"
}

void ConfidenceView::score() {
    const std::string text = m_text->toPlainText().toStdString();
    const ModelInfo info = m_info;
    m_status->setText(tr("Scoring…"));
    m_task.start<std::vector<TokenScore>>(
        this,
        [info, text](const std::atomic<bool>& cancel) { return scoreText(info, text, &cancel); },
        [this](std::vector<TokenScore> s) {
            m_status->clear();
            showScores(std::move(s));
        },
        [this](const QString& message) { m_status->setText(message); });
}

void ConfidenceView::setMeasure(Measure m) {
    m_measure = m;
    if (m_measureBox->currentIndex() != static_cast<int>(m))
        m_measureBox->setCurrentIndex(static_cast<int>(m));
    m_legend->setText(legendText());
    refreshColours();
}

QColor ConfidenceView::colourFor(const TokenScore& s) const {
    switch (m_measure) {
        case Measure::Probability:
            return probabilityColor(s.prob);
        case Measure::Rank:
            // rank 1 -> green, rank 1000+ -> red, logarithmic in between
            return probabilityColor(
                std::pow(1.0 - std::min(1.0, std::log10(std::max(1, s.rank)) / 3.0), 2.0));
        case Measure::Entropy:
            // 0 bits -> green, 8 bits (a guess among ~256 tokens) or more -> red
            return probabilityColor(
                std::pow(1.0 - std::min(1.0, double(s.entropyBits) / 8.0), 2.0));
    }
    return {};
}

void ConfidenceView::showScores(std::vector<TokenScore> scores) {
    m_scores = std::move(scores);
    refreshColours();
    m_alternatives->clear();
    // Opens on the biggest surprise: what the model expected where it was least sure of the
    // text (the place a class asks about first); a click shows any other token.
    int least = -1;
    for (int i = 0; i < static_cast<int>(m_scores.size()); ++i)
        if (m_scores[static_cast<std::size_t>(i)].scored &&
            (least < 0 || m_scores[static_cast<std::size_t>(i)].prob <
                              m_scores[static_cast<std::size_t>(least)].prob))
            least = i;
    if (least >= 0)
        showAlternatives(least);
    else
        m_altTitle->setText(tr("Click a token to see what the model expected there."));
}

void ConfidenceView::refreshColours() {
    std::vector<TokenFlow::Item> items;
    for (const auto& s : m_scores) {
        TokenFlow::Item item;
        item.text = s.text;
        item.prompt = !s.scored;
        if (s.scored) {
            item.colour = colourFor(s);
            item.toolTip = tr("p = %1, rank %2, entropy %3 bits")
                               .arg(double(s.prob), 0, 'g', 3)
                               .arg(s.rank)
                               .arg(double(s.entropyBits), 0, 'f', 2);
        }
        items.push_back(item);
    }
    m_flow->setItems(std::move(items));
}

void ConfidenceView::showAlternatives(int index) {
    m_alternatives->clear();
    if (index < 0 || index >= static_cast<int>(m_scores.size())) return;
    const TokenScore& s = m_scores[static_cast<std::size_t>(index)];
    if (!s.scored) {
        m_altTitle->setText(tr("The first token has nothing before it to predict it."));
        return;
    }
    m_altTitle->setText(tr("“%1”: p = %2, rank %3. The model expected:")
                            .arg(s.text)
                            .arg(double(s.prob), 0, 'g', 3)
                            .arg(s.rank));
    for (const auto& [text, p] : s.alternatives) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1   %2 %").arg(text).arg(double(p) * 100, 0, 'f', 1));
        item->setBackground(probabilityColor(p));
        item->setForeground(Qt::black);
        m_alternatives->addItem(item);
    }
}

int ConfidenceView::alternativesShown() const { return m_alternatives->count(); }

}  // namespace ts::ui

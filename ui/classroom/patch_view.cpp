// The patch view (see the header): two prompts, their next-token candidates, a head's attention
// difference and the activation-patching heatmap, computed off the GUI thread.
#include "classroom/patch_view.hpp"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "classroom/token_flow.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/session.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

namespace {

// A heatmap that asks for little room: the view's height is shared by two of them and the
// rows above, and a large size hint made the window's view area scroll (a QScrollArea sizes a
// height-for-width page by its preferred height). They grow into whatever room there is.
class CompactHeatmap : public HeatmapWidget {
  public:
    using HeatmapWidget::HeatmapWidget;
    QSize sizeHint() const override { return {320, 160}; }
};

// The k most likely next tokens of `logits` (softmax in double), most likely first.
std::vector<std::pair<int, float>> topCandidates(const std::vector<float>& logits, int k) {
    double top = -INFINITY;
    for (float l : logits) top = std::max(top, static_cast<double>(l));
    double sum = 0;
    for (float l : logits) sum += std::isfinite(l) ? std::exp(l - top) : 0.0;
    std::vector<int> order(logits.size());
    std::iota(order.begin(), order.end(), 0);
    const std::size_t n = std::min(order.size(), static_cast<std::size_t>(std::max(0, k)));
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
                      [&](int a, int b) {
                          return logits[static_cast<std::size_t>(a)] >
                                 logits[static_cast<std::size_t>(b)];
                      });
    std::vector<std::pair<int, float>> out;
    for (std::size_t i = 0; i < n; ++i) {
        const float l = logits[static_cast<std::size_t>(order[i])];
        out.emplace_back(order[i],
                         std::isfinite(l) ? static_cast<float>(std::exp(l - top) / sum) : 0.0f);
    }
    return out;
}

// Both prompts traced with attention, the default answer and wrong tokens where none were
// chosen, then the patching (ts::patchResidualStream) with progress and cancel.
PatchView::Result comparePrompts(const std::shared_ptr<const ts::Model>& model,
                                 std::vector<int> clean, std::vector<int> corrupt, int answer,
                                 int wrong, const std::function<void(double)>& progress,
                                 const std::atomic<bool>& cancel) {
    PatchView::Result r;
    ts::TraceOptions options;
    options.attention = true;
    {
        ts::Session session(model);
        session.setCancelFlag(&cancel);
        ts::StepTrace t = session.prefill(clean, options);
        r.cleanTop = topCandidates(t.logits, PatchView::kTopK);
        r.cleanAttention = std::move(t.attention);
    }
    {
        ts::Session session(model);
        session.setCancelFlag(&cancel);
        ts::StepTrace t = session.prefill(corrupt, options);
        r.corruptTop = topCandidates(t.logits, PatchView::kTopK);
        r.corruptAttention = std::move(t.attention);
    }
    r.clean = std::move(clean);
    r.corrupt = std::move(corrupt);
    // Defaults: the clean run's top token against the corrupted run's (its second where both
    // runs agree, so that the pair can separate them).
    if (answer < 0 && !r.cleanTop.empty()) answer = r.cleanTop.front().first;
    if (wrong < 0)
        for (const auto& [id, p] : r.corruptTop)
            if (id != answer) {
                wrong = id;
                break;
            }
    r.answer = answer;
    r.wrong = wrong;
    try {
        r.patching = ts::patchResidualStream(
            model, r.clean, r.corrupt, answer, wrong,
            [&progress](int done, int total) {
                if (progress && total > 0) progress(static_cast<double>(done) / total);
            },
            &cancel);
        r.patched = true;
    } catch (const ts::Cancelled&) {
        throw;
    } catch (const ts::Error& e) {
        r.note = QString::fromUtf8(e.what());  // the pair does not separate the prompts
    }
    return r;
}

}  // namespace

PatchView::PatchView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QGridLayout;
    m_cleanLabel = new QLabel(this);
    m_corruptLabel = new QLabel(this);
    m_clean = new QLineEdit(this);
    m_corrupt = new QLineEdit(this);
    m_example = new QPushButton(this);
    form->addWidget(m_cleanLabel, 0, 0);
    form->addWidget(m_clean, 0, 1);
    form->addWidget(m_corruptLabel, 0, 2);
    form->addWidget(m_corrupt, 0, 3);
    form->addWidget(m_example, 0, 4);
    form->setColumnStretch(1, 1);
    form->setColumnStretch(3, 1);
    layout->addLayout(form);

    auto* row = new QHBoxLayout;
    m_answerLabel = new QLabel(this);
    m_wrongLabel = new QLabel(this);
    m_answer = new QComboBox(this);
    m_wrong = new QComboBox(this);
    m_answer->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_wrong->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    row->addWidget(m_answerLabel);
    row->addWidget(m_answer);
    row->addWidget(m_wrongLabel);
    row->addWidget(m_wrong);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    row->addWidget(m_progress);
    row->addStretch(1);
    layout->addLayout(row);
    // The whole width for what the run says (a refusal is three lines in a narrow column).
    layout->addWidget(m_status);
    m_status->hide();

    // The two prompts side by side: their tokens, then their most likely next tokens.
    auto* prompts = new QHBoxLayout;
    auto column = [this, prompts](QLabel*& title, TokenFlow*& tokens, TokenFlow*& top) {
        auto* v = new QVBoxLayout;
        title = new QLabel(this);
        title->setWordWrap(true);
        QFont f = title->font();
        f.setBold(true);
        title->setFont(f);
        tokens = new TokenFlow(this);
        top = new TokenFlow(this);
        v->addWidget(title);
        v->addWidget(tokens);
        v->addWidget(top);
        prompts->addLayout(v, 1);
    };
    column(m_cleanTitle, m_cleanTokens, m_cleanTopFlow);
    column(m_corruptTitle, m_corruptTokens, m_corruptTopFlow);
    layout->addLayout(prompts);

    // The attention difference of one head beside the patching heatmap.
    auto* maps = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    auto* headRow = new QHBoxLayout;
    m_attentionTitle = new QLabel(this);
    m_attentionTitle->setWordWrap(true);
    m_headLabel = new QLabel(this);
    m_layer = new QSpinBox(this);
    m_head = new QSpinBox(this);
    m_layer->setRange(1, 1);
    m_head->setRange(1, 1);
    headRow->addWidget(m_attentionTitle, 1);
    headRow->addWidget(m_headLabel);
    headRow->addWidget(m_layer);
    headRow->addWidget(m_head);
    m_attentionMap = new CompactHeatmap(this);
    m_attentionMap->setScale(HeatmapWidget::Scale::Diverging);
    m_attentionMap->setLowerTriangular(true);
    m_attentionMap->setZoomable(false);
    left->addLayout(headRow);
    left->addWidget(m_attentionMap, 1);
    auto* right = new QVBoxLayout;
    m_patchTitle = new QLabel(this);
    m_patchTitle->setWordWrap(true);
    m_patchMap = new CompactHeatmap(this);
    m_patchMap->setScale(HeatmapWidget::Scale::Diverging);
    m_patchMap->setSquareCells(false);
    m_patchMap->setZoomable(false);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    right->addWidget(m_patchTitle);
    right->addWidget(m_summary);
    right->addWidget(m_patchMap, 1);
    maps->addLayout(left, 1);
    maps->addLayout(right, 1);
    layout->addLayout(maps, 1);
    // Each cell's number where the pointer is.
    connect(m_patchMap, &HeatmapWidget::cellHovered, this, [this](int block, int col) {
        if (block < 0 || col < 0 || !m_hasResult || !m_result.patched) {
            m_patchMap->setToolTip(QString());
            return;
        }
        m_patchMap->setToolTip(tr("block %1, position %2: %3 % restored")
                                   .arg(block + 1)
                                   .arg(col)
                                   .arg(100.0 * m_patchMap->value(block, col), 0, 'f', 0));
    });
    connect(m_attentionMap, &HeatmapWidget::cellHovered, this, [this](int query, int key) {
        m_attentionMap->setToolTip(
            query < 0 || key < 0 ? QString()
                                 : tr("query %1, key %2: %3")
                                       .arg(query)
                                       .arg(key)
                                       .arg(double(m_attentionMap->value(query, key)), 0, 'f', 3));
    });

    setRunControls({m_run}, m_cancel, m_progress);
    connect(m_run, &QPushButton::clicked, this, &PatchView::run);
    connect(m_cancel, &QPushButton::clicked, this, &PatchView::cancel);
    connect(m_example, &QPushButton::clicked, this,
            [this] { setPrompts(exampleClean(m_language), exampleCorrupt(m_language)); });
    // Another answer or wrong token: the patching again, for the same prompts.
    auto picked = [this](int) {
        if (!m_hasResult || isBusy()) return;
        chooseTokens(m_answer->currentData().toInt(), m_wrong->currentData().toInt());
        run();
    };
    connect(m_answer, &QComboBox::activated, this, picked);
    connect(m_wrong, &QComboBox::activated, this, picked);
    // A head the teacher picks stays picked for later runs.
    auto headPicked = [this] {
        if (!m_pickingHead) m_headChosen = true;
        showAttention();
    };
    connect(m_layer, &QSpinBox::valueChanged, this, headPicked);
    connect(m_head, &QSpinBox::valueChanged, this, headPicked);
    setPrompts(exampleClean(m_language), exampleCorrupt(m_language));
    retranslateUi();
}

QString PatchView::exampleClean(const QString& language) {
    // The seed's sentence: 범인이 수진이라는 게 밝혀졌다. 범인인 [?]
    if (language == QLatin1String("ko"))
        return QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인인");
    return QStringLiteral("The culprit turned out to be Sujin. The culprit,");
}

QString PatchView::exampleCorrupt(const QString& language) {
    // The same sentence with another name of the same token length on the bundled model.
    if (language == QLatin1String("ko"))
        return QStringLiteral("범인이 민준이라는 게 밝혀졌다. 범인인");
    return QStringLiteral("The culprit turned out to be Tom. The culprit,");
}

void PatchView::setModel(const ModelInfo& info) {
    // Results and token choices belong to the model that made them.
    if (info.model != m_info.model) {
        cancel();
        clearResult();
        m_chosenFor = {};
    }
    ClassroomToolView::setModel(info);
}

void PatchView::setLanguage(const QString& language) {
    const bool untouched = (m_clean->text() == exampleClean(m_language) &&
                            m_corrupt->text() == exampleCorrupt(m_language)) ||
                           (m_clean->text().isEmpty() && m_corrupt->text().isEmpty());
    m_language = language;
    if (untouched) setPrompts(exampleClean(language), exampleCorrupt(language));
}

void PatchView::setPrompts(const QString& clean, const QString& corrupt) {
    m_clean->setText(clean);
    m_corrupt->setText(corrupt);
}

QString PatchView::cleanPrompt() const { return m_clean->text(); }
QString PatchView::corruptPrompt() const { return m_corrupt->text(); }

void PatchView::chooseTokens(int answer, int wrong) {
    m_chosenAnswer = answer;
    m_chosenWrong = wrong;
    m_chosenFor = {m_clean->text(), m_corrupt->text()};
}

void PatchView::setHead(int layer, int head) {
    m_layer->setValue(layer + 1);
    m_head->setValue(head + 1);
    m_headChosen = true;
}

std::pair<int, int> PatchView::mostChangedHead() const {
    const auto& a = m_result.cleanAttention;
    const auto& b = m_result.corruptAttention;
    std::pair<int, int> best{0, 0};
    double most = -1;
    if (a.empty() || b.empty() || a.nLayer != b.nLayer || a.nHead != b.nHead) return best;
    for (int l = 0; l < a.nLayer; ++l)
        for (int h = 0; h < a.nHead; ++h) {
            double sum = 0;
            for (int q = 0; q < a.nQueries && q < b.nQueries; ++q) {
                const auto ra = a.row(l, h, a.firstQuery + q);
                const auto rb = b.row(l, h, b.firstQuery + q);
                for (std::size_t k = 0; k < ra.size() && k < rb.size(); ++k)
                    sum += std::fabs(ra[k] - rb[k]);
            }
            if (sum > most) {
                most = sum;
                best = {l, h};
            }
        }
    return best;
}

void PatchView::applySettings(const QJsonObject& s) {
    const QString clean = s.value(QStringLiteral("clean")).toString(m_clean->text());
    const QString corrupt = s.value(QStringLiteral("corrupt")).toString(m_corrupt->text());
    setPrompts(clean, corrupt);
    if (s.contains(QStringLiteral("layer")) || s.contains(QStringLiteral("head")))
        setHead(s.value(QStringLiteral("layer")).toInt(m_layer->value()) - 1,
                s.value(QStringLiteral("head")).toInt(m_head->value()) - 1);
    if (s.value(QStringLiteral("run")).toBool()) run();
}

QString PatchView::tokenText(int id) const { return tokenDisplayText(m_info.tokenizer.get(), id); }

std::pair<int, int> PatchView::shownHead() const {
    return {m_layer->value() - 1, m_head->value() - 1};
}

QString PatchView::statusText() const { return m_status->text(); }

void PatchView::setStatus(const QString& text) {
    // No empty line under the buttons while there is nothing to say.
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}
QString PatchView::summaryText() const { return m_summary->text(); }
double PatchView::progress() const { return m_progress->value() / 1000.0; }

void PatchView::clearResult() {
    m_hasResult = false;
    m_result = {};
    m_cleanTokens->setItems({});
    m_corruptTokens->setItems({});
    m_cleanTopFlow->setItems({});
    m_corruptTopFlow->setItems({});
    m_attentionMap->setMatrix(0, 0, {});
    m_patchMap->setMatrix(0, 0, {});
    m_answer->clear();
    m_wrong->clear();
    retranslateUi();  // the titles and the summary of a view without a result
}

void PatchView::run() {
    if (!requireModel(m_status)) {
        m_status->show();
        return;
    }
    const int nVocab = m_info.model->config().nVocab;
    std::vector<int> clean, corrupt;
    try {
        // The engine's one prompt parser: the ids `tokenscope-cli patch` gives these texts.
        clean =
            ts::parsePrompt(m_clean->text().toStdString(), m_info.tokenizer.get(), nVocab).ids();
        corrupt =
            ts::parsePrompt(m_corrupt->text().toStdString(), m_info.tokenizer.get(), nVocab).ids();
    } catch (const std::exception& e) {
        setStatus(QString::fromUtf8(e.what()));
        return;
    }
    m_lengthMismatch.clear();
    if (clean.empty() || corrupt.empty()) {
        clearResult();
        setStatus(tr("Type both prompts first."));
        return;
    }
    if (clean.size() != corrupt.size()) {
        clearResult();
        // Shown with both prompts' tokens, so the class sees where the counts part.
        auto flow = [this](const std::vector<int>& ids) {
            std::vector<TokenFlow::Item> items;
            const auto texts = tokenDisplayTexts(*m_info.tokenizer, ids);
            for (const QString& t : texts) items.push_back({t, QColor(), QString(), true});
            return items;
        };
        m_cleanTokens->setItems(flow(clean));
        m_corruptTokens->setItems(flow(corrupt));
        m_lengthMismatch =
            tr("The clean prompt is %1 tokens and the corrupted one %2: patching compares them "
               "position by position, so they need the same number of tokens. Change a word for "
               "one of the same token count.")
                .arg(clean.size())
                .arg(corrupt.size());
        setStatus(m_lengthMismatch);
        retranslateUi();
        return;
    }
    const bool sameChoice = m_chosenFor == std::pair{m_clean->text(), m_corrupt->text()};
    const int answer = sameChoice ? m_chosenAnswer : -1;
    const int wrong = sameChoice ? m_chosenWrong : -1;
    auto model = m_info.model;
    const auto progress = progressReporter();
    setStatus(tr("Patching every block at every position…"));
    startTask<Result>(
        [model, clean, corrupt, answer, wrong, progress](const std::atomic<bool>& cancel) {
            return comparePrompts(model, clean, corrupt, answer, wrong, progress, cancel);
        },
        [this, model](Result r) {
            if (model != m_info.model) return;  // another model was loaded meanwhile
            m_result = std::move(r);
            m_hasResult = true;
            setStatus(m_result.patched ? QString() : m_result.note);
            showResult();
        },
        [this](const QString& message) {
            setStatus(message == QLatin1String("cancelled") ? tr("Cancelled.") : message);
        });
}

void PatchView::fillTokenChoices() {
    // Candidates: both runs' top tokens, the clean run's first.
    std::vector<int> ids;
    for (const auto* top : {&m_result.cleanTop, &m_result.corruptTop})
        for (const auto& [id, p] : *top)
            if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    for (int id : {m_result.answer, m_result.wrong})
        if (id >= 0 && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    for (QComboBox* box : {m_answer, m_wrong}) {
        box->clear();
        for (int id : ids) box->addItem(tokenText(id), id);
    }
    m_answer->setCurrentIndex(m_answer->findData(m_result.answer));
    m_wrong->setCurrentIndex(m_wrong->findData(m_result.wrong));
}

void PatchView::showResult() {
    const auto& r = m_result;
    const auto cleanTexts = tokenDisplayTexts(*m_info.tokenizer, r.clean);
    const auto corruptTexts = tokenDisplayTexts(*m_info.tokenizer, r.corrupt);
    // The prompts' tokens, the ones that differ marked; then each run's candidates coloured by
    // probability.
    const QColor differs(0xff, 0xe0, 0x8a);
    auto promptItems = [&](const std::vector<QString>& texts, const std::vector<int>& mine,
                           const std::vector<int>& other) {
        std::vector<TokenFlow::Item> items;
        for (std::size_t i = 0; i < mine.size(); ++i) {
            const bool d = i < other.size() && other[i] != mine[i];
            items.push_back({texts[i], d ? differs : QColor(), tr("position %1").arg(i), !d});
        }
        return items;
    };
    auto topItems = [&](const std::vector<std::pair<int, float>>& top) {
        std::vector<TokenFlow::Item> items;
        for (const auto& [id, p] : top)
            items.push_back({tokenText(id) + QStringLiteral(" ") +
                                 QString::number(100.0 * p, 'f', 1) + QStringLiteral("%"),
                             probabilityColor(p), tr("p = %1").arg(double(p), 0, 'f', 4), false});
        return items;
    };
    m_cleanTokens->setItems(promptItems(cleanTexts, r.clean, r.corrupt));
    m_corruptTokens->setItems(promptItems(corruptTexts, r.corrupt, r.clean));
    m_cleanTopFlow->setItems(topItems(r.cleanTop));
    m_corruptTopFlow->setItems(topItems(r.corruptTop));
    fillTokenChoices();

    // Labels: the corrupted run's tokens (the patched run's); the attention map's rows, which
    // have the room, say "corrupted→clean" where the prompts differ.
    QStringList columns, rows;
    for (std::size_t i = 0; i < r.corrupt.size(); ++i) {
        columns << corruptTexts[i];
        rows << (r.corrupt[i] == r.clean[i]
                     ? corruptTexts[i]
                     : corruptTexts[i] + QStringLiteral("→") + cleanTexts[i]);
    }
    const int nLayer = r.cleanAttention.nLayer;
    const int nHead = r.cleanAttention.nHead;
    m_layer->setRange(1, std::max(1, nLayer));
    m_head->setRange(1, std::max(1, nHead));
    m_attentionMap->setRowLabels(rows);
    m_attentionMap->setColumnLabels(columns);
    if (!m_headChosen) {
        // The head whose attention the swapped word changes most, until one is picked.
        const auto [l, h] = mostChangedHead();
        m_pickingHead = true;
        m_layer->setValue(l + 1);
        m_head->setValue(h + 1);
        m_pickingHead = false;
    }
    showAttention();

    if (r.patched) {
        const int blockCount = static_cast<int>(r.patching.restored.size());
        const int cols = static_cast<int>(r.corrupt.size());
        std::vector<float> values;
        values.reserve(static_cast<std::size_t>(blockCount) * static_cast<std::size_t>(cols));
        for (const auto& block : r.patching.restored)
            for (double v : block) values.push_back(static_cast<float>(v));
        QStringList blocks;
        for (int l = 0; l < blockCount; ++l) blocks << tr("block %1").arg(l + 1);
        m_patchMap->setMatrix(blockCount, cols, values);
        m_patchMap->setRowLabels(blocks);
        m_patchMap->setColumnLabels(columns);
        m_patchMap->setRange(-1.0f, 1.0f);
    } else {
        m_patchMap->setMatrix(0, 0, {});
    }
    retranslateUi();
}

void PatchView::showAttention() {
    if (!m_hasResult) return;
    const auto& a = m_result.cleanAttention;
    const auto& b = m_result.corruptAttention;
    const int layer = m_layer->value() - 1, head = m_head->value() - 1;
    if (a.empty() || b.empty() || layer >= a.nLayer || head >= a.nHead) return;
    const int T = a.nQueries;
    std::vector<float> diff(static_cast<std::size_t>(T) * static_cast<std::size_t>(T), 0.0f);
    float most = 0.05f;
    for (int q = 0; q < T; ++q) {
        const auto ra = a.row(layer, head, a.firstQuery + q);
        const auto rb = b.row(layer, head, b.firstQuery + q);
        for (std::size_t k = 0; k < ra.size() && k < rb.size(); ++k) {
            const float d = ra[k] - rb[k];
            diff[static_cast<std::size_t>(q) * static_cast<std::size_t>(T) + k] = d;
            most = std::max(most, std::fabs(d));
        }
    }
    m_attentionMap->setMatrix(T, T, diff);
    // A round end for the colour key (0.3 rather than 0.298: the key's numbers stay short).
    most = std::ceil(most * 20.0f) / 20.0f;
    m_attentionMap->setRange(-most, most);
    retranslateUi();
}

void PatchView::retranslateUi() {
    m_cleanLabel->setText(tr("Clean prompt:"));
    m_corruptLabel->setText(tr("Corrupted prompt:"));
    m_example->setText(tr("Example pair"));
    m_example->setToolTip(tr("The seed's sentence with Sujin, and a copy with another name."));
    m_answerLabel->setText(tr("Answer:"));
    m_answer->setToolTip(
        tr("The token the clean prompt should lead to (by default its top "
           "token)."));
    m_wrongLabel->setText(tr("Wrong:"));
    m_wrong->setToolTip(
        tr("The token the corrupted prompt leads to instead (by default its "
           "top token)."));
    m_run->setText(tr("Compare and patch"));
    m_cancel->setText(tr("Cancel"));
    if (!m_lengthMismatch.isEmpty()) setStatus(m_lengthMismatch);
    m_cleanTitle->setText(tr("Clean prompt → next token"));
    m_corruptTitle->setText(tr("Corrupted prompt → next token"));
    m_headLabel->setText(tr("Layer, head:"));
    m_attentionTitle->setText(tr("Attention, clean minus corrupted"));
    m_attentionTitle->setToolTip(
        tr("Red: the clean prompt's query looks at that key more; blue: less. The head whose "
           "attention differs most is shown first."));
    m_attentionMap->setLegendCaption(tr("clean − corrupted"));
    const auto& r = m_result;
    if (m_hasResult && r.patched) {
        m_patchTitle->setText(tr("Patching: share of logit(%1) − logit(%2) restored, per block "
                                 "and position")
                                  .arg(tokenText(r.answer), tokenText(r.wrong)));
        const double equivalents = r.clean.empty() || r.patching.restored.empty()
                                       ? 0.0
                                       : static_cast<double>(r.patching.tokenBlocks) /
                                             (static_cast<double>(r.clean.size()) *
                                              static_cast<double>(r.patching.restored.size()));
        m_summary->setText(
            tr("logit(answer) − logit(wrong): clean %1, corrupted %2 · %n forward pass(es), "
               "%3 full-pass equivalents",
               nullptr, static_cast<int>(r.patching.forwardPasses))
                .arg(r.patching.cleanDiff, 0, 'f', 2)
                .arg(r.patching.corruptDiff, 0, 'f', 2)
                .arg(equivalents, 0, 'f', 1));
        m_summary->setToolTip(
            tr("Each patched run starts again at its block from the corrupted run's cache, so "
               "most runs cost less than a whole forward pass."));
    } else {
        m_patchTitle->setText(
            tr("Patching: share of logit(answer) − logit(wrong) restored, per "
               "block and position"));
        m_summary->setText(m_hasResult ? QString() : tr("Press Compare and patch."));
        m_summary->setToolTip(QString());
    }
    m_patchMap->setLegendCaption(tr("restored"));
}

}  // namespace ts::ui

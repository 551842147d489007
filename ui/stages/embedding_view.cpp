#include "stages/embedding_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QResizeEvent>
#include <QSet>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <unordered_set>

#include "core/vocabulary.hpp"
#include "stages/embedding_scatter.hpp"
#include "stages/rope_note.hpp"
#include "stages/word_sets.hpp"
#include "tokenscope/error.hpp"
#include "widgets/heatmap_widget.hpp"
#include "widgets/steady_label.hpp"
#include "widgets/taken_boxes.hpp"
#include "widgets/wrapped_header.hpp"
#include "widgets/wrapped_text_delegate.hpp"

namespace ts::ui {

namespace {

constexpr int kNeighboursPerToken = 3;
// Neighbours are searched for the most recent tokens only: each search scans the vocabulary.
constexpr int kNeighbourTokens = 24;

}  // namespace

EmbeddingView::EmbeddingView(QWidget* parent) : QWidget(parent) {
    m_neighbourBox = new QCheckBox(this);
    retranslateNeighbourBox();
    m_explained = new SteadyLabel(this);
    // Wraps (SteadyLabel always does): one line of it was the widest thing in any view, and
    // widened the window past 1280 pixels.
    m_strip = new HeatmapWidget(this);
    m_strip->setSquareCells(false);
    m_strip->setMaxCellHeight(24);
    m_strip->setScale(HeatmapWidget::Scale::Diverging);
    m_strip->setRowLabels({tr("token"), tr("position"), tr("sum")});
    m_strip->setLegendCaption(tr("value"));
    m_strip->setFixedHeight(118);
    m_scatter = new EmbeddingScatter(this);
    m_ropeNote = new RopeNote(this);
    m_ropeNote->hide();

    // What the scatter shows: this context's input vectors, or a word map (a chosen set of
    // words from the embedding matrix, with the context's tokens placed among them).
    m_mode = new QComboBox(this);
    m_words = new QLineEdit(this);
    m_words->setClearButtonEnabled(true);
    m_words->hide();
    auto* modes = new QHBoxLayout;
    modes->addWidget(m_mode);
    modes->addWidget(m_words, 1);
    modes->addStretch(0);
    auto* top = new QHBoxLayout;
    top->addWidget(m_explained, 1);
    top->addWidget(m_neighbourBox);

    m_similar = new HeatmapWidget(this);
    m_similar->setScale(HeatmapWidget::Scale::Diverging);
    m_similar->setRange(-1.0f, 1.0f);
    m_similar->setZoomable(false);
    m_similar->setLegendCaption(tr("cosine"));
    // Beside the word map: each word's tokens and nearest vocabulary entries.
    m_wordTable = new QTableWidget(this);
    m_wordTable->setColumnCount(3);
    m_wordTable->verticalHeader()->hide();
    // Rows as tall as their wrapped text in the font of the moment, also after a font change
    // (a 1920x1080 window's larger font left rows 27 px tall for 38 px of text).
    m_wordTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_wordTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_wordTable->setWordWrap(true);
    wrapHeaderTitles(m_wordTable);  // narrow columns in presentation mode
    m_wordTable->setItemDelegate(new WrappedTextDelegate(m_wordTable));
    // The scroll bar always takes its room: one that appeared after the rows were sized
    // narrowed the last column without a new row height, and cut the rows a line short.
    m_wordTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_wordTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_wordTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_wordTable->horizontalHeader()->setStretchLastSection(true);
    // Wrapped neighbour lists take the rows' height they need at the table's width.
    connect(m_wordTable->horizontalHeader(), &QHeaderView::sectionResized, m_wordTable,
            &QTableWidget::resizeRowsToContents);
    m_side = new QStackedWidget(this);
    m_side->addWidget(m_similar);
    m_side->addWidget(m_wordTable);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_split = split;
    split->addWidget(m_scatter);
    split->addWidget(m_side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({620, 380});
    split->setChildrenCollapsible(false);

    auto* box = new QVBoxLayout(this);
    box->addWidget(m_strip);
    box->addWidget(m_ropeNote);
    box->addLayout(modes);
    box->addLayout(top);
    box->addWidget(split, 1);

    connect(m_neighbourBox, &QCheckBox::toggled, this, &EmbeddingView::setShowNeighbours);
    fillModes();
    connect(m_mode, &QComboBox::activated, this, [this](int index) {
        const QString id = m_mode->itemData(index).toString();
        if (id == QLatin1String("custom")) {
            if (m_words->text().trimmed().isEmpty())
                m_words->setText(QStringLiteral("king, queen, man, woman"));
            showWordMap(m_words->text());
        } else {
            showWordMap(id);
        }
    });
    // Typing words makes them the map's set ("your words").
    connect(m_words, &QLineEdit::editingFinished, this, [this] {
        if (!isWordMap() || m_words->text() == m_wordsShown) return;
        showWordMap(m_words->text());
    });
    m_scatter->onClicked = [this](int pos) { selectPosition(pos); };
    m_scatter->onHovered = [this](int pos) { emit positionHovered(pos); };
    connect(m_strip, &HeatmapWidget::cellHovered, this, [this](int row, int dim) {
        const int sel = selectedPosition();
        if (row < 0 || sel < 0) {
            QToolTip::hideText();
            return;
        }
        const auto i = static_cast<std::size_t>(sel);
        const auto d = static_cast<std::size_t>(dim);
        if (m_rope) {
            QToolTip::showText(
                QCursor::pos(),
                tr("dimension %1: %2").arg(dim).arg(static_cast<double>(m_sum[i][d]), 0, 'f', 4),
                m_strip);
            return;
        }
        QToolTip::showText(QCursor::pos(),
                           tr("dimension %1: token %2 + position %3 = %4")
                               .arg(dim)
                               .arg(static_cast<double>(m_tok[i][d]), 0, 'f', 4)
                               .arg(static_cast<double>(m_pos[i][d]), 0, 'f', 4)
                               .arg(static_cast<double>(m_sum[i][d]), 0, 'f', 4),
                           m_strip);
    });
}

EmbeddingView::~EmbeddingView() = default;

void EmbeddingView::setRope(bool rope) {
    if (rope && m_model)
        m_ropeNote->setModel(m_model->config().ropeTheta, m_model->config().headDim());
    if (rope == m_rope) return;
    m_rope = rope;
    m_ropeNote->setVisible(rope);
    m_strip->setRowLabels(rope ? QStringList{tr("token")}
                               : QStringList{tr("token"), tr("position"), tr("sum")});
    sizeStrip();
}

void EmbeddingView::sizeStrip() {
    // One row (RoPE) still leaves the legend room for its ticks at 90 px.
    const int least = m_rope ? 90 : 118;
    const int h = std::clamp(height() / 5, least, m_rope ? 160 : 240);
    m_strip->setMaxCellHeight(std::max(24, (h - 46) / (m_rope ? 1 : 3)));
    m_strip->setFixedHeight(h);
}

void EmbeddingView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    sizeStrip();
    // The similarity map's cells are square: its pane is as wide as the map is tall (plus
    // its labels and colour bar), between two fifths and half the width. At 1920x1080 the
    // map then fills its height instead of leaving a blank third under it.
    sizeSplit();
}

void EmbeddingView::sizeSplit() {
    const int w = m_split->width();
    // The word table's neighbour lists need half the width; the square map as it says above.
    const int wanted = isWordMap() ? w / 2 : std::clamp(m_split->height() + 60, w * 2 / 5, w / 2);
    m_split->setSizes({w - wanted, wanted});
}

void EmbeddingView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateNeighbourBox();
        // The built-in sets are words of the interface's language: a map of one shows the
        // same set in the new language.
        const QString id = m_mode->currentData().toString();
        fillModes();
        if (!id.isEmpty() && id != QLatin1String("custom"))
            showWordMap(id);
        else if (isWordMap())
            drawWordMap();
        m_ropeNote->retranslate();
        m_strip->setRowLabels(m_rope ? QStringList{tr("token")}
                                     : QStringList{tr("token"), tr("position"), tr("sum")});
        updateStrip();
        m_similar->setLegendCaption(tr("cosine"));
        updateSimilarity();
    }
    QWidget::changeEvent(event);
}

void EmbeddingView::retranslateNeighbourBox() {
    m_neighbourBox->setText(tr("Show nearest vocabulary neighbours"));
    m_neighbourBox->setToolTip(
        tr("For the most recent tokens, the vocabulary entries whose token embedding points the "
           "same way (cosine), placed at the same position and drawn lighter"));
}

bool EmbeddingView::isRope() const { return m_rope; }
QWidget* EmbeddingView::ropeNote() const { return m_ropeNote; }

void EmbeddingView::setHistory(std::span<const TranscriptStepPtr> historyUpToCurrent,
                               std::shared_ptr<const ts::Model> model) {
    const bool newModel = model != m_model;
    if (newModel) m_neighbourCache.clear();
    // Records appended to the history already read (a decode step): read only the new ones.
    const bool extends = model == m_model && !m_vectorsDirty && !m_history.empty() &&
                         historyUpToCurrent.size() > m_history.size() &&
                         std::equal(m_history.begin(), m_history.end(), historyUpToCurrent.begin());
    const std::size_t firstNew = extends ? m_history.size() : 0;
    // The view observes the transcript's steps: an appended step adds its pointer, the
    // records already held are not copied again (nor their contexts, which they share).
    if (extends)
        m_history.insert(m_history.end(),
                         historyUpToCurrent.begin() + static_cast<std::ptrdiff_t>(firstNew),
                         historyUpToCurrent.end());
    else
        m_history.assign(historyUpToCurrent.begin(), historyUpToCurrent.end());
    m_model = std::move(model);
    setRope(m_model && !m_model->hasPositionEmbeddings());
    if (newModel && isWordMap()) updateWordMap();
    // Hidden (another stage is shown): keep the records, read the vectors when shown.
    if (!isVisible()) {
        m_vectorsDirty = true;
        return;
    }
    m_vectorsDirty = false;
    collectVectors(firstNew);
    if (m_pinned >= tokenCount()) m_pinned = -1;
    if (isWordMap())
        drawWordMap();
    else
        updateProjection();
    updateStrip();
}

void EmbeddingView::setHoveredPosition(int pos) {
    m_hovered = pos;
    m_scatter->setMarked(pos);
    updateStrip();
}

void EmbeddingView::setTokenizer(std::shared_ptr<const ts::Tokenizer> tokenizer) {
    m_tokenizer = std::move(tokenizer);
    if (m_showNeighbours) updateProjection();
    if (isWordMap()) updateWordMap();
}

void EmbeddingView::setShowNeighbours(bool on) {
    if (m_showNeighbours == on) return;
    m_showNeighbours = on;
    m_neighbourBox->setChecked(on);
    updateProjection();
}

void EmbeddingView::selectPosition(int pos) {
    m_pinned = pos;
    updateStrip();
}

int EmbeddingView::selectedPosition() const {
    auto known = [this](int p) {
        return p >= 0 && p < tokenCount() && !m_sum[static_cast<std::size_t>(p)].empty();
    };
    if (known(m_hovered)) return m_hovered;
    if (known(m_pinned)) return m_pinned;
    for (int p = tokenCount() - 1; p >= 0; --p)
        if (known(p)) return p;
    return -1;
}

QPointF EmbeddingView::pointPosition(int pos) const {
    const QPointF s = m_scatter->screenOf(pos);
    if (s.x() < 0) return s;
    return m_scatter->mapTo(this, s);
}

int EmbeddingView::neighbourCount() const { return m_scatter->neighbourCount(); }

std::vector<EmbeddingView::ScatterLabel> EmbeddingView::scatterLabels() const {
    std::vector<ScatterLabel> out;
    const QPoint offset = m_scatter->mapTo(this, QPoint(0, 0));
    for (const auto& l : m_scatter->placeLabels())
        out.push_back({l.text, l.box.translated(offset), l.anchor + offset, l.leader});
    return out;
}

QString EmbeddingView::explainedText() const { return m_explained->text(); }

void EmbeddingView::collectVectors(std::size_t firstNewRecord) {
    const TranscriptStep* last = nullptr;
    for (auto it = m_history.rbegin(); it != m_history.rend() && !last; ++it)
        if (*it && (*it)->trace) last = it->get();
    int n = 0;
    if (last) n = std::max(static_cast<int>(last->contextSize()), last->trace->lastPosition() + 1);
    const auto count = static_cast<std::size_t>(n);
    // A decode step appends records to the same history: the vectors already read stay as
    // they are (a trace never changes), and only the new records and positions are read.
    // Reading all of them again at 1,024 tokens copied three million numbers a step.
    const bool extending = firstNewRecord > 0 && count >= m_sum.size();
    const std::size_t known = extending ? m_sum.size() : 0;
    if (!extending) {
        firstNewRecord = 0;
        m_cosines.clear();  // the positions' vectors are read anew
        m_tok.assign(count, {});
        m_pos.assign(count, {});
        m_sum.assign(count, {});
        m_tokenIds.assign(count, -1);
    } else {
        m_tok.resize(count);
        m_pos.resize(count);
        m_sum.resize(count);
        m_tokenIds.resize(count, -1);
    }
    // Every label again: a token that is part of a character reads differently once a later
    // token completes it (the display text comes with the newest record).
    m_labels.clear();
    m_labels.reserve(n);
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        if (u >= known && u < last->contextTokens().size())
            m_tokenIds[u] = last->contextTokens()[u];
        m_labels << (u < last->contextSize()
                         ? QString::fromStdString(last->tokenText(u))  // display text already
                         : QStringLiteral("#%1").arg(i));
    }
    std::vector<char> fresh(count, 0);  // positions whose vectors are (re)read now
    for (std::size_t u = known; u < count; ++u) fresh[u] = 1;
    // Traced vectors first: they are exactly what the model added up.
    for (std::size_t r = firstNewRecord; r < m_history.size(); ++r) {
        if (!m_history[r] || !m_history[r]->trace) continue;
        const auto& t = *m_history[r]->trace;
        for (std::size_t j = 0; j < t.tokens.size(); ++j) {
            const int p = t.firstPosition + static_cast<int>(j);
            if (p < 0 || p >= n || j >= t.tokenEmbedding.size() ||
                (!m_rope && j >= t.positionEmbedding.size()))
                continue;
            const auto u = static_cast<std::size_t>(p);
            m_tok[u] = t.tokenEmbedding[j];
            // RoPE: nothing is added to the token embedding; the position part is zero.
            m_pos[u] = m_rope ? std::vector<float>(m_tok[u].size(), 0.0f) : t.positionEmbedding[j];
            if (m_tokenIds[u] < 0) m_tokenIds[u] = t.tokens[j];
            fresh[u] = 1;
        }
    }
    for (int p = 0; p < n; ++p) {
        const auto u = static_cast<std::size_t>(p);
        if (!fresh[u] && !m_sum[u].empty()) continue;
        if (m_tok[u].empty() && m_model && m_tokenIds[u] >= 0) {
            const auto te = m_model->tokenEmbedding(m_tokenIds[u]);
            m_tok[u].assign(te.begin(), te.end());
            if (m_rope) {
                m_pos[u].assign(m_tok[u].size(), 0.0f);
            } else {
                const auto pe = m_model->positionEmbedding(p);
                m_pos[u].assign(pe.begin(), pe.end());
            }
        }
        if (m_tok[u].empty() || m_tok[u].size() != m_pos[u].size()) {
            m_tok[u].clear();
            m_pos[u].clear();
            m_sum[u].clear();
            continue;
        }
        m_sum[u].resize(m_tok[u].size());
        for (std::size_t d = 0; d < m_tok[u].size(); ++d) m_sum[u][d] = m_tok[u][d] + m_pos[u][d];
    }
}

QString EmbeddingView::neighbourText(int token) const {
    return tokenDisplayText(m_tokenizer.get(), token);
}

void EmbeddingView::updateProjection() {
    if (isWordMap()) return;  // the word map has its own projection
    // Hidden: nothing to draw; the projection is made when the view is shown.
    if (!isVisible()) {
        m_projectionDirty = true;
        return;
    }
    m_projectionDirty = false;
    // The rows one after the other in one block: a thousand rows copied one by one came
    // from fresh memory each step, and its page faults took a millisecond of the GUI thread.
    std::vector<float> rows;
    std::size_t width = 0;
    std::vector<int> projected;
    for (int p = 0; p < tokenCount(); ++p) {
        const auto u = static_cast<std::size_t>(p);
        if (m_sum[u].empty() || (width != 0 && m_sum[u].size() != width)) continue;
        if (width == 0) {
            width = m_sum[u].size();
            rows.reserve(width * static_cast<std::size_t>(tokenCount()));
        }
        rows.insert(rows.end(), m_sum[u].begin(), m_sum[u].end());
        projected.push_back(p);
    }
    // Neighbour searches still needed (each scans the vocabulary: n_vocab x n_embd).
    std::vector<std::pair<int, std::vector<float>>> wanted;
    if (m_showNeighbours && m_model) {
        const std::size_t first =
            projected.size() > static_cast<std::size_t>(kNeighbourTokens)
                ? projected.size() - static_cast<std::size_t>(kNeighbourTokens)
                : 0;
        for (std::size_t i = first; i < projected.size(); ++i) {
            const auto u = static_cast<std::size_t>(projected[i]);
            const int id = m_tokenIds[u];
            if (!m_neighbourCache.count(id) &&
                std::none_of(wanted.begin(), wanted.end(),
                             [id](const auto& w) { return w.first == id; }))
                wanted.emplace_back(id, m_tok[u]);
        }
    }
    // PCA (LAPACK) and neighbour searches are engine math: small ones (the canned records of
    // the tests, short prompts of small models) run inline, larger ones on a thread of their
    // own, so the GUI thread never blocks on them; the scatter keeps the previous picture
    // until the new one is ready, and requests arriving meanwhile are coalesced into one.
    const double dim = static_cast<double>(width);
    const double n = static_cast<double>(projected.size());
    const double vocab = m_model ? static_cast<double>(m_model->config().nVocab) : 0.0;
    const double cost =
        n * dim * std::min(n, dim) + static_cast<double>(wanted.size()) * vocab * dim;
    if (cost < 2.0e6) {
        m_pca = ts::pca2(rows, projected.size(), width);
        m_projected = std::move(projected);
        for (const auto& [id, v] : wanted)
            m_neighbourCache.emplace(id, ts::nearestTokens(*m_model, v, kNeighboursPerToken + 1));
        drawProjection();
        return;
    }
    if (m_mapTask.isRunning()) {
        m_mapPending = true;
        return;
    }
    struct Map {
        ts::PcaResult pca;
        std::vector<int> projected;
        std::vector<std::pair<int, std::vector<ts::Neighbour>>> neighbours;
    };
    m_mapTask.start<Map>(
        this,
        [rows = std::move(rows), projected = std::move(projected), width,
         wanted = std::move(wanted), model = m_model](const std::atomic<bool>& cancel) {
            Map map;
            map.pca = ts::pca2(rows, projected.size(), width);
            map.projected = projected;
            // Cancelled only when the view is going away: its result is dropped then.
            for (const auto& [id, v] : wanted) {
                if (cancel.load()) break;
                map.neighbours.emplace_back(id,
                                            ts::nearestTokens(*model, v, kNeighboursPerToken + 1));
            }
            return map;
        },
        [this](Map map) {
            if (map.pca.points.size() == map.projected.size()) {
                m_pca = std::move(map.pca);
                m_projected = std::move(map.projected);
            }
            for (auto& [id, nb] : map.neighbours) m_neighbourCache.emplace(id, std::move(nb));
            if (m_mapPending) {
                m_mapPending = false;
                updateProjection();
            }
            if (!isWordMap()) drawProjection();
        },
        [this](const QString&) {
            // The engine math threw (it does not for well-formed rows): the previous picture stays,
            // and a request that came meanwhile still runs.
            if (m_mapPending) {
                m_mapPending = false;
                updateProjection();
            }
        });
}

void EmbeddingView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_vectorsDirty) {
        m_vectorsDirty = false;
        collectVectors();
        if (m_pinned >= tokenCount()) m_pinned = -1;
        if (isWordMap())
            drawWordMap();
        else
            updateProjection();
        updateStrip();
    } else if (m_projectionDirty && !isWordMap()) {
        updateProjection();
    }
}

void EmbeddingView::drawProjection() {
    std::vector<EmbeddingScatter::Point> points;
    for (std::size_t i = 0; i < m_projected.size() && i < m_pca.points.size(); ++i)
        points.push_back({QPointF(m_pca.points[i][0], m_pca.points[i][1]),
                          m_labels.value(m_projected[i]), m_projected[i], -1});

    if (m_showNeighbours && m_model && !m_projected.empty()) {
        const std::size_t first =
            m_projected.size() > static_cast<std::size_t>(kNeighbourTokens)
                ? m_projected.size() - static_cast<std::size_t>(kNeighbourTokens)
                : 0;
        for (std::size_t i = first; i < m_projected.size(); ++i) {
            const auto u = static_cast<std::size_t>(m_projected[i]);
            if (u >= m_tokenIds.size() || u >= m_pos.size()) continue;
            const int id = m_tokenIds[u];
            const auto it = m_neighbourCache.find(id);
            if (it == m_neighbourCache.end()) continue;  // still being searched
            int shown = 0;
            for (const auto& nb : it->second) {
                if (nb.token == id || shown >= kNeighboursPerToken) continue;
                // The neighbour as if it stood at this token's position: the offset from the
                // token's point is then the difference of the token embeddings alone.
                const auto te = m_model->tokenEmbedding(nb.token);
                if (te.size() != m_pos[u].size()) continue;
                std::vector<float> v(te.size());
                for (std::size_t d = 0; d < v.size(); ++d) v[d] = te[d] + m_pos[u][d];
                const auto xy = project(m_pca, v);
                points.push_back(
                    {QPointF(xy[0], xy[1]), neighbourText(nb.token), -1, static_cast<int>(i)});
                ++shown;
            }
        }
    }
    m_scatter->setPoints(std::move(points), m_pca.explained);
    updateSimilarity();

    if (m_projected.size() < 2 || m_pca.explained[0] <= 0.0f)
        m_explained->setText(tr("A projection needs at least two different token vectors."));
    else
        m_explained->setText(tr("First two principal components of %1 input vectors: "
                                "PC1 explains %2 % of their spread, PC2 %3 %.")
                                 .arg(m_projected.size())
                                 .arg(100.0 * static_cast<double>(m_pca.explained[0]), 0, 'f', 1)
                                 .arg(100.0 * static_cast<double>(m_pca.explained[1]), 0, 'f', 1));
}

void EmbeddingView::updateSimilarity() {
    // The newest tokens only: a pair per cell must stay readable (and n^2 x width stays small
    // enough for the GUI thread: 32 x 32 x 4096 is half a million multiply-adds).
    constexpr std::size_t kMost = 32;
    const std::size_t n = std::min(kMost, m_projected.size());
    const std::size_t first = m_projected.size() - n;
    std::vector<const std::vector<float>*> v;
    QStringList labels;
    for (std::size_t i = first; i < m_projected.size(); ++i) {
        const auto u = static_cast<std::size_t>(m_projected[i]);
        if (u >= m_sum.size()) return;
        v.push_back(&m_sum[u]);
        labels << m_labels.value(m_projected[i]);
    }
    std::vector<double> norm(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (float x : *v[i]) norm[i] += static_cast<double>(x) * x;
    // A position's vector never changes while a run extends the history, so each pair is
    // worked out once: a step adds one row of 32 pairs, not all 528 (a millisecond a step).
    if (static_cast<std::size_t>(m_cosines.size()) > 8 * kMost * kMost) m_cosines.clear();
    std::vector<float> cosine(n * n, HeatmapWidget::kMissing);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) {
            if (v[i]->size() != v[j]->size() || norm[i] <= 0 || norm[j] <= 0) continue;
            const auto pair = (static_cast<quint64>(m_projected[first + i]) << 32) |
                              static_cast<quint32>(m_projected[first + j]);
            auto known = m_cosines.constFind(pair);
            if (known == m_cosines.constEnd()) {
                double dot = 0;
                for (std::size_t d = 0; d < v[i]->size(); ++d)
                    dot += static_cast<double>((*v[i])[d]) * (*v[j])[d];
                known =
                    m_cosines.insert(pair, static_cast<float>(dot / std::sqrt(norm[i] * norm[j])));
            }
            cosine[i * n + j] = cosine[j * n + i] = *known;
        }
    m_similar->setTitle(n < m_projected.size() ? tr("Cosine similarity (the newest %1)").arg(n)
                                               : tr("Cosine similarity"));
    m_similar->setMatrix(static_cast<int>(n), static_cast<int>(n), std::move(cosine));
    m_similar->setRowLabels(labels);
    m_similar->setColumnLabels(labels);
}

void EmbeddingView::updateStrip() {
    const int sel = selectedPosition();
    m_scatter->setSelected(sel, !m_mapTask.isRunning());
    if (sel < 0) {
        m_strip->setMatrix(0, 0, {});
        m_strip->setTitle(tr("Input vector: no token selected"));
        return;
    }
    const auto u = static_cast<std::size_t>(sel);
    const std::size_t dim = m_sum[u].size();
    if (m_rope) {
        // One row: the token embedding is the whole input vector (no position is added).
        float m = 0.0f;
        for (float v : m_sum[u]) m = std::max(m, std::abs(v));
        m_strip->setRange(-m, m);
        m_strip->setMatrix(1, static_cast<int>(dim), m_sum[u]);
        m_strip->setTitle(
            tr("Input vector of “%1” at position %2 = its token embedding (%3 numbers); "
               "no position vector is added")
                .arg(m_labels.value(sel))
                .arg(sel)
                .arg(dim));
        return;
    }
    std::vector<float> values;
    values.reserve(3 * dim);
    values.insert(values.end(), m_tok[u].begin(), m_tok[u].end());
    values.insert(values.end(), m_pos[u].begin(), m_pos[u].end());
    values.insert(values.end(), m_sum[u].begin(), m_sum[u].end());
    float m = 0.0f;
    for (float v : values) m = std::max(m, std::abs(v));
    m_strip->setRange(-m, m);
    m_strip->setMatrix(3, static_cast<int>(dim), std::move(values));
    m_strip->setTitle(tr("Input vector of “%1” at position %2 = token embedding + position "
                         "embedding (%3 numbers)")
                          .arg(m_labels.value(sel))
                          .arg(sel)
                          .arg(dim));
}

}  // namespace ts::ui

#include "stages/attention_view.hpp"

#include <QComboBox>
#include <QCursor>
#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "tokenscope/analysis.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

namespace {

constexpr int kThumbCells = 96;  // thumbnails are max-pooled to at most this many cells a side

std::size_t at(int r, int c, int n) {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c);
}

}  // namespace

AttentionView::AttentionView(QWidget* parent) : QWidget(parent) {
    m_layerBox = new QComboBox(this);
    m_headBox = new QComboBox(this);
    m_layerBox->setToolTip(tr("Transformer block whose attention is shown"));
    m_headBox->setToolTip(tr("Attention head, or the mean of all heads of the layer"));

    auto* bar = new QHBoxLayout;
    m_layerLabel = new QLabel(this);
    bar->addWidget(m_layerLabel);
    bar->addWidget(m_layerBox);
    bar->addSpacing(12);
    m_headLabel = new QLabel(this);
    bar->addWidget(m_headLabel);
    bar->addWidget(m_headBox);
    bar->addStretch(1);
    m_hintLabel = new QLabel(this);
    m_hintLabel->setForegroundRole(QPalette::PlaceholderText);
    // Wraps rather than widening the window past 1280 pixels in English.
    m_hintLabel->setWordWrap(true);
    m_hintLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(m_hintLabel, 1);

    m_heatmap = new HeatmapWidget(this);
    m_heatmap->setLowerTriangular(true);
    m_heatmap->setScale(HeatmapWidget::Scale::Sequential);
    m_heatmap->setRange(0.0f, 1.0f);
    m_heatmap->setLegendCaption(tr("weight"));

    auto* gridPanel = new QWidget(this);
    auto* gridBox = new QVBoxLayout(gridPanel);
    gridBox->setContentsMargins(0, 0, 0, 0);
    m_gridTitle = new QLabel(gridPanel);
    m_gridTitle->setObjectName(QStringLiteral("attentionHeadsTitle"));
    // Its lines (the layer, grouped-query heads, the silencing hint and the kinds' legend) wrap:
    // in presentation mode's large font the legend is wider than the heads' panel at 1280x720.
    m_gridTitle->setWordWrap(true);
    m_gridTitle->installEventFilter(this);
    gridBox->addWidget(m_gridTitle);
    auto* gridHost = new QWidget(gridPanel);
    m_grid = new QGridLayout(gridHost);
    m_grid->setSpacing(4);
    m_grid->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(gridPanel);
    scroll->setWidget(gridHost);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Thumbnails shrink with the panel rather than scroll sideways; many heads scroll down.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    gridBox->addWidget(scroll, 1);
    m_thumbViewport = scroll->viewport();
    m_thumbViewport->installEventFilter(this);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_heatmap);
    split->addWidget(gridPanel);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    split->setChildrenCollapsible(false);

    m_infoLabel = new QLabel(tr("Click a cell to read its weight."), this);
    m_infoLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    retranslateUi();  // the labels above; again on every language change

    auto* box = new QVBoxLayout(this);
    box->addLayout(bar);
    box->addWidget(split, 1);
    box->addWidget(m_infoLabel);

    connect(m_layerBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) setLayer(i);
    });
    connect(m_headBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) setHead(i >= m_nHead ? kAverageOfHeads : i);
    });
    connect(m_heatmap, &HeatmapWidget::cellClicked, this, &AttentionView::showCell);
    connect(m_heatmap, &HeatmapWidget::cellHovered, this, [this](int q, int k) {
        if (q >= 0) {
            const float w = recordedWeight(q, k);
            QToolTip::showText(
                QCursor::pos(),
                tr("%1 → %2: %3")
                    .arg(tokenLabel(q), tokenLabel(k),
                         outsideWindow(m_layer, q, k) ? tr("outside the sliding window")
                         : std::isnan(w)              ? tr("not recorded")
                                                      : QString::number(w, 'f', 4)),
                m_heatmap);
        } else {
            QToolTip::hideText();
        }
        emit positionHovered(k);
    });
}

void AttentionView::setHistory(std::span<const TranscriptStepPtr> historyUpToCurrent, int nLayer,
                               int nHead) {
    const bool shapeChanged = nLayer != m_nLayer || nHead != m_nHead;
    // A decode step appends records to the same history: then only the new query rows are
    // read, coloured and pooled (a full rebuild at 1,024 tokens stalls the window).
    const bool extends = !shapeChanged && !m_history.empty() &&
                         historyUpToCurrent.size() > m_history.size() &&
                         std::equal(m_history.begin(), m_history.end(), historyUpToCurrent.begin());
    const int oldTokens = m_tokens;
    // The view observes the transcript's steps: an appended step adds its pointer, the
    // records already held are not copied again (nor their contexts, which they share).
    if (extends)
        m_history.insert(m_history.end(),
                         historyUpToCurrent.begin() + static_cast<std::ptrdiff_t>(m_history.size()),
                         historyUpToCurrent.end());
    else
        m_history.assign(historyUpToCurrent.begin(), historyUpToCurrent.end());
    m_nLayer = std::max(0, nLayer);
    m_nHead = std::max(0, nHead);

    // The newest record knows the whole context: its length and its token texts.
    const TranscriptStep* last = nullptr;
    for (auto it = m_history.rbegin(); it != m_history.rend() && !last; ++it)
        if (*it && (*it)->trace) last = it->get();
    m_tokens = 0;
    // Settled labels of the same history stay; the rest are read from the newest record.
    const int keepLabels = extends ? std::min<int>(m_settledLabels, m_labels.size()) : 0;
    m_labels.erase(m_labels.begin() + keepLabels, m_labels.end());
    m_settledLabels = 0;
    const int kvHeadsBefore = m_nKvHead;
    m_nKvHead = 0;
    m_window = 0;
    m_layerSliding.clear();
    if (!last) m_labels.clear();
    if (last) {
        m_window = last->trace->attention.slidingWindow;
        m_layerSliding = last->trace->attention.layerSliding;
        // Grouped-query attention: the trace says how many key/value heads the query heads share.
        const int kv = last->trace->attention.nKvHead;
        m_nKvHead = kv > 0 && kv < m_nHead && m_nHead % kv == 0 ? kv : 0;
        m_tokens = std::max(static_cast<int>(last->contextSize()), last->trace->lastPosition() + 1);
        m_labels.reserve(m_tokens);
        m_settledLabels = static_cast<int>(last->contextSize() - last->tailTexts.size());
        for (int i = static_cast<int>(m_labels.size()); i < m_tokens; ++i)
            m_labels << (i < static_cast<int>(last->contextSize())
                             ? QString::fromStdString(
                                   last->tokenText(static_cast<std::size_t>(i)))  // display text
                             : QStringLiteral("#%1").arg(i));
    }
    const std::vector<int> oldSource = std::move(m_rowSource);
    m_rowSource.assign(static_cast<std::size_t>(m_tokens), -1);
    for (std::size_t r = 0; r < m_history.size(); ++r) {
        if (!m_history[r] || !m_history[r]->trace) continue;
        const auto& a = m_history[r]->trace->attention;
        if (a.empty() || a.nLayer < m_nLayer || a.nHead < m_nHead) continue;
        for (int q = std::max(0, a.firstQuery); q < a.firstQuery + a.nQueries && q < m_tokens; ++q)
            if (m_rowSource[static_cast<std::size_t>(q)] < 0)
                m_rowSource[static_cast<std::size_t>(q)] = static_cast<int>(r);
    }
    if (m_selQuery >= m_tokens) m_selQuery = m_selKey = -1;

    if (shapeChanged) {
        m_layer = std::clamp(m_layer, 0, std::max(0, m_nLayer - 1));
        if (m_head >= m_nHead) m_head = 0;
        rebuildSelectors();
        rebuildThumbnails();
    } else if (kvHeadsBefore != m_nKvHead) {
        retranslateUi();  // the head names gain (or lose) their key/value group
    }
    // A new prompt or another step inspected (not a step appended): open where the story is.
    if (!m_headChosen && !extends) openOnInformativeHead();
    // Incremental only if the rows already shown come from the same records as before.
    const bool sameRows = extends && m_tokens >= oldTokens && oldTokens > 0 &&
                          std::equal(oldSource.begin(), oldSource.end(), m_rowSource.begin());
    m_heatmap->setRowLabels(m_labels);
    m_heatmap->setColumnLabels(m_labels);
    // A matrix still being built takes the new rows when it is done.
    if (sameRows && (m_matrixNext >= 0 || m_heatmap->rowCount() == oldTokens)) {
        appendRows(oldTokens, m_tokens);
    } else {
        refreshMatrix();
        scheduleThumbnails();
    }
    if (m_matrixNext < 0) m_heatmap->setHighlightedRow(m_tokens - 1);
    if (m_selQuery >= 0) showCell(m_selQuery, m_selKey);
}

void AttentionView::setHoveredPosition(int pos) {
    m_hovered = pos;
    m_heatmap->setMarkedIndex(pos);
}

void AttentionView::openOnInformativeHead() {
    const int last = m_tokens - 1;
    if (last < 0 || m_rowSource[static_cast<std::size_t>(last)] < 0) return;
    const auto& record =
        m_history[static_cast<std::size_t>(m_rowSource[static_cast<std::size_t>(last)])];
    const auto best = ts::mostInformativeHead(record->trace->attention, last);
    if (!best || !best->peak || best->layer >= m_nLayer || best->head >= m_nHead) return;
    m_layer = best->layer;
    m_head = best->head;
    const QSignalBlocker b1(m_layerBox);
    const QSignalBlocker b2(m_headBox);
    m_layerBox->setCurrentIndex(m_layer);
    m_headBox->setCurrentIndex(m_head);
    updateThumbnailFrames();
}

void AttentionView::setLayer(int layer) {
    if (layer < 0 || layer >= m_nLayer) return;
    m_headChosen = true;
    m_layer = layer;
    {
        const QSignalBlocker block(m_layerBox);
        m_layerBox->setCurrentIndex(layer);
    }
    refreshMatrix();
    scheduleThumbnails();
    if (m_selQuery >= 0) showCell(m_selQuery, m_selKey);
}

void AttentionView::setHead(int head) {
    if (head != kAverageOfHeads && (head < 0 || head >= m_nHead)) return;
    m_headChosen = true;
    m_head = head;
    {
        const QSignalBlocker block(m_headBox);
        m_headBox->setCurrentIndex(head == kAverageOfHeads ? m_nHead : head);
    }
    refreshMatrix();
    updateThumbnailFrames();
    if (m_selQuery >= 0) showCell(m_selQuery, m_selKey);
}

float AttentionView::weight(int query, int key) const { return heatmap()->value(query, key); }

HeatmapWidget* AttentionView::heatmap() const {
    // Asked for while a matrix is being built: finished now, so it shows this history.
    const_cast<AttentionView*>(this)->buildMatrixRows(true);
    return m_heatmap;
}

QString AttentionView::selectionText() const { return m_infoLabel->text(); }

HeatmapWidget* AttentionView::headThumbnail(int head) const {
    const int i = head == kAverageOfHeads ? m_nHead : head;
    if (i < 0 || i >= static_cast<int>(m_thumbs.size())) return nullptr;
    // Asked for before the next turn of the event loop: made now, so it shows this history.
    const_cast<AttentionView*>(this)->flushThumbnails(true);
    return m_thumbs[static_cast<std::size_t>(i)];
}

int AttentionView::kvGroup(int head) const {
    if (m_nKvHead <= 0 || head < 0) return -1;
    return head / (m_nHead / m_nKvHead);
}

QString AttentionView::headName(int head) const {
    if (kvGroup(head) < 0) return tr("Head %1").arg(head + 1);
    return tr("Head %1 · KV group %2 of %3").arg(head + 1).arg(kvGroup(head) + 1).arg(m_nKvHead);
}

void AttentionView::rebuildSelectors() {
    const QSignalBlocker b1(m_layerBox);
    const QSignalBlocker b2(m_headBox);
    m_layerBox->clear();
    for (int l = 0; l < m_nLayer; ++l)
        m_layerBox->addItem(tr("Layer %1").arg(l + 1) + layerKind(l));
    m_headBox->clear();
    for (int h = 0; h < m_nHead; ++h) m_headBox->addItem(headName(h));
    m_headBox->addItem(tr("Average of heads"));
    m_layerBox->setCurrentIndex(m_layer);
    m_headBox->setCurrentIndex(m_head == kAverageOfHeads ? m_nHead : m_head);
}

void AttentionView::rebuildThumbnails() {
    for (auto* t : m_thumbs) delete t;
    m_thumbs.clear();
    const int count = m_nHead > 0 ? m_nHead + 1 : 0;
    for (int i = 0; i < count; ++i) {
        auto* t = new HeatmapWidget(m_grid->parentWidget());
        t->setCompact(true);
        t->setLowerTriangular(true);
        t->setRange(0.0f, 1.0f);
        const int head = i < m_nHead ? i : kAverageOfHeads;
        t->setTitle(i < m_nHead ? tr("H%1").arg(i + 1) : tr("avg"));
        t->setToolTip(i < m_nHead
                          ? tr("Head %1: click to show it, right-click to silence it").arg(i + 1)
                          : tr("Average of heads: click to show it"));
        t->setMinimumSize(48, 56);
        connect(t, &HeatmapWidget::cellClicked, this, [this, head] { setHead(head); });
        if (head != kAverageOfHeads) {
            t->setContextMenuPolicy(Qt::CustomContextMenu);
            connect(t, &QWidget::customContextMenuRequested, this,
                    [this, head] { showHeadMenu(head); });
        }
        t->show();  // the layout would only show it after the next event-loop pass
        m_thumbs.push_back(t);
    }
    layOutThumbnails(true);
    updateThumbnailFrames();
}

void AttentionView::layOutThumbnails(bool force) {
    const int n = static_cast<int>(m_thumbs.size());
    if (n == 0 || !m_thumbViewport) return;
    // The column count whose square cells are largest: wide panels take more columns, tall
    // ones fewer, so the thumbnails use the panel instead of leaving its bottom empty.
    const double w = std::max(1, m_thumbViewport->width()),
                 h = std::max(1, m_thumbViewport->height());
    int best = 1;
    double bestSide = 0;
    for (int c = 1; c <= std::min(n, 6); ++c) {
        const int rows = (n + c - 1) / c;
        const double side = std::min(w / c, h / rows);
        if (side > bestSide + 0.5) {
            bestSide = side;
            best = c;
        }
    }
    best = std::max(best, (n + 7) / 8);  // many heads: at most 8 rows, the rest scrolls
    if (!force && best == m_thumbColumns) return;
    m_thumbColumns = best;
    for (auto* t : m_thumbs) m_grid->removeWidget(t);
    for (int i = 0; i < n; ++i)
        m_grid->addWidget(m_thumbs[static_cast<std::size_t>(i)], i / best, i % best);
}

bool AttentionView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_thumbViewport && event->type() == QEvent::Resize) layOutThumbnails(false);
    // The title's set minimum (see showEvent) follows a font change made while this view is
    // shown, too: presentation mode switched off kept the large font's height. The title's
    // own event: the view itself is not told of an application font change here.
    if (watched == m_gridTitle && (event->type() == QEvent::FontChange ||
                                   (event->type() == QEvent::Resize &&
                                    static_cast<QResizeEvent*>(event)->size().width() !=
                                        static_cast<QResizeEvent*>(event)->oldSize().width())))
        QMetaObject::invokeMethod(
            this, [this] { fitGridTitle(); }, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

bool AttentionView::queryRow(int layer, int head, int q, std::vector<float>& row) const {
    const int src = q >= 0 && q < m_tokens ? m_rowSource[static_cast<std::size_t>(q)] : -1;
    if (src < 0 || layer < 0 || layer >= m_nLayer) return false;
    const auto& a = m_history[static_cast<std::size_t>(src)]->trace->attention;
    const std::size_t len = static_cast<std::size_t>(q) + 1;
    if (head != kAverageOfHeads) {
        const auto r = a.row(layer, head, q);
        if (r.size() != len) return false;
        row.assign(r.begin(), r.end());
        for (int k = 0; k < q && outsideWindow(layer, q, k); ++k)
            row[static_cast<std::size_t>(k)] = HeatmapWidget::kMissing;
        return true;
    }
    // Mean of the heads, summed in double so it equals the mean a reader computes.
    thread_local std::vector<double> sum;
    sum.assign(len, 0.0);
    int heads = 0;
    for (int h = 0; h < m_nHead; ++h) {
        const auto r = a.row(layer, h, q);
        if (r.size() != len) continue;
        for (std::size_t k = 0; k < len; ++k) sum[k] += r[k];
        ++heads;
    }
    if (heads == 0) return false;
    row.resize(len);
    for (std::size_t k = 0; k < len; ++k) row[k] = static_cast<float>(sum[k] / heads);
    for (int k = 0; k < q && outsideWindow(layer, q, k); ++k)
        row[static_cast<std::size_t>(k)] = HeatmapWidget::kMissing;
    return true;
}

bool AttentionView::layerSlides(int layer) const {
    return m_window > 0 && layer >= 0 && static_cast<std::size_t>(layer) < m_layerSliding.size() &&
           m_layerSliding[static_cast<std::size_t>(layer)] != 0;
}

bool AttentionView::outsideWindow(int layer, int query, int key) const {
    return layerSlides(layer) && key >= 0 && key <= query - m_window;
}

QString AttentionView::layerKind(int layer) const {
    if (m_window <= 0 || m_layerSliding.empty()) return {};
    return layerSlides(layer) ? tr(" · local, window %1").arg(m_window) : tr(" · global");
}

void AttentionView::appendRows(int from, int to) {
    if (m_matrixNext < 0) appendHeatmapRows(from, to);
    if (m_thumbsPending) return;  // the pending remake pools every row, these included
    if (m_poolNext >= 0) {        // so does the remake under way, unless the blocks changed
        if (thumbBlock(to) != m_thumbBlock) scheduleThumbnails();
        return;
    }
    if (thumbBlock(to) != m_thumbBlock || m_pooled.size() != m_thumbs.size()) {
        scheduleThumbnails();  // coarser blocks: every row pooled again
        return;
    }
    poolRows(from, to);
    pushThumbnails();
}

void AttentionView::appendHeatmapRows(int from, int to) {
    std::vector<float> row;
    for (int q = from; q < to; ++q) {
        if (!queryRow(m_layer, m_head, q, row))
            row.assign(static_cast<std::size_t>(q) + 1, HeatmapWidget::kMissing);
        m_heatmap->appendRow(row);
    }
}

void AttentionView::buildMatrixRows(bool all) {
    if (m_matrixNext < 0) return;
    const int n = m_matrixTokens;
    const int stride = m_matrixStride;
    QElapsedTimer clock;
    clock.start();
    std::vector<float> row;
    while (m_matrixNext < n) {
        // Grown a slice of rows at a time, so that the first writes to fresh memory (page
        // faults) are spread over the slices too.
        const int to = std::min(n, m_matrixNext + kRowsAtATime);
        m_spareMatrix.resize(at(to, 0, stride), HeatmapWidget::kMissing);
        for (int q = m_matrixNext; q < to; ++q)
            if (queryRow(m_layer, m_head, q, row))
                std::copy(row.begin(), row.end(),
                          m_spareMatrix.begin() + static_cast<std::ptrdiff_t>(at(q, 0, stride)));
        m_matrixNext = to;
        if (!all && clock.nsecsElapsed() > kSliceNs) break;
    }
    if (m_matrixNext < n) {
        armSliceTimer();
        return;
    }
    m_matrixNext = -1;
    m_heatmap->adoptMatrix(n, n, std::move(m_spareMatrix), &m_spareMatrix, stride);
    appendHeatmapRows(n, m_tokens);  // decode steps that came while it was built
    m_heatmap->setSelectedCell(m_selQuery, m_selKey);
    m_heatmap->setHighlightedRow(m_tokens - 1);
}

void AttentionView::armSliceTimer() {
    if (!m_sliceTimer) {
        // A timer object, not QTimer::singleShot(0, ...): that posts an event, and events
        // posted while posted events are delivered run in the same batch, so the slices
        // would run back to back with no frame between them.
        m_sliceTimer = new QTimer(this);
        m_sliceTimer->setSingleShot(true);
        m_sliceTimer->setInterval(0);
        connect(m_sliceTimer, &QTimer::timeout, this, &AttentionView::runSlice);
    }
    if (!m_sliceTimer->isActive()) m_sliceTimer->start();
}

void AttentionView::runSlice() {
    // One job a turn: the big matrix first, then the thumbnails.
    if (m_matrixNext >= 0) {
        buildMatrixRows(false);
        if (m_matrixNext < 0 && (m_thumbsPending || m_poolNext >= 0)) armSliceTimer();
        return;
    }
    flushThumbnails(false);
}

float AttentionView::recordedWeight(int query, int key) const {
    std::vector<float> row;
    if (key < 0 || key > query || !queryRow(m_layer, m_head, query, row))
        return HeatmapWidget::kMissing;
    return row[static_cast<std::size_t>(key)];
}

void AttentionView::retranslateUi() {
    m_layerLabel->setText(tr("Layer"));
    m_headLabel->setText(tr("Head"));
    m_hintLabel->setText(
        tr("Rows: query token (who looks) · columns: key token (looked at) · "
           "hatched: masked, a token cannot look ahead"));
    {
        const QSignalBlocker a(m_layerBox), b(m_headBox);
        for (int l = 0; l < m_layerBox->count(); ++l)
            m_layerBox->setItemText(l, tr("Layer %1").arg(l + 1) + layerKind(l));
        for (int h = 0; h < m_nHead && h < m_headBox->count(); ++h)
            m_headBox->setItemText(h, headName(h));
        if (m_headBox->count() > m_nHead) m_headBox->setItemText(m_nHead, tr("Average of heads"));
    }
    if (m_nLayer > 0) {
        refreshMatrix();
        scheduleThumbnails();
    }
    showCell(m_selQuery, m_selKey);
}

void AttentionView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void AttentionView::fitGridTitle() {
    // Measured on a twin: the title's own hint is cached and never less than its set minimum,
    // so it would keep the larger font's height.
    // The wrapped text's height at the title's width (its natural width before it has one).
    QLabel twin(m_gridTitle->text());
    twin.setWordWrap(true);
    twin.setFont(m_gridTitle->font());
    twin.setContentsMargins(m_gridTitle->contentsMargins());
    const int width = m_gridTitle->width() > 1 ? m_gridTitle->width() : twin.sizeHint().width();
    m_gridTitle->setMinimumHeight(std::max(0, twin.heightForWidth(std::max(1, width))));
}

void AttentionView::showEvent(QShowEvent* event) {
    // The heads' panel is a splitter pane whose size a font change does not alter, and its
    // layout kept the title's old height (14 px for text 17 px tall after presentation mode
    // was switched on while another view was shown): the title's height as a set minimum.
    fitGridTitle();
    QWidget::showEvent(event);
}

void AttentionView::refreshMatrix() {
    // Into the storage of the matrix shown before where it is large enough.
    m_matrixTokens = m_tokens;
    m_matrixNext = 0;
    // Rows as long as the heatmap grows them on the first decode step, and room for as many
    // rows again: without it that step moved the whole matrix into a wider one (10.5 ms of
    // the first frame after an 896-token prompt, mostly page faults).
    m_matrixStride = m_tokens + m_tokens / 2 + 16;
    m_spareMatrix.clear();
    m_spareMatrix.reserve(at(m_tokens + m_tokens / 2 + 16, 0, m_matrixStride));
    // A small matrix at once; a large one in slices (see attention_view.hpp).
    buildMatrixRows(m_tokens <= kBuildAtOnceTokens);
    m_heatmap->setTitle((m_nLayer == 0 ? QString()
                         : m_head == kAverageOfHeads
                             ? tr("Layer %1, average of %2 heads").arg(m_layer + 1).arg(m_nHead)
                         : kvGroup(m_head) >= 0
                             // Short: the heatmap may be narrow; the grid title says who shares it.
                             ? tr("Layer %1, head %2 · KV group %3 of %4")
                                   .arg(m_layer + 1)
                                   .arg(m_head + 1)
                                   .arg(kvGroup(m_head) + 1)
                                   .arg(m_nKvHead)
                             : tr("Layer %1, head %2").arg(m_layer + 1).arg(m_head + 1)) +
                        (m_nLayer == 0 ? QString() : layerKind(m_layer)));
}

int AttentionView::thumbBlock(int tokens) {
    // Powers of two, so the pooling changes only at 96, 192, 384, 768, 1,536 … tokens and
    // the rows of a decode step are pooled into the thumbnails as they come.
    int block = 1;
    while (tokens > kThumbCells * block) block *= 2;
    return block;
}

void AttentionView::scheduleThumbnails() {
    m_thumbsPending = true;
    armSliceTimer();
}

void AttentionView::startThumbnails() {
    updateGridTitle();
    m_thumbBlock = thumbBlock(m_tokens);
    m_thumbCells = (m_tokens + m_thumbBlock - 1) / m_thumbBlock;
    m_pooled.assign(m_thumbs.size(),
                    std::vector<float>(at(m_thumbCells, 0, m_thumbCells), HeatmapWidget::kMissing));
    m_poolNext = 0;
}

void AttentionView::flushThumbnails(bool all) {
    if (m_thumbsPending) {
        m_thumbsPending = false;
        startThumbnails();
    }
    if (m_poolNext < 0) return;
    QElapsedTimer clock;
    clock.start();
    while (m_poolNext < m_tokens) {
        const int to = std::min(m_tokens, m_poolNext + kRowsAtATime);
        poolRows(m_poolNext, to);
        m_poolNext = to;
        if (!all && clock.nsecsElapsed() > kSliceNs) break;
    }
    if (m_poolNext < m_tokens) {
        armSliceTimer();
        return;
    }
    m_poolNext = -1;
    pushThumbnails();
}

void AttentionView::poolRows(int from, int to) {
    // Thumbnails are block maxima of the matrix, so that a sharp pattern (one bright
    // diagonal) survives the shrinking; computed row by row, never as a full T x T matrix.
    const int cells = (to + m_thumbBlock - 1) / m_thumbBlock;
    if (cells > m_thumbCells) {  // one more block row and column: widen the pooled matrices
        for (auto& pooled : m_pooled) {
            std::vector<float> wider(at(cells, 0, cells), HeatmapWidget::kMissing);
            for (int r = 0; r < m_thumbCells; ++r)
                std::copy_n(pooled.begin() + static_cast<std::ptrdiff_t>(at(r, 0, m_thumbCells)),
                            m_thumbCells,
                            wider.begin() + static_cast<std::ptrdiff_t>(at(r, 0, cells)));
            pooled = std::move(wider);
        }
        m_thumbCells = cells;
    }
    // Row by row, each head's recorded row read in place (no copy) and pooled, and summed for
    // the average of the heads (in double, as queryRow sums it): one pass over the layer's
    // rows instead of one per thumbnail and the heads read twice for the average.
    const int block = m_thumbBlock;
    const std::size_t heads = std::min(m_pooled.size(), static_cast<std::size_t>(m_nHead));
    const bool average = m_pooled.size() > static_cast<std::size_t>(m_nHead);
    // Block by block, not a division per value (4.8 million of them at 896 tokens cost more
    // than the reading).
    auto pool = [block](float* out, const auto* r, std::size_t len) {
        for (std::size_t k0 = 0, c = 0; k0 < len; k0 += static_cast<std::size_t>(block), ++c) {
            const std::size_t k1 = std::min(len, k0 + static_cast<std::size_t>(block));
            float m = out[c];
            // True for a missing (NaN) cell too: the first value fills it.
            for (std::size_t k = k0; k < k1; ++k)
                if (!(static_cast<float>(r[k]) <= m)) m = static_cast<float>(r[k]);
            out[c] = m;
        }
    };
    std::vector<double> sum;
    for (int q = from; q < to; ++q) {
        const int src = q < m_tokens ? m_rowSource[static_cast<std::size_t>(q)] : -1;
        if (src < 0 || m_layer < 0 || m_layer >= m_nLayer) continue;
        const auto& a = m_history[static_cast<std::size_t>(src)]->trace->attention;
        const std::size_t len = static_cast<std::size_t>(q) + 1;
        const std::size_t offset = at(q / block, 0, m_thumbCells);
        sum.assign(len, 0.0);
        int counted = 0;
        for (std::size_t h = 0; h < static_cast<std::size_t>(m_nHead); ++h) {
            const auto r = a.row(m_layer, static_cast<int>(h), q);
            if (r.size() != len) continue;
            if (h < heads) pool(&m_pooled[h][offset], r.data(), len);
            for (std::size_t k = 0; k < len; ++k) sum[k] += r[k];
            ++counted;
        }
        if (!average || counted == 0) continue;
        // The mean as a float first, exactly as queryRow gives it to the big heatmap.
        for (std::size_t k = 0; k < len; ++k) sum[k] = static_cast<float>(sum[k] / counted);
        pool(&m_pooled[static_cast<std::size_t>(m_nHead)][offset], sum.data(), len);
    }
}

void AttentionView::pushThumbnails() {
    for (std::size_t i = 0; i < m_thumbs.size() && i < m_pooled.size(); ++i)
        m_thumbs[i]->setMatrix(m_thumbCells, m_thumbCells, m_pooled[i]);
    updateThumbnailFrames();
}

void AttentionView::updateGridTitle() {
    QString title = tr("All heads of layer %1").arg(m_layer + 1);
    if (m_nKvHead > 0)
        title +=
            QLatin1Char('\n') + tr("Grouped-query attention: every %1 query heads share one of %2 "
                                   "key/value heads (g1 … g%2 under each head)")
                                    .arg(m_nHead / m_nKvHead)
                                    .arg(m_nKvHead);
    if (m_nHead > 0) title += QLatin1Char('\n') + headsLegend();
    m_gridTitle->setText(title);
    fitGridTitle();  // a legend line more or less
}

void AttentionView::updateThumbnailFrames() {
    for (std::size_t i = 0; i < m_thumbs.size(); ++i) {
        const int head = static_cast<int>(i) < m_nHead ? static_cast<int>(i) : kAverageOfHeads;
        m_thumbs[i]->setFramed(head == m_head);
        m_thumbs[i]->setTitle(thumbnailTitle(head));
    }
}

QString AttentionView::tokenLabel(int pos) const {
    if (pos < 0 || pos >= m_labels.size()) return {};
    return tr("“%1” (%2)").arg(m_labels[pos]).arg(pos);
}

void AttentionView::showCell(int query, int key) {
    m_selQuery = query;
    m_selKey = key;
    m_heatmap->setSelectedCell(query, key);
    if (query < 0 || query >= m_tokens) {
        m_infoLabel->setText(tr("Click a cell to read its weight."));
        return;
    }
    const float w = recordedWeight(query, key);
    m_infoLabel->setText(tr("%1 → %2: %3")
                             .arg(tokenLabel(query), tokenLabel(key),
                                  outsideWindow(m_layer, query, key)
                                      ? tr("outside the sliding window")
                                  : std::isnan(w) ? tr("not recorded")
                                                  : QString::number(w, 'f', 4)));
}

}  // namespace ts::ui

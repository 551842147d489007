#include "classroom/logit_lens_view.hpp"

#include <QComboBox>
#include <QEvent>
#include <QFontInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "classroom/token_flow.hpp"
#include "core/transcript_follower.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/korean_particles.hpp"
#include "widgets/steady_label.hpp"

namespace ts::ui {

void LensHeatmap::paintEvent(QPaintEvent* event) {
    HeatmapWidget::paintEvent(event);
    if (m_texts.empty() || rowCount() == 0) return;
    QPainter p(this);
    QFont f = font();
    const QRectF first = cellRect(0, 0);
    if (first.width() < 18 || first.height() < 10) return;  // too small to read: colours only
    // The text grows with the cells (a projector's tall rows), up to twice the view's font, and
    // never under the view's smaller text (0.85 of its font: 18 px in presentation mode); cells
    // too small for that show their colours only (a click shows the column in the side table).
    const int viewPixels = QFontInfo(font()).pixelSize();
    const int least = std::max(8, static_cast<int>(std::lround(0.85 * viewPixels)));
    const int fits = static_cast<int>(std::min(first.height() * 0.45, first.width() * 0.18));
    if (fits < least) return;
    f.setPixelSize(std::min(2 * viewPixels, fits));
    p.setFont(f);
    const QFontMetrics fm(f);
    for (int r = 0; r < rowCount(); ++r)
        for (int c = 0; c < columnCount(); ++c) {
            const auto i = static_cast<std::size_t>(r * columnCount() + c);
            if (i >= m_texts.size()) continue;
            const QRectF cell = cellRect(r, c);
            const QColor bg = colorFor(value(r, c));
            p.setPen(bg.lightnessF() < 0.5 ? Qt::white : Qt::black);
            p.drawText(
                cell.adjusted(2, 0, -2, 0), Qt::AlignCenter,
                fm.elidedText(m_texts[i], Qt::ElideRight, static_cast<int>(cell.width()) - 4));
        }
}

LogitLensView::LogitLensView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_colourLabel = new QLabel(this);
    m_colourBox = new QComboBox(this);
    m_colourBox->addItems({QString(), QString()});
    row->addWidget(m_colourLabel);
    row->addWidget(m_colourBox);
    row->addStretch(1);
    layout->addLayout(row);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    auto* split = new QSplitter(this);
    m_heatmap = new LensHeatmap(split);
    m_heatmap->setSquareCells(false);
    // Rows as tall as the view allows (a few layers fill the height, not a strip at the top).
    m_heatmap->setMaxCellHeight(160);
    auto* side = new QWidget(split);
    m_side = side;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_detailTitle = new SteadyLabel(side);
    m_detail = new QTableWidget(0, 3, side);
    // The layer's name and the probability as wide as they are ("embedding" was cut in a
    // third of the side at 1920x1080); the token takes the rest. Row numbers would repeat
    // the layer column.
    m_detail->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_detail->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_detail->verticalHeader()->hide();
    // Rows as tall as their text in the font of the moment (a window started in presentation
    // mode kept the normal font's row height: 29 px for 34 px of text at 1920x1080).
    m_detail->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_detail->setEditTriggers(QAbstractItemView::NoEditTriggers);
    sideLayout->addWidget(m_detailTitle);
    sideLayout->addWidget(m_detail, 1);
    split->addWidget(m_heatmap);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    connect(m_colourBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setColour(static_cast<Colour>(i)); });
    connect(m_heatmap, &HeatmapWidget::cellClicked, this,
            [this](int, int col) { showDetail(col); });
    m_follower =
        new TranscriptFollower(this, [this](const TranscriptModel&, int) { collectLens(); });
    retranslateUi();
}

void LogitLensView::observe(const TranscriptModel* model) { m_follower->follow(model); }
const TranscriptModel* LogitLensView::transcript() const { return m_follower->model(); }

void LogitLensView::retranslateUi() {
    m_colourLabel->setText(tr("Colour by:"));
    m_colourBox->setItemText(0, tr("probability of the top token"));
    m_colourBox->setItemText(1, tr("entropy (bits)"));
    m_explain->setText(
        tr("Each row stops the model after one more layer and asks: what would it "
           "predict now? (residual → final norm → output projection). Each cell shows the "
           "top token; dark = confident. Read a column from top to bottom to see where the "
           "prediction forms. One column per step of the loop; click a column for details."));
    m_detail->setHorizontalHeaderLabels({tr("Layer"), tr("Top token"), tr("p")});
    fitSideWidth();
    m_heatmap->setLegendCaption(m_colour == Colour::Probability ? tr("p(top token)")
                                                                : tr("entropy (bits)"));
    refresh();
}

void LogitLensView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::FontChange) fitSideWidth();
    QWidget::changeEvent(event);
}

void LogitLensView::fitSideWidth() {
    // Room for a layer's name, a ten-character token and its probability in the view's font:
    // a fixed 280 px cut "Top token" and " confessed" in presentation mode at 1920x1080.
    const QFontMetrics fm(m_detail->font());
    const int layerW =
        std::max(fm.horizontalAdvance(tr("Layer")), fm.horizontalAdvance(tr("embedding")));
    const int tokenW = std::max(fm.horizontalAdvance(QStringLiteral("␣abcdefghij")),
                                fm.horizontalAdvance(tr("Top token")));
    const int pW = fm.horizontalAdvance(QStringLiteral("99.9 %"));
    // Each column's cell padding, the frame and a scroll bar.
    const int extra = 3 * 2 * fm.horizontalAdvance(QLatin1Char('M')) + 2 * m_detail->frameWidth() +
                      m_detail->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    m_side->setMinimumWidth(std::max(280, layerW + tokenW + pW + extra));
}

void LogitLensView::setModel(const ModelInfo& info) { m_info = info; }

QString LogitLensView::tokenText(int token) const {
    return tokenDisplayText(m_info.tokenizer.get(), token);
}

void LogitLensView::collectLens() {
    if (!m_follower->model()) return;
    const auto& history = m_follower->model()->steps();
    QStringList labels;
    std::vector<std::vector<ts::LensEntry>> columns;
    std::vector<int> sampled;
    const std::size_t from = history.size() > kMaxColumns ? history.size() - kMaxColumns : 0;
    for (std::size_t i = from; i < history.size(); ++i) {
        const auto& r = history[i];
        // Recorded by the engine on the worker thread (TraceOptions::logitLens): no model
        // math here on the GUI thread. Thinned and file-read steps have none.
        if (!r || !r->trace || r->trace->lens.empty()) continue;
        const int pos = r->trace->lastPosition();
        const QString input = static_cast<std::size_t>(pos) < r->contextSize()
                                  ? QString::fromStdString(r->tokenText(
                                        static_cast<std::size_t>(pos)))  // display text already
                                  : tokenText(r->trace->tokens.back());
        labels << QStringLiteral("%1 %2").arg(pos).arg(input);
        columns.push_back(r->trace->lens);
        sampled.push_back(r->sampledToken);
    }
    showLens(labels, columns, sampled);
}

void LogitLensView::applySettings(const QJsonObject& s) {
    const QString c = s.value(QStringLiteral("colour")).toString();
    if (c == QLatin1String("entropy"))
        setColour(Colour::Entropy);
    else if (c == QLatin1String("probability"))
        setColour(Colour::Probability);
}

void LogitLensView::setColour(Colour c) {
    m_colour = c;
    if (m_colourBox->currentIndex() != static_cast<int>(c))
        m_colourBox->setCurrentIndex(static_cast<int>(c));
    m_heatmap->setLegendCaption(c == Colour::Probability ? tr("p(top token)")
                                                         : tr("entropy (bits)"));
    refresh();
}

void LogitLensView::showLens(const QStringList& labels,
                             const std::vector<std::vector<ts::LensEntry>>& columns,
                             const std::vector<int>& sampled) {
    m_labels = labels;
    m_columns = columns;
    m_sampled = sampled;
    refresh();
    showDetail(static_cast<int>(m_columns.size()) - 1);
}

void LogitLensView::refresh() {
    const int cols = static_cast<int>(m_columns.size());
    int rows = 0;
    for (const auto& c : m_columns) rows = std::max(rows, static_cast<int>(c.size()));
    std::vector<float> values(static_cast<std::size_t>(rows * cols), HeatmapWidget::kMissing);
    std::vector<QString> texts(values.size());
    float maxEntropy = 1;
    for (int c = 0; c < cols; ++c)
        for (int r = 0; r < static_cast<int>(m_columns[static_cast<std::size_t>(c)].size()); ++r) {
            const auto& e = m_columns[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)];
            const auto i = static_cast<std::size_t>(r * cols + c);
            values[i] = m_colour == Colour::Probability ? e.prob : e.entropyBits;
            texts[i] = tokenText(e.token);
            maxEntropy = std::max(maxEntropy, e.entropyBits);
        }
    QStringList rowLabels;
    for (int r = 0; r < rows; ++r) rowLabels << (r == 0 ? tr("embedding") : tr("layer %1").arg(r));
    m_heatmap->setMatrix(rows, cols, std::move(values));
    m_heatmap->setRowLabels(rowLabels);
    m_heatmap->setColumnLabels(m_labels);
    m_heatmap->setScale(HeatmapWidget::Scale::Sequential);
    m_heatmap->setRange(0, m_colour == Colour::Probability ? 1.0f : maxEntropy);
    m_heatmap->setHighlightedRow(rows - 1);
    m_heatmap->setCellTexts(std::move(texts));
}

void LogitLensView::showDetail(int column) {
    m_detail->setRowCount(0);
    if (column < 0 || column >= static_cast<int>(m_columns.size())) {
        m_detailTitle->setText(tr("Generate a few tokens: each step adds a column."));
        return;
    }
    const auto& col = m_columns[static_cast<std::size_t>(column)];
    const int sampled = static_cast<std::size_t>(column) < m_sampled.size()
                            ? m_sampled[static_cast<std::size_t>(column)]
                            : -1;
    int formedAt = -1;
    if (!col.empty())
        for (int r = static_cast<int>(col.size()) - 1;
             r >= 0 && col[static_cast<std::size_t>(r)].token == col.back().token; --r)
            formedAt = r;
    m_detailTitle->setText(fillKoreanParticles(
        tr("Position %1: the final prediction “%2” is already the top token from %3 on.")
            .arg(m_labels.value(column))
            .arg(col.empty() ? QString() : tokenText(col.back().token))
            .arg(formedAt <= 0 ? tr("the embedding") : tr("layer %1").arg(formedAt)) +
        (sampled >= 0 ? QLatin1Char(' ') + tr("Sampled: “%1”.").arg(tokenText(sampled))
                      : QString())));
    m_detail->setRowCount(static_cast<int>(col.size()));
    for (int r = 0; r < static_cast<int>(col.size()); ++r) {
        const auto& e = col[static_cast<std::size_t>(r)];
        m_detail->setItem(r, 0,
                          new QTableWidgetItem(r == 0 ? tr("embedding") : tr("layer %1").arg(r)));
        m_detail->setItem(r, 1, new QTableWidgetItem(tokenText(e.token)));
        auto* p = new QTableWidgetItem(QStringLiteral("%1 %").arg(double(e.prob) * 100, 0, 'f', 1));
        p->setBackground(probabilityColor(e.prob));
        p->setForeground(Qt::black);
        m_detail->setItem(r, 2, p);
    }
}

int LogitLensView::detailRows() const { return m_detail->rowCount(); }

}  // namespace ts::ui

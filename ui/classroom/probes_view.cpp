#include "classroom/probes_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

#include "classroom/fact_remedy.hpp"
#include "classroom/probe_sets.hpp"
#include "classroom/token_flow.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/heatmap_widget.hpp"
#include "widgets/wrapped_text_delegate.hpp"

namespace ts::ui {

namespace {
const QString kSep = QStringLiteral(" | ");
double nan() { return std::numeric_limits<double>::quiet_NaN(); }
QString percent(double p) {
    if (std::isnan(p)) return QStringLiteral("–");
    if (p >= 0.001) return QStringLiteral("%1 %").arg(p * 100, 0, 'f', 1);
    return QStringLiteral("%1").arg(p, 0, 'e', 1);
}
// Where the bars are drawn inside a cell of the bars column; the header's axis uses the same
// left edge and width, so its ticks sit on the delegate's decade lines.
QRect barSpan(const QRect& cell, const QFontMetrics& fm) {
    const QRect r = cell.adjusted(4, 3, -4, -3);
    const int labelW = fm.horizontalAdvance(QStringLiteral("00.0 %")) + 6;
    return {r.left(), r.top(), std::max(10, r.width() - labelW), r.height()};
}
// Every second decade gets a tick: 10^-10, 10^-8, 10^-6, 10^-4, 10^-2 = 1 %, 10^0 = 100 %.
constexpr int kTickDecades[] = {-10, -8, -6, -4, -2, 0};
}  // namespace

double ProbeBarDelegate::barLength(double p) {
    if (!(p > 0)) return 0;
    return std::clamp((std::log10(p) + kDecades) / kDecades, 0.0, 1.0);
}

void ProbeBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    QStyledItemDelegate::paint(painter, option, QModelIndex());
    const QVariant tv = index.data(kTrueRole), fv = index.data(kFalseRole);
    if (!tv.isValid()) return;
    const double pt = tv.toDouble(), pf = fv.toDouble();
    const QRect r = barSpan(option.rect, option.fontMetrics);
    const int labelW = option.rect.width() - 8 - r.width();
    const int barW = r.width();
    const int h = r.height() / 2;
    painter->save();
    painter->fillRect(QRect(r.left(), r.top(), barW, h - 1), QColor(0xee, 0xee, 0xee));
    painter->fillRect(QRect(r.left(), r.top() + h, barW, h - 1), QColor(0xee, 0xee, 0xee));
    // Decade lines under the bars, where the header's axis has its ticks.
    painter->setPen(QColor(0xc8, 0xc8, 0xc8));
    for (const int d : kTickDecades) {
        const int x = r.left() + static_cast<int>(std::lround(barW * barLength(std::pow(10.0, d))));
        painter->drawLine(x, r.top(), x, r.top() + 2 * h - 2);
    }
    painter->fillRect(QRectF(r.left(), r.top(), barW * barLength(pt), h - 1),
                      QColor(0x3c, 0xa0, 0x4a));
    painter->fillRect(QRectF(r.left(), r.top() + h, barW * barLength(pf), h - 1),
                      QColor(0xd0, 0x43, 0x3a));
    painter->setPen(option.palette.color(QPalette::Text));
    QFont f = option.font;
    f.setPointSizeF(f.pointSizeF() * 0.85);
    painter->setFont(f);
    painter->drawText(QRect(r.left() + barW + 3, r.top(), labelW, h), Qt::AlignVCenter,
                      percent(pt));
    painter->drawText(QRect(r.left() + barW + 3, r.top() + h, labelW, h), Qt::AlignVCenter,
                      percent(pf));
    painter->restore();
}

QSize ProbeBarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
    return {200, option.fontMetrics.height() * 2 + 8};
}

ProbeHeader::ProbeHeader(int barsColumn, QWidget* parent)
    : QHeaderView(Qt::Horizontal, parent), m_bars(barsColumn) {
    setSectionsClickable(false);
}

QStringList ProbeHeader::tickLabels() {
    return {QStringLiteral("10⁻¹⁰"), QStringLiteral("10⁻⁸"), QStringLiteral("10⁻⁶"),
            QStringLiteral("10⁻⁴"),  QStringLiteral("1 %"),  QStringLiteral("100 %")};
}

QSize ProbeHeader::sizeHint() const {
    // The titles wrapped at their sections' widths (at least two lines: they wrap in the narrow
    // columns of a 1280-pixel window, and to four lines in presentation mode's font), and under
    // the bars column's title one line for its axis.
    QSize s = QHeaderView::sizeHint();
    const QFontMetrics fm = fontMetrics();
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    int titles = 2 * fm.height();
    for (int i = 0; model() && i < count(); ++i) {
        const int room = sectionSize(i) - 2 * margin - 4;
        if (isSectionHidden(i) || room <= 0) continue;
        const QString text = model()->headerData(i, orientation(), Qt::DisplayRole).toString();
        titles = std::max(titles, fm.boundingRect(QRect(0, 0, room, 1 << 20),
                                                  Qt::AlignCenter | Qt::TextWordWrap, text)
                                      .height());
    }
    s.setHeight(std::max(s.height(), titles + fm.height() + 14));
    return s;
}

void ProbeHeader::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const {
    if (logicalIndex != m_bars) {
        QHeaderView::paintSection(painter, rect, logicalIndex);
        return;
    }
    const int titleH = rect.height() - (fontMetrics().height() + 6);  // the axis: one line
    // The style may leave a clip on the painter after drawing a section: title in its own
    // saved state, then the axis with an explicit clip.
    painter->save();
    QHeaderView::paintSection(painter, QRect(rect.left(), rect.top(), rect.width(), titleH),
                              logicalIndex);
    painter->restore();
    const QRect axis(rect.left(), rect.top() + titleH, rect.width(), rect.height() - titleH);
    painter->save();
    painter->setClipRect(axis);
    painter->fillRect(axis, palette().color(QPalette::Button));
    painter->setPen(palette().color(QPalette::Mid));
    painter->drawLine(axis.bottomLeft(), axis.bottomRight());
    painter->drawLine(axis.topRight(), axis.bottomRight());
    const QFontMetrics fm = fontMetrics();
    const QRect span = barSpan(QRect(rect.left(), 0, rect.width(), 10), fm);
    const QStringList labels = tickLabels();
    painter->setPen(palette().color(QPalette::ButtonText));
    int lastRight = axis.left() - 100;
    for (int i = 0; i < labels.size(); ++i) {
        const int x =
            span.left() +
            static_cast<int>(std::lround(
                span.width() * ProbeBarDelegate::barLength(std::pow(10.0, kTickDecades[i]))));
        painter->drawLine(x, axis.bottom() - 3, x, axis.bottom());
        const int w = fm.horizontalAdvance(labels[i]);
        const int left = std::clamp(x - w / 2, axis.left() + 1, axis.right() - w - 1);
        if (left < lastRight + 4) continue;  // a narrow column: every tick, not every label
        lastRight = left + w;
        painter->drawText(QRect(left, axis.top(), w + 1, axis.height() - 3), Qt::AlignCenter,
                          labels[i]);
    }
    painter->restore();
}

ProbesView::ProbesView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_setBox = new QComboBox(this);
    m_open = new QPushButton(this);
    m_save = new QPushButton(this);
    m_add = new QPushButton(this);
    m_run = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_progress = new QProgressBar(this);
    setRunControls({m_run}, m_cancel, m_progress);
    m_progress->setMaximumWidth(160);
    m_filterLabel = new QLabel(this);
    m_filter = new QComboBox(this);
    // The set's controls on the first line, running and filtering on the second: one line
    // of all of them was wider than a 1280-pixel window leaves in Korean or in
    // presentation mode.
    for (QWidget* w : std::initializer_list<QWidget*>{m_setBox, m_open, m_save, m_add})
        row->addWidget(w);
    row->addStretch(1);
    layout->addLayout(row);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    layout->addWidget(interventionNotice());      // the window's what-if, while one is in force
    m_remedy = new FactRemedyPanel(this);         // hallucination's remedy: give it the fact
    m_remedy->setShowsInterventionNotice(false);  // this view's notice speaks for it
    layout->addWidget(m_remedy);
    // With the fact given, its before/after takes the explanation's room (1280x720 in Korean).
    if (auto* on = m_remedy->findChild<QCheckBox*>(QStringLiteral("giveItTheFact")))
        connect(on, &QCheckBox::toggled, m_explain,
                [this](bool given) { m_explain->setHidden(given); });
    // The grouped summary comes first: what a class should take away before any single row.
    m_groups = new QTableWidget(0, 7, this);
    m_groups->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_groups->setSelectionMode(QAbstractItemView::NoSelection);
    m_groups->verticalHeader()->hide();
    m_groups->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Seven even columns share about 700 px at 1280x720: titles wrap onto two lines
    // (the header's height is set to two lines in fillSummaryTable).
    m_groups->horizontalHeader()->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter) |
                                                      Qt::Alignment(Qt::TextWordWrap));
    m_groups->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_groups->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Cells wrap as they are painted ("held-out (never seen)" was cut to "held-out …" in
    // presentation mode at 1280x720) and the rows grow with them (fitSummaryHeight).
    m_groups->setItemDelegate(new WrappedTextDelegate(m_groups));
    m_groups->setWordWrap(true);
    m_groups->hide();
    layout->addWidget(m_groups);
    auto* filterRow = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{m_run, m_cancel, m_progress})
        filterRow->addWidget(w);
    filterRow->addSpacing(12);
    filterRow->addWidget(m_filterLabel);
    filterRow->addWidget(m_filter);
    filterRow->addStretch(1);
    layout->addLayout(filterRow);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("probeTable"));
    m_table->setHorizontalHeader(new ProbeHeader(Bars, m_table));
    // Every text column gets the rows its wrapped text needs; a group such as
    // "held_out/capital" may break after its slash.
    m_textDelegate = new WrappedTextDelegate(m_table);
    m_textDelegate->setBreakAfter(QStringLiteral("/"));
    m_table->setItemDelegate(m_textDelegate);
    m_table->setItemDelegateForColumn(Bars, new ProbeBarDelegate(m_table));
    // The filters go on once both tables exist: Qt 6.8 delivers events (the hidden summary's
    // children) while the constructor runs, and eventFilter reads both tables.
    m_table->viewport()->installEventFilter(this);  // columns follow the table's width (fitColumns)
    m_groups->viewport()->installEventFilter(this);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter) |
                                                     Qt::Alignment(Qt::TextWordWrap));
    m_table->setWordWrap(true);
    // Rows at least two lines tall (the two bars), more where a prompt or answer wraps
    // further (fitRows).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(2 * fontMetrics().height() + 8);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (!m_fittingRows) m_table->resizeRowToContents(item->row());
    });
    layout->addWidget(m_table, 1);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    connect(m_setBox, &QComboBox::activated, this, &ProbesView::chooseSet);
    connect(m_open, &QPushButton::clicked, this, &ProbesView::openDialog);
    connect(m_save, &QPushButton::clicked, this, &ProbesView::saveDialog);
    connect(m_add, &QPushButton::clicked, this, [this] {
        const int r = m_table->rowCount();
        m_table->insertRow(r);
        for (int c = 0; c < ColumnCount; ++c) m_table->setItem(r, c, new QTableWidgetItem);
        m_table->editItem(m_table->item(r, Prompt));
    });
    connect(m_run, &QPushButton::clicked, this, &ProbesView::run);
    connect(m_cancel, &QPushButton::clicked, this, &ProbesView::cancel);
    connect(m_filter, &QComboBox::activated, this,
            [this](int i) { setFilter(static_cast<Filter>(i)); });
    retranslateUi();
}

void ProbesView::retranslateUi() {
    m_open->setText(tr("Open…"));
    m_save->setText(tr("Save as…"));
    m_add->setText(tr("Add probe"));
    m_run->setText(tr("Run probes"));
    m_cancel->setText(tr("Cancel"));
    m_table->setHorizontalHeaderLabels({tr("Group"), tr("Prompt"), tr("True"),
                                        tr("False (| between)"), tr("Model's answer"),
                                        tr("P(true) green, P(best false) red"), tr("Verdict")});
    m_explain->setText(
        tr("Each prompt has one true and several false continuations. Green bar: the "
           "probability of the true one; red bar: the most probable false one, on a log "
           "axis (each tick is a factor of 100). The model "
           "never looks anything up — for facts it did not see in training (held-out) it "
           "still answers, often just as confidently. Cells are editable; save the set as JSON."));
    m_filterLabel->setText(tr("Show:"));
    for (int i = 0; i < m_sets.size() && i < m_setBox->count(); ++i)
        m_setBox->setItemText(i, setTitle(i));
    const int filter = std::max(0, m_filter->currentIndex());
    m_filter->clear();
    m_filter->addItems(
        {tr("All probes, held-out first"), tr("Held-out only"), tr("Confident inventions only")});
    m_filter->setCurrentIndex(filter);
    m_groups->setHorizontalHeaderLabels({tr("Group"), tr("Language"), tr("Probes"),
                                         tr("True beats false"), tr("Top-1 accuracy"),
                                         tr("Mean confidence"), tr("Confident inventions")});
    m_groups->horizontalHeaderItem(6)->setToolTip(
        tr("The model's own answer is not the true one, and it gives that answer at least %1 %.")
            .arg(kConfident * 100, 0, 'f', 0));
    fillSummaryTable();
    m_summary->setText(summary());
    fitColumns();  // the headers' words in the new language
}

QString ProbesView::setTitle(int index) const {
    const QString& name = m_sets[index].first;
    return name.isEmpty() ? bundledProbeSetTitle(m_sets[index].second) : name;
}

QString ProbesView::currentSetFile() const { return m_setBox->currentData().toString(); }

void ProbesView::setLanguage(const QString& language) {
    // The bundled set follows the interface's language while a bundled set is chosen; another
    // set the teacher opened stays.
    const int current = m_setBox->currentIndex();
    if (current >= 0 && current < m_sets.size() && !m_sets[current].first.isEmpty()) return;
    const int i = bundledProbeSetFor(m_sets, language);
    if (i < 0 || (i == current && m_table->rowCount() > 0)) return;
    m_setBox->setCurrentIndex(i);
    chooseSet(i);
}

void ProbesView::setProbeSets(const QList<QPair<QString, QString>>& sets) {
    m_sets = sets;
    m_setBox->clear();
    for (int i = 0; i < m_sets.size(); ++i) m_setBox->addItem(setTitle(i), m_sets[i].second);
    if (!sets.isEmpty() && m_table->rowCount() == 0) chooseSet(0);
}

void ProbesView::chooseSet(int index) {
    if (index < 0 || index >= m_sets.size()) return;
    QString error;
    if (!loadFile(m_sets[index].second, &error)) m_summary->setText(error);
}

bool ProbesView::loadFile(const QString& path, QString* error) {
    try {
        setProbes(ts::loadFactProbes(path.toStdString()));
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool ProbesView::saveFile(const QString& path, QString* error) const {
    try {
        ts::saveFactProbes(probes(), path.toStdString());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

void ProbesView::openDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open probe set"), QString(),
                                                      tr("Probe sets (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!loadFile(path, &error)) {
        m_summary->setText(error);
        return;
    }
    m_sets.append({QFileInfo(path).fileName(), path});
    m_setBox->addItem(QFileInfo(path).fileName(), path);
    m_setBox->setCurrentIndex(m_setBox->count() - 1);
}

void ProbesView::saveDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save probe set"), QString(),
                                                      tr("Probe sets (*.json)"));
    if (path.isEmpty()) return;
    QString error;
    if (!saveFile(path, &error)) m_summary->setText(error);
}

void ProbesView::setProbes(const std::vector<ts::FactProbe>& probes) {
    m_results.clear();
    m_table->setRowCount(static_cast<int>(probes.size()));
    for (int r = 0; r < static_cast<int>(probes.size()); ++r) {
        const auto& p = probes[static_cast<std::size_t>(r)];
        QStringList falses;
        for (const auto& f : p.falsehoods) falses << QString::fromStdString(f);
        const QString cells[ColumnCount] = {probeGroupName(QString::fromStdString(p.group)),
                                            QString::fromStdString(p.prompt),
                                            QString::fromStdString(p.truth),
                                            falses.join(kSep),
                                            QString(),
                                            QString(),
                                            QString()};
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= ModelAnswer) item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            // The group's id ("held_out/capital") stays with its translated name.
            if (c == Group) item->setData(kGroupIdRole, QString::fromStdString(p.group));
            m_table->setItem(r, c, item);
        }
    }
    m_answers.clear();
    m_remedy->setProbes(probes);
    fillSummaryTable();
    arrangeRows();
    fitColumns();
    m_summary->setText(summary());
}

std::vector<ts::FactProbe> ProbesView::probes() const {
    std::vector<ts::FactProbe> out;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto text = [&](int c) {
            return m_table->item(r, c) ? m_table->item(r, c)->text() : QString();
        };
        ts::FactProbe p;
        p.group = groupId(r).toStdString();
        p.prompt = text(Prompt).toStdString();
        p.truth = text(Truth).toStdString();
        // Answers keep their leading space (it is part of the token); only the separator goes.
        for (const QString& f : text(Falsehoods).split(kSep, Qt::SkipEmptyParts))
            p.falsehoods.push_back(f.toStdString());
        if (p.prompt.empty() && p.truth.empty()) continue;
        out.push_back(std::move(p));
    }
    return out;
}

bool ProbesView::eventFilter(QObject* watched, QEvent* event) {
    // Events can arrive while the constructor is still building the tables (Qt 6.8 sends some
    // during it, 6.4 did not): nothing to fit before both exist.
    if (!m_table || !m_groups) return ClassroomToolView::eventFilter(watched, event);
    if (watched == m_table->viewport() && event->type() == QEvent::Resize) fitColumns();
    // The summary's columns share its width: narrower columns wrap into taller rows.
    if (watched == m_groups->viewport() && event->type() == QEvent::Resize) fitSummaryHeight();
    return ClassroomToolView::eventFilter(watched, event);
}

void ProbesView::fitColumns() {
    // Shares of the width, the bars (with their axis) never under 180 pixels; the prompt and
    // the answers wrap. Each text column is at least as wide as its widest word (lines break
    // at spaces only, so a narrower column cut "Vumaridun" to "Vumar…"); the room left over
    // is shared out by kShare.
    static constexpr double kShare[ColumnCount] = {0.11, 0.19, 0.11, 0.15, 0.16, 0.19, 0.09};
    // The viewport's own width, less a pixel: computed from the table's, or at the full
    // viewport width, the columns came out a pixel wider and the table scrolled sideways.
    const int width = m_table->viewport()->width() - 1;
    if (width <= 0) return;
    int bars = std::max(180, static_cast<int>(kShare[Bars] * width));
    const int margin = WrappedTextDelegate::cellTextMargin(m_table) + 1;
    std::array<int, ColumnCount> least{};
    // The header's words too: they wrap at spaces like the cells.
    const int headerMargin =
        2 * m_table->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, m_table) + 4;
    for (int c = 0; c < ColumnCount; ++c)
        if (const QTableWidgetItem* h = m_table->horizontalHeaderItem(c); h && c != Bars)
            least[static_cast<std::size_t>(c)] =
                static_cast<int>(std::ceil(
                    m_textDelegate->widestWord(h->text(), m_table->horizontalHeader()->font()))) +
                headerMargin;
    for (int r = 0; r < m_table->rowCount(); ++r)
        for (int c = 0; c < ColumnCount; ++c) {
            const QTableWidgetItem* item = m_table->item(r, c);
            if (c == Bars || !item || item->text().isEmpty()) continue;
            const int w = static_cast<int>(std::ceil(
                              m_textDelegate->widestWord(item->text(), m_table->font()))) +
                          margin;
            least[static_cast<std::size_t>(c)] = std::max(least[static_cast<std::size_t>(c)], w);
        }
    // Where the text columns' least widths leave the bars less than their 180 pixels
    // (presentation mode at 1280x720), the bars give way down to 120 rather than the last
    // column being squeezed under its header's word.
    int leastText = 0;
    for (int c = 0; c < ColumnCount; ++c)
        if (c != Bars) leastText += least[static_cast<std::size_t>(c)];
    if (leastText + bars > width) bars = std::max(120, width - leastText);
    // Still too narrow (presentation mode at 1280x720 with real answers): the group column
    // gives way, as the summary above and the Show filter say which rows are held out.
    const bool dropGroup = leastText + bars > width;
    if (m_table->isColumnHidden(Group) != dropGroup) m_table->setColumnHidden(Group, dropGroup);
    if (dropGroup) {
        leastText -= least[static_cast<std::size_t>(Group)];
        least[static_cast<std::size_t>(Group)] = 0;
    }
    // Each column's share of the text columns' room, raised to its least width; the others
    // give up what that takes, in proportion to their shares (each pass raises the columns
    // still under their least width, so one pass per column settles it at most).
    const int room = std::max(1, width - bars);
    std::array<int, ColumnCount> w{};
    std::array<bool, ColumnCount> raised{};
    for (int pass = 0; pass < ColumnCount; ++pass) {
        double freeShare = 0;
        int fixedWidth = 0;
        for (int c = 0; c < ColumnCount; ++c) {
            if (c == Bars || (dropGroup && c == Group)) continue;
            if (raised[static_cast<std::size_t>(c)])
                fixedWidth += least[static_cast<std::size_t>(c)];
            else
                freeShare += kShare[c];
        }
        const double perShare = freeShare > 0 ? std::max(0, room - fixedWidth) / freeShare : 0;
        bool changed = false;
        for (int c = 0; c < ColumnCount; ++c) {
            if (c == Bars || (dropGroup && c == Group)) continue;
            const auto i = static_cast<std::size_t>(c);
            w[i] = raised[i] ? least[i] : static_cast<int>(kShare[c] * perShare);
            if (!raised[i] && w[i] < least[i]) {
                raised[i] = true;
                changed = true;
            }
        }
        if (!changed) break;
    }
    int used = 0;
    for (int c = 0; c < ColumnCount; ++c) {
        if (dropGroup && c == Group) continue;
        const int cw = c == Bars              ? bars
                       : c == ColumnCount - 1 ? std::max(1, width - used)
                                              : std::max(1, w[static_cast<std::size_t>(c)]);
        m_table->setColumnWidth(c, cw);
        used += cw;
    }
    fitRows();
}

void ProbesView::fitRows() {
    m_fittingRows = true;
    m_table->resizeRowsToContents();
    m_fittingRows = false;
}

void ProbesView::fillSummaryTable() {
    const auto groups = groupSummaries();
    m_groups->setVisible(!groups.empty());
    m_groups->setRowCount(static_cast<int>(groups.size()));
    auto pct = [](int k, int n) {
        return QStringLiteral("%1 / %2  (%3 %)")
            .arg(k)
            .arg(n)
            .arg(100.0 * k / std::max(1, n), 0, 'f', 0);
    };
    for (int r = 0; r < static_cast<int>(groups.size()); ++r) {
        const auto& g = groups[static_cast<std::size_t>(r)];
        const QString name = g.group == QLatin1String("held_out") ? tr("held-out (never seen)")
                             : g.group == QLatin1String("seen")   ? tr("seen in training")
                                                                  : g.group;
        const QString cells[7] = {name,
                                  g.language,
                                  QString::number(g.probes),
                                  pct(g.truthWins, g.probes),
                                  pct(g.top1, g.probes),
                                  percent(g.meanConfidence),
                                  QString::number(g.confidentInventions)};
        for (int c = 0; c < 7; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 2) item->setTextAlignment(Qt::AlignCenter);
            if (c == 6 && g.confidentInventions > 0) item->setForeground(QColor(0xc6, 0x28, 0x28));
            m_groups->setItem(r, c, item);
        }
    }
    fitSummaryHeight();
}

void ProbesView::fitSummaryHeight() {
    if (m_fittingSummary) return;  // setFixedHeight below resizes the viewport again
    m_fittingSummary = true;
    m_groups->resizeRowsToContents();
    // As tall as its rows: a summary, not another scrolling table. The header holds two
    // lines of its wrapped titles (its size hint counts one), in the font it has now.
    QHeaderView* header = m_groups->horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    header->setMinimumHeight(header->fontMetrics().height() + header->fontMetrics().lineSpacing() +
                             2 * margin + 2);
    int h =
        std::max(header->sizeHint().height(), header->minimumHeight()) + 2 * m_groups->frameWidth();
    for (int r = 0; r < m_groups->rowCount(); ++r) h += m_groups->rowHeight(r);
    m_groups->setFixedHeight(h);
    m_fittingSummary = false;
}

void ProbesView::setFilter(Filter filter) {
    if (m_filter->currentIndex() != static_cast<int>(filter))
        m_filter->setCurrentIndex(static_cast<int>(filter));
    arrangeRows();
}

void ProbesView::arrangeRows() {
    // Only the visual order changes (the vertical header's sections), so row r stays probe r
    // for the results, the bars and saving, and its number still says where it is in the file.
    QHeaderView* header = m_table->verticalHeader();
    std::vector<int> order;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (isHeldOut(r)) order.push_back(r);
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (!isHeldOut(r)) order.push_back(r);
    for (int v = 0; v < static_cast<int>(order.size()); ++v) {
        const int from = header->visualIndex(order[static_cast<std::size_t>(v)]);
        if (from != v) header->moveSection(from, v);
    }
    const auto filter = static_cast<Filter>(std::max(0, m_filter->currentIndex()));
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const bool show = filter == Filter::All || (filter == Filter::HeldOut && isHeldOut(r)) ||
                          (filter == Filter::Inventions && isInvention(r));
        m_table->setRowHidden(r, !show);
    }
    if (m_table->rowCount() > 0) m_table->scrollToTop();
}

std::vector<int> ProbesView::visibleRows() const {
    std::vector<int> rows;
    const QHeaderView* header = m_table->verticalHeader();
    for (int v = 0; v < m_table->rowCount(); ++v) {
        const int r = header->logicalIndex(v);
        if (!m_table->isRowHidden(r)) rows.push_back(r);
    }
    return rows;
}

std::pair<double, double> ProbesView::barValues(int row) const {
    const auto* item = m_table->item(row, Bars);
    if (!item || !item->data(ProbeBarDelegate::kTrueRole).isValid()) return {nan(), nan()};
    return {item->data(ProbeBarDelegate::kTrueRole).toDouble(),
            item->data(ProbeBarDelegate::kFalseRole).toDouble()};
}

}  // namespace ts::ui

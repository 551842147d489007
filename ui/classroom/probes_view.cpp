#include "classroom/probes_view.hpp"

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
#include <QTableWidget>
#include <QVBoxLayout>
#include <cctype>
#include <cmath>
#include <limits>

#include "classroom/token_flow.hpp"
#include "widgets/heatmap_widget.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::ui {

namespace {
const QString kSep = QStringLiteral(" | ");
double nan() { return std::numeric_limits<double>::quiet_NaN(); }
QString percent(double p) {
    if (std::isnan(p)) return QStringLiteral("–");
    if (p >= 0.001) return QStringLiteral("%1 %").arg(p * 100, 0, 'f', 1);
    return QStringLiteral("%1").arg(p, 0, 'e', 1);
}
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
    const QRect r = option.rect.adjusted(4, 3, -4, -3);
    const int labelW = option.fontMetrics.horizontalAdvance(QStringLiteral("00.0 %")) + 6;
    const int barW = std::max(10, r.width() - labelW);
    const int h = r.height() / 2;
    painter->save();
    painter->fillRect(QRect(r.left(), r.top(), barW, h - 1), QColor(0xee, 0xee, 0xee));
    painter->fillRect(QRect(r.left(), r.top() + h, barW, h - 1), QColor(0xee, 0xee, 0xee));
    painter->fillRect(QRectF(r.left(), r.top(), barW * barLength(pt), h - 1), QColor(0x3c, 0xa0, 0x4a));
    painter->fillRect(QRectF(r.left(), r.top() + h, barW * barLength(pf), h - 1), QColor(0xd0, 0x43, 0x3a));
    painter->setPen(option.palette.color(QPalette::Text));
    QFont f = option.font;
    f.setPointSizeF(f.pointSizeF() * 0.85);
    painter->setFont(f);
    painter->drawText(QRect(r.left() + barW + 3, r.top(), labelW, h), Qt::AlignVCenter, percent(pt));
    painter->drawText(QRect(r.left() + barW + 3, r.top() + h, labelW, h), Qt::AlignVCenter, percent(pf));
    painter->restore();
}

QSize ProbeBarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
    return {200, option.fontMetrics.height() * 2 + 8};
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
    for (QWidget* w : std::initializer_list<QWidget*>{m_setBox, m_open, m_save, m_add, m_run, m_cancel, m_progress})
        row->addWidget(w);
    row->addStretch(1);
    layout->addLayout(row);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setItemDelegateForColumn(Bars, new ProbeBarDelegate(m_table));
    m_table->horizontalHeader()->setSectionResizeMode(Prompt, QHeaderView::Stretch);
    const int widths[ColumnCount] = {120, 0, 110, 220, 150, 240, 140};
    for (int c = 0; c < ColumnCount; ++c)
        if (widths[c] > 0) m_table->setColumnWidth(c, widths[c]);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(2 * fontMetrics().height() + 8);
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
    retranslateUi();
}

void ProbesView::retranslateUi() {
    m_open->setText(tr("Open…"));
    m_save->setText(tr("Save as…"));
    m_add->setText(tr("Add probe"));
    m_run->setText(tr("Run probes"));
    m_cancel->setText(tr("Cancel"));
    m_table->setHorizontalHeaderLabels({tr("Group"), tr("Prompt"), tr("True answer"),
                                        tr("False answers (| separated)"), tr("Model's own next token"),
                                        tr("P(true) / P(best false), log scale"), tr("Verdict")});
    m_explain->setText(tr("Each prompt has one true and several false continuations. Green bar: the "
                          "probability of the true one; red bar: the most probable false one (log scale: "
                          "each tenth of the bar is a factor of 10). The model "
                          "never looks anything up — for facts it did not see in training (held-out) it "
                          "still answers, often just as confidently. Cells are editable; save the set as JSON."));
    m_summary->setText(summary());
}


void ProbesView::setProbeSets(const QList<QPair<QString, QString>>& sets) {
    m_sets = sets;
    m_setBox->clear();
    for (const auto& s : sets) m_setBox->addItem(s.first, s.second);
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
        const QString cells[ColumnCount] = {QString::fromStdString(p.group), QString::fromStdString(p.prompt),
                                            QString::fromStdString(p.truth), falses.join(kSep),
                                            QString(), QString(), QString()};
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= ModelAnswer) item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            m_table->setItem(r, c, item);
        }
    }
    m_summary->setText(summary());
}

std::vector<ts::FactProbe> ProbesView::probes() const {
    std::vector<ts::FactProbe> out;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto text = [&](int c) { return m_table->item(r, c) ? m_table->item(r, c)->text() : QString(); };
        ts::FactProbe p;
        p.group = text(Group).toStdString();
        p.prompt = text(Prompt).toStdString();
        p.truth = text(Truth).toStdString();
        // Answers keep their leading space (it is part of the token); only the separator goes.
        for (const QString& f : text(Falsehoods).split(kSep, Qt::SkipEmptyParts)) p.falsehoods.push_back(f.toStdString());
        if (p.prompt.empty() && p.truth.empty()) continue;
        out.push_back(std::move(p));
    }
    return out;
}

void ProbesView::applySettings(const QJsonObject& s) {
    const QString set = s.value(QStringLiteral("set")).toString();
    for (int i = 0; i < m_sets.size(); ++i)
        if (!set.isEmpty() && QFileInfo(m_sets[i].second).fileName().contains(set)) {
            m_setBox->setCurrentIndex(i);
            chooseSet(i);
        }
    if (s.value(QStringLiteral("run")).toBool()) run();
}

WordAnswer greedyAnswer(const std::shared_ptr<const ts::Model>& model, const ts::Tokenizer& tokenizer,
                         const std::string& prompt, int maxTokens) {
    WordAnswer a;
    const auto ids = tokenizer.encodeIds(prompt);
    if (ids.empty()) return a;
    const auto eos = tokenizer.endOfTextId();
    ts::Session session(model);
    ts::StepTrace trace = session.prefill(ids);
    std::string bytes;
    a.prob = 1.0;
    for (int i = 0; i < maxTokens; ++i) {
        const int token = ts::argmax(trace.logits);
        if (eos && token == *eos) break;
        const std::string piece = tokenizer.tokenBytes(token);
        // A word ends where the next token starts a new one (a space or newline first) or
        // is punctuation; the first token always counts, whatever it starts with.
        const unsigned char first = piece.empty() ? ' ' : static_cast<unsigned char>(piece[0]);
        const bool boundary = first == ' ' || first == '\n' || first == '\t' ||
                              (std::ispunct(first) && first != '-' && first != '\'');
        if (i > 0 && boundary) break;
        a.prob *= ts::softmax(trace.logits)[static_cast<std::size_t>(token)];
        bytes += piece;
        a.tokens.push_back(token);
        if (i + 1 < maxTokens) trace = session.step(token);
    }
    a.text = QString::fromStdString(ts::visibleWhitespace(ts::bytesAsText(bytes)));
    return a;
}

void ProbesView::run() {
    if (!requireModel(m_summary)) return;
    const auto list = probes();
    const ModelInfo info = m_info;
    const auto progress = progressReporter();
    using Out = std::pair<std::vector<ts::ProbeResult>, std::vector<QString>>;
    startTask<Out>(
        [info, list, progress](const std::atomic<bool>& cancel) {
            Out out;
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (cancel.load()) throw std::runtime_error("cancelled");
                out.first.push_back(ts::runFactProbe(info.model, *info.tokenizer, list[i]));
                // The model's own answer: its greedy continuation up to a word boundary
                // (" Kroish", not the first piece " K"), with the probability of the whole word.
                const WordAnswer answer = greedyAnswer(info.model, *info.tokenizer, list[i].prompt);
                out.second.push_back(answer.text);
                out.first.back().topProb = static_cast<float>(answer.prob);
                progress(double(i + 1) / double(list.size()));
            }
            return out;
        },
        [this](Out out) { showResults(out.first, out.second); },
        [this](const QString& message) { m_summary->setText(message); });
}

void ProbesView::showResults(const std::vector<ts::ProbeResult>& results,
                             const std::vector<QString>& topTexts) {
    m_results = results;
    const int n = std::min(m_table->rowCount(), static_cast<int>(results.size()));
    for (int r = 0; r < n; ++r) {
        const auto& res = results[static_cast<std::size_t>(r)];
        double pf = 0;
        for (double lp : res.logPFalse) pf = std::max(pf, std::exp(lp));
        auto* bars = m_table->item(r, Bars);
        bars->setData(ProbeBarDelegate::kTrueRole, std::exp(res.logPTrue));
        bars->setData(ProbeBarDelegate::kFalseRole, pf);
        QStringList tip{tr("P(true) = %1").arg(std::exp(res.logPTrue), 0, 'g', 3)};
        for (double lp : res.logPFalse) tip << tr("P(false) = %1").arg(std::exp(lp), 0, 'g', 3);
        bars->setToolTip(tip.join(QLatin1Char('\n')));
        const QString top = static_cast<std::size_t>(r) < topTexts.size() ? topTexts[static_cast<std::size_t>(r)]
                                                                          : QStringLiteral("#%1").arg(res.topToken);
        m_table->item(r, ModelAnswer)->setText(QStringLiteral("%1  (%2)").arg(top, percent(res.topProb)));
        m_table->item(r, ModelAnswer)->setBackground(probabilityColor(res.topProb));
        m_table->item(r, ModelAnswer)->setForeground(Qt::black);
        auto* verdict = m_table->item(r, Verdict);
        verdict->setText(res.truthWins ? tr("true wins") : tr("a false answer wins"));
        verdict->setForeground(res.truthWins ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
    }
    m_summary->setText(summary());
    m_table->viewport()->update();
}

std::pair<double, double> ProbesView::barValues(int row) const {
    const auto* item = m_table->item(row, Bars);
    if (!item || !item->data(ProbeBarDelegate::kTrueRole).isValid()) return {nan(), nan()};
    return {item->data(ProbeBarDelegate::kTrueRole).toDouble(), item->data(ProbeBarDelegate::kFalseRole).toDouble()};
}

int ProbesView::rowCount() const { return m_table->rowCount(); }

QString ProbesView::summary() const {
    if (m_results.empty()) return tr("%n probe(s). Press “Run probes”.", nullptr, m_table ? m_table->rowCount() : 0);
    // Per group family (the part before '/': seen, held_out, real-world …)
    QMap<QString, QPair<int, int>> groups;
    double confidentHeldOut = 0;
    int heldOut = 0;
    for (int r = 0; r < static_cast<int>(m_results.size()) && r < m_table->rowCount(); ++r) {
        const QString g = m_table->item(r, Group)->text().section(QLatin1Char('/'), 0, 0);
        auto& [wins, total] = groups[g.isEmpty() ? tr("all") : g];
        wins += m_results[static_cast<std::size_t>(r)].truthWins;
        ++total;
        if (g.startsWith(QLatin1String("held"))) {
            ++heldOut;
            confidentHeldOut += m_results[static_cast<std::size_t>(r)].topProb;
        }
    }
    QStringList parts;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it)
        parts << tr("%1: true answer wins %2 of %3").arg(it.key()).arg(it.value().first).arg(it.value().second);
    QString text = parts.join(QStringLiteral("; ")) + QLatin1Char('.');
    if (heldOut > 0)
        text += QLatin1Char(' ') + tr("On held-out facts the model still puts on average %1 % on its own top "
                                      "answer — an answer it cannot know: a hallucination.")
                                       .arg(confidentHeldOut / heldOut * 100, 0, 'f', 0);
    return text;
}

}  // namespace ts::ui

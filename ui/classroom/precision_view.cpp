#include "classroom/precision_view.hpp"

#include <QBrush>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/vocabulary.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/chart.hpp"
#include "widgets/colour_scheme.hpp"

namespace ts::ui {

namespace {

// A short name for tables and the legend: a file without its .gguf, or the folder's name.
QString labelOf(const QString& path) {
    const QFileInfo f(path);
    if (f.isDir() || f.fileName().isEmpty()) return QDir(path).dirName();
    return f.suffix().compare(QLatin1String("gguf"), Qt::CaseInsensitive) == 0
               ? f.completeBaseName()
               : f.fileName();
}

QTableWidgetItem* cell(const QString& text,
                       Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

// Distinct line colours for up to eight precisions (Okabe–Ito, colour-blind safe).
QColor laneColour(int i) {
    static const QColor c[] = {QColor(0, 0, 0),      QColor(0, 114, 178),   QColor(213, 94, 0),
                               QColor(0, 158, 115),  QColor(204, 121, 167), QColor(230, 159, 0),
                               QColor(86, 180, 233), QColor(240, 228, 66)};
    return c[i % 8];
}

}  // namespace

PrecisionView::PrecisionView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QHBoxLayout(this);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_intro = new QLabel(left);
    m_intro->setWordWrap(true);
    leftLayout->addWidget(m_intro);
    m_modelsLabel = new QLabel(left);
    leftLayout->addWidget(m_modelsLabel);
    m_models = new QListWidget(left);
    m_models->setObjectName(QStringLiteral("precisionModels"));
    m_models->setSelectionMode(QAbstractItemView::SingleSelection);
    m_models->setMaximumHeight(m_models->fontMetrics().height() * 7);
    leftLayout->addWidget(m_models);
    auto* buttons = new QHBoxLayout;
    m_addFile = new QPushButton(left);
    m_addFolder = new QPushButton(left);
    m_remove = new QPushButton(left);
    buttons->addWidget(m_addFile);
    buttons->addWidget(m_addFolder);
    buttons->addWidget(m_remove);
    leftLayout->addLayout(buttons);
    auto* form = new QFormLayout;
    m_promptLabel = new QLabel(left);
    m_prompt = new QLineEdit(left);
    form->addRow(m_promptLabel, m_prompt);
    m_stepsLabel = new QLabel(left);
    m_steps = new QSpinBox(left);
    m_steps->setRange(1, 512);
    m_steps->setValue(24);
    form->addRow(m_stepsLabel, m_steps);
    leftLayout->addLayout(form);
    auto* runRow = new QHBoxLayout;
    m_run = new QPushButton(left);
    m_cancel = new QPushButton(left);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    leftLayout->addLayout(runRow);
    m_progress = new QProgressBar(left);
    m_progress->setRange(0, 1000);
    leftLayout->addWidget(m_progress);
    m_status = new QLabel(left);
    m_status->setWordWrap(true);
    leftLayout->addWidget(m_status);
    // The free runs go here, under the controls, where the column has room for text.
    m_freeRun = new QLabel(left);
    m_freeRun->setWordWrap(true);
    m_freeRun->setTextFormat(Qt::RichText);
    m_freeRun->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    leftLayout->addWidget(m_freeRun);
    m_formats = new QLabel(left);
    m_formats->setWordWrap(true);
    m_formats->setTextFormat(Qt::RichText);
    m_formats->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    leftLayout->addWidget(m_formats);
    leftLayout->addStretch(1);
    left->setMaximumWidth(340);
    m_left = left;
    left->installEventFilter(this);
    layout->addWidget(left);

    auto* right = new QSplitter(Qt::Vertical, this);
    m_summary = new QTableWidget(right);
    m_summary->setObjectName(QStringLiteral("precisionSummary"));
    m_summary->setColumnCount(6);
    m_summary->verticalHeader()->setVisible(false);
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_summary->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_summary->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* chartBox = new QWidget(right);
    auto* chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    auto* showRow = new QHBoxLayout;
    m_showLabel = new QLabel(chartBox);
    m_show = new QComboBox(chartBox);
    m_show->addItems({QString(), QString()});
    showRow->addWidget(m_showLabel);
    showRow->addWidget(m_show);
    showRow->addStretch(1);
    chartLayout->addLayout(showRow);
    m_chart = new Chart(chartBox);
    chartLayout->addWidget(m_chart, 1);
    m_tokens = new QTableWidget(right);
    m_tokens->setObjectName(QStringLiteral("precisionTokens"));
    m_tokens->verticalHeader()->setVisible(false);
    m_tokens->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    right->addWidget(m_summary);
    right->addWidget(chartBox);
    right->addWidget(m_tokens);
    right->setStretchFactor(0, 0);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 2);
    layout->addWidget(right, 1);

    setRunControls({m_run, m_addFile, m_addFolder, m_remove}, m_cancel, m_progress);
    connect(m_run, &QPushButton::clicked, this, &PrecisionView::run);
    connect(m_cancel, &QPushButton::clicked, this, [this] { cancel(); });
    connect(m_addFile, &QPushButton::clicked, this, &PrecisionView::addFiles);
    connect(m_addFolder, &QPushButton::clicked, this, &PrecisionView::addFolder);
    connect(m_remove, &QPushButton::clicked, this, &PrecisionView::removeSelected);
    connect(m_show, &QComboBox::currentIndexChanged, this, &PrecisionView::refreshChart);
    retranslateUi();
}

bool PrecisionView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_left && event->type() == QEvent::Resize) showFormatsWhereRoom();
    if (watched == m_left && (event->type() == QEvent::FontChange || event->type() == QEvent::Show))
        QMetaObject::invokeMethod(this, &PrecisionView::fitLeftColumn, Qt::QueuedConnection);
    return ClassroomToolView::eventFilter(watched, event);
}

void PrecisionView::fitLeftColumn() {
    // 340 px, or what its rows need in the font and language of the moment: the three buttons in
    // one row need 368 px in presentation mode at 1280x720 and 472 at 1920x1080. The buttons'
    // own hints follow the font at once; the layout's minimum only once it is laid out again.
    QLayout* rows = m_left->layout();
    rows->invalidate();
    rows->activate();
    const QMargins margins = rows->contentsMargins();
    const int spacing = std::max(0, rows->spacing());
    const int buttons = m_addFile->sizeHint().width() + m_addFolder->sizeHint().width() +
                        m_remove->sizeHint().width() + 2 * spacing + margins.left() +
                        margins.right();
    m_left->setMaximumWidth(std::max({340, buttons, m_left->minimumSizeHint().width()}));
}

void PrecisionView::showFormatsWhereRoom() {
    // Below the controls, where the column has the height (1920x1080, not 1280x720): shown or
    // hidden, it leaves everything above it where it was, so this never lays out in a loop.
    const int room = m_left->height() - m_freeRun->geometry().bottom() - 12;
    const bool show = !m_result && room >= m_formats->heightForWidth(m_left->width());
    if (show != m_formats->isVisibleTo(m_left)) m_formats->setVisible(show);
}

void PrecisionView::setModel(const ModelInfo& info) {
    ClassroomToolView::setModel(info);
    m_result.reset();
    refreshModelList();
    showComparison(ts::PrecisionComparison{});
}

void PrecisionView::setPrompt(const QString& text) { m_prompt->setText(text); }

void PrecisionView::setOthers(const QStringList& paths) {
    m_others = paths;
    refreshModelList();
}

void PrecisionView::setSteps(int steps) { m_steps->setValue(steps); }

QString PrecisionView::statusText() const { return m_status->text(); }

void PrecisionView::addFiles() {
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add model files"), QString(),
                                                            tr("GGUF model (*.gguf)"));
    for (const QString& f : files)
        if (!m_others.contains(f)) m_others << f;
    refreshModelList();
}

void PrecisionView::addFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a model folder"));
    if (!dir.isEmpty() && !m_others.contains(dir)) m_others << dir;
    refreshModelList();
}

void PrecisionView::removeSelected() {
    const int row = m_models->currentRow();
    if (row >= 1 && row - 1 < m_others.size())
        m_others.removeAt(row - 1);  // row 0: the loaded model
    refreshModelList();
}

void PrecisionView::refreshModelList() {
    m_models->clear();
    const QString loaded =
        m_info.folder.isEmpty() ? tr("(no model loaded)") : labelOf(m_info.folder);
    m_models->addItem(tr("%1 (loaded, the reference)").arg(loaded));
    for (const QString& p : m_others) {
        m_models->addItem(labelOf(p));
        m_models->item(m_models->count() - 1)->setToolTip(p);
    }
}

QString PrecisionView::tokenText(int token) const {
    return tokenDisplayText(m_info.tokenizer.get(), token);
}

void PrecisionView::run() {
    if (!requireModel(m_status)) return;
    if (m_others.isEmpty()) {
        m_status->setText(
            tr("Add the same model in another precision first (Add file… or Add folder…)."));
        return;
    }
    std::vector<int> ids;
    try {
        // The engine's one prompt parser: the ids generate and the main loop give this text.
        const std::string text = m_prompt->text().toStdString();
        if (!text.empty())
            ids =
                ts::parsePrompt(text, m_info.tokenizer.get(), m_info.model->config().nVocab).ids();
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return;
    }
    if (ids.empty()) {
        m_status->setText(tr("Type a prompt first."));
        return;
    }
    auto reference = m_info.model;
    const QString referenceLabel = labelOf(m_info.folder);
    std::vector<std::string> paths;
    for (const QString& p : m_others) paths.push_back(p.toStdString());
    const int steps = m_steps->value();
    auto progress = progressReporter();
    const std::vector<int> endTokens =
        m_info.tokenizer->endTokenIds();  // stop where generate stops
    m_status->setText(
        tr("Loading %n model(s) and comparing…", nullptr, static_cast<int>(paths.size())));
    startTask<ts::PrecisionComparison>(
        [reference, referenceLabel, paths, ids, steps, progress,
         endTokens](const std::atomic<bool>& cancel) {
            std::vector<ts::PrecisionModel> models{{referenceLabel.toStdString(), reference}};
            for (const auto& p : paths) {
                const auto loaded = ts::loadModelFolder(ts::hub::resolveModelSpec(p), {}, &cancel);
                models.push_back({labelOf(QString::fromStdString(p)).toStdString(), loaded.model});
            }
            return ts::comparePrecisions(models, ids, steps, progress, &cancel, endTokens);
        },
        [this](ts::PrecisionComparison result) {
            m_status->clear();
            showComparison(result);
        },
        [this](const QString& message) { m_status->setText(message); });
}

void PrecisionView::showComparison(const ts::PrecisionComparison& c) {
    m_result = c.lanes.empty() ? std::nullopt : std::optional<ts::PrecisionComparison>(c);
    m_summary->setRowCount(static_cast<int>(c.lanes.size()));
    for (int i = 0; i < static_cast<int>(c.lanes.size()); ++i) {
        const auto& l = c.lanes[static_cast<std::size_t>(i)];
        auto* name = cell(QString::fromStdString(l.label), Qt::AlignLeft | Qt::AlignVCenter);
        name->setForeground(QBrush(laneColour(i)));
        m_summary->setItem(i, 0, name);
        m_summary->setItem(
            i, 1, cell(QString::fromStdString(l.storage), Qt::AlignLeft | Qt::AlignVCenter));
        m_summary->setItem(
            i, 2,
            cell(QLocale().toString(static_cast<double>(l.decodeBytesPerToken) / 1e6, 'f', 1)));
        m_summary->setItem(i, 3, cell(QLocale().toString(std::exp(l.meanNll), 'f', 3)));
        m_summary->setItem(
            i, 4,
            cell(i == 0 ? QStringLiteral("—") : QLocale().toString(l.maxAbsProbDiff, 'f', 4)));
        m_summary->setItem(i, 5,
                           cell(i == 0 ? QStringLiteral("—")
                                       : QStringLiteral("%1 %").arg(
                                             QLocale().toString(100.0 * l.top1Agreement, 'f', 1))));
    }

    // The summary shows every row without scrolling: it is the table the class reads.
    const int rows = std::max(1, m_summary->rowCount());
    m_summary->setFixedHeight(m_summary->horizontalHeader()->sizeHint().height() +
                              rows * m_summary->verticalHeader()->defaultSectionSize() +
                              2 * m_summary->frameWidth());

    // Per token: the token, then each precision's probability of it (and the difference
    // from the reference).
    const int positions = c.lanes.empty() ? 0 : static_cast<int>(c.lanes[0].tokenProb.size());
    const int lanes = static_cast<int>(c.lanes.size());
    m_tokens->clear();
    m_tokens->setColumnCount(2 + 2 * std::max(0, lanes - 1) + (lanes > 0 ? 1 : 0));
    m_tokens->setRowCount(positions);
    QStringList headers{tr("#"), tr("Token")};
    if (lanes > 0) headers << QString::fromStdString(c.lanes[0].label);
    for (int l = 1; l < lanes; ++l)
        headers << QString::fromStdString(c.lanes[static_cast<std::size_t>(l)].label) << tr("Δ");
    m_tokens->setHorizontalHeaderLabels(headers);
    for (int i = 0; i < positions; ++i) {
        const int token = c.tokens[static_cast<std::size_t>(i + 1)];
        const bool generated = i + 1 >= c.promptLength;
        m_tokens->setItem(
            i, 0, cell(generated ? QString::number(i + 2 - c.promptLength) : QStringLiteral("p")));
        m_tokens->setItem(i, 1, cell(tokenText(token), Qt::AlignLeft | Qt::AlignVCenter));
        const double ref = c.lanes[0].tokenProb[static_cast<std::size_t>(i)];
        m_tokens->setItem(i, 2,
                          cell(QLocale().toString(100.0 * ref, 'f', 2) + QStringLiteral(" %")));
        for (int l = 1; l < lanes; ++l) {
            const double p =
                c.lanes[static_cast<std::size_t>(l)].tokenProb[static_cast<std::size_t>(i)];
            m_tokens->setItem(i, 1 + 2 * l,
                              cell(QLocale().toString(100.0 * p, 'f', 2) + QStringLiteral(" %")));
            auto* d = cell(QStringLiteral("%1%2")
                               .arg(p >= ref ? QStringLiteral("+") : QString())
                               .arg(QLocale().toString(100.0 * (p - ref), 'f', 2)));
            // Differences of a percentage point and more stand out.
            if (std::fabs(p - ref) >= 0.01) d->setBackground(QBrush(QColor(255, 220, 180)));
            m_tokens->setItem(i, 2 + 2 * l, d);
        }
    }

    // Free runs: each precision's own greedy text; the part after the parting point marked.
    QString html;
    if (lanes > 0) {
        html += c.freeRunPartsAt < 0
                    ? tr("<b>Free-running:</b> all precisions write the same %n token(s).", nullptr,
                         static_cast<int>(c.lanes[0].freeRun.size()))
                    : tr("<b>Free-running:</b> the texts part at generated token %1.")
                          .arg(c.freeRunPartsAt + 1);
        for (int l = 0; l < lanes; ++l) {
            // Readable text: the part all runs share, then (underlined) where this one went.
            const auto& run = c.lanes[static_cast<std::size_t>(l)].freeRun;
            const std::size_t parts =
                c.freeRunPartsAt < 0
                    ? run.size()
                    : std::min(run.size(), static_cast<std::size_t>(c.freeRunPartsAt));
            auto text = [this](std::vector<int> ids) {
                if (!m_info.tokenizer) return QString();
                return QString::fromStdString(ts::bytesAsText(m_info.tokenizer->decode(ids)))
                    .toHtmlEscaped();
            };
            const QString shared =
                text({run.begin(), run.begin() + static_cast<std::ptrdiff_t>(parts)});
            const QString own = text({run.begin() + static_cast<std::ptrdiff_t>(parts), run.end()});
            html += QStringLiteral(
                        "<br><span style=\"color:%1\">■</span> <b>%2</b>: %3<u><b>%4</b></u>")
                        .arg(laneColour(l).name(),
                             QString::fromStdString(c.lanes[static_cast<std::size_t>(l)].label)
                                 .toHtmlEscaped(),
                             shared, own);
        }
    }
    m_freeRun->setText(html);
    showFormatsWhereRoom();
    refreshChart();
}

int PrecisionView::chartSeriesCount() const { return m_chart->seriesCount(); }

void PrecisionView::refreshChart() {
    m_chart->clear();
    m_chart->setLegendAtBottom();
    m_chart->setLegendVisible(true);
    // Before a run the tables have nothing to list: the chart alone fills the column.
    m_summary->setVisible(m_result.has_value());
    m_tokens->setVisible(m_result.has_value());
    if (!m_result) {
        showStorageChart();
        m_chart->matchFont();
        return;
    }
    m_chart->setTitle(QString());  // the Show box above says what is drawn
    const bool kl = m_show->currentIndex() == 1;
    const auto& c = *m_result;
    const int x = m_chart->addAxis(Chart::Side::Bottom, QStringLiteral("%d"));
    m_chart->setAxisTitle(x, tr("token position"));
    const int y = m_chart->addAxis(Chart::Side::Left);
    double yMax = kl ? 0.0 : 1.0;
    for (int l = 0; l < static_cast<int>(c.lanes.size()); ++l) {
        const auto& lane = c.lanes[static_cast<std::size_t>(l)];
        if (kl && l == 0) continue;  // the reference's KL from itself is zero everywhere
        QPen pen(laneColour(l));
        pen.setWidthF(l == 0 ? 2.5 : 1.6);
        const auto& values = kl ? lane.klBits : lane.tokenProb;
        QList<QPointF> points;
        for (std::size_t i = 0; i < values.size(); ++i) {
            points.append({static_cast<double>(i + 2), static_cast<double>(values[i])});
            yMax = std::max(yMax, static_cast<double>(values[i]));
        }
        const int s = m_chart->addLine(QString::fromStdString(lane.label), &pen, points);
        m_chart->attach(s, x);
        m_chart->attach(s, y);
    }
    m_chart->setRange(x, 1, std::max<double>(2, static_cast<double>(c.tokens.size())));
    m_chart->setRange(y, 0, yMax > 0 ? yMax * (kl ? 1.1 : 1.0) : 1.0);
    m_chart->setAxisTitle(y, kl ? tr("bits") : tr("p"));
    m_chart->setLabelFormat(y, kl ? QStringLiteral("%.3f") : QStringLiteral("%.1f"));
    m_chart->setTickCount(y, kl ? 5 : 6);  // 0, 0.2, ... 1.0 for probabilities
    m_chart->matchFont();
}

// What a run weighs against: the memory each precision needs for the loaded model (its
// parameters times the bits each format stores per weight, block scales included), so the
// class sees what is saved before it sees what it costs.
void PrecisionView::showStorageChart() {
    // Two lines (<br>), each wrapped again where the chart is narrower (presentation mode). The
    // axis title stays one line (Qt Charts shows one), short enough for the plot's width.
    m_chart->setTitle(
        tr("What each precision saves: the loaded model's weights.<br>Compare to see what it "
           "costs, token by token."));
    if (!m_info.model) return;
    struct Format {
        const char* name;
        double bits;
    };
    // Q8_0: 32 int8 weights + an F16 scale per block; Q4_0: 32 4-bit weights + an F16 scale.
    constexpr Format kFormats[] = {
        {"F32", 32.0}, {"F16 / BF16", 16.0}, {"Q8_0", 8.5}, {"Q4_0", 4.5}};
    const double params = static_cast<double>(m_info.model->parameterCount());
    // Dark text on both parts: a value wider than Q4_0's short part runs on into the pale one.
    Chart::BarSet set{tr("stored"),
                      {},
                      laneColour(1).lighter(160),
                      laneColour(1),
                      palette().color(QPalette::Text)};
    // Each bar runs on to the F32 size, pale: that part is what the precision saves (a Q4_0 bar
    // keeps a seventh of it).
    Chart::BarSet saved{tr("saved against F32"),
                        {},
                        laneColour(1).lighter(260),
                        laneColour(1).lighter(160),
                        palette().color(QPalette::Text)};
    QStringList categories;
    const double most = params * kFormats[0].bits / 8.0 / 1e6;
    // A horizontal bar chart lists its first category at the bottom: F32 goes last, on top.
    for (auto f = std::rbegin(kFormats); f != std::rend(kFormats); ++f) {
        const double mb = params * f->bits / 8.0 / 1e6;
        set.values << mb;
        saved.values << most - mb;
        categories << tr("%1 · %2 bits").arg(QLatin1String(f->name)).arg(f->bits);
    }
    // The values alone (the axis says MB), 3 digits: Q4_0's part is narrow at 1280x720.
    const int bars = m_chart->addStackedBars({set, saved}, 0.75, 3);
    const int y = m_chart->addCategoryAxis(Chart::Side::Left, categories);
    const int x = m_chart->addAxis(Chart::Side::Bottom, QStringLiteral("%.1f"));
    m_chart->setRange(x, 0, most);
    m_chart->setAxisTitle(x, tr("MB, %1 M weights").arg(params / 1e6, 0, 'f', 2));
    m_chart->attach(bars, y);
    m_chart->attach(bars, x);
    m_chart->setLegendVisible(true);
}

void PrecisionView::retranslateUi() {
    m_intro->setText(
        tr("The same model in several precisions. The loaded model continues the "
           "prompt; every precision scores exactly those tokens, so the difference "
           "per token is what precision costs. Then each writes on its own."));
    m_modelsLabel->setText(tr("Precisions to compare:"));
    m_addFile->setText(tr("Add file…"));
    m_addFile->setToolTip(tr("A GGUF file of the same model (Q8_0, Q4_K_M, F16, …)"));
    m_addFolder->setText(tr("Add folder…"));
    m_addFolder->setToolTip(tr("A Hugging Face folder of the same model in another dtype"));
    m_remove->setText(tr("Remove"));
    QMetaObject::invokeMethod(this, &PrecisionView::fitLeftColumn, Qt::QueuedConnection);
    m_promptLabel->setText(tr("Prompt"));
    m_stepsLabel->setText(tr("Tokens"));
    m_run->setText(tr("Compare"));
    m_cancel->setText(tr("Cancel"));
    m_summary->setHorizontalHeaderLabels({tr("Model"), tr("Stored as"), tr("MB/token"),
                                          tr("Perplexity"), tr("Largest Δp"), tr("Same top-1")});
    m_formats->setText(
        tr("<b>How each format stores a weight</b><br>"
           "<b>F32</b>: 32 bits: a sign, 8 bits of exponent, 23 of fraction.<br>"
           "<b>F16</b>: 16 bits: a sign, 5 of exponent, 10 of fraction (<b>BF16</b>: 8 and 7).<br>"
           "<b>Q8_0</b>: blocks of 32 weights, each an 8-bit integer, and one F16 scale for the "
           "block: (32 × 8 + 16) / 32 = 8.5 bits a weight.<br>"
           "<b>Q4_0</b>: the same with 4-bit integers: (32 × 4 + 16) / 32 = 4.5 bits a weight."));
    m_showLabel->setText(tr("Show:"));
    m_show->setItemText(0, tr("probability of each token (all score the same text)"));
    m_show->setItemText(1, tr("KL divergence from the reference (bits)"));
    refreshModelList();
    // Also without a result: the empty token table's headers are in the new language too.
    showComparison(m_result ? *m_result : ts::PrecisionComparison{});
}

}  // namespace ts::ui

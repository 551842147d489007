// The comparison view: a text box, one column of token chips per tokenizer, and bars of the
// token counts so the difference is seen before it is read. Counting is cheap (a sentence
// encodes in microseconds) and runs on the GUI thread after a short pause in typing; loading
// a vocabulary is not, and runs on a BackgroundTask thread, one path at a time.
#include "classroom/tokenizer_compare_view.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "core/vocabulary.hpp"
#include "tokenscope/error.hpp"
#include "widgets/korean_particles.hpp"
#include "widgets/wrapped_header.hpp"

namespace ts::ui {

namespace {

int codePoints(const std::string& s) {
    int n = 0;
    for (unsigned char c : s) n += (c & 0xC0U) != 0x80U;
    return n;
}

// One pastel colour per column, the chips alternate two shades of it.
QColor columnColour(int column, bool alternate) {
    static const int hues[] = {210, 25, 130, 280};
    return QColor::fromHsl(hues[column % 4], alternate ? 140 : 110, alternate ? 215 : 230);
}

}  // namespace

TokenCount countTokens(const ts::Tokenizer& tokenizer, const std::string& utf8) {
    TokenCount c;
    c.characters = codePoints(utf8);
    c.bytes = static_cast<int>(utf8.size());
    try {
        c.tokens = tokenizer.encode(utf8, tokenizer.recognisesSpecialByDefault());
    } catch (const ts::Error& e) {
        c.error = QString::fromUtf8(e.what());
    }
    c.tokensPerCharacter =
        c.characters > 0 ? static_cast<double>(c.tokens.size()) / c.characters : 0.0;
    return c;
}

std::vector<QString> tokenChipTexts(const ts::Tokenizer& tokenizer,
                                    const std::vector<ts::Token>& tokens) {
    std::vector<int> ids;
    ids.reserve(tokens.size());
    for (const ts::Token& t : tokens) ids.push_back(t.id);
    return tokenDisplayTexts(tokenizer, ids);
}

// Horizontal bars: one per tokenizer, length proportional to its token count.
class TokenizerBars : public QWidget {
  public:
    explicit TokenizerBars(QWidget* parent) : QWidget(parent) { setMinimumHeight(40); }
    struct Bar {
        QString label;
        QString value;
        int tokens = 0;
        QColor colour;
    };
    void setBars(std::vector<Bar> bars) {
        m_bars = std::move(bars);
        setMinimumHeight(static_cast<int>(m_bars.size()) * 28 + 8);
        update();
    }
    QSize sizeHint() const override { return {600, minimumHeight()}; }

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        int most = 1;
        for (const Bar& b : m_bars) most = std::max(most, b.tokens);
        const QFontMetrics fm(font());
        int labelWidth = 0;
        for (const Bar& b : m_bars)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(b.label));
        labelWidth = std::min(labelWidth + 12, width() / 3);
        // Room for the longest value as written in the current language (a fixed English
        // sample cut the longer ones short).
        int valueWidth = 0;
        for (const Bar& b : m_bars)
            valueWidth = std::max(valueWidth, fm.horizontalAdvance(b.value) + 16);
        valueWidth = std::min(valueWidth, width() / 2);
        const int barSpace = std::max(10, width() - labelWidth - valueWidth - 8);
        int y = 4;
        for (const Bar& b : m_bars) {
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(0, y, labelWidth - 6, 24), Qt::AlignRight | Qt::AlignVCenter,
                       fm.elidedText(b.label, Qt::ElideMiddle, labelWidth - 6));
            const int w = std::max(2, barSpace * b.tokens / most);
            p.setBrush(b.colour.darker(115));
            p.setPen(Qt::NoPen);
            p.drawRoundedRect(QRect(labelWidth, y + 3, w, 18), 4, 4);
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(QRect(labelWidth + w + 8, y, valueWidth + barSpace - w, 24),
                       Qt::AlignLeft | Qt::AlignVCenter, b.value);
            y += 28;
        }
    }

  private:
    std::vector<Bar> m_bars;
};

TokenizerCompareView::TokenizerCompareView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_text = new QPlainTextEdit(this);
    m_text->setMaximumHeight(90);
    m_text->setPlainText(
        QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은\n"
                       "The culprit turned out to be Sujin."));
    layout->addWidget(m_text);
    auto* buttons = new QHBoxLayout;
    m_addFile = new QPushButton(this);
    m_addFolder = new QPushButton(this);
    m_surveyButton = new QPushButton(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    buttons->addWidget(m_addFile);
    buttons->addWidget(m_addFolder);
    buttons->addWidget(m_surveyButton);
    buttons->addWidget(m_status, 1);
    layout->addLayout(buttons);
    // The survey's table and the names it could not include; hidden until it runs.
    m_surveyTable = new QTableWidget(0, 5, this);
    m_surveyTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_surveyTable->verticalHeader()->hide();
    m_surveyTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_surveyTable->horizontalHeader()->setStretchLastSection(true);
    wrapHeaderTitles(m_surveyTable);  // narrow columns in presentation mode
    m_surveyTable->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_surveyTable->hide();
    layout->addWidget(m_surveyTable);
    m_surveyMissing = new QLabel(this);
    m_surveyMissing->setWordWrap(true);
    m_surveyMissing->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_surveyMissing->hide();
    layout->addWidget(m_surveyMissing);
    m_bars = new TokenizerBars(this);
    layout->addWidget(m_bars);
    auto* scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setWidgetResizable(true);
    auto* inner = new QWidget(scroll);
    m_columnsLayout = new QHBoxLayout(inner);
    m_columnsLayout->setAlignment(Qt::AlignTop);
    scroll->setWidget(inner);
    layout->addWidget(scroll, 1);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &TokenizerCompareView::recount);
    connect(m_text, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_addFile, &QPushButton::clicked, this, &TokenizerCompareView::chooseFile);
    connect(m_addFolder, &QPushButton::clicked, this, &TokenizerCompareView::chooseFolder);
    connect(m_surveyButton, &QPushButton::clicked, this, &TokenizerCompareView::runKoreanSurvey);
    retranslateUi();
    loadDefaults();
}

TokenizerCompareView::~TokenizerCompareView() {
    m_surveyTask.stopAndWait();
    m_task.stopAndWait();
}

void TokenizerCompareView::applySettings(const QJsonObject& settings) {
    if (settings.value(QStringLiteral("survey")).toBool()) runKoreanSurvey();
}

void TokenizerCompareView::runKoreanSurvey() {
    const QString paragraph = koreanSurveyParagraph();
    if (m_text->toPlainText() != paragraph) setText(paragraph);
    if (m_surveyTask.isRunning()) return;
    m_surveyButton->setEnabled(false);
    m_status->setText(tr("Reading the Korean paragraph with every tokenizer on this computer…"));
    const std::string utf8 = paragraph.toStdString();
    auto sources = surveySources();
    m_surveyTask.start<std::vector<SurveyRow>>(
        this,
        [sources, utf8](const std::atomic<bool>& cancel) {
            return runSurvey(sources, utf8, &cancel);
        },
        [this](std::vector<SurveyRow> rows) {
            m_surveyRows = std::move(rows);
            m_surveyButton->setEnabled(true);
            m_status->clear();
            fillSurveyTable();
            emit surveyFinished();
        },
        [this](QString error) {
            m_surveyButton->setEnabled(true);
            m_status->setText(error);
        });
}

// The measured rows, fewest tokens per syllable first; the missing ones named below.
void TokenizerCompareView::fillSurveyTable() {
    if (m_surveyRows.empty()) return;
    std::vector<const SurveyRow*> found;
    QStringList missing;
    for (const SurveyRow& r : m_surveyRows) {
        if (r.missingWhy.isEmpty())
            found.push_back(&r);
        else
            missing << r.name;
    }
    std::stable_sort(found.begin(), found.end(), [](const SurveyRow* a, const SurveyRow* b) {
        return a->stats.tokensPerSyllable < b->stats.tokensPerSyllable;
    });
    m_surveyTable->setHorizontalHeaderLabels({tr("Tokenizer"), tr("Tokens"),
                                              tr("Tokens per syllable"), tr("Byte tokens"),
                                              tr("Share of byte tokens")});
    m_surveyTable->setRowCount(static_cast<int>(found.size()));
    // Numbers written as the lesson and the other views write them ("0.78", not "0,78").
    for (int i = 0; i < static_cast<int>(found.size()); ++i) {
        const SurveyRow& r = *found[static_cast<std::size_t>(i)];
        const QString name =
            r.key == QLatin1String("bundled") ? tr("Tokenscope (bundled model)") : r.name;
        const QStringList cells = {
            name, QString::number(r.stats.tokens),
            QString::number(r.stats.tokensPerSyllable, 'f', 2), QString::number(r.stats.byteTokens),
            QString::number(100.0 * r.stats.byteShare, 'f', 0) + QStringLiteral(" %")};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(c == 0 ? r.path : cells[c]);
            if (c > 0) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_surveyTable->setItem(i, c, item);
        }
    }
    const int syllables = found.empty() ? 0 : found.front()->stats.syllables;
    QString note = tr("%n Hangul syllable(s) in the paragraph.", nullptr, syllables);
    if (!missing.isEmpty())
        note += QLatin1Char(' ') + tr("Not included (no tokenizer file on this computer): %1. "
                                      "Download the model with Model → Get a model… to add it.")
                                       .arg(missing.join(QStringLiteral(", ")));
    m_surveyMissing->setText(note);
    showSurveyIfCurrent();
}

// The table stands for the paragraph only: typed text hides it (its figures would be stale)
// and brings the bars back; while it shows, the bars (the columns' counts) give it their room.
void TokenizerCompareView::showSurveyIfCurrent() {
    if (!m_bars || !m_surveyTable) return;
    const bool current = !m_surveyRows.empty() && m_text->toPlainText() == koreanSurveyParagraph();
    m_surveyTable->setVisible(current);
    m_surveyMissing->setVisible(current);
    m_bars->setVisible(!current);
}

// GPT-2's vocabulary where this machine has it (the test set-up's copy, an environment
// variable, or the Hugging Face cache), and any paths in TOKENSCOPE_COMPARE_TOKENIZERS
// (separated by ':'), e.g. a classroom's Qwen tokenizer.
void TokenizerCompareView::loadDefaults() {
    QStringList gpt2;
    gpt2 << qEnvironmentVariable("TOKENSCOPE_GPT2_VOCAB_DIR");
    const QString exeDir = QCoreApplication::applicationDirPath();
    gpt2 << exeDir + QStringLiteral("/../../gpt2-vocab")
         << exeDir + QStringLiteral("/../gpt2-vocab");
    const QDir snapshots(QDir::homePath() +
                         QStringLiteral("/.cache/huggingface/hub/models--gpt2/snapshots"));
    for (const QString& s : snapshots.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        gpt2 << snapshots.filePath(s);
    for (const QString& dir : gpt2) {
        if (!dir.isEmpty() && QFileInfo::exists(dir + QStringLiteral("/vocab.json")) &&
            QFileInfo::exists(dir + QStringLiteral("/merges.txt"))) {
            loadTokenizer(QFileInfo(dir).canonicalFilePath(), true);
            break;
        }
    }
    for (const QString& p : qEnvironmentVariable("TOKENSCOPE_COMPARE_TOKENIZERS")
                                .split(QLatin1Char(':'), Qt::SkipEmptyParts))
        loadTokenizer(p, true);
}

void TokenizerCompareView::retranslateUi() {
    m_intro->setText(
        tr("The same text through different tokenizers. A model reads, pays for and "
           "generates tokens, not characters: the more tokens a language needs, the "
           "more time and money the same sentence costs, and the less of it fits in "
           "the context."));
    m_addFile->setText(tr("Add tokenizer file…"));
    m_addFolder->setText(tr("Add tokenizer folder…"));
    m_text->setPlaceholderText(tr("Type or paste text to compare"));
    m_surveyButton->setText(tr("Korean paragraph: every tokenizer"));
    m_surveyButton->setToolTip(
        tr("One fixed Korean paragraph through every tokenizer on this computer: tokens per "
           "syllable and how many tokens are only bytes of a character"));
    rebuildColumns();
    fillSurveyTable();
}

// The ✕ as wide as its glyph in the font of the moment (28 px cut it in presentation mode's font
// at 1920x1080).
void TokenizerCompareView::fitRemoveButton(QPushButton* button) {
    button->setFixedWidth(
        std::max(28, button->fontMetrics().horizontalAdvance(QStringLiteral("\u2715")) + 18));
}

void TokenizerCompareView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::FontChange) {
        for (Column& c : m_columns)
            if (c.remove) fitRemoveButton(c.remove);
        QTimer::singleShot(0, this, &TokenizerCompareView::fitChips);
    }
    QWidget::changeEvent(event);
}

void TokenizerCompareView::setModel(const ModelInfo& info) {
    if (!m_columns.empty() && m_columns.front().model) removeColumn(0);
    // A server's tokenizer answers over the network: counting with it here, on the GUI thread
    // at every keystroke, could hold the window for a request's time. The others stay.
    if (!info.tokenizer || info.server) return;
    m_modelName = info.name.isEmpty() ? QFileInfo(info.folder).fileName() : info.name;
    if (static_cast<int>(m_columns.size()) >= kMaxColumns) removeColumn(kMaxColumns - 1);
    Column c;
    c.model = true;
    c.tokenizer = info.tokenizer;
    m_columns.insert(m_columns.begin(), std::move(c));
    recount();
}

// Titled when shown, not when added, so a live language switch retitles the model's column.
QString TokenizerCompareView::title(const Column& column) const {
    return column.model ? tr("Model: %1").arg(m_modelName) : column.name;
}

void TokenizerCompareView::setText(const QString& text) {
    m_text->setPlainText(text);
    recount();
}

QString TokenizerCompareView::text() const { return m_text->toPlainText(); }

bool TokenizerCompareView::addTokenizer(const QString& name,
                                        std::shared_ptr<const ts::Tokenizer> tokenizer) {
    if (!tokenizer || static_cast<int>(m_columns.size()) >= kMaxColumns) return false;
    Column c;
    c.name = name;
    c.tokenizer = std::move(tokenizer);
    m_columns.push_back(std::move(c));
    recount();
    emit tokenizerAdded(static_cast<int>(m_columns.size()) - 1);
    return true;
}

// The survey counts as loading: a headless picture or a lesson export waits for its table.
bool TokenizerCompareView::isLoading() const {
    return m_task.isRunning() || !m_pending.empty() || m_surveyTask.isRunning();
}

void TokenizerCompareView::loadTokenizer(const QString& path, bool quiet) {
    m_pending.push_back(path);
    m_pendingQuiet.push_back(quiet);
    if (!m_task.isRunning() && m_pending.size() == 1) startNextLoad();
}

// One load at a time; each finished load (or failure) starts the next queued path.
void TokenizerCompareView::startNextLoad() {
    if (m_pending.empty()) {
        m_status->clear();
        return;
    }
    const QString p = m_pending.front();
    const bool q = m_pendingQuiet.front();
    m_status->setText(tr("Loading %1…").arg(QFileInfo(p).fileName()));
    const std::string pathUtf8 = p.toStdString();
    auto finish = [this] {
        // The queue may have been cleared while this load ran (ASan caught an erase on empty).
        if (!m_pending.empty()) m_pending.erase(m_pending.begin());
        if (!m_pendingQuiet.empty()) m_pendingQuiet.erase(m_pendingQuiet.begin());
        QTimer::singleShot(0, this, &TokenizerCompareView::startNextLoad);
    };
    m_task.start<std::shared_ptr<const ts::Tokenizer>>(
        this, [pathUtf8](const std::atomic<bool>&) { return ts::Tokenizer::fromPath(pathUtf8); },
        [this, p, q, finish](std::shared_ptr<const ts::Tokenizer> tok) {
            const QFileInfo info(p);
            const QString name = info.isDir()
                                     ? info.fileName()
                                     : info.dir().dirName() + QLatin1Char('/') + info.fileName();
            if (!addTokenizer(name, std::move(tok)) && !q) {
                QMessageBox::information(
                    this, tr("Tokenizer comparison"),
                    tr("At most %1 tokenizers fit side by side; remove one first.")
                        .arg(kMaxColumns));
            }
            finish();
        },
        [this, p, q, finish](QString error) {
            const QString message =
                fillKoreanParticles(tr("Could not load the tokenizer %1:\n%2").arg(p, error));
            emit loadFailed(message);
            if (!q) QMessageBox::warning(this, tr("Tokenizer comparison"), message);
            finish();
        });
}

void TokenizerCompareView::chooseFile() {
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Choose a tokenizer"), QString(),
        tr("Tokenizers (tokenizer.json vocab.json);;JSON files (*.json)"));
    if (!file.isEmpty()) loadTokenizer(file);
}

void TokenizerCompareView::chooseFolder() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Choose a model or tokenizer folder"));
    if (!dir.isEmpty()) loadTokenizer(dir);
}

void TokenizerCompareView::removeColumn(int index) {
    if (index < 0 || index >= static_cast<int>(m_columns.size())) return;
    if (m_columns[static_cast<std::size_t>(index)].box)
        m_columns[static_cast<std::size_t>(index)].box->deleteLater();
    m_columns.erase(m_columns.begin() + index);
    rebuildColumns();
}

QString TokenizerCompareView::columnName(int index) const {
    return title(m_columns.at(static_cast<std::size_t>(index)));
}

const TokenCount& TokenizerCompareView::columnTokens(int index) const {
    return m_columns.at(static_cast<std::size_t>(index)).count;
}

void TokenizerCompareView::recount() {
    showSurveyIfCurrent();
    const std::string utf8 = m_text->toPlainText().toStdString();
    for (Column& c : m_columns) c.count = countTokens(*c.tokenizer, utf8);
    rebuildColumns();
}

void TokenizerCompareView::rebuildColumns() {
    std::size_t fewest = 0;
    bool any = false;
    for (const Column& c : m_columns) {
        if (!c.count.error.isEmpty()) continue;
        if (!any || c.count.tokens.size() < fewest) fewest = c.count.tokens.size();
        any = true;
    }
    std::vector<TokenizerBars::Bar> bars;
    for (int i = 0; i < static_cast<int>(m_columns.size()); ++i) {
        Column& c = m_columns[static_cast<std::size_t>(i)];
        if (!c.box) {
            // A framed box, not a style sheet: a widget with its own style sheet does not
            // take its parent's later font (the titles stayed at 10 px in presentation mode).
            auto* frame = new QFrame;
            frame->setFrameShape(QFrame::StyledPanel);
            c.box = frame;
            auto* v = new QVBoxLayout(c.box);
            v->setContentsMargins(6, 6, 6, 6);
            auto* head = new QHBoxLayout;
            c.title = new QLabel(c.box);
            c.title->setWordWrap(true);
            c.remove = new QPushButton(QStringLiteral("\u2715"), c.box);
            fitRemoveButton(c.remove);
            head->addWidget(c.title, 1);
            head->addWidget(c.remove);
            v->addLayout(head);
            c.stats = new QLabel(c.box);
            c.stats->setWordWrap(true);
            v->addWidget(c.stats);
            c.chips = new QLabel(c.box);
            c.chips->setWordWrap(true);
            c.chips->setTextFormat(Qt::RichText);
            c.chips->setAlignment(Qt::AlignTop | Qt::AlignLeft);
            v->addWidget(c.chips, 1);
            QWidget* box = c.box;
            connect(c.remove, &QPushButton::clicked, this, [this, box] {
                for (int k = 0; k < static_cast<int>(m_columns.size()); ++k) {
                    if (m_columns[static_cast<std::size_t>(k)].box == box) removeColumn(k);
                }
            });
        }
        m_columnsLayout->insertWidget(i, c.box, 1);
        c.box->setObjectName(QStringLiteral("col%1").arg(i));
        c.title->setText(QStringLiteral("<b>%1</b><br><small>%2</small>")
                             .arg(title(c).toHtmlEscaped(),
                                  QString::fromStdString(c.tokenizer->describe()).toHtmlEscaped()));
        c.remove->setToolTip(tr("Remove this tokenizer"));
        const TokenCount& n = c.count;
        if (!n.error.isEmpty()) {
            c.stats->setText(tr("Cannot encode this text: %1").arg(n.error));
            c.chips->clear();
            continue;
        }
        const int tokens = static_cast<int>(n.tokens.size());
        QString stats = tr("%n token(s)", nullptr, tokens) + QStringLiteral(" · ") +
                        tr("%1 per character").arg(n.tokensPerCharacter, 0, 'f', 2);
        if (any && fewest > 0 && n.tokens.size() > fewest) {
            stats += QStringLiteral(" · ") +
                     tr("%1× the fewest")
                         .arg(static_cast<double>(tokens) / static_cast<double>(fewest), 0, 'f', 1);
        }
        c.stats->setText(stats);
        QString html;
        constexpr std::size_t kMaxChips = 600;  // a long paste must not make a label of megabytes
        const std::vector<ts::Token> shown(
            n.tokens.begin(),
            n.tokens.begin() + static_cast<std::ptrdiff_t>(std::min(kMaxChips, n.tokens.size())));
        const std::vector<QString> texts = tokenChipTexts(*c.tokenizer, shown);
        for (std::size_t k = 0; k < texts.size(); ++k) {
            const QColor bg = columnColour(i, (k % 2) == 1);
            html +=
                QStringLiteral(
                    "<span style=\"background-color:%1; color:#000;\">&nbsp;%2&nbsp;</span>&#8203;")
                    .arg(bg.name(), texts[k].toHtmlEscaped());
        }
        if (n.tokens.size() > kMaxChips) html += QStringLiteral(" …");
        c.chips->setText(html);
        bars.push_back({title(c), stats, tokens, columnColour(i, true)});
    }
    m_bars->setBars(std::move(bars));
    QTimer::singleShot(0, this, &TokenizerCompareView::fitChips);
}

void TokenizerCompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    QTimer::singleShot(0, this, &TokenizerCompareView::fitChips);
}

void TokenizerCompareView::fitChips() {
    if (!m_scroll) return;
    const int room = m_scroll->viewport()->height();
    for (Column& c : m_columns) {
        if (!c.chips || !c.box) continue;
        const int above = c.chips->mapTo(c.box, QPoint(0, 0)).y() + 12;  // title, counts, margins
        const int width = std::max(40, c.chips->width());
        QFont f = font();
        const double base = f.pointSizeF();
        for (double zoom = 3.0; zoom >= 1.0; zoom -= 0.25) {
            f.setPointSizeF(base * zoom);
            c.chips->setFont(f);
            if (zoom <= 1.0 || above + c.chips->heightForWidth(width) <= room) break;
        }
    }
}

}  // namespace ts::ui

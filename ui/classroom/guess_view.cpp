// Guess first, then reveal (see guess_view.hpp): the hidden round, the guesses, the reveal and
// the draw a moment after it.
#include "classroom/guess_view.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/stage_distribution.hpp"
#include "core/transcript_follower.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/sampling.hpp"

namespace ts::ui {

namespace {

QString guessPercent(double p) {
    if (p >= 0.001) return QStringLiteral("%1 %").arg(p * 100, 0, 'f', 1);
    if (p > 0) return QStringLiteral("%1").arg(p, 0, 'e', 1);
    return QStringLiteral("0 %");
}

// The hidden distribution: a hatched curtain where the reveal's table will be, so the class
// sees that something is there and that it is covered.
class GuessCurtain : public QWidget {
  public:
    explicit GuessCurtain(QWidget* parent) : QWidget(parent) { setMinimumHeight(60); }
    QString text;

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        const QRect r = rect().adjusted(0, 0, -1, -1);
        p.fillRect(r, palette().color(QPalette::AlternateBase));
        p.fillRect(r, QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(r);
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 1.3);
        f.setBold(true);
        p.setFont(f);
        const QRect box = p.fontMetrics()
                              .boundingRect(r.adjusted(20, 0, -20, 0), Qt::TextWordWrap, text)
                              .adjusted(-12, -8, 12, 8);
        const QRect centred(r.center() - QPoint(box.width() / 2, box.height() / 2), box.size());
        p.fillRect(centred, palette().color(QPalette::Base));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(centred, Qt::AlignCenter | Qt::TextWordWrap, text);
    }
};

struct GuessRevealResult {
    std::vector<ts::GuessScore> scores;
    std::vector<ts::Candidate> top;  // the step's five most probable tokens
    int topToken = -1;
};

}  // namespace

GuessView::GuessView(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    m_contextLabel = new QLabel(this);
    m_contextLabel->setObjectName(QStringLiteral("guessContext"));
    m_contextLabel->setWordWrap(true);
    m_contextLabel->setTextFormat(Qt::RichText);
    fitContextFont();
    layout->addWidget(m_contextLabel);

    auto* inputRow = new QHBoxLayout;
    m_inputLabel = new QLabel(this);
    m_input = new QLineEdit(this);
    m_add = new QPushButton(this);
    m_clear = new QPushButton(this);
    inputRow->addWidget(m_inputLabel);
    inputRow->addWidget(m_input, 1);
    inputRow->addWidget(m_add);
    inputRow->addWidget(m_clear);
    layout->addLayout(inputRow);
    m_shortRow = new QHBoxLayout;
    m_shortLabel = new QLabel(this);
    m_shortRow->addWidget(m_shortLabel);
    m_shortRow->addStretch(1);
    layout->addLayout(m_shortRow);
    m_guessList = new QLabel(this);
    m_guessList->setWordWrap(true);
    layout->addWidget(m_guessList);

    auto* buttons = new QHBoxLayout;
    m_reveal = new QPushButton(this);
    m_reveal->setObjectName(QStringLiteral("guessReveal"));
    m_hide = new QPushButton(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    buttons->addWidget(m_reveal);
    buttons->addWidget(m_hide);
    buttons->addWidget(m_status, 1);
    layout->addLayout(buttons);
    setRunControls({m_reveal});

    auto* curtain = new GuessCurtain(this);
    curtain->setObjectName(QStringLiteral("guessCurtain"));
    layout->addWidget(curtain, 1);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("guessTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Note, QHeaderView::Stretch);
    m_table->setWordWrap(true);
    m_table->hide();
    layout->addWidget(m_table, 1);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("guessVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    layout->addWidget(m_verdict);
    m_draw = new QLabel(this);
    m_draw->setObjectName(QStringLiteral("guessDraw"));
    m_draw->setWordWrap(true);
    QFont bold = m_draw->font();
    bold.setBold(true);
    m_draw->setFont(bold);
    layout->addWidget(m_draw);
    m_drawTimer = new QTimer(this);
    m_drawTimer->setSingleShot(true);
    m_drawTimer->setInterval(1500);
    connect(m_drawTimer, &QTimer::timeout, this, &GuessView::showDraw);

    m_follower = new TranscriptFollower(this, [this](const TranscriptModel&, int) {
        // A new or changed step under the round starts a new one; otherwise nothing changes.
        if (currentRecord() != m_record) prepareRound();
    });
    connect(m_add, &QPushButton::clicked, this, [this] {
        addGuesses(m_input->text());
        m_input->clear();
    });
    connect(m_input, &QLineEdit::returnPressed, m_add, &QPushButton::click);
    connect(m_clear, &QPushButton::clicked, this, &GuessView::clearGuesses);
    connect(m_reveal, &QPushButton::clicked, this, [this] { reveal(false); });
    connect(m_hide, &QPushButton::clicked, this, &GuessView::hideAgain);
    retranslateUi();
    prepareRound();
}

void GuessView::retranslateUi() {
    m_explain->setText(
        tr("Guess first, then reveal. What token will the model write next? The class types its "
           "guesses (commas between them; each guess is one vote) or picks them from the "
           "shuffled list; Reveal shows what the model gave each guess, and then its draw."));
    m_inputLabel->setText(tr("Guesses:"));
    m_input->setPlaceholderText(tr("e.g. Sujin, Minjun"));
    m_add->setText(tr("Add"));
    m_clear->setText(tr("Clear"));
    m_shortLabel->setText(tr("Or pick:"));
    m_reveal->setText(tr("Reveal"));
    m_hide->setText(tr("Hide again"));
    if (auto* curtain = findChild<QWidget*>(QStringLiteral("guessCurtain")))
        static_cast<GuessCurtain*>(curtain)->text =
            tr("The model's next-token distribution is hidden until Reveal.");
    m_table->setHorizontalHeaderLabels({tr("Guess"), tr("Read as tokens"), tr("Votes"),
                                        tr("Probability"), tr("Rank"), tr("Note")});
    refreshGuessList();
    if (m_revealed) showScores();
    if (m_drawShown) showDraw();
    if (!m_record) m_status->setText(tr("Run a prompt first: the game is played on a step."));
}

void GuessView::showEvent(QShowEvent* event) {
    ClassroomToolView::showEvent(event);
    updateConceal();
}

void GuessView::hideEvent(QHideEvent* event) {
    ClassroomToolView::hideEvent(event);
    updateConceal();
}

void GuessView::updateConceal() {
    const bool conceal = isVisible() && m_record && !m_drawShown;
    if (conceal == m_concealing) return;
    m_concealing = conceal;
    emit concealChanged(conceal);
}

void GuessView::setModel(const ModelInfo& info) {
    ClassroomToolView::setModel(info);
    prepareRound();
}

void GuessView::observe(const TranscriptModel* model) { m_follower->follow(model); }

void GuessView::setStep(int index) {
    m_step = index;
    if (currentRecord() != m_record) prepareRound();
}

int GuessView::stepIndex() const { return m_record ? m_record->index : -1; }

TranscriptStepPtr GuessView::currentRecord() const {
    const TranscriptModel* model = m_follower->model();
    if (!model || model->empty()) return nullptr;
    const int i = m_step >= 0 && m_step < model->size() ? m_step : model->size() - 1;
    return model->at(i);
}

QString GuessView::contextText() const { return m_context; }

void GuessView::prepareRound() {
    m_record = currentRecord();
    m_scores.clear();
    m_revealed = false;
    m_drawShown = false;
    m_drawTimer->stop();
    m_topToken = -1;
    m_table->hide();
    m_verdict->clear();
    m_draw->clear();
    if (auto* curtain = findChild<QWidget*>(QStringLiteral("guessCurtain"))) curtain->show();
    for (QPushButton* b : m_shortButtons) b->deleteLater();
    m_shortButtons.clear();
    m_shortIds.clear();
    m_shortTexts.clear();
    const bool playable = m_record && m_record->trace && !m_record->trace->logits.empty() &&
                          m_info.vocabulary && m_info.tokenizer;
    m_reveal->setEnabled(playable);
    m_hide->setEnabled(false);
    if (!playable) {
        m_context.clear();
        m_contextLabel->setText(QString());
        m_status->setText(m_record ? tr("This step has no stored distribution to guess "
                                        "(thinned, or read from a file).")
                                   : tr("Run a prompt first: the game is played on a step."));
        updateConceal();
        return;
    }
    m_status->clear();
    updateConceal();
    // The context as it reads (the last 240 characters of a long one), the next token a box.
    QString text = m_info.vocabulary->decode(m_record->contextTokens());
    if (text.size() > 240) text = QStringLiteral("…") + text.right(240);
    m_context = text;
    m_contextLabel->setText(
        QStringLiteral("%1<span style=\"background:#ffd54f; color:#000\">&nbsp;?&nbsp;</span>")
            .arg(text.toHtmlEscaped()));
    // The shortlist from the stored logits, off the GUI thread (a pass over the vocabulary).
    const TranscriptStepPtr record = m_record;
    startTask<std::vector<int>>(
        [record](const std::atomic<bool>&) {
            return ts::guessShortlist(
                record->trace->logits, 4, 3,
                static_cast<std::uint64_t>(record->index) * 7919u + record->params.seed);
        },
        [this, record](std::vector<int> ids) {
            if (record != m_record) return;  // a newer round began meanwhile
            m_shortIds = ids;
            for (int id : ids) {
                const QString shown = m_info.vocabulary->display(id);
                m_shortTexts << shown;
                auto* b = new QPushButton(shown, this);
                const QString guess = m_info.vocabulary->text(id).trimmed();
                connect(b, &QPushButton::clicked, this, [this, guess] {
                    addGuesses(guess.isEmpty() ? QStringLiteral(" ") : guess);
                });
                m_shortRow->insertWidget(m_shortRow->count() - 1, b);
                m_shortButtons << b;
            }
        },
        [this](const QString& message) { m_status->setText(message); }, false);
}

void GuessView::addGuesses(const QString& text) {
    for (const std::string& g : ts::splitGuesses(text.toStdString()))
        m_guesses << QString::fromStdString(g);
    refreshGuessList();
    if (m_revealed) reveal(true);  // a late guess joins the table
}

void GuessView::clearGuesses() {
    m_guesses.clear();
    refreshGuessList();
    if (m_revealed) hideAgain();
}

int GuessView::votesFor(const QString& guess) const {
    return static_cast<int>(std::count(m_guesses.begin(), m_guesses.end(), guess));
}

void GuessView::refreshGuessList() {
    QStringList shown, seen;
    for (const QString& g : m_guesses) {
        if (seen.contains(g)) continue;
        seen << g;
        const int n = votesFor(g);
        shown << (n > 1 ? QStringLiteral("%1 ×%2").arg(g).arg(n) : g);
    }
    m_guessList->setText(shown.isEmpty()
                             ? tr("No guesses yet.")
                             : tr("%n guess(es): %1", nullptr, static_cast<int>(m_guesses.size()))
                                   .arg(shown.join(QStringLiteral(", "))));
}

void GuessView::reveal(bool drawAtOnce) {
    if (!m_record || !m_record->trace || m_record->trace->logits.empty() || !m_info.tokenizer)
        return;
    std::vector<std::string> distinct;
    for (const QString& g : m_guesses)
        if (std::find(distinct.begin(), distinct.end(), g.toStdString()) == distinct.end())
            distinct.push_back(g.toStdString());
    const TranscriptStepPtr record = m_record;
    const auto tokenizer = m_info.tokenizer;
    const int nVocab = m_info.nVocab;
    m_status->setText(tr("Revealing…"));
    startTask<GuessRevealResult>(
        [record, tokenizer, nVocab, distinct](const std::atomic<bool>&) {
            GuessRevealResult r;
            const auto& logits = record->trace->logits;
            r.scores = ts::scoreGuesses(*tokenizer, nVocab, record->contextTokens(), logits,
                                        record->params, record->sampledToken, distinct);
            r.top = ts::topCandidates(ts::samplingDistribution(logits, record->params), 5);
            r.topToken = ts::argmax(logits);
            return r;
        },
        [this, record, drawAtOnce](GuessRevealResult r) {
            if (record != m_record) return;
            m_scores = std::move(r.scores);
            std::stable_sort(m_scores.begin(), m_scores.end(),
                             [](const auto& a, const auto& b) { return a.prob > b.prob; });
            m_topToken = r.topToken;
            m_revealed = true;
            m_status->clear();
            showScores();
            QStringList top;
            for (const auto& c : r.top)
                top << QStringLiteral("%1 %2").arg(m_info.vocabulary->display(c.token),
                                                   guessPercent(c.prob));
            m_verdict->setText(
                verdictText() + QLatin1Char('\n') +
                tr("The model's five most likely: %1").arg(top.join(QStringLiteral(", "))));
            if (drawAtOnce)
                showDraw();
            else
                m_drawTimer->start();
        },
        [this](const QString& message) { m_status->setText(message); });
}

void GuessView::hideAgain() {
    m_drawTimer->stop();
    m_revealed = false;
    m_drawShown = false;
    updateConceal();
    m_table->hide();
    m_verdict->clear();
    m_draw->clear();
    m_hide->setEnabled(false);
    if (auto* curtain = findChild<QWidget*>(QStringLiteral("guessCurtain"))) curtain->show();
    if (m_record)
        m_contextLabel->setText(
            QStringLiteral("%1<span style=\"background:#ffd54f; color:#000\">&nbsp;?&nbsp;</span>")
                .arg(m_context.toHtmlEscaped()));
}

bool GuessView::isDrawShown() const { return m_drawShown; }

int GuessView::topVotes() const {
    int n = 0;
    for (const auto& s : m_scores)
        if (s.isTop) n += votesFor(QString::fromStdString(s.guess));
    return n;
}

QString GuessView::verdictText() const {
    if (!m_revealed || m_topToken < 0 || !m_info.vocabulary) return {};
    return tr("%1 of %n guess(es) named the model's top token “%2”.", nullptr,
              static_cast<int>(m_guesses.size()))
        .arg(topVotes())
        .arg(m_info.vocabulary->display(m_topToken));
}

void GuessView::showScores() {
    if (auto* curtain = findChild<QWidget*>(QStringLiteral("guessCurtain"))) curtain->hide();
    m_table->show();
    m_hide->setEnabled(true);
    m_table->setRowCount(static_cast<int>(m_scores.size()));
    const bool atOne = m_record && m_record->params.temperature == 1.0f &&
                       m_record->params.topK <= 0 && m_record->params.topP >= 1.0f;
    for (int r = 0; r < static_cast<int>(m_scores.size()); ++r) {
        const auto& s = m_scores[static_cast<std::size_t>(r)];
        QStringList pieces;
        for (int id : s.tokens) pieces << m_info.vocabulary->display(id);
        QStringList notes;
        if (s.isTop) notes << tr("the model's top token");
        if (s.isDrawn && m_drawShown) notes << tr("the token drawn");
        if (s.tokens.size() > 1)
            notes << tr("%n tokens: only the first is scored (this step predicts one token)",
                        nullptr, static_cast<int>(s.tokens.size()));
        if (!atOne) notes << tr("%1 at temperature 1").arg(guessPercent(s.probAtOne));
        const QString cells[ColumnCount] = {
            QString::fromStdString(s.guess),
            pieces.join(QStringLiteral(" · ")),
            QString::number(votesFor(QString::fromStdString(s.guess))),
            guessPercent(s.prob),
            QString::number(s.rank),
            notes.join(QStringLiteral("; "))};
        for (int c = 0; c < ColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == Votes || c == Probability || c == Rank)
                item->setTextAlignment(Qt::AlignCenter);
            if (s.isTop) item->setBackground(QColor(0xc8, 0xe6, 0xc9));
            item->setForeground(s.isTop ? QColor(Qt::black) : palette().color(QPalette::Text));
            m_table->setItem(r, c, item);
        }
    }
    m_table->resizeRowsToContents();
}

QString GuessView::drawText() const {
    if (!m_drawShown || !m_record || !m_info.vocabulary) return {};
    const QString token = m_info.vocabulary->display(m_record->sampledToken);
    if (m_record->chosen) return tr("The draw: “%1”, chosen by hand in a branch.").arg(token);
    if (m_record->uniform < 0)
        return tr("The draw: at temperature 0 the top token is taken: “%1”.").arg(token);
    int votes = 0;
    for (const auto& s : m_scores)
        if (s.isDrawn) votes += votesFor(QString::fromStdString(s.guess));
    return tr("The draw: the random number %1 landed on “%2” (%3); %4 of %n guess(es) named it.",
              nullptr, static_cast<int>(m_guesses.size()))
        .arg(stepUniform(*m_record), 0, 'f', 3)
        .arg(token)
        .arg(guessPercent(m_record->figures.samplingProb))
        .arg(votes);
}

void GuessView::showDraw() {
    if (!m_revealed || !m_record) return;
    m_drawShown = true;
    updateConceal();
    m_draw->setText(drawText());
    m_contextLabel->setText(
        QStringLiteral("%1<span style=\"background:#a5d6a7; color:#000\">%2</span>")
            .arg(m_context.toHtmlEscaped(),
                 m_info.vocabulary->display(m_record->sampledToken).toHtmlEscaped()));
    showScores();  // the drawn guess's note
}

void GuessView::applySettings(const QJsonObject& s) {
    // The follower refreshes a hidden view only when it is shown: catch up first.
    if (currentRecord() != m_record) prepareRound();
    if (s.contains(QStringLiteral("guesses"))) {
        m_guesses.clear();
        addGuesses(s.value(QStringLiteral("guesses")).toString());
    }
    if (s.value(QStringLiteral("reveal")).toBool()) reveal(true);
}

void GuessView::fitContextFont() {
    // The context 1.4 times the view's font, whatever the view's font is now: set once at
    // construction it stayed at the normal font's 17 px in presentation mode (22 px text).
    QFont big = font();
    if (big.pointSizeF() > 0)
        big.setPointSizeF(big.pointSizeF() * 1.4);
    else
        big.setPixelSize(static_cast<int>(big.pixelSize() * 1.4 + 0.5));
    m_contextLabel->setFont(big);
}

void GuessView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange && m_contextLabel) fitContextFont();
    ClassroomToolView::changeEvent(event);
}

}  // namespace ts::ui

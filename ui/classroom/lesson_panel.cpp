// The lessons panel (see lesson_panel.hpp): a vertical layout so it fits a dock beside the
// view, large Next/Back buttons for a projector, and the step's numbers filled in from the
// lesson's claims.
#include "classroom/lesson_panel.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace ts::ui {

LessonPanel::LessonPanel(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_choice = new QComboBox(this);
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(8);
    m_title = new QLabel(this);
    styleTitle();
    m_title->setWordWrap(true);
    m_text = new QTextBrowser(this);
    m_text->setOpenExternalLinks(false);
    m_prev = new QPushButton(this);
    m_next = new QPushButton(this);
    m_again = new QPushButton(this);
    m_end = new QPushButton(this);
    m_position = new QLabel(this);
    m_position->setAlignment(Qt::AlignCenter);
    auto* nav = new QHBoxLayout;
    nav->addWidget(m_prev);
    nav->addWidget(m_next);
    // One button a row: the dock stays narrow enough for 1280 pixels in every language.
    auto* more = new QVBoxLayout;
    more->addWidget(m_again);
    more->addWidget(m_end);
    layout->addWidget(m_choice);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_position);
    layout->addLayout(nav);
    layout->addLayout(more);

    connect(m_choice, &QComboBox::currentIndexChanged, this, [this](int row) {
        // Row 0 is "choose a lesson"; lessons start at row 1.
        if (row - 1 != m_lesson && row >= 1) openLesson(row - 1);
    });
    connect(m_prev, &QPushButton::clicked, this, [this] { back(); });
    connect(m_next, &QPushButton::clicked, this, [this] { next(); });
    connect(m_again, &QPushButton::clicked, this, [this] { goToStep(m_step); });
    connect(m_end, &QPushButton::clicked, this, &LessonPanel::endLesson);
    retranslateUi();
}

void LessonPanel::retranslateUi() {
    m_prev->setText(tr("◀ Back"));
    m_again->setText(tr("Set up again"));
    m_next->setText(tr("Next ▶"));
    m_end->setText(tr("End lesson"));
    m_prev->setToolTip(tr("Previous step (PageUp)"));
    m_next->setToolTip(tr("Next step (PageDown)"));
    m_end->setToolTip(tr("Close the lesson and put your own prompt and settings back"));
    refresh();
}

// A little larger than the text, and again after presentation mode changes the font.
void LessonPanel::styleTitle() {
    QFont f = font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_title->setFont(f);
}

void LessonPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::FontChange && m_title) styleTitle();
    QWidget::changeEvent(event);
}

void LessonPanel::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Right:
        case Qt::Key_Down:
        case Qt::Key_PageDown:
            if (next()) return;
            break;
        case Qt::Key_Left:
        case Qt::Key_Up:
        case Qt::Key_PageUp:
            if (back()) return;
            break;
        default:
            break;
    }
    QWidget::keyPressEvent(event);
}

void LessonPanel::setLessons(std::vector<Lesson> lessons, const QStringList& errors) {
    m_lessons = std::move(lessons);
    m_errors = errors;
    m_lesson = -1;
    m_step = 0;
    refresh();
}

void LessonPanel::setLanguage(const QString& language) {
    m_language = language;
    refresh();
}

void LessonPanel::openLesson(int index) {
    if (index < 0 || index >= static_cast<int>(m_lessons.size())) return;
    const bool starting = m_lesson < 0;
    m_lesson = index;
    if (starting) emit lessonStarted();
    goToStep(0);
}

void LessonPanel::goToStep(int step) {
    if (m_lesson < 0) return;
    const auto& steps = m_lessons[static_cast<std::size_t>(m_lesson)].steps;
    m_step = std::clamp(step, 0, static_cast<int>(steps.size()) - 1);
    refresh();
    emit stepApplied(steps[static_cast<std::size_t>(m_step)]);
}

bool LessonPanel::next() {
    if (m_lesson < 0) return false;
    if (m_step + 1 >= static_cast<int>(m_lessons[static_cast<std::size_t>(m_lesson)].steps.size()))
        return false;
    goToStep(m_step + 1);
    return true;
}

bool LessonPanel::back() {
    if (m_lesson < 0 || m_step == 0) return false;
    goToStep(m_step - 1);
    return true;
}

void LessonPanel::endLesson() {
    if (m_lesson < 0) return;
    m_lesson = -1;
    m_step = 0;
    refresh();
    emit lessonEnded();
}

QString LessonPanel::stepText() const { return m_text->toPlainText(); }
QString LessonPanel::titleText() const { return m_title->text(); }

void LessonPanel::refresh() {
    {
        const QSignalBlocker block(m_choice);
        m_choice->clear();
        m_choice->addItem(tr("Choose a lesson…"));
        for (const auto& l : m_lessons) m_choice->addItem(l.title.in(m_language));
        m_choice->setCurrentIndex(m_lesson + 1);
    }
    const bool open = m_lesson >= 0;
    m_prev->setEnabled(open && m_step > 0);
    m_again->setEnabled(open);
    m_end->setEnabled(open);
    if (!open) {
        m_title->setText(tr("Guided lessons"));
        QString html =
            tr("<p>Choose a lesson above. Each step sets up the app — prompt, view, "
               "settings — and says what to look at. Lessons are JSON files in the "
               "<i>lessons</i> folder; teachers can write their own.</p>");
        for (const QString& e : m_errors)
            html += QStringLiteral("<p style='color:#b00'>%1</p>").arg(e.toHtmlEscaped());
        m_text->setHtml(html);
        m_next->setEnabled(false);
        m_position->clear();
        return;
    }
    const Lesson& lesson = m_lessons[static_cast<std::size_t>(m_lesson)];
    const LessonStep& s = lesson.steps[static_cast<std::size_t>(m_step)];
    m_next->setEnabled(m_step + 1 < static_cast<int>(lesson.steps.size()));
    m_title->setText(s.title.isEmpty() ? lesson.title.in(m_language) : s.title.in(m_language));
    QString html;
    if (m_step == 0 && !lesson.summary.isEmpty())
        html +=
            QStringLiteral("<p><i>%1</i></p>").arg(lesson.summary.in(m_language).toHtmlEscaped());
    for (const QString& para : s.textIn(m_language).split(QStringLiteral("\n\n")))
        html += QStringLiteral("<p>%1</p>").arg(para.toHtmlEscaped());
    if (s.prompt)
        html += QStringLiteral("<p><b>%1</b> <code>%2</code></p>")
                    .arg(tr("Prompt:"), s.prompt->in(m_language).toHtmlEscaped());
    if (!s.gpt2Note.isEmpty())
        html += QStringLiteral("<p style='background:#eef4ff; padding:4px'><b>%1</b> %2</p>")
                    .arg(tr("With GPT-2:"), s.gpt2Note.in(m_language).toHtmlEscaped());
    m_text->setHtml(html);
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(lesson.steps.size()));
}

}  // namespace ts::ui

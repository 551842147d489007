#include "classroom/lesson_panel.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace ts::ui {

LessonPanel::LessonPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(this);
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_listTitle = new QLabel(left);
    m_list = new QListWidget(left);
    leftLayout->addWidget(m_listTitle);
    leftLayout->addWidget(m_list, 1);
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(right);
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.2);
    m_title->setFont(f);
    m_title->setWordWrap(true);
    m_text = new QTextBrowser(right);
    m_text->setOpenExternalLinks(false);
    auto* buttons = new QHBoxLayout;
    m_prev = new QPushButton(right);
    m_again = new QPushButton(right);
    m_next = new QPushButton(right);
    m_position = new QLabel(right);
    buttons->addWidget(m_prev);
    buttons->addWidget(m_again);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    buttons->addWidget(m_position);
    rightLayout->addWidget(m_title);
    rightLayout->addWidget(m_text, 1);
    rightLayout->addLayout(buttons);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    layout->addWidget(split);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row != m_lesson) openLesson(row);
    });
    connect(m_prev, &QPushButton::clicked, this, [this] { goToStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { goToStep(m_step + 1); });
    connect(m_again, &QPushButton::clicked, this, [this] { goToStep(m_step); });
    retranslateUi();
}

void LessonPanel::retranslateUi() {
    m_listTitle->setText(tr("Lessons"));
    m_prev->setText(tr("◀ Back"));
    m_again->setText(tr("Set up again"));
    m_next->setText(tr("Next ▶"));
    refresh();
}

void LessonPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
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
    m_lesson = index;
    goToStep(0);
}

void LessonPanel::goToStep(int step) {
    if (m_lesson < 0) return;
    const auto& steps = m_lessons[static_cast<std::size_t>(m_lesson)].steps;
    m_step = std::clamp(step, 0, static_cast<int>(steps.size()) - 1);
    refresh();
    emit stepApplied(steps[static_cast<std::size_t>(m_step)]);
}

QString LessonPanel::stepText() const { return m_text->toPlainText(); }

void LessonPanel::refresh() {
    {
        const QSignalBlocker block(m_list);
        m_list->clear();
        for (const auto& l : m_lessons) m_list->addItem(l.title.in(m_language));
        m_list->setCurrentRow(m_lesson);
    }
    const bool open = m_lesson >= 0;
    m_prev->setEnabled(open && m_step > 0);
    m_again->setEnabled(open);
    if (!open) {
        m_title->setText(tr("Guided lessons"));
        QString html = tr("<p>Choose a lesson on the left. Each step sets up the app — prompt, view, "
                          "settings — and says what to look at. Lessons are JSON files in the "
                          "<i>lessons</i> folder; teachers can write their own.</p>");
        for (const QString& e : m_errors) html += QStringLiteral("<p style='color:#b00'>%1</p>").arg(e.toHtmlEscaped());
        m_text->setHtml(html);
        m_next->setEnabled(false);
        m_position->clear();
        return;
    }
    const Lesson& lesson = m_lessons[static_cast<std::size_t>(m_lesson)];
    const LessonStep& s = lesson.steps[static_cast<std::size_t>(m_step)];
    m_next->setEnabled(m_step + 1 < static_cast<int>(lesson.steps.size()));
    m_title->setText(s.title.isEmpty() ? lesson.title.in(m_language)
                                       : lesson.title.in(m_language) + QStringLiteral(" — ") + s.title.in(m_language));
    QString html;
    if (m_step == 0 && !lesson.summary.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>").arg(lesson.summary.in(m_language).toHtmlEscaped());
    for (const QString& para : s.text.in(m_language).split(QStringLiteral("\n\n")))
        html += QStringLiteral("<p>%1</p>").arg(para.toHtmlEscaped());
    if (s.prompt)
        html += QStringLiteral("<p><b>%1</b> <code>%2</code></p>").arg(tr("Prompt:"), s.prompt->in(m_language).toHtmlEscaped());
    if (!s.gpt2Note.isEmpty())
        html += QStringLiteral("<p style='background:#eef4ff; padding:4px'><b>%1</b> %2</p>")
                    .arg(tr("With GPT-2:"), s.gpt2Note.in(m_language).toHtmlEscaped());
    m_text->setHtml(html);
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(lesson.steps.size()));
}

}  // namespace ts::ui

#pragma once
// The guided lessons panel: choose a lesson, walk through its steps; each step sets up the
// app (the hub carries it out) and explains what to look at, in English or Korean.
#include <QWidget>
#include <vector>

#include "classroom/lesson_model.hpp"

class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;

namespace ts::ui {

class LessonPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget* parent = nullptr);

    void setLessons(std::vector<Lesson> lessons, const QStringList& errors = {});
    const std::vector<Lesson>& lessons() const { return m_lessons; }
    void setLanguage(const QString& language);
    // Opens lesson `index` at its first step (and applies it).
    void openLesson(int index);
    void goToStep(int step);
    int currentLesson() const { return m_lesson; }
    int currentStep() const { return m_step; }
    QString stepText() const;

signals:
    void stepApplied(const ts::ui::LessonStep& step);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void refresh();

    std::vector<Lesson> m_lessons;
    QStringList m_errors;
    QString m_language = QStringLiteral("en");
    int m_lesson = -1;
    int m_step = 0;
    QLabel* m_listTitle = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_title = nullptr;
    QTextBrowser* m_text = nullptr;
    QPushButton* m_prev = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_again = nullptr;
    QLabel* m_position = nullptr;
};

}  // namespace ts::ui

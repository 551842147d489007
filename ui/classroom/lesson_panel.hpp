#pragma once
// The guided lessons panel, made to sit in a narrow dock beside the view it drives: choose a
// lesson, read the step, press Next/Back (or PageDown/PageUp, or the arrow keys when the
// panel has focus). Each step sets up the app (the hub and the window carry it out); opening
// a lesson announces lessonStarted so the window can remember the user's own settings, and
// "End lesson" announces lessonEnded so it can put them back.
#include <QWidget>
#include <vector>

#include "classroom/lesson_model.hpp"

class QComboBox;
class QLabel;
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
    // Next/previous step; false at either end or without an open lesson (presenter keys
    // then step the loop instead).
    bool next();
    bool back();
    void endLesson();
    int currentLesson() const { return m_lesson; }
    int currentStep() const { return m_step; }
    bool isOpen() const { return m_lesson >= 0; }
    QString stepText() const;
    QString titleText() const;

  signals:
    void stepApplied(const ts::ui::LessonStep& step);
    void lessonStarted();
    void lessonEnded();

  protected:
    void changeEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    void styleTitle();
    void retranslateUi();
    void refresh();

    std::vector<Lesson> m_lessons;
    QStringList m_errors;
    QString m_language = QStringLiteral("en");
    int m_lesson = -1;
    int m_step = 0;
    QComboBox* m_choice = nullptr;
    QLabel* m_title = nullptr;
    QTextBrowser* m_text = nullptr;
    QPushButton* m_prev = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_again = nullptr;
    QPushButton* m_end = nullptr;
    QLabel* m_position = nullptr;
};

}  // namespace ts::ui

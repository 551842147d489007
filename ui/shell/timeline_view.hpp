#pragma once
// The steps taken so far. Selecting a past step shows its trace in every view; the latest
// step stays selected while a run is live, unless the user picked an earlier one. It observes
// the window's TranscriptModel and keeps no steps of its own.
#include <QWidget>

#include "shell/step_record.hpp"
#include "shell/transcript_model.hpp"
#include "widgets/vocabulary.hpp"

class QListWidget;
class QLabel;

namespace ts::ui {

class TimelineView : public QWidget, public TranscriptObserver {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    void setVocabulary(VocabularyPtr vocab);
    void setModel(const TranscriptModel* model);
    void transcriptChanged(const TranscriptModel& model, int from) override;
    void setCurrent(int index);
    int current() const;
    int count() const;

signals:
    void stepSelected(int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    QString describe(const TranscriptModel& model, int index) const;
    void retranslateUi();

    VocabularyPtr m_vocab;
    const TranscriptModel* m_model = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_hint = nullptr;
};

}  // namespace ts::ui

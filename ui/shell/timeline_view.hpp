#pragma once
// The steps taken so far. Selecting a past step shows its trace in every view; the latest
// step stays selected while a run is live, unless the user picked an earlier one. It observes
// the window's TranscriptModel and keeps no steps of its own. New steps reach the list a
// moment after they reach the model (kSyncMs), so that the list's repaint (2-4 ms near 1,024
// tokens) falls in another turn of the event loop than the stage view's.
#include <QTimer>
#include <QWidget>
#include <limits>

#include "core/transcript_model.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/transcript.hpp"

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
    // The list as it will be: steps not yet shown are added first.
    int current() const;
    int count() const;
    static constexpr int kSyncMs = 30;

  signals:
    void stepSelected(int index);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    QString describe(const TranscriptModel& model, int index) const;
    // Shows the steps and selection that have come in since the last sync.
    void sync();
    void retranslateUi();

    VocabularyPtr m_vocab;
    const TranscriptModel* m_model = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_hint = nullptr;
    QTimer m_syncTimer;
    int m_pendingFrom = std::numeric_limits<int>::max();  // first step to show again
    int m_pendingCurrent = -2;                            // -2: no selection waiting
};

}  // namespace ts::ui

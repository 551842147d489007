#pragma once
// The strip above the stage views while the run shown is a what-if run: it names the
// interventions (heads silenced, tokens banned, logits biased) and gives them all back.
#include <QWidget>

#include "core/vocabulary.hpp"
#include "tokenscope/interventions.hpp"

class QLabel;
class QToolButton;

namespace ts::ui {

class InterventionBanner : public QWidget {
    Q_OBJECT
  public:
    explicit InterventionBanner(QWidget* parent = nullptr);
    // Hidden for an empty set. `vocabulary` names banned and biased tokens (may be null).
    void setInterventions(const ts::Interventions& interventions, VocabularyPtr vocabulary);
    // What the banner says, e.g. "Silenced: layer 2 head 1 · Banned: “ the”".
    QString text() const;
    // The same words for any set ("" for an empty one); layers and heads shown from 1.
    static QString describe(const ts::Interventions& interventions, const Vocabulary* vocabulary);

  signals:
    void restoreRequested();

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void refresh();
    ts::Interventions m_interventions;
    VocabularyPtr m_vocabulary;
    QLabel* m_label = nullptr;
    QToolButton* m_restore = nullptr;
};

}  // namespace ts::ui

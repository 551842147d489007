#pragma once
// The strip above the stage views while the run shown is a what-if run: it names the
// interventions (heads silenced, tokens banned, logits biased), offers the before/after
// comparison (the softmax and sampling views then show, beside each bar, the probability the
// same step had without the interventions) and gives them all back. Its text takes the view's
// font, presentation mode's larger one included.
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
    // The before/after switch (off whenever the set is given back).
    bool showsBefore() const;
    void setShowsBefore(bool on);
    // What the switch's line says while on ("" while off).
    QString beforeText() const;

  signals:
    void restoreRequested();
    void beforeAfterToggled(bool on);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void refresh();
    ts::Interventions m_interventions;
    VocabularyPtr m_vocabulary;
    QLabel* m_label = nullptr;
    QLabel* m_before = nullptr;
    QToolButton* m_compare = nullptr;
    QToolButton* m_restore = nullptr;
};

}  // namespace ts::ui

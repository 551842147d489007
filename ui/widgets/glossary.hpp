#pragma once
// The hover glossary: the words a class meets on screen without being told what they are
// (logit, entropy, bit, principal components, KV cache, induction head, the space mark "␣" and a
// lone byte such as "<8E>"), in English and Korean, each with a sentence in the UI language.
// GlossaryTips watches the application's tooltip events: resting the mouse on a painted text or a
// label that holds such a word (in either language) shows the sentences for the words there,
// unless the widget has a tooltip of its own.
#include <QObject>
#include <QString>
#include <QStringList>

namespace ts::ui {

// The glossary's sentences (translated) for every term `text` holds, in the glossary's order; empty
// when it holds none.
QStringList glossaryFor(const QString& text);

class GlossaryTips : public QObject {
    Q_OBJECT
  public:
    // Watches the tooltip events of `root` and every widget inside it.
    explicit GlossaryTips(QWidget* root);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QWidget* m_root;
};

}  // namespace ts::ui

#pragma once
// What a view shows in place of its picture while the model is on a server (#50) and the view
// needs what a server does not expose (core/view_table.hpp's needs): one line saying so, in
// the interface's language, and a button to load a local model instead. It lies over the
// window's view area, so a view is never blank and never shows a stale picture.
#include <QFrame>
#include <QString>

class QLabel;
class QPushButton;

namespace ts::ui {

struct ViewEntry;

class ServerNotice : public QFrame {
    Q_OBJECT
  public:
    explicit ServerNotice(QWidget* parent = nullptr);
    // Shows the line for `entry` (a view whose needs meet kServerLacks); null hides it.
    void showFor(const ViewEntry* entry);
    const ViewEntry* entry() const { return m_entry; }
    QString text() const;
    // The one line for a view with these needs ("" for needs a server meets).
    static QString lineFor(unsigned needs);

  signals:
    void loadLocalRequested();

  protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void retranslate();
    const ViewEntry* m_entry = nullptr;
    QLabel* m_line = nullptr;
    QPushButton* m_load = nullptr;
};

}  // namespace ts::ui

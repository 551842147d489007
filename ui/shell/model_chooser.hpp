#pragma once
// Which model to run: the bundled one, a recently used folder, or any folder on disk.
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;

namespace ts::ui {

class ModelChooser : public QWidget {
    Q_OBJECT
public:
    explicit ModelChooser(QWidget* parent = nullptr);

    void setBundledPath(const QString& path);
    void setRecent(const QStringList& folders);
    QStringList recent() const { return m_recent; }
    // Moves `folder` to the front of the recent list (at most 8 kept) and shows it as current.
    void setCurrent(const QString& folder);
    // Asks for a folder with a dialog and emits modelRequested.
    void openFolderDialog();

signals:
    void modelRequested(const QString& folder);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    QLabel* m_label = nullptr;
    QComboBox* m_combo = nullptr;
    QString m_bundled;
    QString m_current;
    QStringList m_recent;
};

}  // namespace ts::ui

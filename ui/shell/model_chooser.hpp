#pragma once
// Which model to run: the bundled one, a recently used folder, a model in the Hugging Face
// cache (listed with family, size and precision), any folder on disk, or one to download
// (Get a model…). The Model menu (ModelMenu) offers the same actions from the menu bar.
#include <QMenu>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

#include "tokenscope/hf_cache.hpp"

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
    // The model on a server (shown at the top, "" for none): a local setCurrent clears it.
    void setServer(const QString& description);
    // Asks for a folder with a dialog and emits modelRequested.
    void openFolderDialog();
    // Asks for a GGUF file (any part of a split file) and emits modelRequested.
    void openFileDialog();
    // Replaces QFileDialog::getOpenFileName for openFileDialog (tests: the real dialog can
    // block on the machine's mount points). An empty function restores the dialog.
    using FilePicker = std::function<QString(QWidget* parent, const QString& title,
                                             const QString& dir, const QString& filter)>;
    static void setFilePicker(FilePicker picker);
    // Opens Model → Get a model…; a finished download is loaded (modelRequested).
    void openGetModelDialog();
    // Reads the Hugging Face cache again (after a download, or when the list opens).
    void refreshCache();
    const std::vector<ts::hub::CachedModel>& cachedModels() const { return m_cached; }
    // The text a cache entry shows: "ORG/NAME — gpt2 · 124M · F32".
    static QString describe(const ts::hub::CachedModel& m);

  signals:
    void modelRequested(const QString& folder);
    // Model → Connect to a server…: the window opens its dialog (shell/connect_server_dialog.hpp).
    void serverRequested();

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();

    QLabel* m_label = nullptr;
    QComboBox* m_combo = nullptr;
    QString m_bundled;
    QString m_current;
    QString m_server;
    QStringList m_recent;
    std::vector<ts::hub::CachedModel> m_cached;
    QPointer<QWidget> m_getModelDialog;
};

// The Model menu: Get a model…, Open model folder…, Connect to a server…, and the models in the
// Hugging Face cache.
class ModelMenu : public QMenu {
    Q_OBJECT
  public:
    ModelMenu(ModelChooser* chooser, QWidget* parent);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();
    ModelChooser* m_chooser;
};

}  // namespace ts::ui

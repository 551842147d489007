#pragma once
// Model → Get a model…: a short curated list (size, licence, what each is good for in
// class) plus a field for any hub id, a progress bar with speed and a Cancel button. The
// download itself is the engine's downloader (tokenscope/hub_download.hpp) running on a
// worker thread owned by the dialog; the dialog only shows what it reports. When the files
// are in and verified it emits modelDownloaded(path), and the window loads that model.
#include <QDialog>
#include <QString>
#include <QThread>
#include <atomic>
#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace ts::ui {

class MainWindow;

struct CuratedModel {
    QString repoId;
    QString ggufFile;   // GGUF repositories: the file to fetch (empty: the downloader's Q8_0)
    QString title;      // untranslated; shown through tr()
    QString size;       // download size, approximate, with its precision (BF16, Q8_0, Q4_K_M)
    QString licence;    // untranslated; shown through tr()
    QString goodFor;    // untranslated; shown through tr()
    QString variantOf;  // a GGUF of another row: shown under that row
    bool recommendedKorean = false;  // marked "recommended for Korean" (an open licence)
};

// The models the dialog offers, Korean first: the recommended Korean model (Mi:dm 2.0 Mini,
// MIT), the other Korean families (EXAONE, HyperCLOVA X SEED, Kanana) with their own terms,
// Gemma 3 (Gemma Terms of Use), then GPT-2, SmolLM2 and Qwen2.5. Rows with variantOf are GGUF
// files of the row they name. Nothing here is bundled: every row is a download.
const std::vector<CuratedModel>& curatedModels();

// Runs ts::hub::downloadModel on its own thread; progress and the outcome come back as
// queued signals. cancel() is thread-safe.
class DownloadWorker : public QObject {
    Q_OBJECT
  public:
    void cancel() { m_cancel.store(true); }

  public slots:
    void start(const QString& repoId, const QString& ggufFile);

  signals:
    void waiting(const QString& file);  // another process holds the file's cache lock
    void progress(const QString& file, int fileIndex, int fileCount, qint64 done, qint64 total,
                  double bytesPerSecond);
    void finished(const QString& modelPath, const QString& summary);
    void failed(const QString& message, bool cancelled);

  private:
    std::atomic<bool> m_cancel{false};
};

class GetModelDialog : public QDialog {
    Q_OBJECT
  public:
    explicit GetModelDialog(QWidget* parent = nullptr);
    ~GetModelDialog() override;

    // Starts the download of `repoId` (the curated row's file choice applies).
    void startDownload(const QString& repoId);
    bool isDownloading() const { return m_downloading; }
    // For tests and screenshots.
    QLineEdit* idField() const { return m_idField; }
    QProgressBar* progressBar() const { return m_progress; }
    QString statusText() const;

  signals:
    void modelDownloaded(const QString& modelPath);
    void downloadFailed(const QString& message);

  protected:
    void changeEvent(QEvent* event) override;
    void reject() override;

  private:
    void retranslate();
    void setDownloading(bool on);
    void onWaiting(const QString& file);
    void onProgress(const QString& file, int fileIndex, int fileCount, qint64 done, qint64 total,
                    double bytesPerSecond);
    void onFinished(const QString& modelPath, const QString& summary);
    void onFailed(const QString& message, bool cancelled);
    void stopWorker();

    QLabel* m_intro = nullptr;
    QTreeWidget* m_list = nullptr;
    std::vector<QTreeWidgetItem*> m_items;  // one per curatedModels() row, in its order
    QLabel* m_idLabel = nullptr;
    QLineEdit* m_idField = nullptr;
    QLabel* m_whereLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_download = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_close = nullptr;
    QThread m_thread;
    DownloadWorker* m_worker = nullptr;
    bool m_downloading = false;
    QString m_currentId;
};

// Headless documentation shots: opens the dialog over `window`, downloads `repoId` and saves
// the window with the dialog on top to `file` once `atPercent` of the bytes are in (100: once
// the downloaded model is loaded in the window). Calls QApplication::exit with 0 or 1.
void startGetModelScreenshot(MainWindow* window, const QString& repoId, const QString& file,
                             int atPercent);

}  // namespace ts::ui

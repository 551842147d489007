// Model → Get a model… (see get_model_dialog.hpp): the curated list, the progress display,
// the worker that runs the engine's downloader off the GUI thread, and the headless mode that
// makes the README's screenshots of a download from the loopback hub server.
#include "shell/get_model_dialog.hpp"

#include <QApplication>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <cstdio>
#include <cstdlib>

#include "shell/main_window.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/hub_download.hpp"
#include "widgets/korean_particles.hpp"

namespace ts::ui {

namespace {
const char* kContext = "ts::ui::GetModelDialog";

QString human(qint64 bytes) {
    return QString::fromStdString(ts::hub::formatBytes(static_cast<std::uint64_t>(bytes)));
}
}  // namespace

void DownloadWorker::start(const QString& repoId, const QString& ggufFile) {
    m_cancel.store(false);
    ts::hub::DownloadOptions o;
    o.repoId = repoId.toStdString();
    o.ggufFile = ggufFile.toStdString();
    o.cancel = &m_cancel;
    o.progress = [this](const ts::hub::DownloadProgress& p) {
        if (p.waitingForOtherDownload) {
            emit waiting(QString::fromStdString(p.file));
            return;
        }
        emit progress(QString::fromStdString(p.file), p.fileIndex, p.fileCount,
                      static_cast<qint64>(p.done), static_cast<qint64>(p.total), p.bytesPerSecond);
    };
    try {
        const auto r = ts::hub::downloadModel(o);
        QStringList lines;
        for (const auto& f : r.files) {
            const QString how =
                f.check == "sha256+size"
                    ? QCoreApplication::translate("ts::ui::GetModelDialog", "SHA-256 matches")
                    : QCoreApplication::translate("ts::ui::GetModelDialog",
                                                  "size, git hash and commit match");
            lines << QStringLiteral("%1 (%2): %3")
                         .arg(QString::fromStdString(f.name), human(static_cast<qint64>(f.size)),
                              how);
        }
        emit finished(QString::fromStdString(r.modelPath.string()), lines.join(QLatin1Char('\n')));
    } catch (const ts::hub::DownloadError& e) {
        emit failed(QString::fromStdString(e.what()),
                    e.kind() == ts::hub::DownloadErrorKind::Cancelled);
    } catch (const std::exception& e) {
        emit failed(QString::fromStdString(e.what()), false);
    }
}

GetModelDialog::GetModelDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("getModelDialog"));
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    m_list = new QTreeWidget(this);
    m_list->setColumnCount(4);
    m_list->setRootIsDecorated(true);  // GGUF files sit under the model they quantise
    m_list->setWordWrap(true);
    m_list->setUniformRowHeights(false);
    m_list->header()->setStretchLastSection(true);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    const auto& models = curatedModels();
    for (std::size_t i = 0; i < models.size(); ++i) {
        const CuratedModel& m = models[i];
        QTreeWidgetItem* parentItem = nullptr;
        if (!m.variantOf.isEmpty()) {
            for (int k = 0; k < m_list->topLevelItemCount() && !parentItem; ++k)
                if (m_list->topLevelItem(k)->data(0, Qt::UserRole) == m.variantOf)
                    parentItem = m_list->topLevelItem(k);
        }
        auto* item = parentItem ? new QTreeWidgetItem(parentItem) : new QTreeWidgetItem(m_list);
        item->setData(0, Qt::UserRole, m.repoId);
        item->setData(0, Qt::UserRole + 1, static_cast<int>(i));
        item->setToolTip(0, m.repoId);
        m_items.push_back(item);
    }
    m_list->expandAll();
    layout->addWidget(m_list, 1);

    auto* idRow = new QHBoxLayout;
    m_idLabel = new QLabel(this);
    m_idField = new QLineEdit(this);
    m_idField->setPlaceholderText(QStringLiteral("ORG/NAME"));
    m_idLabel->setBuddy(m_idField);
    idRow->addWidget(m_idLabel);
    idRow->addWidget(m_idField, 1);
    layout->addLayout(idRow);
    m_whereLabel = new QLabel(this);
    m_whereLabel->setWordWrap(true);
    m_whereLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_whereLabel);

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    layout->addWidget(m_progress);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setMinimumHeight(m_status->fontMetrics().height() * 3);
    m_status->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_status);

    auto* buttons = new QDialogButtonBox(this);
    m_download = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_close = buttons->addButton(QString(), QDialogButtonBox::RejectRole);
    m_download->setDefault(true);
    layout->addWidget(buttons);

    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item) m_idField->setText(item->data(0, Qt::UserRole).toString());
    });
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (item && !m_downloading) startDownload(item->data(0, Qt::UserRole).toString());
    });
    connect(m_download, &QPushButton::clicked, this,
            [this] { startDownload(m_idField->text().trimmed()); });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_worker) m_worker->cancel();
    });
    connect(m_close, &QPushButton::clicked, this, &GetModelDialog::reject);

    // The download runs here, never on the GUI thread; results come back queued.
    m_worker = new DownloadWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &DownloadWorker::progress, this, &GetModelDialog::onProgress);
    connect(m_worker, &DownloadWorker::waiting, this, &GetModelDialog::onWaiting);
    connect(m_worker, &DownloadWorker::finished, this, &GetModelDialog::onFinished);
    connect(m_worker, &DownloadWorker::failed, this, &GetModelDialog::onFailed);
    m_thread.setObjectName(QStringLiteral("tokenscope-download"));
    m_thread.start();

    m_list->setCurrentItem(m_list->topLevelItem(0));
    setDownloading(false);
    retranslate();
    resize(860, 520);
}

GetModelDialog::~GetModelDialog() { stopWorker(); }

void GetModelDialog::stopWorker() {
    if (!m_thread.isRunning()) return;
    if (m_worker) m_worker->cancel();
    m_thread.quit();
    // Every request polls the flag every 100 ms (a hung listing included), so this is short.
    m_thread.wait();
    m_worker = nullptr;
}

QString GetModelDialog::statusText() const { return m_status->text(); }

void GetModelDialog::startDownload(const QString& repoIdIn) {
    const QString repoId = repoIdIn.trimmed();
    if (m_downloading || !m_worker) return;
    if (!ts::hub::isRepoId(repoId.toStdString())) {
        m_status->setText(fillKoreanParticles(tr("“%1” is not a hub model id. Write it as "
                                                 "ORG/NAME, for example openai-community/gpt2.")
                                                  .arg(repoId)));
        return;
    }
    QString gguf;
    for (const auto& m : curatedModels())
        if (m.repoId == repoId) gguf = m.ggufFile;
    m_currentId = repoId;
    m_progress->setValue(0);
    m_status->setText(tr("Asking the hub for the file list of %1…").arg(repoId));
    setDownloading(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, repoId, gguf] { w->start(repoId, gguf); }, Qt::QueuedConnection);
}

void GetModelDialog::onProgress(const QString& file, int fileIndex, int fileCount, qint64 done,
                                qint64 total, double bytesPerSecond) {
    if (total > 0)
        m_progress->setValue(
            static_cast<int>(1000.0 * static_cast<double>(done) / static_cast<double>(total)));
    m_status->setText(
        tr("Downloading %1 (file %2 of %3)\n%4 of %5 · %6/s")
            .arg(file)
            .arg(fileIndex + 1)
            .arg(fileCount)
            .arg(human(done), human(total), human(static_cast<qint64>(bytesPerSecond))));
}

void GetModelDialog::onWaiting(const QString& file) {
    m_status->setText(fillKoreanParticles(
        tr("Waiting: another download of %1 is running (another Tokenscope window, "
           "tokenscope-cli or the Hugging Face tools). It continues when that one ends.")
            .arg(file)));
}

void GetModelDialog::onFinished(const QString& modelPath, const QString& summary) {
    setDownloading(false);
    m_progress->setValue(1000);
    m_status->setText(fillKoreanParticles(
        tr("%1 is downloaded and verified; loading it now.\n%2").arg(m_currentId, summary)));
    emit modelDownloaded(modelPath);
}

void GetModelDialog::onFailed(const QString& message, bool cancelled) {
    setDownloading(false);
    if (cancelled) {
        m_status->setText(fillKoreanParticles(
            tr("Cancelled. What arrived is kept: downloading %1 again continues where it stopped.")
                .arg(m_currentId)));
        return;
    }
    m_status->setText(tr("The download of %1 failed.").arg(m_currentId));
    emit downloadFailed(message);
    // Not exec(): the dialog and the window stay responsive behind the message.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Download failed"), message,
                                QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
}

void GetModelDialog::setDownloading(bool on) {
    m_downloading = on;
    m_download->setEnabled(!on);
    m_cancel->setEnabled(on);
    m_list->setEnabled(!on);
    m_idField->setEnabled(!on);
}

void GetModelDialog::reject() {
    // Closing during a download cancels it (the partial file stays for the next try).
    if (m_downloading && m_worker) m_worker->cancel();
    QDialog::reject();
}

void GetModelDialog::retranslate() {
    setWindowTitle(tr("Get a model"));
    m_intro->setText(
        tr("Download a model from the Hugging Face hub into its cache, where the hub's own "
           "tools find it too. Only what Tokenscope loads is fetched (config, safetensors "
           "weights, tokenizer), and every file is checked against the hash the hub lists."));
    m_list->setHeaderLabels({tr("Model"), tr("Download"), tr("Licence"), tr("Good for in class")});
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const auto& m = curatedModels()[i];
        auto* item = m_items[i];
        QString title = QCoreApplication::translate(kContext, m.title.toUtf8().constData());
        if (m.recommendedKorean) title = tr("★ %1 — recommended for Korean").arg(title);
        item->setText(0, title);
        item->setText(1, m.size);
        item->setText(2, QCoreApplication::translate(kContext, m.licence.toUtf8().constData()));
        item->setToolTip(2, item->text(2));
        item->setText(3, QCoreApplication::translate(kContext, m.goodFor.toUtf8().constData()));
        item->setToolTip(3, item->text(3));
    }
    m_idLabel->setText(tr("Hub id:"));
    const char* endpoint = std::getenv("HF_ENDPOINT");
    QString cache;
    try {
        cache = QString::fromStdString(ts::hub::cacheDir().string());
    } catch (const ts::Error& e) {
        cache = QString::fromStdString(e.what());  // no home folder: the download says so too
    }
    m_whereLabel->setText(fillKoreanParticles(
        tr("From %1 into %2 (HF_ENDPOINT, HF_HUB_CACHE, HF_TOKEN and HTTPS_PROXY are honoured)")
            .arg(endpoint && *endpoint ? QString::fromUtf8(endpoint)
                                       : QStringLiteral("https://huggingface.co"),
                 cache)));
    m_download->setText(tr("&Download"));
    m_cancel->setText(tr("&Cancel download"));
    m_close->setText(tr("Close"));
    if (!m_downloading && m_status->text().isEmpty())
        m_status->setText(tr("Choose a model or type any hub id, then Download."));
}

void GetModelDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

namespace {

// The window as the screen shows it: the main window with the dialog centred on top.
QPixmap composite(QWidget* window, QWidget* dialog) {
    QPixmap shot = window->grab();
    const QPixmap top = dialog->grab();
    QPainter p(&shot);
    // Offscreen windows have no frame: draw a plain title bar so the picture reads as a dialog.
    const int bar = dialog->fontMetrics().height() + 12;
    const QSize whole(top.width(), top.height() + bar);
    const QPoint at((shot.width() - whole.width()) / 2, (shot.height() - whole.height()) / 2);
    p.fillRect(QRect(at + QPoint(6, 6), whole), QColor(0, 0, 0, 60));  // a soft shadow
    p.fillRect(QRect(at, QSize(whole.width(), bar)), QColor(226, 226, 230));
    p.setPen(QColor(40, 40, 40));
    p.drawText(QRect(at, QSize(whole.width(), bar)), Qt::AlignCenter, dialog->windowTitle());
    p.drawPixmap(at + QPoint(0, bar), top);
    p.setPen(QColor(120, 120, 120));
    p.drawRect(QRect(at, whole).adjusted(0, 0, -1, -1));
    return shot;
}

void saveAndExit(QWidget* window, QWidget* dialog, const QString& file) {
    QTimer::singleShot(400, window, [window, dialog, file] {
        QApplication::processEvents();
        const QPixmap shot = composite(window, dialog);
        const bool ok = shot.save(file);
        std::printf("%s: %dx%d\n", file.toLocal8Bit().constData(), shot.width(), shot.height());
        QApplication::exit(ok ? 0 : 1);
    });
}

}  // namespace

void startGetModelScreenshot(MainWindow* window, const QString& repoId, const QString& file,
                             int atPercent) {
    auto* dialog = new GetModelDialog(window);
    dialog->resize(std::min(900, window->width() - 80), std::min(540, window->height() - 80));
    dialog->idField()->setText(repoId);
    auto done = std::make_shared<bool>(false);
    QObject::connect(
        dialog, &GetModelDialog::downloadFailed, window, [done](const QString& message) {
            if (*done) return;
            *done = true;
            std::fprintf(stderr, "tokenscope: %s\n", message.toLocal8Bit().constData());
            QApplication::exit(1);
        });
    if (atPercent < 100) {
        QObject::connect(dialog->progressBar(), &QProgressBar::valueChanged, window,
                         [=](int permille) {
                             if (*done || permille < atPercent * 10) return;
                             *done = true;
                             saveAndExit(window, dialog, file);
                         });
    } else {
        // Finished: the window loads the downloaded model; the picture waits for it.
        QObject::connect(dialog, &GetModelDialog::modelDownloaded, window,
                         [=](const QString& path) {
                             QObject::connect(window, &MainWindow::modelReady, window, [=] {
                                 if (*done) return;
                                 *done = true;
                                 saveAndExit(window, dialog, file);
                             });
                             window->loadModel(path);
                         });
    }
    dialog->show();
    dialog->startDownload(repoId);
}

}  // namespace ts::ui

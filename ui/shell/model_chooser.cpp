#include "shell/model_chooser.hpp"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <algorithm>

#include "shell/get_model_dialog.hpp"
#include "tokenscope/hub_download.hpp"

namespace ts::ui {

namespace {
constexpr int kMaxRecent = 8;
const QString kOpenMarker = QStringLiteral("::open");
const QString kOpenFileMarker = QStringLiteral("::open-file");
const QString kGetMarker = QStringLiteral("::get");
const QString kServerMarker = QStringLiteral("::server");
const QString kConnectMarker = QStringLiteral("::connect");
}  // namespace

ModelChooser::ModelChooser(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_combo = new QComboBox(this);
    m_combo->setMinimumContentsLength(24);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    layout->addWidget(m_label);
    layout->addWidget(m_combo, 1);
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString choice = m_combo->itemData(index).toString();
        if (choice == kOpenMarker) {
            rebuild();  // put the current model back in the box while the dialog is open
            openFolderDialog();
        } else if (choice == kOpenFileMarker) {
            rebuild();
            openFileDialog();
        } else if (choice == kGetMarker) {
            rebuild();
            openGetModelDialog();
        } else if (choice == kConnectMarker) {
            rebuild();
            emit serverRequested();
        } else if (choice == kServerMarker) {
            // the server in use: nothing to load
        } else if (!choice.isEmpty() && choice != m_current) {
            emit modelRequested(choice);
        }
    });
    refreshCache();
}

void ModelChooser::setBundledPath(const QString& path) {
    m_bundled = path;
    rebuild();
}

void ModelChooser::setRecent(const QStringList& folders) {
    m_recent = folders.mid(0, kMaxRecent);
    rebuild();
}

void ModelChooser::setServer(const QString& description) {
    m_server = description;
    rebuild();
}

void ModelChooser::setCurrent(const QString& folder) {
    m_server.clear();
    m_current = QDir::cleanPath(folder);
    if (m_current != QDir::cleanPath(m_bundled)) {
        m_recent.removeAll(m_current);
        m_recent.prepend(m_current);
        while (m_recent.size() > kMaxRecent) m_recent.removeLast();
    }
    rebuild();
}

void ModelChooser::openFolderDialog() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open model folder (config.json + model.safetensors)"),
        m_current.isEmpty() ? QDir::homePath() : QFileInfo(m_current).absolutePath());
    if (!dir.isEmpty()) emit modelRequested(dir);
}

namespace {
ModelChooser::FilePicker& filePicker() {
    static ModelChooser::FilePicker picker;
    return picker;
}
}  // namespace

void ModelChooser::setFilePicker(FilePicker picker) { filePicker() = std::move(picker); }

void ModelChooser::openFileDialog() {
    const QString title = tr("Open model file");
    const QString dir =
        m_current.isEmpty() ? QDir::homePath() : QFileInfo(m_current).absolutePath();
    const QString filter = tr("GGUF model (*.gguf)");
    const QString file = filePicker() ? filePicker()(this, title, dir, filter)
                                      : QFileDialog::getOpenFileName(this, title, dir, filter);
    if (!file.isEmpty()) emit modelRequested(file);
}

void ModelChooser::openGetModelDialog() {
    if (m_getModelDialog) {
        m_getModelDialog->raise();
        m_getModelDialog->activateWindow();
        return;
    }
    auto* dialog = new GetModelDialog(window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &GetModelDialog::modelDownloaded, this, [this](const QString& path) {
        refreshCache();
        emit modelRequested(path);
    });
    m_getModelDialog = dialog;
    dialog->show();
}

void ModelChooser::refreshCache() {
    try {
        m_cached = ts::hub::scanCache(ts::hub::cacheDir());
    } catch (const ts::Error&) {
        m_cached.clear();  // no cache folder can be named (no home folder): nothing cached
    }
    rebuild();
}

QString ModelChooser::describe(const ts::hub::CachedModel& m) {
    QString name = QString::fromStdString(m.repoId);
    if (!m.revision.empty() && m.revision != "main")
        name += QLatin1Char('@') + QString::fromStdString(m.revision);
    if (!m.file.empty())
        name += QStringLiteral(" · ") + QString::fromStdString(m.file.filename().string());
    QStringList facts;
    if (!m.family.empty()) facts << QString::fromStdString(m.family);
    if (m.parameters > 0)
        facts << QString::fromStdString(ts::hub::formatParameters(m.parameters));
    else if (m.bytes > 0)
        facts << QString::fromStdString(ts::hub::formatBytes(m.bytes));
    if (!m.precision.empty()) facts << QString::fromStdString(m.precision);
    return facts.isEmpty() ? name
                           : name + QStringLiteral(" — ") + facts.join(QStringLiteral(" · "));
}

void ModelChooser::rebuild() {
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    m_label->setText(tr("Model:"));
    int currentIndex = -1;
    if (!m_server.isEmpty()) {
        m_combo->addItem(tr("Server: %1").arg(m_server), kServerMarker);
        m_combo->setItemData(0, m_server, Qt::ToolTipRole);
        currentIndex = 0;
    }
    if (!m_bundled.isEmpty()) {
        m_combo->addItem(tr("Bundled model (%1)").arg(QFileInfo(m_bundled).fileName()), m_bundled);
        m_combo->setItemData(m_combo->count() - 1, m_bundled, Qt::ToolTipRole);
        if (QDir::cleanPath(m_bundled) == m_current && m_server.isEmpty())
            currentIndex = m_combo->count() - 1;
    }
    for (const QString& f : m_recent) {
        if (QDir::cleanPath(f) == QDir::cleanPath(m_bundled)) continue;
        m_combo->addItem(QString::fromStdString(ts::hub::displayName(f.toStdString())), f);
        m_combo->setItemData(m_combo->count() - 1, f, Qt::ToolTipRole);
        if (QDir::cleanPath(f) == m_current && m_server.isEmpty())
            currentIndex = m_combo->count() - 1;
    }
    // The Hugging Face cache: every model found, the ones this engine cannot run greyed out
    // with the reason as a tooltip (so a learner sees why a download does not appear to work).
    bool cacheHeader = false;
    for (const auto& m : m_cached) {
        const QString path = QString::fromStdString((m.file.empty() ? m.folder : m.file).string());
        if (std::find_if(m_recent.begin(), m_recent.end(), [&](const QString& f) {
                return QDir::cleanPath(f) == QDir::cleanPath(path);
            }) != m_recent.end())
            continue;
        if (!cacheHeader) {
            m_combo->insertSeparator(m_combo->count());
            cacheHeader = true;
        }
        m_combo->addItem(describe(m), path);
        const int row = m_combo->count() - 1;
        m_combo->setItemData(row, m.supported ? path : QString::fromStdString(m.reason),
                             Qt::ToolTipRole);
        if (!m.supported) {
            if (auto* model = qobject_cast<QStandardItemModel*>(m_combo->model()))
                model->item(row)->setEnabled(false);
        }
        if (QDir::cleanPath(path) == m_current && m_server.isEmpty()) currentIndex = row;
    }
    if (currentIndex < 0 && !m_current.isEmpty()) {
        m_combo->addItem(QString::fromStdString(ts::hub::displayName(m_current.toStdString())),
                         m_current);
        currentIndex = m_combo->count() - 1;
    }
    m_combo->insertSeparator(m_combo->count());
    m_combo->addItem(tr("Get a model…"), kGetMarker);
    m_combo->addItem(tr("Open model folder…"), kOpenMarker);
    m_combo->addItem(tr("Open model file (GGUF)…"), kOpenFileMarker);
    m_combo->addItem(tr("Connect to a server…"), kConnectMarker);
    m_combo->setCurrentIndex(std::max(0, currentIndex));
}

void ModelChooser::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) rebuild();
    QWidget::changeEvent(event);
}

ModelMenu::ModelMenu(ModelChooser* chooser, QWidget* parent) : QMenu(parent), m_chooser(chooser) {
    // Rebuilt when opened, so a model another tool put in the cache shows up.
    connect(this, &QMenu::aboutToShow, this, [this] {
        m_chooser->refreshCache();
        rebuild();
    });
    rebuild();
}

void ModelMenu::rebuild() {
    clear();
    setTitle(tr("&Model"));
    addAction(tr("&Get a model…"), m_chooser, &ModelChooser::openGetModelDialog);
    addAction(tr("&Open model folder…"), m_chooser, &ModelChooser::openFolderDialog);
    addAction(tr("Open model &file (GGUF)…"), m_chooser, &ModelChooser::openFileDialog);
    addAction(tr("Connect to a &server…"), m_chooser,
              [this] { emit m_chooser->serverRequested(); });
    addSeparator();
    addSection(tr("Hugging Face cache"));
    bool any = false;
    for (const auto& m : m_chooser->cachedModels()) {
        const QString path = QString::fromStdString((m.file.empty() ? m.folder : m.file).string());
        QAction* a = addAction(ModelChooser::describe(m), m_chooser,
                               [this, path] { emit m_chooser->modelRequested(path); });
        a->setEnabled(m.supported);
        a->setToolTip(m.supported ? path : QString::fromStdString(m.reason));
        any = true;
    }
    if (!any) {
        QString where;
        try {
            where = QString::fromStdString(ts::hub::cacheDir().string());
        } catch (const ts::Error&) {
            where = QStringLiteral("HF_HUB_CACHE");  // no home folder to name a default
        }
        addAction(tr("(none found in %1)").arg(where))->setEnabled(false);
    }
    setToolTipsVisible(true);
}

void ModelMenu::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) rebuild();
    QMenu::changeEvent(event);
}

}  // namespace ts::ui

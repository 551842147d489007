#include "shell/model_chooser.hpp"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace ts::ui {

namespace {
constexpr int kMaxRecent = 8;
const QString kOpenMarker = QStringLiteral("::open");
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
        } else if (!choice.isEmpty() && choice != m_current) {
            emit modelRequested(choice);
        }
    });
    rebuild();
}

void ModelChooser::setBundledPath(const QString& path) {
    m_bundled = path;
    rebuild();
}

void ModelChooser::setRecent(const QStringList& folders) {
    m_recent = folders.mid(0, kMaxRecent);
    rebuild();
}

void ModelChooser::setCurrent(const QString& folder) {
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

void ModelChooser::rebuild() {
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    m_label->setText(tr("Model:"));
    int currentIndex = -1;
    if (!m_bundled.isEmpty()) {
        m_combo->addItem(tr("Bundled model (%1)").arg(QFileInfo(m_bundled).fileName()), m_bundled);
        m_combo->setItemData(0, m_bundled, Qt::ToolTipRole);
        if (QDir::cleanPath(m_bundled) == m_current) currentIndex = 0;
    }
    for (const QString& f : m_recent) {
        if (QDir::cleanPath(f) == QDir::cleanPath(m_bundled)) continue;
        m_combo->addItem(QFileInfo(f).fileName(), f);
        m_combo->setItemData(m_combo->count() - 1, f, Qt::ToolTipRole);
        if (QDir::cleanPath(f) == m_current) currentIndex = m_combo->count() - 1;
    }
    if (currentIndex < 0 && !m_current.isEmpty()) {
        m_combo->addItem(QFileInfo(m_current).fileName(), m_current);
        currentIndex = m_combo->count() - 1;
    }
    m_combo->insertSeparator(m_combo->count());
    m_combo->addItem(tr("Open model folder…"), kOpenMarker);
    m_combo->setCurrentIndex(std::max(0, currentIndex));
}

void ModelChooser::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) rebuild();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui

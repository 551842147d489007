#include "shell/server_notice.hpp"

#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/view_table.hpp"

namespace ts::ui {

ServerNotice::ServerNotice(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("serverNotice"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(1);
    m_line = new QLabel(this);
    m_line->setObjectName(QStringLiteral("serverNoticeLine"));
    m_line->setWordWrap(true);
    m_line->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_line);
    m_load = new QPushButton(this);
    connect(m_load, &QPushButton::clicked, this, &ServerNotice::loadLocalRequested);
    layout->addWidget(m_load, 0, Qt::AlignHCenter);
    layout->addStretch(1);
    hide();
    retranslate();
    // It lies over its parent (the window's view area): as large as the parent, always.
    if (parent) parent->installEventFilter(this);
}

bool ServerNotice::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        setGeometry(parentWidget()->rect());
    return QFrame::eventFilter(watched, event);
}

QString ServerNotice::lineFor(unsigned needs) {
    // One line per view: the first of its needs a server lacks names what is missing.
    if (needs & kNeedsAttention)
        return tr(
            "A model server does not expose its attention weights, so this view has "
            "nothing to show for it.");
    if (needs & kNeedsEmbeddings)
        return tr(
            "A model server does not expose its embedding vectors, so this view has "
            "nothing to show for it.");
    if (needs & kNeedsHiddenStates)
        return tr(
            "A model server does not expose its hidden states (the residual stream), so "
            "this tool cannot run on it.");
    if (needs & kNeedsLocalModel)
        return tr(
            "This tool runs the model on sessions of its own, which the app does only "
            "with a local model (tokenscope-cli runs several of them with --server).");
    return {};
}

void ServerNotice::showFor(const ViewEntry* entry) {
    m_entry = entry && (entry->needs & kServerLacks) ? entry : nullptr;
    retranslate();
    if (parentWidget()) setGeometry(parentWidget()->rect());
    setVisible(m_entry != nullptr);
    if (m_entry) raise();
}

QString ServerNotice::text() const { return m_entry ? m_line->text() : QString(); }

void ServerNotice::retranslate() {
    m_line->setText(m_entry ? lineFor(m_entry->needs) : QString());
    m_load->setText(tr("Load a local model instead"));
}

void ServerNotice::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QFrame::changeEvent(event);
}

}  // namespace ts::ui

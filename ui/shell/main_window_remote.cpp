// MainWindow on a model server (#50): Model → Connect to a server…, the app's --server URL, the
// status line that names the server and what it gives, and the notice that stands in for a
// view whose needs a server cannot meet (core/view_table.hpp). The loop itself is the engine
// worker's, unchanged: ts::Transcript over a ts::remote::RemoteSession.
#include <QAbstractScrollArea>
#include <QFileInfo>
#include <QLocale>
#include <QStackedWidget>
#include <QStatusBar>

#include "core/engine_controller.hpp"
#include "shell/connect_server_dialog.hpp"
#include "shell/controls_panel.hpp"
#include "shell/main_window.hpp"
#include "shell/model_chooser.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/server_notice.hpp"
#include "tokenscope/model_folder.hpp"
#include "widgets/steady_label.hpp"

namespace ts::ui {

void MainWindow::buildServerParts() {
    // Over the scroll area that holds the view stack, not the stack itself: a view's own least
    // size (the attention grid's) makes the stack taller than the window, and the line would
    // then sit below the visible part.
    QWidget* area = m_stack->parentWidget() && m_stack->parentWidget()->parentWidget()
                        ? m_stack->parentWidget()->parentWidget()
                        : m_stack;
    m_serverNotice = new ServerNotice(area);
    connect(m_serverNotice, &ServerNotice::loadLocalRequested, this, [this] {
        // The local model used last (the chooser's recent list), else the bundled one.
        QString folder;
        for (const QString& f : m_chooser->recent())
            if (QFileInfo::exists(f)) {
                folder = f;
                break;
            }
        if (folder.isEmpty()) folder = QString::fromStdString(ts::bundledModelPath().string());
        loadModel(folder);
    });
    connect(m_stack, &QStackedWidget::currentChanged, this, [this] { updateServerNotice(); });
    // After onModelLoaded has taken the new model in (it emits modelReady last).
    connect(this, &MainWindow::modelReady, this, &MainWindow::updateServerNotice);
    connect(m_chooser, &ModelChooser::serverRequested, this, &MainWindow::openConnectServerDialog);
}

void MainWindow::openConnectServerDialog() {
    if (!m_connectDialog) {
        m_connectDialog = new ConnectServerDialog(this);
        m_connectDialog->onConnected(
            [this](std::shared_ptr<const ts::remote::RemoteModel> server) { useServer(server); });
    }
    m_connectDialog->show();
    m_connectDialog->raise();
    m_connectDialog->activateWindow();
}

ConnectServerDialog* MainWindow::connectServerDialog() const { return m_connectDialog.data(); }

void MainWindow::connectServer(const ServerRequest& request) {
    if (m_running) m_engine->cancel();
    m_loading = true;
    m_controls->setBusy(true);
    statusBar()->showMessage(tr("Connecting to %1…").arg(request.url));
    m_serverTask.start<std::shared_ptr<const ts::remote::RemoteModel>>(
        this,
        [request](const std::atomic<bool>& cancel) { return connectToServer(request, &cancel); },
        [this](std::shared_ptr<const ts::remote::RemoteModel> server) { useServer(server); },
        [this](const QString& message) {
            m_loading = false;
            m_controls->setBusy(!hasModel());
            statusBar()->clearMessage();
            updateStatus();
            showError(tr("Could not connect to the server"), message,
                      tr("Check the address (http://HOST:PORT) and that the server is running. "
                         "The model loaded before stays loaded."));
        });
}

void MainWindow::useServer(std::shared_ptr<const ts::remote::RemoteModel> server) {
    if (!server) return;
    if (m_running) m_engine->cancel();
    m_loading = true;
    m_controls->setBusy(true);
    statusBar()->showMessage(tr("Connected to %1").arg(QString::fromStdString(server->info().url)),
                             5000);
    m_engine->useServer(std::move(server));  // modelLoaded follows, as after a load
}

void MainWindow::updateServerNotice() {
    if (!m_serverNotice) return;
    const int page = m_stack->currentIndex();
    const ViewEntry* entry =
        page >= 0 && page < kStageCount ? stageEntry(page) : findView(m_shownView);
    m_serverNotice->setFont(m_stack->font());  // the view's font, which follows the window
    m_serverNotice->showFor(isRemote() ? entry : nullptr);
    // The view under the line may be larger than the window (its own least size): no scroll
    // bars for a picture that is not shown.
    if (auto* scroll = qobject_cast<QAbstractScrollArea*>(m_serverNotice->parentWidget())) {
        const Qt::ScrollBarPolicy policy =
            m_serverNotice->entry() ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded;
        scroll->setVerticalScrollBarPolicy(policy);
        scroll->setHorizontalScrollBarPolicy(policy);
    }
    if (isRemote())  // the toolbar's chooser names the server, not the last folder
        m_chooser->setServer(QStringLiteral("%1 · %2").arg(
            m_info.name, QString::fromStdString(m_info.server->info().url)));
}

QString MainWindow::serverNoticeText() const {
    return m_serverNotice && m_serverNotice->entry() ? m_serverNotice->text() : QString();
}

void MainWindow::showServerStatus() {
    if (!m_info.server) {
        m_modelStatus->setToolTip(QString());
        return;
    }
    const auto& i = m_info.server->info();
    const QLocale loc;
    // One short line (a status bar's line sets the window's least width), the rest on hover.
    const QString perStep = i.topK >= i.nVocab ? tr("whole distribution per step")
                                               : tr("top %1 per step + the rest").arg(i.topK);
    m_modelStatus->setText(tr("%1 · %2 at %3 · vocabulary %4 · context %5 · %6")
                               .arg(QString::fromStdString(i.model),
                                    QString::fromStdString(ts::remote::kindName(i.kind)),
                                    QString::fromStdString(i.url), loc.toString(i.nVocab),
                                    loc.toString(i.nCtx), perStep));
    QStringList gives;
    gives << tr("Server: %1%2")
                 .arg(QString::fromStdString(ts::remote::kindName(i.kind)),
                      i.version.empty() ? QString()
                                        : QStringLiteral(" ") + QString::fromStdString(i.version));
    gives << tr("Vocabulary size from %1").arg(QString::fromStdString(i.vocabSource));
    gives << (i.tokenize ? tr("Tokenizer: the server's own (/tokenize)")
                         : tr("Tokenizer: none (type token ids)"));
    gives << (i.promptLogprobs ? tr("Scoring a prompt: one request (prompt logprobs)")
                               : tr("Scoring a prompt: one request per position"));
    gives << tr("Not exposed by a server: attention, embeddings, hidden states");
    m_modelStatus->setToolTip(gives.join(QLatin1Char('\n')));
}

ts::ModelIdentity MainWindow::identityOf(const ModelInfo& info) {
    if (info.model) return ts::ModelIdentity::of(*info.model, info.name.toStdString());
    if (!info.server) return {};
    const auto& i = info.server->info();
    return ts::ModelIdentity::ofConfig(info.server->config(), i.model, i.url,
                                       ts::remote::kindName(i.kind));
}

}  // namespace ts::ui

#include "shell/connect_server_dialog.hpp"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "tokenscope/error.hpp"

namespace ts::ui {

ConnectServerDialog::ConnectServerDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("connectServerDialog"));
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    auto* form = new QFormLayout;
    m_url = new QLineEdit(this);
    m_url->setObjectName(QStringLiteral("serverUrl"));
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080"));
    m_model = new QLineEdit(this);
    m_keyEnv = new QLineEdit(this);
    m_keyEnv->setPlaceholderText(QStringLiteral("TOKENSCOPE_API_KEY"));
    m_top = new QSpinBox(this);
    m_top->setRange(0, 1 << 20);
    m_top->setValue(0);
    m_vocab = new QSpinBox(this);
    m_vocab->setRange(0, 1 << 24);
    m_vocab->setValue(0);
    m_urlLabel = new QLabel(this);
    m_modelLabel = new QLabel(this);
    m_keyLabel = new QLabel(this);
    m_topLabel = new QLabel(this);
    m_vocabLabel = new QLabel(this);
    form->addRow(m_urlLabel, m_url);
    form->addRow(m_modelLabel, m_model);
    form->addRow(m_keyLabel, m_keyEnv);
    form->addRow(m_topLabel, m_top);
    form->addRow(m_vocabLabel, m_vocab);
    layout->addLayout(form);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);  // a request's length is unknown: a busy bar
    m_busy->setTextVisible(false);
    m_busy->hide();
    layout->addWidget(m_busy);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("connectError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel#connectError { color: #b91c1c; }"));
    m_error->hide();
    layout->addWidget(m_error);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_connect = m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_connect->setDefault(true);
    layout->addWidget(m_buttons);
    connect(m_connect, &QPushButton::clicked, this, &ConnectServerDialog::connectNow);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ConnectServerDialog::reject);
    retranslate();
    setMinimumWidth(480);
}

void ConnectServerDialog::retranslate() {
    setWindowTitle(tr("Connect to a model server"));
    m_intro->setText(
        tr("Run the views on a model served by llama.cpp's llama-server, vLLM or SGLang. "
           "Tokenscope sends token ids, gets each next-token distribution and draws the token "
           "itself; a server does not expose attention, embeddings or hidden states."));
    m_urlLabel->setText(tr("Server address:"));
    m_modelLabel->setText(tr("Model name (optional):"));
    m_model->setPlaceholderText(tr("the server's only model"));
    m_keyLabel->setText(tr("API key variable (optional):"));
    m_keyEnv->setToolTip(
        tr("The name of an environment variable holding the key, never the key "
           "itself. It is sent to this server only and never saved."));
    m_topLabel->setText(tr("Top tokens per step:"));
    m_top->setSpecialValueText(tr("whole vocabulary"));
    m_top->setToolTip(
        tr("0: the whole distribution where the server gives it. With a number K, "
           "the rest of the vocabulary is one bar in the softmax view."));
    m_vocabLabel->setText(tr("Vocabulary size (optional):"));
    m_vocab->setSpecialValueText(tr("as the server says"));
    m_vocab->setToolTip(
        tr("Only for a server that does not say it (vLLM without its "
           "tokenizer-info endpoint, SGLang): vocab_size in the model's "
           "config.json."));
    m_connect->setText(tr("Connect"));
}

void ConnectServerDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

void ConnectServerDialog::setRequest(const ServerRequest& request) {
    m_url->setText(request.url);
    m_model->setText(request.model);
    m_keyEnv->setText(request.apiKeyEnv);
    m_top->setValue(request.topLogprobs);
    m_vocab->setValue(request.vocabSize);
}

ServerRequest ConnectServerDialog::request() const {
    ServerRequest r;
    r.url = m_url->text().trimmed();
    r.model = m_model->text().trimmed();
    r.apiKeyEnv = m_keyEnv->text().trimmed();
    r.topLogprobs = m_top->value();
    r.vocabSize = m_vocab->value();
    return r;
}

QString ConnectServerDialog::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

void ConnectServerDialog::setBusy(bool busy) {
    m_busy->setVisible(busy);
    m_connect->setEnabled(!busy);
    for (QWidget* w : {static_cast<QWidget*>(m_url), static_cast<QWidget*>(m_model),
                       static_cast<QWidget*>(m_keyEnv), static_cast<QWidget*>(m_top),
                       static_cast<QWidget*>(m_vocab)})
        w->setEnabled(!busy);
}

void ConnectServerDialog::showError(const QString& message) {
    m_status->clear();
    m_error->setText(message);
    m_error->show();
}

void ConnectServerDialog::connectNow() {
    if (isBusy()) return;
    const ServerRequest r = request();
    m_error->clear();
    m_error->hide();
    if (r.url.isEmpty()) {
        showError(tr("Type the server's address, for example http://127.0.0.1:8080."));
        return;
    }
    setBusy(true);
    m_cancelling = false;
    m_status->setText(tr("Connecting to %1…").arg(r.url));
    m_task.start<std::shared_ptr<const ts::remote::RemoteModel>>(
        this, [r](const std::atomic<bool>& cancel) { return connectToServer(r, &cancel); },
        [this](std::shared_ptr<const ts::remote::RemoteModel> server) {
            setBusy(false);
            m_status->clear();
            if (m_connected) m_connected(std::move(server));
            accept();
        },
        [this](const QString& message) {
            setBusy(false);
            // A cancelled connection is no error: the dialog waits for another address.
            showError(m_cancelling ? tr("Cancelled.") : tr("Could not connect: %1").arg(message));
            m_cancelling = false;
        });
}

void ConnectServerDialog::reject() {
    // Cancel stops a connection in progress first; pressed again, it closes the dialog.
    if (isBusy()) {
        m_cancelling = true;
        m_task.cancel();
        m_status->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}

}  // namespace ts::ui

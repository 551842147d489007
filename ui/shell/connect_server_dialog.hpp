#pragma once
// Model → Connect to a server…: the address of a model server (llama.cpp's llama-server,
// vLLM, SGLang), an optional model name, the environment variable holding an API key, and how
// much of each next-token distribution to ask for. Connecting runs on a thread of its own
// (core/server_connection.hpp) with a busy bar and Cancel; an error stays in the dialog, in
// words, and the window goes on with the model it had. A connected server is handed to the
// window (onConnected), which runs the loop on it.
#include <QDialog>
#include <QString>
#include <functional>
#include <memory>

#include "core/server_connection.hpp"
#include "core/task.hpp"

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ts::ui {

class ConnectServerDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ConnectServerDialog(QWidget* parent = nullptr);

    void setRequest(const ServerRequest& request);
    ServerRequest request() const;
    // Connects as the Connect button does; the dialog closes on success.
    void connectNow();
    bool isBusy() const { return m_task.isRunning(); }
    // The error shown in the dialog ("" when none).
    QString errorText() const;
    // Called on the GUI thread with the connected server.
    void onConnected(std::function<void(std::shared_ptr<const ts::remote::RemoteModel>)> f) {
        m_connected = std::move(f);
    }

    // Cancel: stops a connection in progress; pressed again (or when idle), closes.
    void reject() override;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslate();
    void setBusy(bool busy);
    void showError(const QString& message);

    QLabel* m_intro = nullptr;
    QLabel* m_urlLabel = nullptr;
    QLabel* m_modelLabel = nullptr;
    QLabel* m_keyLabel = nullptr;
    QLabel* m_topLabel = nullptr;
    QLabel* m_vocabLabel = nullptr;
    QLineEdit* m_url = nullptr;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_keyEnv = nullptr;
    QSpinBox* m_top = nullptr;
    QSpinBox* m_vocab = nullptr;
    QProgressBar* m_busy = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QPushButton* m_connect = nullptr;
    BackgroundTask m_task;
    bool m_cancelling = false;  // Cancel was pressed while connecting
    std::function<void(std::shared_ptr<const ts::remote::RemoteModel>)> m_connected;
};

}  // namespace ts::ui

#pragma once
// The five stages of one step, drawn left to right. They light up in turn while a step
// runs; clicking a stage selects its view.
#include <QFont>
#include <QWidget>
#include <array>

class QTimer;

namespace ts::ui {

enum class Stage { Tokens = 0, Embedding, Attention, Softmax, Sampling };
constexpr int kStageCount = 5;

class PipelineBar : public QWidget {
    Q_OBJECT
public:
    explicit PipelineBar(QWidget* parent = nullptr);

    static QString stageName(int stage);  // translated
    void setSelected(int stage);
    int selected() const { return m_selected; }
    // Lights the stages one after the other over `totalMs`; then all fade out.
    void playStep(int totalMs);
    int litStage() const { return m_lit; }
    QSize sizeHint() const override;

signals:
    void stageSelected(int stage);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QRect stageRect(int stage) const;
    // Each stage name's font, shrunk until the name fits its box. Fitted once per size, font,
    // language or selection: measuring in every paint (a repaint per lit stage) took up to
    // 9 ms of a run's event loop.
    const QFont& fittedFont(int stage);

    int m_selected = 0;
    int m_lit = -1;
    QTimer* m_timer = nullptr;
    std::array<QFont, kStageCount> m_fitted;
    bool m_fittedValid = false;
};

}  // namespace ts::ui

#pragma once
// The five stages of one step, drawn left to right. They light up in turn while a step
// runs; clicking a stage selects its view.
#include <QFont>
#include <QPixmap>
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
    // A stage's box and name as drawn in its present look (plain, selected, lit), kept until
    // the fonts are fitted again: a run repaints the bar six times a step, and laying out the
    // five wrapped names each time took 1-3 ms of the event loop.
    const QPixmap& stageImage(int stage);
    void updateStage(int stage);  // repaints one stage's box

    int m_selected = 0;
    int m_lit = -1;
    QTimer* m_timer = nullptr;
    std::array<QFont, kStageCount> m_fitted;
    bool m_fittedValid = false;
    std::array<std::array<QPixmap, 3>, kStageCount> m_images;  // [stage][plain, selected, lit]
};

}  // namespace ts::ui

#pragma once
// Logit lens: the residual stream after each layer pushed through the final norm and the
// output projection, as if the model had stopped there. Rows are layers (embedding first),
// columns are the positions whose step recorded residuals; each cell names the top token
// and is coloured by its probability (or by the entropy), so learners see at which layer
// the prediction forms. It observes the window's one TranscriptModel (no copy of the
// steps) and reads the last kMaxColumns steps' lens, recorded by the engine on the worker.
#include <QJsonObject>
#include <QWidget>
#include <map>
#include <memory>
#include <vector>

#include "core/model_info.hpp"
#include "core/transcript_model.hpp"
#include "tokenscope/analysis.hpp"
#include "widgets/heatmap_widget.hpp"

class QComboBox;
class QLabel;
class QTableWidget;

namespace ts::ui {

class SteadyLabel;

class TranscriptFollower;

// A heatmap that also writes each cell's top token into it.
class LensHeatmap : public HeatmapWidget {
    Q_OBJECT
  public:
    using HeatmapWidget::HeatmapWidget;
    void setCellTexts(std::vector<QString> texts) {
        m_texts = std::move(texts);
        update();
    }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    std::vector<QString> m_texts;  // row-major, like the values
};

class LogitLensView : public QWidget {
    Q_OBJECT
  public:
    enum class Colour { Probability, Entropy };
    static constexpr int kMaxColumns = 24;
    explicit LogitLensView(QWidget* parent = nullptr);

    void setModel(const ModelInfo& info);
    // Follows `model` (the window's one history); null stops.
    void observe(const TranscriptModel* model);
    const TranscriptModel* transcript() const;
    void applySettings(const QJsonObject& settings);
    void setColour(Colour c);
    // Public for tests: columns of lens entries ([column][layer 0..L]) with their labels.
    void showLens(const QStringList& columnLabels,
                  const std::vector<std::vector<ts::LensEntry>>& columns,
                  const std::vector<int>& sampled = {});
    const LensHeatmap* heatmap() const { return m_heatmap; }
    int detailRows() const;
    int columnCount() const { return static_cast<int>(m_columns.size()); }
    const QStringList& columnLabels() const { return m_labels; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    void refresh();
    // The columns of the last kMaxColumns steps that recorded a lens (when shown, once a frame).
    void collectLens();
    void showDetail(int column);
    QString tokenText(int token) const;

    ModelInfo m_info;
    TranscriptFollower* m_follower = nullptr;
    Colour m_colour = Colour::Probability;
    QStringList m_labels;
    std::vector<std::vector<ts::LensEntry>> m_columns;
    std::vector<int> m_sampled;
    QComboBox* m_colourBox = nullptr;
    QLabel* m_colourLabel = nullptr;
    QLabel* m_explain = nullptr;
    LensHeatmap* m_heatmap = nullptr;
    SteadyLabel* m_detailTitle = nullptr;  // changes each step: must not relayout the window
    QTableWidget* m_detail = nullptr;
    QWidget* m_side = nullptr;  // the detail table's column, as wide as fitSideWidth says
    void fitSideWidth();
};

}  // namespace ts::ui

#pragma once
// Stage 5 and the autoregressive loop: the drawn token is highlighted, appended to the
// text, and an arrow carries it back into the model's input for the next step.
#include <QWidget>

#include "shell/step_record.hpp"
#include "widgets/vocabulary.hpp"

namespace ts::ui {

class SamplingView : public QWidget {
    Q_OBJECT
public:
    explicit SamplingView(QWidget* parent = nullptr);

    void setVocabulary(VocabularyPtr vocab);
    void setRecord(StepRecordPtr record);
    void setParams(const ts::SamplingParams& params);
    void setModelLayers(int nLayer) { m_nLayer = nLayer; update(); }
    void setHoveredPosition(int pos);

    // The context text with the drawn token appended (what the next step reads).
    QString continuedText() const;
    QString drawnTokenText() const;

signals:
    void positionHovered(int pos);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    VocabularyPtr m_vocab;
    StepRecordPtr m_record;
    ts::SamplingParams m_params;
    int m_nLayer = 0;
    int m_hovered = -1;
};

}  // namespace ts::ui

#pragma once
// Writing what the views show to files: pictures of any view, and the numbers behind the
// current step (distribution, attention) as CSV or JSON for spreadsheets and notebooks.
#include <QString>

#include "shell/step_record.hpp"
#include "widgets/vocabulary.hpp"

class QWidget;

namespace ts::ui {

// The widget as rendered on screen; the format follows the suffix: .svg gives vectors
// (QPainter output), anything else (.png, .jpg...) a pixel image.
bool saveWidgetImage(QWidget* widget, const QString& path);

// The `maxRows` most probable next tokens at `params`: token, text, probability at the
// temperature, and probability after top-k/top-p (what sampling draws from).
QString distributionCsv(const StepRecord& record, const ts::SamplingParams& params,
                        const Vocabulary* vocab, int maxRows);
QString distributionJson(const StepRecord& record, const ts::SamplingParams& params,
                         const Vocabulary* vocab, int maxRows);

// Every attention row recorded by this step: layer, head, query position, key position, weight.
QString attentionCsv(const StepRecord& record);
QString attentionJson(const StepRecord& record, const Vocabulary* vocab);

bool writeTextFile(const QString& path, const QString& text, QString* error);

}  // namespace ts::ui

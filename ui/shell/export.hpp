#pragma once
// Writing what the views show to files: pictures of any view, and the numbers behind the
// current step (distribution, attention) as CSV or JSON for spreadsheets and notebooks.
#include <QString>
#include <vector>

#include "core/vocabulary.hpp"
#include "tokenscope/transcript.hpp"

class QWidget;

namespace ts::ui {

// The widget as rendered on screen; the format follows the suffix: .svg gives vectors
// (QPainter output), anything else (.png, .jpg...) a pixel image.
bool saveWidgetImage(QWidget* widget, const QString& path);

// The `maxRows` most probable next tokens at `params`: token, text, probability at the
// temperature, and probability after top-k/top-p (what sampling draws from).
QString distributionCsv(const TranscriptStep& record, const ts::SamplingParams& params,
                        const Vocabulary* vocab, int maxRows);
QString distributionJson(const TranscriptStep& record, const ts::SamplingParams& params,
                         const Vocabulary* vocab, int maxRows);

// Every attention row recorded by this step: layer, head, query position, key position, weight.
QString attentionCsv(const TranscriptStep& record);
// The attention over step `step`'s whole context in the CLI's schema (`tokenscope-cli trace
// --attention`, read by the conformance oracle): "ids" and "attentions"[layer][head][query] [key],
// rows zero-padded past their query; the rows of earlier queries come from the steps of `history`
// that processed them. Also "step", "tokens" and "display" as the CLI writes them, and
// "missing_queries" when a thinned step no longer holds some rows (left zero).
QString attentionJson(const std::vector<TranscriptStepPtr>& history, int step,
                      const Vocabulary* vocab);

bool writeTextFile(const QString& path, const QString& text, QString* error);

}  // namespace ts::ui

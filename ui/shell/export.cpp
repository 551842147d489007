#include "shell/export.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QTextStream>
#include <QWidget>
#include <algorithm>
#include <span>

#include "tokenscope/sampling.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

namespace {

QString csvQuote(QString s) {
    s.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + s + QLatin1Char('"');
}

// The token's text (bytes that are not whole characters as <XX>).
QString tokenText(const Vocabulary* vocab, int id) {
    return vocab ? vocab->text(id) : QStringLiteral("#%1").arg(id);
}

// How the views show the token after the context (ts::tokenDisplayAfter: "범 3/3", "␣the").
QString displayText(const Vocabulary* vocab, std::span<const int> context, int id) {
    return vocab ? vocab->displayAfter(context, id) : QStringLiteral("#%1").arg(id);
}

}  // namespace

bool saveWidgetImage(QWidget* widget, const QString& path) {
    if (!widget) return false;
    // A heatmap still stretched from a run's growth is drawn exactly first.
    for (HeatmapWidget* map : widget->findChildren<HeatmapWidget*>()) map->settleDisplay();
    if (!path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
        return widget->grab().save(path);
    // Views paint with QPainter, so rendering them into an SVG device keeps heatmaps, bars
    // and text as vectors.
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(widget->size());
    svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
    svg.setTitle(QStringLiteral("Tokenscope"));
    QPainter painter;
    if (!painter.begin(&svg)) return false;
    widget->render(&painter);
    return painter.end();
}

QString distributionCsv(const TranscriptStep& record, const ts::SamplingParams& params,
                        const Vocabulary* vocab, int maxRows) {
    QString out = QStringLiteral("rank,token,text,display,probability,sampling_probability\n");
    if (!record.trace || record.trace->logits.empty()) return out;
    const auto probs = ts::softmax(record.trace->logits, params.temperature);
    const auto dist = ts::samplingDistribution(record.trace->logits, params);
    int rank = 1;
    for (const auto& c : ts::topCandidates(probs, maxRows))
        out += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                   .arg(rank++)
                   .arg(c.token)
                   .arg(csvQuote(tokenText(vocab, c.token)),
                        csvQuote(displayText(vocab, record.contextTokens(), c.token)))
                   .arg(static_cast<double>(c.prob), 0, 'g', 8)
                   .arg(static_cast<double>(dist[static_cast<std::size_t>(c.token)]), 0, 'g', 8);
    return out;
}

QString distributionJson(const TranscriptStep& record, const ts::SamplingParams& params,
                         const Vocabulary* vocab, int maxRows) {
    QJsonObject root;
    root[QStringLiteral("step")] = record.index;
    root[QStringLiteral("temperature")] = static_cast<double>(params.temperature);
    root[QStringLiteral("top_k")] = params.topK;
    root[QStringLiteral("top_p")] = static_cast<double>(params.topP);
    root[QStringLiteral("sampled_token")] = record.sampledToken;
    QJsonArray rows;
    if (record.trace && !record.trace->logits.empty()) {
        const auto probs = ts::softmax(record.trace->logits, params.temperature);
        const auto dist = ts::samplingDistribution(record.trace->logits, params);
        root[QStringLiteral("entropy_bits")] = ts::entropyBits(probs);
        root[QStringLiteral("vocabulary_size")] = static_cast<int>(probs.size());
        for (const auto& c : ts::topCandidates(probs, maxRows)) {
            QJsonObject row;
            row[QStringLiteral("token")] = c.token;
            row[QStringLiteral("text")] = tokenText(vocab, c.token);
            row[QStringLiteral("display")] = displayText(vocab, record.contextTokens(), c.token);
            row[QStringLiteral("probability")] = static_cast<double>(c.prob);
            row[QStringLiteral("sampling_probability")] =
                static_cast<double>(dist[static_cast<std::size_t>(c.token)]);
            rows.append(row);
        }
    }
    root[QStringLiteral("candidates")] = rows;
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

QString attentionCsv(const TranscriptStep& record) {
    QString out;
    QTextStream s(&out);
    s << "layer,head,query,key,weight\n";
    if (!record.trace) return out;
    const auto& a = record.trace->attention;
    for (int l = 0; l < a.nLayer; ++l)
        for (int h = 0; h < a.nHead; ++h)
            for (int q = a.firstQuery; q < a.firstQuery + a.nQueries; ++q) {
                const auto row = a.row(l, h, q);
                for (std::size_t k = 0; k < row.size(); ++k)
                    s << l << ',' << h << ',' << q << ',' << k << ',' << row[k] << '\n';
            }
    return out;
}

QString attentionJson(const std::vector<TranscriptStepPtr>& history, int step,
                      const Vocabulary* vocab) {
    if (step < 0 || step >= static_cast<int>(history.size())) return {};
    const TranscriptStepPtr& current = history[static_cast<std::size_t>(step)];
    if (!current) return {};
    const TranscriptStep& record = *current;
    QJsonObject root;
    root[QStringLiteral("step")] = record.index;
    QJsonArray ids;
    QJsonArray texts;
    for (int t : record.contextTokens()) {
        ids.append(t);
        texts.append(tokenText(vocab, t));
    }
    root[QStringLiteral("ids")] = ids;
    root[QStringLiteral("tokens")] = texts;
    QJsonArray display;
    if (vocab)
        for (const auto& d : vocab->displays(record.contextTokens()))
            display.append(QString::fromStdString(d));
    root[QStringLiteral("display")] = display;
    // The CLI's schema (tokenscope-cli trace --attention): attentions[layer][head][query][key] over
    // the whole context, each row zero-padded past its query (causal). A step traces only its own
    // queries, so the earlier rows come from the steps that processed them.
    QJsonArray layers;
    QJsonArray missing;  // queries no step of the path kept (thinned history): zero rows
    const int T = static_cast<int>(record.contextTokens().size());
    const ts::AttentionTrace* a = record.trace ? &record.trace->attention : nullptr;
    if (a && !a->empty()) {
        // The step of the path (this one or an earlier one) that traced each query.
        std::vector<const ts::AttentionTrace*> owner(static_cast<std::size_t>(T), nullptr);
        for (int i = 0; i <= step; ++i) {
            const TranscriptStepPtr& r = history[static_cast<std::size_t>(i)];
            if (!r || !r->trace || r->trace->attention.empty()) continue;
            const ts::AttentionTrace& t = r->trace->attention;
            if (t.nLayer != a->nLayer || t.nHead != a->nHead) continue;
            const int end = std::min(t.firstQuery + t.nQueries, T);
            for (int q = std::max(t.firstQuery, 0); q < end; ++q)
                owner[static_cast<std::size_t>(q)] = &t;
        }
        for (int q = 0; q < T; ++q)
            if (!owner[static_cast<std::size_t>(q)]) missing.append(q);
        for (int l = 0; l < a->nLayer; ++l) {
            QJsonArray heads;
            for (int h = 0; h < a->nHead; ++h) {
                QJsonArray rows;
                for (int q = 0; q < T; ++q) {
                    const ts::AttentionTrace* t = owner[static_cast<std::size_t>(q)];
                    const std::span<const float> row =
                        t ? t->row(l, h, q) : std::span<const float>{};
                    QJsonArray weights;
                    for (int k = 0; k < T; ++k)
                        weights.append(k < static_cast<int>(row.size())
                                           ? static_cast<double>(row[static_cast<std::size_t>(k)])
                                           : 0.0);
                    rows.append(weights);
                }
                heads.append(rows);
            }
            layers.append(heads);
        }
    }
    root[QStringLiteral("attentions")] = layers;
    if (!missing.isEmpty()) root[QStringLiteral("missing_queries")] = missing;
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
}

bool writeTextFile(const QString& path, const QString& text, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        if (error) *error = f.errorString();
        return false;
    }
    f.write(text.toUtf8());
    return true;
}

}  // namespace ts::ui

// Export writes what a view shows: pixels for .png, QPainter vectors for .svg, and the numbers
// behind the distribution as CSV, and the attention in the CLI's JSON schema.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "canned_record.hpp"
#include "catch.hpp"
#include "shell/export.hpp"
#include "stages/softmax_view.hpp"

TEST_CASE("a view exports as PNG and as SVG with its text as vectors", "[ui][export]") {
    const std::vector<float> logits = {2.0f, 1.0f, 0.5f, -1.0f, 3.0f};
    ts::ui::SoftmaxView view;
    view.resize(600, 400);
    view.setRecord(ts_test::cannedRecord(logits, 4));
    QTemporaryDir dir;
    REQUIRE(dir.isValid());

    const QString png = dir.filePath(QStringLiteral("view.png"));
    REQUIRE(ts::ui::saveWidgetImage(&view, png));
    const QImage image(png);
    CHECK(image.width() == 600);
    CHECK(image.height() == 400);

    const QString svg = dir.filePath(QStringLiteral("view.svg"));
    REQUIRE(ts::ui::saveWidgetImage(&view, svg));
    QFile file(svg);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    CHECK(content.contains("<svg"));
    CHECK(content.contains("viewBox=\"0 0 600 400\""));
    // bars are drawn as vector shapes, not one embedded bitmap
    CHECK((content.contains("<path") || content.contains("<rect")));
    CHECK_FALSE(ts::ui::saveWidgetImage(nullptr, svg));
}

TEST_CASE("the distribution CSV lists tokens by probability", "[ui][export]") {
    const std::vector<float> logits = {2.0f, 1.0f, 0.5f, -1.0f, 3.0f};
    const auto record = ts_test::cannedRecord(logits, 4);
    ts::SamplingParams params;
    const QString csv = ts::ui::distributionCsv(*record, params, nullptr, 3);
    const QStringList lines = csv.trimmed().split(QLatin1Char('\n'));
    REQUIRE(lines.size() == 4);  // header + 3 rows
    CHECK(lines[1].startsWith(QStringLiteral("1,4,")));
    CHECK(lines[2].startsWith(QStringLiteral("2,0,")));
}

namespace {
// A weight no other (layer, head, query, key) shares, so a misplaced row shows.
double cannedWeight(int l, int h, int q, int k) {
    return 0.5 + 0.1 * l + 0.01 * h + 0.001 * q + 0.0001 * k;
}

// A step whose trace holds the attention rows of queries first..first+count-1.
ts::TranscriptStepPtr attentionStep(int index, int first, int count, std::vector<int> context) {
    auto rec = ts_test::cannedRecord({0.0f, 1.0f}, 0, context);
    auto trace = std::make_shared<ts::StepTrace>(*rec->trace);
    ts::AttentionTrace& a = trace->attention;
    a.nLayer = 2;
    a.nHead = 2;
    a.firstQuery = first;
    a.nQueries = count;
    std::size_t perHead = 0;
    for (int q = first; q < first + count; ++q) perHead += static_cast<std::size_t>(q + 1);
    a.data.assign(perHead * 4, 0.0f);
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h)
            for (int q = first; q < first + count; ++q)
                for (int k = 0; k <= q; ++k)
                    a.data[a.rowOffset(l, h, q) + static_cast<std::size_t>(k)] =
                        static_cast<float>(cannedWeight(l, h, q, k));
    auto out = std::make_shared<ts::TranscriptStep>(*rec);
    out->index = index;
    out->trace = trace;
    return out;
}
}  // namespace

TEST_CASE(
    "the attention JSON is the CLI's: ids and attentions[L][H][T][T], earlier rows from earlier "
    "steps",
    "[ui][export]") {
    // The prompt's step traced queries 0 and 1; the decode step only query 2.
    const std::vector<ts::TranscriptStepPtr> history = {attentionStep(0, 0, 2, {5, 6}),
                                                        attentionStep(1, 2, 1, {5, 6, 7})};
    const QJsonObject root =
        QJsonDocument::fromJson(ts::ui::attentionJson(history, 1, nullptr).toUtf8()).object();
    CHECK(root.value(QStringLiteral("ids")).toArray() == QJsonArray{5, 6, 7});
    CHECK(root.value(QStringLiteral("step")).toInt() == 1);
    CHECK_FALSE(root.contains(QStringLiteral("missing_queries")));
    const QJsonArray layers = root.value(QStringLiteral("attentions")).toArray();
    REQUIRE(layers.size() == 2);
    for (int l = 0; l < 2; ++l) {
        const QJsonArray heads = layers[l].toArray();
        REQUIRE(heads.size() == 2);
        for (int h = 0; h < 2; ++h) {
            const QJsonArray rows = heads[h].toArray();
            REQUIRE(rows.size() == 3);
            for (int q = 0; q < 3; ++q) {
                const QJsonArray row = rows[q].toArray();
                REQUIRE(row.size() == 3);
                for (int k = 0; k < 3; ++k) {
                    INFO("layer " << l << " head " << h << " query " << q << " key " << k);
                    // Causal: keys after the query are padded with zeros, as the CLI pads.
                    const double want = k <= q ? cannedWeight(l, h, q, k) : 0.0;
                    CHECK(row[k].toDouble() == Approx(want).margin(1e-6));
                }
            }
        }
    }
    // The prompt's step alone: a 2 x 2 matrix per head, nothing from the later step.
    const QJsonObject first =
        QJsonDocument::fromJson(ts::ui::attentionJson(history, 0, nullptr).toUtf8()).object();
    CHECK(first.value(QStringLiteral("ids")).toArray() == QJsonArray{5, 6});
    CHECK(first.value(QStringLiteral("attentions"))[0][1].toArray().size() == 2);
    // A thinned prompt step: its rows are zero and named, not silently passed off as data.
    auto thinned = std::make_shared<ts::TranscriptStep>(*history[0]);
    thinned->trace.reset();
    const QJsonObject gap =
        QJsonDocument::fromJson(ts::ui::attentionJson({thinned, history[1]}, 1, nullptr).toUtf8())
            .object();
    CHECK(gap.value(QStringLiteral("missing_queries")).toArray() == QJsonArray{0, 1});
    CHECK(gap.value(QStringLiteral("attentions"))[0][0][0][0].toDouble() == 0.0);
    CHECK(gap.value(QStringLiteral("attentions"))[0][0][2][2].toDouble() ==
          Approx(cannedWeight(0, 0, 2, 2)).margin(1e-6));
    // No such step: nothing.
    CHECK(ts::ui::attentionJson(history, 2, nullptr).isEmpty());
}

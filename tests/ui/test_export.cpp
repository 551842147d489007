// Export writes what a view shows: pixels for .png, QPainter vectors for .svg, and the
// numbers behind the distribution as CSV.
#include <QDir>
#include <QFile>
#include <QImage>
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

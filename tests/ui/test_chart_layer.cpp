// Qt Charts is deprecated from Qt 6.10: the app reaches it only through ui/widgets/chart.* and
// chart_font.*, so a move to Qt Graphs is one folder's work (docs/architecture.md). Pinned by
// reading the sources; a tool that includes Qt Charts itself fails with its name.
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

#include "catch.hpp"

TEST_CASE("only the chart layer in ui/widgets includes Qt Charts", "[ui][charts]") {
    const QString root = QStringLiteral(TOKENSCOPE_SOURCE_DIR "/ui");
    const QStringList layer = {
        QStringLiteral("widgets/chart.cpp"), QStringLiteral("widgets/chart.hpp"),
        QStringLiteral("widgets/chart_font.cpp"), QStringLiteral("widgets/chart_font.hpp")};
    // <QChart>, <QChartView>, <QLineSeries>, <QtCharts/...>, <QValueAxis>, <QBarSet>...
    static const QRegularExpression chartsInclude(
        QStringLiteral(
            R"(^\s*#\s*include\s*<(QtCharts|QChart|Q\w*(Series|Axis|BarSet|Legend\w*))\b)"),
        QRegularExpression::MultilineOption);
    int files = 0;
    QStringList offenders;
    QDirIterator it(root, {QStringLiteral("*.cpp"), QStringLiteral("*.hpp")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = path.mid(root.size() + 1);
        QFile f(path);
        REQUIRE(f.open(QIODevice::ReadOnly));
        ++files;
        const QString text = QString::fromUtf8(f.readAll());
        if (text.contains(chartsInclude) && !layer.contains(relative)) offenders << relative;
    }
    CHECK(files > 50);
    INFO(offenders.join(QStringLiteral(", ")).toStdString());
    CHECK(offenders.isEmpty());
    // The pattern catches what the tools used to include.
    CHECK(QStringLiteral("#include <QLineSeries>").contains(chartsInclude));
    CHECK(QStringLiteral("#include <QtCharts/QChartView>").contains(chartsInclude));
    CHECK_FALSE(QStringLiteral("#include <QLabel>").contains(chartsInclude));
}

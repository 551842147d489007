// Every string translated after a live switch: a window started in English and switched to
// 한국어 from the Language menu must show, in every view and tool, the same texts as a
// window started in Korean (labels, buttons, group boxes, tabs, table headers, combo box
// items, placeholders, dock titles, menus, chart titles, axes and legends). A text that
// stays English after the switch is a view that forgot to retranslate. Numbers are masked:
// the cost meter's timings differ from run to run.
// With TOKENSCOPE_SHOT_DIR set, it also saves each view after the switch (SWITCHED-NAME.png)
// for a person to look at.
#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractItemModel>
#include <QAbstractSeries>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <map>

#include "catch.hpp"
#include "layout_checks.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"

using namespace ts::ui;

namespace {

// The texts a person reads in the window as it is now (visible widgets only), numbers
// masked, sorted.
QStringList visibleTexts(MainWindow& window) {
    QStringList out;
    static const QRegularExpression digits(QStringLiteral("[0-9]+([.,][0-9]+)*"));
    auto add = [&](QString t) {
        t = t.trimmed();
        if (t.isEmpty()) return;
        out << t.replace(digits, QStringLiteral("#"));
    };
    for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!ts_test::shownIn(w, &window)) continue;
        if (auto* l = qobject_cast<QLabel*>(w))
            add(l->text());
        else if (auto* b = qobject_cast<QAbstractButton*>(w))
            add(b->text()), add(b->toolTip());
        else if (auto* g = qobject_cast<QGroupBox*>(w))
            add(g->title());
        else if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i) add(c->itemText(i));
        else if (auto* e = qobject_cast<QLineEdit*>(w))
            add(e->placeholderText());
        else if (auto* p = qobject_cast<QPlainTextEdit*>(w))
            add(p->placeholderText());
        else if (auto* s = qobject_cast<QAbstractSpinBox*>(w))
            add(s->specialValueText());
        else if (auto* d = qobject_cast<QDockWidget*>(w))
            add(d->windowTitle());
        else if (auto* tb = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < tb->count(); ++i) add(tb->tabText(i));
        else if (auto* t = qobject_cast<QTableView*>(w)) {
            if (!t->model()) continue;
            for (int col = 0; col < t->model()->columnCount(); ++col)
                add(t->model()->headerData(col, Qt::Horizontal).toString());
        } else if (auto* cv = qobject_cast<QChartView*>(w)) {
            add(cv->chart()->title());
            for (QAbstractAxis* a : cv->chart()->axes()) add(a->titleText());
            for (QAbstractSeries* series : cv->chart()->series()) add(series->name());
        }
    }
    for (QMenu* m : window.menuBar()->findChildren<QMenu*>()) {
        add(m->title());
        for (QAction* a : m->actions()) add(a->text());
    }
    out.sort();
    return out;
}

// Per view, the texts of a window on the bundled model in `start`, switched live to
// `shown` first when they differ.
std::map<QString, QStringList> textsPerView(const QString& start, const QString& shown,
                                            const QString& shotDir) {
    std::map<QString, QStringList> out;
    TranslationManager translations;
    translations.setLanguage(start);
    QTemporaryDir dir;
    MainWindow window(&translations, true);
    ts_test::startWindow(window, 3, dir);
    if (shown != start) translations.setLanguage(shown);
    ts_test::settle(window);
    // A temporary status message hides the status bar's model line until it times out, which
    // on a loaded machine came after one window's reading and before the other's.
    window.statusBar()->clearMessage();
    for (const QString& name : viewNames()) {
        REQUIRE(window.showView(name));
        QApplication::processEvents();
        out[name] = visibleTexts(window);
        if (!shotDir.isEmpty())
            window.grab().save(
                QDir(shotDir).filePath(QStringLiteral("switched-%1-%2.png").arg(shown, name)));
    }
    return out;
}

}  // namespace

TEST_CASE("after a live switch to Korean every view reads as a window started in Korean",
          "[ui][i18n][layout]") {
    const QString shotDir = qEnvironmentVariable("TOKENSCOPE_SHOT_DIR");
    const auto started = textsPerView(QStringLiteral("ko"), QStringLiteral("ko"), QString());
    const auto switched = textsPerView(QStringLiteral("en"), QStringLiteral("ko"), shotDir);
    QStringList stale;
    for (const auto& [view, texts] : switched) {
        const QStringList& want = started.at(view);
        for (const QString& t : texts)
            if (!want.contains(t)) stale << QStringLiteral("%1: “%2”").arg(view, t);
    }
    INFO("texts after the switch that a Korean start does not show:\n"
         << stale.join(QLatin1Char('\n')).toStdString());
    CHECK(stale.isEmpty());
}

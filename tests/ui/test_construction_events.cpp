// Events delivered while a view's constructor runs must not crash it (issue 43). Qt 6.8 sends
// events that Qt 6.4 does not while widgets are still being built (ProbesView crashed at start
// on Debian 13: hiding its summary table reached its event filter, which read the probe table
// before it existed). Qt 6.4 is what CI has, so this test makes those events happen there too:
// while the views are built, every widget added to one of ours makes its other children and
// every scroll area's viewport below it receive a resize, hide and show event at once, the
// events an event filter or a resize/show handler reacts to.
#include <QAbstractScrollArea>
#include <QApplication>
#include <QHideEvent>
#include <QResizeEvent>
#include <QShowEvent>
#include <QTabWidget>

#include "catch.hpp"
#include "classroom/hub.hpp"
#include "classroom/probes_view.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"

using namespace ts::ui;

namespace {

// Installed on the application while a constructor runs: each widget added to one of our
// widgets sends resize, hide and show events to that widget's other children and to the
// viewports under it (where the filters sit), as a newer Qt may do in the middle of a
// constructor.
class ConstructionEvents : public QObject {
  public:
    ConstructionEvents() { qApp->installEventFilter(this); }
    ~ConstructionEvents() override { qApp->removeEventFilter(this); }
    int sent = 0;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        // Our views' constructors only: Qt's own widgets are not built to take events from
        // inside theirs.
        if (m_sending || event->type() != QEvent::ChildAdded || !watched->isWidgetType() ||
            !QByteArray(watched->metaObject()->className()).startsWith("ts::ui::"))
            return false;
        const QObject* child = static_cast<QChildEvent*>(event)->child();
        if (!child || !child->isWidgetType()) return false;
        m_sending = true;
        auto* parent = static_cast<QWidget*>(watched);
        // Not the child being added: it is still in its own constructor.
        QList<QWidget*> targets;
        for (QWidget* w : parent->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            if (w != child) targets.append(w);
        for (auto* area : parent->findChildren<QAbstractScrollArea*>())
            if (area != child && !static_cast<const QWidget*>(child)->isAncestorOf(area) &&
                !targets.contains(area->viewport()))
                targets.append(area->viewport());
        for (QWidget* w : targets) {
            QResizeEvent resize(w->size(), w->size());
            QCoreApplication::sendEvent(w, &resize);
            QHideEvent hide;
            QCoreApplication::sendEvent(w, &hide);
            QShowEvent show;
            QCoreApplication::sendEvent(w, &show);
            sent += 3;
        }
        m_sending = false;
        return false;
    }

  private:
    bool m_sending = false;
};

}  // namespace

TEST_CASE("the fact probes view survives events during its constructor", "[ui][probes][qt68]") {
    QWidget parent;
    ConstructionEvents events;
    auto* view = new ProbesView(&parent);
    CHECK(events.sent > 0);
    parent.resize(900, 600);
    view->resize(900, 600);
    parent.show();
    CHECK(view->findChild<QObject*>(QStringLiteral("probeTable")));
}

TEST_CASE("every classroom view survives events during its constructor", "[ui][classroom][qt68]") {
    QWidget parent;
    ConstructionEvents events;
    ClassroomHub hub(&parent);
    CHECK(events.sent > 0);
    CHECK(hub.views().size() >= 7);
}

TEST_CASE("the main window survives events during its constructor", "[ui][window][qt68]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    ConstructionEvents events;
    MainWindow window(&translations, /*headless=*/true);
    CHECK(events.sent > 0);
}

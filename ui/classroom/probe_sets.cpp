// Probe sets and group names for the probes view (see probe_sets.hpp). The texts are in the
// probes view's translation context, where a class sees them.
#include "classroom/probe_sets.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

namespace ts::ui {

QString bundledProbeSetTitle(const QString& file) {
    return file.endsWith(QLatin1String("_ko.json"))
               ? QCoreApplication::translate("ts::ui::ProbesView",
                                             "Textbook world in Korean (bundled model)")
               : QCoreApplication::translate("ts::ui::ProbesView",
                                             "Textbook world in English (bundled model)");
}

int bundledProbeSetFor(const ProbeSetList& sets, const QString& language) {
    const bool korean = language.startsWith(QLatin1String("ko"));
    for (int i = 0; i < sets.size(); ++i)
        if (sets[i].first.isEmpty() && sets[i].second.endsWith(QLatin1String("_ko.json")) == korean)
            return i;
    return -1;
}

int probeSetNamed(const ProbeSetList& sets, const QString& name) {
    if (name.isEmpty()) return -1;
    int contains = -1;
    for (int i = 0; i < sets.size(); ++i) {
        const QString base = QFileInfo(sets[i].second).completeBaseName();
        if (base == name) return i;
        if (contains < 0 && base.contains(name)) contains = i;
    }
    return contains;
}

QString probeGroupName(const QString& id) {
    auto part = [](const QString& p) {
        if (p == QLatin1String("seen"))
            return QCoreApplication::translate("ts::ui::ProbesView", "seen");
        if (p == QLatin1String("held_out"))
            return QCoreApplication::translate("ts::ui::ProbesView", "held-out");
        if (p == QLatin1String("capital"))
            return QCoreApplication::translate("ts::ui::ProbesView", "capital");
        if (p == QLatin1String("seat"))
            return QCoreApplication::translate("ts::ui::ProbesView", "seat of government");
        if (p == QLatin1String("river"))
            return QCoreApplication::translate("ts::ui::ProbesView", "river");
        if (p == QLatin1String("language"))
            return QCoreApplication::translate("ts::ui::ProbesView", "language");
        return p;
    };
    const QStringList parts = id.split(QLatin1Char('/'));
    if (parts.size() != 2) return part(id);
    return QCoreApplication::translate("ts::ui::ProbesView", "%1: %2")
        .arg(part(parts[0]), part(parts[1]));
}

}  // namespace ts::ui

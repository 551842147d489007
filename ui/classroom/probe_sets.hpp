#pragma once
// The fact-probe sets the probes view offers and how it names what is in them: the bundled
// model's set in each language (eval/facts.json, eval/facts_ko.json), the one that follows the
// interface's language, a set asked for by name (a lesson's "set"), and group ids such as
// "held_out/capital" as a class reads them ("held-out: capital", translated).
#include <QList>
#include <QPair>
#include <QString>

namespace ts::ui {

// (name shown, file) as ProbesView::setProbeSets takes them; an empty name is a bundled set.
using ProbeSetList = QList<QPair<QString, QString>>;

// "Textbook world in English (bundled model)" or "… in Korean …", by the file's name.
QString bundledProbeSetTitle(const QString& file);
// The bundled set in `language` ("ko…": the *_ko.json one), -1 if there is none.
int bundledProbeSetFor(const ProbeSetList& sets, const QString& language);
// The set whose file name without .json is `name`, else the first whose name contains it; -1.
int probeSetNamed(const ProbeSetList& sets, const QString& name);
// "held_out/capital" -> "held-out: capital", each part translated where it is known.
QString probeGroupName(const QString& id);

}  // namespace ts::ui

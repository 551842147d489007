#include "shell/settings_store.hpp"

#include <QSettings>
#include <algorithm>

namespace ts::ui {

AppSettings AppSettings::load() {
    QSettings s;
    AppSettings a;
    a.lastModel = s.value(QStringLiteral("model/last")).toString();
    a.recentModels = s.value(QStringLiteral("model/recent")).toStringList();
    a.geometry = s.value(QStringLiteral("window/geometry")).toByteArray();
    a.windowState = s.value(QStringLiteral("window/state")).toByteArray();
    a.stage = s.value(QStringLiteral("window/stage"), 0).toInt();
    // Not saved yet: ts::SamplingParams{}, the defaults tokenscope-cli generate uses too.
    const ts::SamplingParams defaults;
    a.params.temperature =
        s.value(QStringLiteral("sampling/temperature"), static_cast<double>(defaults.temperature))
            .toFloat();
    a.params.topK = s.value(QStringLiteral("sampling/topK"), defaults.topK).toInt();
    a.params.topP =
        s.value(QStringLiteral("sampling/topP"), static_cast<double>(defaults.topP)).toFloat();
    a.params.seed = s.value(QStringLiteral("sampling/seed"), static_cast<qulonglong>(defaults.seed))
                        .toULongLong();
    a.maxSteps = s.value(QStringLiteral("loop/maxSteps"), 20).toInt();
    a.delayMs = s.value(QStringLiteral("loop/delayMs"), 300).toInt();
    a.prompt = s.value(QStringLiteral("loop/prompt")).toString();
    a.language = s.value(QStringLiteral("ui/language")).toString();
    a.ignoreEndOfText = s.value(QStringLiteral("loop/ignoreEndOfText"), false).toBool();
    a.presentation = s.value(QStringLiteral("ui/presentation"), false).toBool();
    a.historyBudgetMiB =
        std::max(16, s.value(QStringLiteral("loop/historyBudgetMiB"), 1024).toInt());
    return a;
}

void AppSettings::save() const {
    QSettings s;
    s.setValue(QStringLiteral("model/last"), lastModel);
    s.setValue(QStringLiteral("model/recent"), recentModels);
    s.setValue(QStringLiteral("window/geometry"), geometry);
    s.setValue(QStringLiteral("window/state"), windowState);
    s.setValue(QStringLiteral("window/stage"), stage);
    s.setValue(QStringLiteral("sampling/temperature"), static_cast<double>(params.temperature));
    s.setValue(QStringLiteral("sampling/topK"), params.topK);
    s.setValue(QStringLiteral("sampling/topP"), static_cast<double>(params.topP));
    s.setValue(QStringLiteral("sampling/seed"), static_cast<qulonglong>(params.seed));
    s.setValue(QStringLiteral("loop/maxSteps"), maxSteps);
    s.setValue(QStringLiteral("loop/delayMs"), delayMs);
    s.setValue(QStringLiteral("loop/prompt"), prompt);
    s.setValue(QStringLiteral("ui/language"), language);
    s.setValue(QStringLiteral("loop/ignoreEndOfText"), ignoreEndOfText);
    s.setValue(QStringLiteral("loop/historyBudgetMiB"), historyBudgetMiB);
    s.setValue(QStringLiteral("ui/presentation"), presentation);
}

}  // namespace ts::ui

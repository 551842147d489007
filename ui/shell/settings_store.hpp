#pragma once
// What the app remembers between runs (QSettings): the model, recent folders, window layout,
// sampling values, language. The headless mode neither reads nor writes these.
#include <QByteArray>
#include <QString>
#include <QStringList>

#include "tokenscope/sampling.hpp"

namespace ts::ui {

struct AppSettings {
    QString lastModel;
    QStringList recentModels;
    QByteArray geometry;
    QByteArray windowState;
    ts::SamplingParams params;
    int maxSteps = 20;
    int delayMs = 300;
    QString prompt;
    QString language;  // empty: follow the system locale
    int stage = 0;
    bool ignoreEndOfText = false;  // "Continue past end of text"
    // The step history's memory budget (attention rows + logits of all steps), in MiB.
    int historyBudgetMiB = 1024;
    bool presentation = false;  // presentation mode: the larger font for a projector

    static AppSettings load();
    void save() const;
};

}  // namespace ts::ui

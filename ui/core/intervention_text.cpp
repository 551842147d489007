// The words for a what-if set (see intervention_text.hpp). The strings keep the banner's
// translation context, where they were first written.
#include "core/intervention_text.hpp"

#include <QCoreApplication>
#include <QStringList>

namespace ts::ui {
namespace {
QString interventionTokenName(int id, const Vocabulary* vocabulary) {
    return vocabulary && id >= 0 && id < vocabulary->size
               ? QStringLiteral("“%1”").arg(vocabulary->display(id))
               : QStringLiteral("#%1").arg(id);
}
}  // namespace

QString describeInterventions(const ts::Interventions& iv, const Vocabulary* vocabulary) {
    QStringList parts;
    if (!iv.ablate.empty()) {
        QStringList heads;
        for (const auto& h : iv.ablate)
            heads << QCoreApplication::translate("ts::ui::InterventionBanner", "layer %1 head %2")
                         .arg(h.layer + 1)
                         .arg(h.head + 1);
        parts << (iv.ablateMode == ts::AblateMode::Mean
                      ? QCoreApplication::translate("ts::ui::InterventionBanner",
                                                    "Silenced (mean output): %1")
                      : QCoreApplication::translate("ts::ui::InterventionBanner", "Silenced: %1"))
                     .arg(heads.join(QStringLiteral(", ")));
    }
    if (!iv.banned.empty()) {
        QStringList tokens;
        for (int id : iv.banned) tokens << interventionTokenName(id, vocabulary);
        parts << QCoreApplication::translate("ts::ui::InterventionBanner", "Banned: %1")
                     .arg(tokens.join(QStringLiteral(", ")));
    }
    if (!iv.logitBias.empty()) {
        QStringList biases;
        for (const auto& [id, value] : iv.logitBias)
            biases << QStringLiteral("%1 %2%3")
                          .arg(interventionTokenName(id, vocabulary),
                               value >= 0 ? QStringLiteral("+") : QString())
                          .arg(static_cast<double>(value), 0, 'g', 3);
        parts << QCoreApplication::translate("ts::ui::InterventionBanner", "Logit bias: %1")
                     .arg(biases.join(QStringLiteral(", ")));
    }
    if (iv.steerLayer >= 0)
        parts << QCoreApplication::translate("ts::ui::InterventionBanner",
                                             "Steered at block %1, strength %2")
                     .arg(iv.steerLayer + 1)
                     .arg(static_cast<double>(iv.steerStrength), 0, 'g', 3);
    return parts.join(QStringLiteral(" · "));
}

}  // namespace ts::ui

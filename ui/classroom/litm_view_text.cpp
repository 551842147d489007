// The lost-in-the-middle lab's sentences, apart from its widgets: what a measured curve shows,
// what a model's evaluation data says (the banner over the lab), and how long a run will take
// in words. Pure functions of numbers, so the tests check them without a model.
#include <algorithm>
#include <cmath>

#include "classroom/litm_view.hpp"
#include "widgets/korean_particles.hpp"

namespace ts::ui {

QString LitmView::describe(const std::vector<ts::LitmPoint>& pts, double chance) {
    return fillKoreanParticles(describeNeutral(pts, chance));
}

QString LitmView::describeNeutral(const std::vector<ts::LitmPoint>& pts, double chance, bool* isU) {
    if (isU) *isU = false;
    if (pts.size() < 2) return tr("Use at least two positions to see a curve.");
    if (chance > 0) {
        bool atChance = true;
        for (const auto& p : pts)
            atChance = atChance && p.meanProb < 1.5 * chance && p.accuracy < 0.2;
        if (atChance) {
            QString text =
                tr("This model guesses: it gives the right value about the same probability as any "
                   "other value (P(correct) ≈ %1 %, chance %2 %), so it has not learned to look "
                   "the record up and there is no position effect in its answers.")
                    .arg(pts.front().meanProb * 100, 0, 'f', 1)
                    .arg(chance * 100, 0, 'f', 1);
            if (pts.back().attentionMass > 1.5 * pts.front().attentionMass)
                text += QLatin1Char(' ') +
                        tr("Where it looks is not flat, though: attention from the question onto "
                           "the record grows from %1 % (first) to %2 % (last) — a recency bias.")
                            .arg(pts.front().attentionMass * 100, 0, 'f', 1)
                            .arg(pts.back().attentionMass * 100, 0, 'f', 1);
            return text;
        }
    }
    double maxAcc = 0;
    for (const auto& p : pts) maxAcc = std::max(maxAcc, p.accuracy);
    // Accuracy when the model retrieves anything at all; otherwise the probability it gives the
    // right value still shows a position effect.
    const bool useAcc = maxAcc >= 0.05;
    auto v = [&](const ts::LitmPoint& p) { return useAcc ? p.accuracy : p.meanProb; };
    const double first = v(pts.front()), last = v(pts.back());
    double middle = 1e9;
    for (std::size_t i = 1; i + 1 < pts.size(); ++i) middle = std::min(middle, v(pts[i]));
    if (pts.size() == 2) middle = std::min(first, last);
    double top = 0;
    for (const auto& p : pts) top = std::max(top, v(p));
    const QString what = useAcc ? tr("accuracy") : tr("the probability of the right value");
    if (!useAcc && top < 0.02)
        return tr(
            "This model does not retrieve the values at all (top-1 accuracy below 5 %, P(correct) "
            "below 2 % everywhere): there is no position effect to see. Try fewer records or a "
            "trained model.");
    const double margin = std::max(0.05, 0.15 * top);
    const bool highFirst = first - middle > margin, highLast = last - middle > margin;
    // A U needs both ends up by comparable amounts; one end far above the other is recency
    // (or primacy) with a small rise at the other end.
    const bool balanced = std::min(first, last) - middle > 0.5 * (std::max(first, last) - middle);
    if (highFirst && highLast && balanced && isU) *isU = true;
    if (highFirst && highLast && balanced)
        return tr("A U-shape, as Liu et al. found: %1 is higher when the record is first (%2 %) or "
                  "last "
                  "(%3 %) than in the middle (%4 %). Information in the middle of a long context "
                  "is "
                  "used least.")
            .arg(what)
            .arg(first * 100, 0, 'f', 0)
            .arg(last * 100, 0, 'f', 0)
            .arg(middle * 100, 0, 'f', 0);
    if (last - first > margin)
        return tr("Recency rather than a U: %1 rises towards the end (first %2 %, last %3 %). This "
                  "model "
                  "mostly uses the records just before the question — small models often show this "
                  "instead of the U that large models show.")
            .arg(what)
            .arg(first * 100, 0, 'f', 0)
            .arg(last * 100, 0, 'f', 0);
    if (first - last > margin)
        return tr("Primacy: %1 is highest for the first record (%2 %) and falls towards the end "
                  "(%3 %).")
            .arg(what)
            .arg(first * 100, 0, 'f', 0)
            .arg(last * 100, 0, 'f', 0);
    return tr("Roughly flat: %1 is about the same at every position (first %2 %, last %3 %). With "
              "this many trials the differences are within the intervals.")
        .arg(what)
        .arg(first * 100, 0, 'f', 0)
        .arg(last * 100, 0, 'f', 0);
}

QString LitmView::evaluationSummary(const ts::LitmRun& run, const QString& modelName) {
    const auto& pts = run.result.points;
    if (pts.empty()) return {};
    double lo = 1, hi = 0;
    for (const auto& p : pts) {
        lo = std::min(lo, p.accuracy);
        hi = std::max(hi, p.accuracy);
    }
    const QString setting = tr("%1 records, about %2 tokens, %3 contexts")
                                .arg(run.options.records)
                                .arg(run.result.contextTokens)
                                .arg(pts.front().trials);
    const QString range =
        std::lround(lo * 100) == std::lround(hi * 100)
            ? QStringLiteral("%1").arg(lo * 100, 0, 'f', 0)
            : QStringLiteral("%1–%2").arg(lo * 100, 0, 'f', 0).arg(hi * 100, 0, 'f', 0);
    if (lo >= 0.95)
        return fillKoreanParticles(
            tr("%1 finds the record at every position it was asked about (top-1 accuracy %2 % at "
               "positions %3–%4; %5). It shows no lost-in-the-middle effect: to see one, load a "
               "real "
               "model such as Qwen2.5-0.5B and run the lab — it tells you how long the run will "
               "take "
               "before it starts.")
                .arg(modelName, range)
                .arg(pts.front().position)
                .arg(pts.back().position)
                .arg(setting));
    bool isU = false;
    QString text = tr("From the evaluation data of %1 (%2): %3")
                       .arg(modelName, setting, fillKoreanParticles(describeNeutral(pts, 0, &isU)));
    // Short of a U, the class still needs a model that shows one.
    if (!isU)
        text += QLatin1Char(' ') +
                tr("To see the U, load a real model such as Qwen2.5-0.5B and run the lab — it "
                   "tells you how long the run will take before it starts.");
    return text;
}

QString LitmView::approximateDuration(double seconds) {
    if (seconds < 1) return tr("under a second");
    if (seconds < 90)
        return tr("about %1 s").arg(std::max(1, static_cast<int>(std::lround(seconds))));
    if (seconds < 90 * 60)
        return tr("about %1 min").arg(std::max(2, static_cast<int>(std::lround(seconds / 60))));
    return tr("about %1 h").arg(seconds / 3600, 0, 'f', 1);
}

}  // namespace ts::ui

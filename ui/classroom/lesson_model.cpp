#include "classroom/lesson_model.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

#include "core/view_table.hpp"

namespace ts::ui {

QString LocalizedText::in(const QString& language) const {
    if (language.startsWith(QLatin1String("ko")) && !ko.isEmpty()) return ko;
    return en.isEmpty() ? ko : en;
}

QStringList Lesson::knownViews() { return lessonViewNames(); }

QStringList LessonClaim::knownKinds() {
    return QStringList{QStringLiteral("next_token_prob"),  QStringLiteral("top_token"),
                       QStringLiteral("token_count"),      QStringLiteral("attention"),
                       QStringLiteral("greedy_text"),      QStringLiteral("litm_found"),
                       QStringLiteral("byte_count"),       QStringLiteral("least_prob"),
                       QStringLiteral("probe_truth_wins"), QStringLiteral("lens_first_layer"),
                       QStringLiteral("embedding_size"),   QStringLiteral("context_size"),
                       QStringLiteral("tokenizer_survey"), QStringLiteral("patch_restored")} +
           stateKinds();
}

QStringList LessonClaim::stateKinds() {
    return {QStringLiteral("word_map_groups"),  QStringLiteral("word_map_same_group"),
            QStringLiteral("litm_ran"),         QStringLiteral("calculator"),
            QStringLiteral("timeline_visible"), QStringLiteral("shown_layer"),
            QStringLiteral("shown_head"),       QStringLiteral("shown_temperature"),
            QStringLiteral("drawn_tokens"),     QStringLiteral("probe_set_size"),
            QStringLiteral("shown_top_k"),      QStringLiteral("probability_axis_fixed"),
            QStringLiteral("silenced_heads")};
}

bool LessonClaim::isState() const { return stateKinds().contains(kind); }

QStringList LessonClaim::knownAdjectives() {
    return {QStringLiteral("almost_all"), QStringLiteral("most"), QStringLiteral("usually"),
            QStringLiteral("few"), QStringLiteral("green")};
}

bool LessonClaim::adjectiveRange(const QString& adjective, double* low, double* high,
                                 bool* lowOpen) {
    struct Row {
        const char* name;
        double low, high;
        bool lowOpen;
    };
    // What a size word may stand for; a lesson that says "almost all" over 77 % fails.
    static constexpr Row kRows[] = {{"almost_all", 0.9, 1.0, false},
                                    {"most", 0.5, 1.0, true},
                                    {"usually", 0.5, 1.0, true},
                                    {"few", 0.0, 0.2, false},
                                    {"green", 0.5625, 1.0, false}};
    for (const Row& r : kRows)
        if (adjective == QLatin1String(r.name)) {
            *low = r.low;
            *high = r.high;
            if (lowOpen) *lowOpen = r.lowOpen;
            return true;
        }
    return false;
}

bool LessonClaim::fitsAdjective(double v) const {
    if (adjective.isEmpty()) return true;
    double low = 0, high = 0;
    bool lowOpen = false;
    if (!adjectiveRange(adjective, &low, &high, &lowOpen)) return false;
    return (lowOpen ? v > low : v >= low) && v <= high;
}

double LessonClaim::valueIn(const QString& language) const {
    return language == QLatin1String("ko") && valueKo ? *valueKo : value;
}

double LessonClaim::toleranceIn(const QString& language) const {
    return language == QLatin1String("ko") && toleranceKo ? *toleranceKo : tolerance;
}

QString LessonClaim::formatted(const QString& language) const {
    if (isText()) return text.in(language);
    const double v = valueIn(language);
    const bool count =
        kind == QLatin1String("token_count") || kind == QLatin1String("litm_found") ||
        kind == QLatin1String("byte_count") || kind == QLatin1String("litm_ran") ||
        kind == QLatin1String("drawn_tokens") || kind == QLatin1String("shown_layer") ||
        kind == QLatin1String("shown_head") || kind == QLatin1String("word_map_groups") ||
        kind == QLatin1String("probe_set_size") || kind == QLatin1String("lens_first_layer") ||
        kind == QLatin1String("embedding_size") || kind == QLatin1String("context_size") ||
        kind == QLatin1String("shown_top_k") || kind == QLatin1String("silenced_heads");
    return count ? QString::number(static_cast<int>(std::lround(v)))
                 : QString::number(v, 'f', decimals);
}

QString LessonStep::textIn(const QString& language) const {
    QString t = text.in(language);
    for (const auto& c : claims)
        t.replace(QLatin1Char('{') + c.id + QLatin1Char('}'), c.formatted(language));
    return t;
}

QStringList Lesson::knownActions() {
    return {QString(), QStringLiteral("reset"), QStringLiteral("step"), QStringLiteral("run"),
            QStringLiteral("redraw")};
}

namespace {

struct ParseError {
    QString message;
};

// "silence": ["2:1", ...], heads as the attention view's right-click silences them, layers and
// heads counted from 1; [] silences none.
std::vector<std::pair<int, int>> silencedHeads(const QJsonValue& v, const QString& where) {
    const QString bad =
        QStringLiteral("%1: \"silence\" must be a list of \"layer:head\" (from 1)").arg(where);
    if (!v.isArray()) throw ParseError{bad};
    std::vector<std::pair<int, int>> out;
    for (const QJsonValue& e : v.toArray()) {
        const QStringList parts = e.toString().split(QLatin1Char(':'));
        bool layerOk = false, headOk = false;
        const int layer = parts.value(0).toInt(&layerOk);
        const int head = parts.value(1).toInt(&headOk);
        if (!e.isString() || parts.size() != 2 || !layerOk || !headOk || layer < 1 ||
            layer > 1024 || head < 1 || head > 1024)
            throw ParseError{bad};
        out.emplace_back(layer, head);
    }
    return out;
}

// A string, or {"en": ..., "ko": ...} with at least English.
LocalizedText localized(const QJsonValue& v, const QString& where, bool required) {
    LocalizedText t;
    if (v.isUndefined() || v.isNull()) {
        if (required) throw ParseError{QStringLiteral("%1 is missing").arg(where)};
        return t;
    }
    if (v.isString()) {
        t.en = v.toString();
        return t;
    }
    if (!v.isObject())
        throw ParseError{
            QStringLiteral("%1 must be a string or {\"en\": …, \"ko\": …}").arg(where)};
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!it.value().isString())
            throw ParseError{QStringLiteral("%1.%2 must be a string").arg(where, it.key())};
    t.en = o.value(QStringLiteral("en")).toString();
    t.ko = o.value(QStringLiteral("ko")).toString();
    if (required && t.en.isEmpty())
        throw ParseError{QStringLiteral("%1 needs an English text (\"en\")").arg(where)};
    return t;
}

ts::SamplingParams sampling(const QJsonValue& v, const QString& where) {
    if (!v.isObject()) throw ParseError{QStringLiteral("%1 must be an object").arg(where)};
    const QJsonObject o = v.toObject();
    ts::SamplingParams p;
    auto number = [&](const char* key, double fallback) {
        const QJsonValue x = o.value(QLatin1String(key));
        if (x.isUndefined()) return fallback;
        if (!x.isDouble())
            throw ParseError{
                QStringLiteral("%1.%2 must be a number").arg(where, QLatin1String(key))};
        return x.toDouble();
    };
    p.temperature = static_cast<float>(number("temperature", 1.0));
    p.topK = static_cast<int>(number("topK", 0));
    p.topP = static_cast<float>(number("topP", 1.0));
    p.seed = static_cast<std::uint64_t>(std::max(0.0, number("seed", 0)));
    try {
        p.validate();
    } catch (const std::exception& e) {
        throw ParseError{QStringLiteral("%1: %2").arg(where, QString::fromUtf8(e.what()))};
    }
    return p;
}

Lesson parse(const QByteArray& json, const QString& file) {
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError)
        throw ParseError{
            QStringLiteral("not valid JSON at byte %1: %2").arg(err.offset).arg(err.errorString())};
    if (!doc.isObject()) throw ParseError{QStringLiteral("a lesson must be a JSON object")};
    const QJsonObject o = doc.object();
    Lesson lesson;
    lesson.file = file;
    lesson.id = o.value(QStringLiteral("id")).toString(QFileInfo(file).baseName());
    lesson.order = o.value(QStringLiteral("order")).toInt(1000);
    lesson.title = localized(o.value(QStringLiteral("title")), QStringLiteral("\"title\""), true);
    lesson.summary =
        localized(o.value(QStringLiteral("summary")), QStringLiteral("\"summary\""), false);
    const QJsonValue steps = o.value(QStringLiteral("steps"));
    if (!steps.isArray() || steps.toArray().isEmpty())
        throw ParseError{QStringLiteral("\"steps\" must be a non-empty list")};
    int n = 0;
    for (const QJsonValue& sv : steps.toArray()) {
        ++n;
        const QString where = QStringLiteral("step %1").arg(n);
        if (!sv.isObject()) throw ParseError{QStringLiteral("%1 must be an object").arg(where)};
        const QJsonObject s = sv.toObject();
        LessonStep step;
        step.title = localized(s.value(QStringLiteral("title")),
                               where + QStringLiteral(" \"title\""), false);
        step.text =
            localized(s.value(QStringLiteral("text")), where + QStringLiteral(" \"text\""), true);
        step.gpt2Note =
            localized(s.value(QStringLiteral("gpt2")), where + QStringLiteral(" \"gpt2\""), false);
        if (s.contains(QStringLiteral("prompt")))
            step.prompt = localized(s.value(QStringLiteral("prompt")),
                                    where + QStringLiteral(" \"prompt\""), true);
        step.view = s.value(QStringLiteral("view")).toString();
        if (!step.view.isEmpty() && !Lesson::knownViews().contains(step.view))
            throw ParseError{
                QStringLiteral("%1: unknown view \"%2\" (known: %3)")
                    .arg(where, step.view, Lesson::knownViews().join(QStringLiteral(", ")))};
        if (s.contains(QStringLiteral("sampling")))
            step.sampling = sampling(s.value(QStringLiteral("sampling")),
                                     where + QStringLiteral(" \"sampling\""));
        step.action = s.value(QStringLiteral("action")).toString();
        if (!Lesson::knownActions().contains(step.action))
            throw ParseError{
                QStringLiteral("%1: unknown action \"%2\" (known: reset, step, run, redraw)")
                    .arg(where, step.action)};
        step.count = s.value(QStringLiteral("count")).toInt(1);
        if (step.count < 1 || step.count > 1000)
            throw ParseError{QStringLiteral("%1: \"count\" must be between 1 and 1000").arg(where)};
        const QJsonValue settings = s.value(QStringLiteral("settings"));
        if (!settings.isUndefined() && !settings.isObject())
            throw ParseError{QStringLiteral("%1: \"settings\" must be an object").arg(where)};
        step.settings = settings.toObject();
        for (const char* key : {"layer", "head"}) {
            const QJsonValue v = s.value(QLatin1String(key));
            if (v.isUndefined()) continue;
            if (!v.isDouble() || v.toInt() < 1 || v.toInt() > 1024)
                throw ParseError{
                    QStringLiteral(
                        "%1: \"%2\" must be a number from 1 (layers and heads count from 1)")
                        .arg(where, QLatin1String(key))};
            (key[0] == 'l' ? step.layer : step.head) = v.toInt();
        }
        if (s.contains(QStringLiteral("silence")))
            step.silence = silencedHeads(s.value(QStringLiteral("silence")), where);
        const QJsonValue wordMap = s.value(QStringLiteral("wordMap"));
        if (!wordMap.isUndefined() && (!wordMap.isString() || wordMap.toString().isEmpty()))
            throw ParseError{
                QStringLiteral("%1: \"wordMap\" must be a set (atlas, numbers, people), words or "
                               "\"context\"")
                    .arg(where)};
        step.wordMap = wordMap.toString();
        const QJsonValue timeline = s.value(QStringLiteral("showTimeline"));
        if (!timeline.isUndefined() && !timeline.isBool())
            throw ParseError{
                QStringLiteral("%1: \"showTimeline\" must be true or false").arg(where)};
        step.showTimeline = timeline.toBool();
        const QJsonValue fixedAxis = s.value(QStringLiteral("fixedAxis"));
        if (!fixedAxis.isUndefined() && !fixedAxis.isBool())
            throw ParseError{QStringLiteral("%1: \"fixedAxis\" must be true or false").arg(where)};
        step.fixedAxis = fixedAxis.toBool(true);
        const QJsonValue plain = s.value(QStringLiteral("plain_numbers"));
        if (!plain.isUndefined() && !plain.isArray())
            throw ParseError{QStringLiteral("%1: \"plain_numbers\" must be a list").arg(where)};
        for (const QJsonValue& pv : plain.toArray()) {
            const QJsonObject po = pv.toObject();
            const QString why = po.value(QStringLiteral("why")).toString();
            if (why.isEmpty())
                throw ParseError{
                    QStringLiteral("%1: each of \"plain_numbers\" needs its \"text\" and a "
                                   "\"why\"")
                        .arg(where)};
            const LocalizedText text = localized(
                po.value(QStringLiteral("text")), where + QStringLiteral(" \"plain_numbers\" text"),
                false);  // a number may stand in one language's text only
            if (text.isEmpty())
                throw ParseError{
                    QStringLiteral("%1: each of \"plain_numbers\" needs its \"text\"").arg(where)};
            step.plainNumbers.emplace_back(text, why);
        }
        const QJsonValue claims = s.value(QStringLiteral("claims"));
        if (!claims.isUndefined() && !claims.isArray())
            throw ParseError{QStringLiteral("%1: \"claims\" must be a list").arg(where)};
        int k = 0;
        for (const QJsonValue& cv : claims.toArray()) {
            ++k;
            const QString cw = QStringLiteral("%1 claim %2").arg(where).arg(k);
            if (!cv.isObject()) throw ParseError{QStringLiteral("%1 must be an object").arg(cw)};
            const QJsonObject c = cv.toObject();
            LessonClaim claim;
            claim.id = c.value(QStringLiteral("id")).toString();
            claim.kind = c.value(QStringLiteral("kind")).toString();
            if (claim.id.isEmpty())
                throw ParseError{QStringLiteral("%1: \"id\" is missing").arg(cw)};
            if (!LessonClaim::knownKinds().contains(claim.kind))
                throw ParseError{
                    QStringLiteral("%1: unknown kind \"%2\" (known: %3)")
                        .arg(cw, claim.kind, LessonClaim::knownKinds().join(QStringLiteral(", ")))};
            const bool litm = claim.kind == QLatin1String("litm_found");
            // The kinds measured on a prompt: the state claims and the probe share need none.
            const bool noPrompt = litm || claim.isState() ||
                                  claim.kind == QLatin1String("probe_truth_wins") ||
                                  claim.kind == QLatin1String("embedding_size") ||
                                  claim.kind == QLatin1String("context_size") ||
                                  claim.kind == QLatin1String("tokenizer_survey");
            claim.prompt = localized(c.value(QStringLiteral("prompt")),
                                     cw + QStringLiteral(" \"prompt\""), !noPrompt);
            claim.token =
                localized(c.value(QStringLiteral("token")), cw + QStringLiteral(" \"token\""),
                          claim.kind != QLatin1String("token_count") &&
                              claim.kind != QLatin1String("byte_count") &&
                              claim.kind != QLatin1String("greedy_text") && !noPrompt);
            claim.set =
                localized(c.value(QStringLiteral("set")), cw + QStringLiteral(" \"set\""), false);
            claim.group = c.value(QStringLiteral("group")).toString();
            if (c.contains(QStringLiteral("silence")))
                claim.silence = silencedHeads(c.value(QStringLiteral("silence")), cw);
            if (claim.kind == QLatin1String("patch_restored")) {
                claim.corrupt = localized(c.value(QStringLiteral("corrupt")),
                                          cw + QStringLiteral(" \"corrupt\""), true);
                claim.wrong = localized(c.value(QStringLiteral("wrong")),
                                        cw + QStringLiteral(" \"wrong\""), true);
                const QJsonValue block = c.value(QStringLiteral("block"));
                const QJsonValue position = c.value(QStringLiteral("position"));
                if (!block.isDouble() || block.toInt() < 1 || !position.isDouble() ||
                    position.toInt() < 0)
                    throw ParseError{QStringLiteral("%1: \"block\" (from 1) and \"position\" (a "
                                                    "token position, from 0) are needed")
                                         .arg(cw)};
                claim.layer = block.toInt();
                claim.position = position.toInt();
            }
            claim.field = c.value(QStringLiteral("field")).toString();
            // The Korean tokenizer survey (tokenizer_survey.hpp): "tokenizer" names the row
            // (kept in `field`), "stat" the column measured on the survey's paragraph.
            if (claim.kind == QLatin1String("tokenizer_survey")) {
                claim.field = c.value(QStringLiteral("tokenizer")).toString();
                claim.stat = c.value(QStringLiteral("stat")).toString();
                static const QStringList kStats = {QStringLiteral("tokens"),
                                                   QStringLiteral("tokens_per_syllable"),
                                                   QStringLiteral("byte_share_percent")};
                if (claim.field.isEmpty())
                    throw ParseError{QStringLiteral("%1: \"tokenizer\" is missing").arg(cw)};
                if (!kStats.contains(claim.stat))
                    throw ParseError{QStringLiteral("%1: \"stat\" must be one of %2")
                                         .arg(cw, kStats.join(QStringLiteral(", ")))};
            }
            const bool needsSet = claim.kind.startsWith(QLatin1String("word_map")) ||
                                  claim.kind.startsWith(QLatin1String("probe_"));
            if (needsSet && claim.set.isEmpty())
                throw ParseError{QStringLiteral("%1: \"set\" is missing").arg(cw)};
            if (claim.kind == QLatin1String("probe_truth_wins") && claim.group.isEmpty())
                throw ParseError{QStringLiteral("%1: \"group\" is missing").arg(cw)};
            static const QStringList kFields = {QStringLiteral("promptTokens"),
                                                QStringLiteral("answerTokens"),
                                                QStringLiteral("calls"),
                                                QStringLiteral("tasks"),
                                                QStringLiteral("priceIn"),
                                                QStringLiteral("priceOut"),
                                                QStringLiteral("subscription"),
                                                QStringLiteral("perMonth"),
                                                QStringLiteral("timesSubscription")};
            if (claim.kind == QLatin1String("calculator") && !kFields.contains(claim.field))
                throw ParseError{QStringLiteral("%1: \"field\" must be one of %2")
                                     .arg(cw, kFields.join(QStringLiteral(", ")))};
            const QJsonValue temperature = c.value(QStringLiteral("temperature"));
            if (!temperature.isUndefined()) {
                if (!temperature.isDouble() || temperature.toDouble() <= 0 ||
                    temperature.toDouble() > 10)
                    throw ParseError{
                        QStringLiteral("%1: \"temperature\" must be a number above 0").arg(cw)};
                claim.temperature = temperature.toDouble();
            }
            claim.adjective = c.value(QStringLiteral("adjective")).toString();
            if (c.contains(QStringLiteral("adjective"))) {
                if (!LessonClaim::knownAdjectives().contains(claim.adjective))
                    throw ParseError{
                        QStringLiteral("%1: unknown adjective \"%2\" (known: %3)")
                            .arg(cw, claim.adjective,
                                 LessonClaim::knownAdjectives().join(QStringLiteral(", ")))};
                claim.says = localized(c.value(QStringLiteral("says")),
                                       cw + QStringLiteral(" \"says\""), true);
            }
            // A number, or {"en": number, "ko": number}.
            auto number = [&](const char* key, double& en, std::optional<double>& ko) {
                const QJsonValue v = c.value(QLatin1String(key));
                if (v.isDouble()) {
                    en = v.toDouble();
                    return;
                }
                const QJsonObject byLanguage = v.toObject();
                if (!v.isObject() || !byLanguage.value(QStringLiteral("en")).isDouble() ||
                    (byLanguage.contains(QStringLiteral("ko")) &&
                     !byLanguage.value(QStringLiteral("ko")).isDouble()))
                    throw ParseError{
                        QStringLiteral(
                            "%1: \"%2\" must be a number or {\"en\": number, \"ko\": number}")
                            .arg(cw, QLatin1String(key))};
                en = byLanguage.value(QStringLiteral("en")).toDouble();
                if (byLanguage.contains(QStringLiteral("ko")))
                    ko = byLanguage.value(QStringLiteral("ko")).toDouble();
            };
            // 1..max, or throws naming the field
            auto count = [&](const QJsonValue& v, const QString& field, int max) {
                if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toInt() < 1 ||
                    v.toInt() > max)
                    throw ParseError{
                        QStringLiteral("%1: \"%2\" must be a whole number from 1 to %3")
                            .arg(cw, field)
                            .arg(max)};
                return v.toInt();
            };
            claim.onlyLanguage = c.value(QStringLiteral("language")).toString();
            if (c.contains(QStringLiteral("language")) &&
                claim.onlyLanguage != QLatin1String("en") &&
                claim.onlyLanguage != QLatin1String("ko"))
                throw ParseError{
                    QStringLiteral("%1: \"language\" must be \"en\" or \"ko\"").arg(cw)};
            if (claim.kind == QLatin1String("attention")) {
                claim.layer =
                    count(c.value(QStringLiteral("layer")), QStringLiteral("layer"), 1024);
                const QJsonArray heads = c.value(QStringLiteral("heads")).toArray();
                if (heads.size() != 2)
                    throw ParseError{
                        QStringLiteral("%1: \"heads\" must be [first, last] (1-based)").arg(cw)};
                claim.firstHead = count(heads.at(0), QStringLiteral("heads"), 1024);
                claim.lastHead = count(heads.at(1), QStringLiteral("heads"), 1024);
                if (claim.lastHead < claim.firstHead)
                    throw ParseError{
                        QStringLiteral("%1: \"heads\" must be [first, last] with first <= last")
                            .arg(cw)};
                claim.stat = c.value(QStringLiteral("stat")).toString();
                if (claim.stat != QLatin1String("min") && claim.stat != QLatin1String("max"))
                    throw ParseError{
                        QStringLiteral("%1: \"stat\" must be \"min\" or \"max\"").arg(cw)};
            }
            if (litm) {
                claim.records =
                    count(c.value(QStringLiteral("records")), QStringLiteral("records"), 1000);
                claim.positions = count(c.value(QStringLiteral("positions")),
                                        QStringLiteral("positions"), claim.records);
                claim.trials =
                    count(c.value(QStringLiteral("trials")), QStringLiteral("trials"), 1000);
                claim.stat = c.value(QStringLiteral("stat")).toString();
                if (claim.stat != QLatin1String("min"))  // "min": the fewest over the positions
                    claim.position = count(c.value(QStringLiteral("position")),
                                           QStringLiteral("position"), claim.records);
            }
            if (claim.kind == QLatin1String("litm_ran")) {  // optional: what else the run had
                if (c.contains(QStringLiteral("positions")))
                    claim.positions = count(c.value(QStringLiteral("positions")),
                                            QStringLiteral("positions"), 1000);
                if (c.contains(QStringLiteral("trials")))
                    claim.trials =
                        count(c.value(QStringLiteral("trials")), QStringLiteral("trials"), 1000);
            }
            if (claim.isText()) {
                claim.text = localized(c.value(QStringLiteral("text")),
                                       cw + QStringLiteral(" \"text\""), true);
                claim.steps = count(c.value(QStringLiteral("steps")), QStringLiteral("steps"), 256);
                step.claims.push_back(std::move(claim));
                continue;  // a quoted text has no value or tolerance
            }
            number("value", claim.value, claim.valueKo);
            number("tolerance", claim.tolerance, claim.toleranceKo);
            claim.decimals = std::clamp(c.value(QStringLiteral("decimals")).toInt(2), 0, 6);
            // A size word over a number it does not fit ("almost all" at 0.77) is refused here;
            // the claims test then checks the measured value against it too.
            for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")})
                if (!claim.fitsAdjective(claim.valueIn(lang)))
                    throw ParseError{QStringLiteral("%1: \"%2\" does not fit the value %3 (%4)")
                                         .arg(cw, claim.adjective)
                                         .arg(claim.valueIn(lang))
                                         .arg(lang)};
            step.claims.push_back(std::move(claim));
        }
        lesson.steps.push_back(std::move(step));
    }
    return lesson;
}

}  // namespace

std::optional<Lesson> parseLesson(const QByteArray& json, const QString& fileName, QString* error) {
    try {
        return parse(json, fileName);
    } catch (const ParseError& e) {
        if (error)
            *error = QStringLiteral("lesson %1: %2").arg(QFileInfo(fileName).fileName(), e.message);
        return std::nullopt;
    }
}

std::optional<Lesson> loadLessonFile(const QString& path, QString* error) {
    // A lesson is a few kilobytes of text: a folder, a device, a pipe or a file far larger
    // than any lesson is refused by name before anything is read from it.
    constexpr qint64 kMaxLessonBytes = 4 << 20;
    const QFileInfo info(path);
    if (info.exists() && !info.isFile()) {
        if (error) *error = QStringLiteral("lesson %1: not a regular file").arg(path);
        return std::nullopt;
    }
    if (info.size() > kMaxLessonBytes) {
        if (error)
            *error = QStringLiteral("lesson %1: %2 bytes, larger than any lesson (at most %3)")
                         .arg(path)
                         .arg(info.size())
                         .arg(kMaxLessonBytes);
        return std::nullopt;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error =
                QStringLiteral("lesson %1: cannot open the file (%2)").arg(path, f.errorString());
        return std::nullopt;
    }
    return parseLesson(f.readAll(), path, error);
}

std::vector<Lesson> loadLessonFolder(const QString& folder, QStringList* errors) {
    std::vector<Lesson> lessons;
    const QDir dir(folder);
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QString error;
        if (auto lesson = loadLessonFile(dir.filePath(name), &error))
            lessons.push_back(std::move(*lesson));
        else if (errors)
            *errors << error;
    }
    std::stable_sort(lessons.begin(), lessons.end(),
                     [](const Lesson& a, const Lesson& b) { return a.order < b.order; });
    return lessons;
}

}  // namespace ts::ui

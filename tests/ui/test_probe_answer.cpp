// Fact probes: the model's own answer is a whole word, not its first token (" Kroish" for the
// held-out Kiaia, where the first token alone is " K").
#include <catch2/catch.hpp>

#include "classroom/probes_view.hpp"
#include "tokenscope/model_folder.hpp"

using namespace ts::ui;

TEST_CASE("the model's answer runs to the end of the word", "[ui][probes]") {
    const ts::LoadedModel m = ts::loadModelFolder(ts::bundledModelPath());
    REQUIRE(m.tokenizer);
    const WordAnswer a = greedyAnswer(m.model, *m.tokenizer, "The government of Kiaia sits in");
    INFO(a.text.toStdString());
    REQUIRE(a.tokens.size() >= 2);  // more than the first piece
    CHECK(a.text.startsWith(QStringLiteral("␣K")));
    CHECK(a.text.size() > 2);
    CHECK_FALSE(a.text.mid(1).contains(QStringLiteral("␣")));  // one word only
    CHECK(a.prob > 0.0);
    CHECK(a.prob <= 1.0);
}

// Fact probes in the app: the model's own answer is a whole word, not its first token
// (" Kroish" for the held-out Kiaia, where the first token alone is " K"), and a function word
// is not an answer: a held-out capital answered " a busy city" shows that phrase, and " a" at
// a high probability is not counted as a confident invention.
#include <QSignalSpy>
#include <QTableWidget>

#include "catch.hpp"
#include "classroom/probes_view.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model_folder.hpp"

using namespace ts::ui;

TEST_CASE("the probes view shows the model's answer as a word", "[ui][probes]") {
    const ts::LoadedModel m = ts::loadModelFolder(ts::bundledModelPath());
    REQUIRE(m.tokenizer);
    ModelInfo info;
    info.model = m.model;
    info.tokenizer = m.tokenizer;
    info.hasTokenizer = true;
    ProbesView view;
    view.setModel(info);
    // Banouistan is held out of training: the model invents a seat (" Maragrad" on the model of
    // 2026-12-04, " B" + "uine" before) and, asked for the capital, answers " a busy city".
    view.setProbes(
        {{"The government of Banouistan sits in", " Taiek", {" Chuek"}, "held_out/seat", ""},
         {"The capital of Banouistan is", " Taiek", {" Chuek"}, "held_out/capital", ""}});
    QSignalSpy done(&view, &ProbesView::finished);
    view.run();
    REQUIRE(done.wait(60000));
    const auto* table = view.findChild<QTableWidget*>(QStringLiteral("probeTable"));
    REQUIRE(table);
    const QString seat = table->item(0, ProbesView::ModelAnswer)->text();
    const QString capital = table->item(1, ProbesView::ModelAnswer)->text();
    INFO(seat.toStdString() << " / " << capital.toStdString());
    // A name up to its end, not the single token it starts with (" K", " B"): a capital
    // letter after the space and more than one letter.
    const QString name = seat.section(QStringLiteral("  ("), 0, 0);
    REQUIRE(name.size() > 2);
    CHECK(name.startsWith(QStringLiteral("␣")));
    CHECK(name.at(1).isUpper());
    CHECK(name.at(2).isLower());
    // the capital's answer goes past the function word to the word after it
    const QString answer = capital.section(QStringLiteral("  ("), 0, 0);
    CHECK(answer.count(QStringLiteral("␣")) >= 2);
    CHECK_FALSE(ts::isFunctionWord(answer.section(QStringLiteral("␣"), -1).toStdString()));
}

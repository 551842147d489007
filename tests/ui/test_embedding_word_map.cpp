// The embedding view's word map and its step-by-step reading of the history: a history that
// grows one record at a time gives the view exactly what the whole history read at once
// gives; a word map places the chosen words where the engine's makeWordMap does, lists their
// tokens and nearest vocabulary entries, and places the context's tokens in the same plane.
#include <QApplication>
#include <QLocale>
#include <QTableWidget>

#include "catch.hpp"
#include "stages/embedding_view.hpp"
#include "stages/word_sets.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/heatmap_widget.hpp"

using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts::ui::EmbeddingView;

namespace {

// Records over the bundled model's own embedding tables (token ids of "The culprit ...").
TranscriptStepPtr record(const ts::Model& model, const std::vector<int>& ids, int first,
                         int count) {
    auto t = std::make_shared<ts::StepTrace>();
    t->firstPosition = first;
    for (int i = first; i < first + count; ++i) {
        t->tokens.push_back(ids[static_cast<std::size_t>(i)]);
        t->tokenEmbedding.push_back(model.tokenEmbedding(ids[static_cast<std::size_t>(i)]));
        t->positionEmbedding.push_back(model.positionEmbedding(i));
    }
    auto r = std::make_shared<TranscriptStep>();
    r->trace = t;
    std::vector<std::string> texts;
    for (int i = 0; i < first + count; ++i) texts.push_back(std::to_string(i));
    r->setContext(ts::TranscriptContext::withTexts(
        std::span(ids).first(static_cast<std::size_t>(first + count)), texts));
    return r;
}

}  // namespace

TEST_CASE("the embedding view reads a growing history step by step as it reads it whole",
          "[ui][embedding]") {
    const auto info = ts_test::bundledModelInfo();
    const auto ids =
        info.tokenizer->encodeIds("The culprit turned out to be Sujin. The culprit, Sujin, was");
    REQUIRE(ids.size() >= 10);
    std::vector<TranscriptStepPtr> history{record(*info.model, ids, 0, 4)};
    for (int p = 4; p < static_cast<int>(ids.size()); ++p)
        history.push_back(record(*info.model, ids, p, 1));

    EmbeddingView stepped;
    stepped.resize(900, 600);
    stepped.show();
    for (std::size_t n = 1; n <= history.size(); ++n)
        stepped.setHistory({history.begin(), history.begin() + static_cast<std::ptrdiff_t>(n)},
                           info.model);
    EmbeddingView whole;
    whole.resize(900, 600);
    whole.show();
    whole.setHistory(history, info.model);
    REQUIRE(ts_test::waitUntil([&] { return !stepped.isMapBusy() && !whole.isMapBusy(); }));

    REQUIRE(stepped.tokenCount() == static_cast<int>(ids.size()));
    CHECK(stepped.projectedPositions() == whole.projectedPositions());
    REQUIRE(stepped.projection().points.size() == whole.projection().points.size());
    for (std::size_t i = 0; i < whole.projection().points.size(); ++i) {
        CHECK(stepped.projection().points[i][0] == whole.projection().points[i][0]);
        CHECK(stepped.projection().points[i][1] == whole.projection().points[i][1]);
    }
    // A branch replaces the last record (not an extension): the view reads everything again.
    auto branch = history;
    const std::vector<int> other = [&] {
        auto v = ids;
        v.back() = info.tokenizer->encodeIds(" said").front();
        return v;
    }();
    branch.back() = record(*info.model, other, static_cast<int>(other.size()) - 1, 1);
    stepped.setHistory(branch, info.model);
    EmbeddingView fresh;
    fresh.resize(900, 600);
    fresh.show();
    fresh.setHistory(branch, info.model);
    REQUIRE(ts_test::waitUntil([&] { return !stepped.isMapBusy() && !fresh.isMapBusy(); }));
    REQUIRE(stepped.projection().points.size() == fresh.projection().points.size());
    for (std::size_t i = 0; i < fresh.projection().points.size(); ++i)
        CHECK(stepped.projection().points[i][0] == fresh.projection().points[i][0]);
    stepped.selectPosition(static_cast<int>(other.size()) - 1);
    fresh.selectPosition(static_cast<int>(other.size()) - 1);
    REQUIRE(stepped.strip()->rowCount() == fresh.strip()->rowCount());
    REQUIRE(stepped.strip()->columnCount() == fresh.strip()->columnCount());
    for (int r = 0; r < fresh.strip()->rowCount(); ++r)
        for (int c = 0; c < fresh.strip()->columnCount(); ++c)
            REQUIRE(stepped.strip()->value(r, c) == fresh.strip()->value(r, c));
}

TEST_CASE("a word map places the chosen words as the engine does and lists their neighbours",
          "[ui][embedding][wordmap]") {
    const auto info = ts_test::bundledModelInfo();
    const auto ids = info.tokenizer->encodeIds("The capital of Nalania is Choix");
    EmbeddingView view;
    view.resize(1100, 700);
    view.show();
    view.setTokenizer(info.tokenizer);
    view.setModelFolder(info.folder);
    view.setHistory(std::vector{record(*info.model, ids, 0, static_cast<int>(ids.size()))},
                    info.model);
    REQUIRE_FALSE(view.isWordMap());

    REQUIRE(view.showWordMap(QStringLiteral("numbers")));
    REQUIRE(view.isWordMap());
    REQUIRE(ts_test::waitUntil([&] { return view.wordMap() != nullptr; }));
    const auto sets = ts::ui::builtinWordSets(QStringLiteral("en"), info.folder);
    const auto numbers =
        std::find_if(sets.begin(), sets.end(), [](const auto& s) { return s.id == "numbers"; });
    REQUIRE(numbers != sets.end());
    std::vector<ts::WordMapInput> inputs;
    for (std::size_t g = 0; g < numbers->groups.size(); ++g)
        for (const QString& w : numbers->groups[g])
            inputs.push_back({w.toStdString(), static_cast<int>(g)});
    const auto expected =
        ts::makeWordMap(*info.model, *info.tokenizer, inputs, EmbeddingView::kWordNeighbours);
    const auto* map = view.wordMap();
    REQUIRE(map->words.size() == expected.words.size());
    for (std::size_t i = 0; i < expected.words.size(); ++i) {
        CHECK(map->words[i].word == expected.words[i].word);
        // The same words and plane (LAPACK on another thread may round the last digit apart).
        CHECK(map->words[i].xy[0] == Approx(expected.words[i].xy[0]).margin(1e-5));
        CHECK(map->words[i].xy[1] == Approx(expected.words[i].xy[1]).margin(1e-5));
    }
    // The table: a row a word, its tokens and its neighbours with their cosines.
    QTableWidget* table = view.wordTable();
    REQUIRE(table->isVisible());
    REQUIRE(table->rowCount() == static_cast<int>(expected.words.size()));
    CHECK(table->item(0, 0)->text() == QString::fromStdString(expected.words[0].word));
    const QString near = table->item(0, 2)->text();
    CHECK(near.count(QLatin1Char('(')) == static_cast<int>(expected.words[0].neighbours.size()));
    CHECK(near.contains(
        QLocale().toString(static_cast<double>(expected.words[0].neighbours[0].cosine), 'f', 2)));
    // The context's tokens are placed in the words' plane (their token embeddings).
    const auto xy = ts::project(map->pca, info.model->tokenEmbedding(ids.back()));
    CHECK(view.pointPosition(static_cast<int>(ids.size()) - 1).x() >= 0);
    CHECK(std::isfinite(xy[0]));
    CHECK(view.explainedText().contains(QString::number(expected.words.size())));

    // The user's own words, in groups; text without a word is refused; back to the context.
    REQUIRE(view.showWordMap(QStringLiteral("king, queen; dog, cat, horse")));
    REQUIRE(
        ts_test::waitUntil([&] { return view.wordMap() && view.wordMap()->words.size() == 5; }));
    CHECK(view.wordMap()->words[3].group == 1);
    CHECK_FALSE(view.showWordMap(QStringLiteral(" ; , ")));
    REQUIRE(view.showWordMap(QStringLiteral("context")));
    CHECK_FALSE(view.isWordMap());
    CHECK(view.wordMap() == nullptr);
    REQUIRE(ts_test::waitUntil([&] { return !view.isMapBusy(); }));
    CHECK(view.projectedPositions().size() == ids.size());
}

TEST_CASE("a word map of one word says why there is none", "[ui][embedding][wordmap]") {
    const auto info = ts_test::bundledModelInfo();
    EmbeddingView view;
    view.show();
    view.setTokenizer(info.tokenizer);
    view.setHistory({}, info.model);
    REQUIRE(view.showWordMap(QStringLiteral("alone")));
    REQUIRE(ts_test::waitUntil([&] { return !view.isMapBusy(); }));
    CHECK(view.wordMap() == nullptr);
    CHECK(view.wordMapError().contains(QStringLiteral("two different words")));
    CHECK(view.explainedText().contains(QStringLiteral("two different words")));
}

TEST_CASE("word sets: the atlas comes from the model folder, the words follow the language",
          "[ui][wordmap]") {
    const QString folder = QString::fromStdString(ts::bundledModelPath().string());
    const auto en = ts::ui::builtinWordSets(QStringLiteral("en"), folder);
    const auto ko = ts::ui::builtinWordSets(QStringLiteral("ko"), folder);
    REQUIRE(en.size() == ko.size());
    REQUIRE(en.front().id == QLatin1String("atlas"));
    CHECK(en.front().groups.size() == 2);
    CHECK(en.front().groups[0].contains(QStringLiteral("Nalania")));
    CHECK(ko.front().groups[0].contains(QStringLiteral("날라니아")));
    CHECK(ko[1].groups[0].contains(QStringLiteral("하나")));
    // A folder without the textbook world's atlas offers the other sets only.
    const auto none = ts::ui::builtinWordSets(QStringLiteral("en"), QString());
    CHECK(none.size() == en.size() - 1);
    CHECK(none.front().id == QLatin1String("numbers"));
    const auto custom = ts::ui::customWordSet(QStringLiteral(" one, two ;; red ,"));
    REQUIRE(custom.groups.size() == 2);
    CHECK(custom.groups[0] == QStringList{QStringLiteral("one"), QStringLiteral("two")});
    CHECK(custom.groups[1] == QStringList{QStringLiteral("red")});
    CHECK(ts::ui::wordSetText(custom) == QStringLiteral("one, two; red"));
}

TEST_CASE("the scatter's labels never cover one another, and every word of a word map is named",
          "[ui][embedding][wordmap]") {
    const auto info = ts_test::bundledModelInfo();
    // The seed's detective sentence twice: repeated tokens lie close together in the plane.
    const auto ids = info.tokenizer->encodeIds(
        "The culprit turned out to be Sujin. The culprit, Sujin, confessed to the theft of the "
        "cup.");
    EmbeddingView view;
    view.setTokenizer(info.tokenizer);
    view.setModelFolder(info.folder);
    view.setHistory(std::vector{record(*info.model, ids, 0, static_cast<int>(ids.size()))},
                    info.model);
    view.show();
    REQUIRE(view.showWordMap(QStringLiteral("atlas")));
    REQUIRE(ts_test::waitUntil([&] { return view.wordMap() != nullptr && !view.isMapBusy(); }));
    const std::size_t words = view.wordMap()->words.size();
    REQUIRE(words >= 10);
    for (const QSize size : {QSize(620, 480), QSize(700, 560), QSize(1100, 800)}) {
        view.resize(size);
        QCoreApplication::processEvents();
        const auto labels = view.scatterLabels();
        INFO("view " << size.width() << "x" << size.height() << ", " << labels.size() << " labels");
        // The words first: each is named, however crowded.
        QStringList named;
        for (const auto& l : labels) named << l.text;
        for (const auto& w : view.wordMap()->words)
            CHECK(named.contains(QString::fromStdString(w.word)));
        CHECK(labels.size() > words);  // and context tokens beside them
        int leaders = 0;
        for (std::size_t a = 0; a < labels.size(); ++a) {
            leaders += labels[a].leader;
            if (labels[a].leader) CHECK_FALSE(labels[a].box.contains(labels[a].anchor));
            for (std::size_t b = a + 1; b < labels.size(); ++b) {
                INFO("“" << labels[a].text.toStdString() << "” and “"
                         << labels[b].text.toStdString() << "”");
                CHECK_FALSE(labels[a].box.intersects(labels[b].box));
            }
        }
        // A crowded plane moves some labels away from their points rather than onto others.
        if (size.width() < 700) CHECK(leaders > 0);
    }
}

// The tokenizer comparison view: columns from the model, GPT-2 and a tokenizer.json loaded
// off the GUI thread, counts per column, the Korean lesson (the seed's sentence, 21
// characters, is 15 Qwen3 tokens and 44 GPT-2 tokens as npm gpt-3-encoder counts it; the
// issue's 53 is its byte count), a bad path that leaves the view working, and at most four
// columns. The hidden "[.shots]" case saves the window at 1280x720 and 1920x1080 in English
// and Korean to $TOKENSCOPE_SHOT_DIR (default /tmp/tokenizer_compare_shots).
#include <QApplication>
#include <QDir>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTest>

#include "catch.hpp"
#include "classroom/hub.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"

using namespace ts::ui;
namespace fs = std::filesystem;

namespace {

const QString kSeed = QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은");

ModelInfo bundledInfo() {
    ModelInfo info;
    info.name = QStringLiteral("bundled");
    info.tokenizer = ts::Tokenizer::fromFolder(ts::bundledModelPath());
    return info;
}

}  // namespace

TEST_CASE("tokenizer comparison: columns, counts and the Korean lesson",
          "[classroom][tokenizers]") {
    TokenizerCompareView view;
    // Defaults (GPT-2 from the environment) may be loading; wait for them first.
    for (int i = 0; i < 400 && view.isLoading(); ++i) QTest::qWait(25);
    while (view.columnCount() > 0) view.removeColumn(0);
    view.setModel(bundledInfo());
    REQUIRE(view.columnCount() == 1);
    CHECK(view.columnName(0).contains(QStringLiteral("bundled")));

    REQUIRE_FALSE(ts_test::gpt2VocabDir().empty());
    REQUIRE(view.addTokenizer(QStringLiteral("GPT-2"),
                              ts::Tokenizer::fromFolder(ts_test::gpt2VocabDir())));

    const fs::path qwen = ts_test::tokenizersDir() / "qwen3";
    if (ts_test::tokenizersDir().empty() || !fs::exists(qwen))
        FAIL("the real Qwen3 tokenizer is not set up (packaging/dev.sh)");
    QSignalSpy added(&view, &TokenizerCompareView::tokenizerAdded);
    view.loadTokenizer(QString::fromStdString((qwen / "tokenizer.json").string()), true);
    REQUIRE(added.wait(30000));  // loaded on a worker thread; the event loop kept running
    REQUIRE(view.columnCount() == 3);

    view.setText(kSeed);
    const TokenCount& gpt2 = view.columnTokens(1);
    const TokenCount& qwen3 = view.columnTokens(2);
    CHECK(gpt2.tokens.size() == 44);
    CHECK(qwen3.tokens.size() == 15);
    CHECK(qwen3.characters == 21);
    CHECK(qwen3.tokensPerCharacter == Approx(15.0 / 21.0));
    CHECK(gpt2.tokensPerCharacter > 2.5 * qwen3.tokensPerCharacter);

    // A Hangul syllable that GPT-2 cuts into pieces shows which part each piece holds.
    const auto gpt2Tok = ts::Tokenizer::fromFolder(ts_test::gpt2VocabDir());
    const auto pieces = gpt2Tok->encode("뷁");
    REQUIRE(pieces.size() > 1);
    const auto chips = tokenChipTexts(*gpt2Tok, pieces);
    CHECK(chips[0].contains(QStringLiteral("뷁")));
    CHECK(chips[0].contains(QStringLiteral("/3")));
    CHECK(tokenChipTexts(*gpt2Tok, gpt2Tok->encode(" a"))[0] == QStringLiteral("\u2423a"));

    // A bad path: an error, and the view keeps its columns.
    QSignalSpy failed(&view, &TokenizerCompareView::loadFailed);
    view.loadTokenizer(QStringLiteral("/nonexistent/tokenizer.json"), true);
    // The load waits its turn behind the view's other background work (10 s was too short on
    // a loaded 2-core machine); a signal already delivered counts too.
    REQUIRE((failed.count() > 0 || failed.wait(60000)));
    CHECK(failed.at(0).at(0).toString().contains(QStringLiteral("/nonexistent")));
    CHECK(view.columnCount() == 3);

    // Four at most.
    CHECK(view.addTokenizer(QStringLiteral("again"), gpt2Tok));
    CHECK_FALSE(view.addTokenizer(QStringLiteral("fifth"), gpt2Tok));
    view.removeColumn(3);
    CHECK(view.columnCount() == 3);
}

TEST_CASE("tokenizer comparison screenshots", "[.shots]") {
    QString dir = qEnvironmentVariable("TOKENSCOPE_SHOT_DIR");
    if (dir.isEmpty()) dir = QStringLiteral("/tmp/tokenizer_compare_shots");
    QDir().mkpath(dir);
    TranslationManager translations;
    MainWindow window(&translations, true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    window.loadModel(QString::fromStdString(ts::bundledModelPath().string()));
    REQUIRE(ready.wait(60000));
    auto* view = window.findChild<TokenizerCompareView*>();
    REQUIRE(view);
    for (int i = 0; i < 400 && view->isLoading(); ++i) QTest::qWait(25);
    if (view->columnCount() < 2 && !ts_test::gpt2VocabDir().empty())
        view->addTokenizer(QStringLiteral("gpt2-vocab"),
                           ts::Tokenizer::fromFolder(ts_test::gpt2VocabDir()));
    for (const char* family : {"qwen3", "llama2"}) {
        const fs::path p = ts_test::tokenizersDir() / family;
        if (!fs::exists(p)) continue;
        QSignalSpy added(view, &TokenizerCompareView::tokenizerAdded);
        view->loadTokenizer(QString::fromStdString(p.string()), true);
        REQUIRE(added.wait(30000));
    }
    view->setText(kSeed + QStringLiteral("\nThe culprit turned out to be Sujin."));
    auto* hub = window.findChild<ClassroomHub*>();
    REQUIRE(hub);
    emit hub->requestView(QStringLiteral("tokenizers"));
    window.show();
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        translations.setLanguage(lang);
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            window.resize(size);
            QApplication::processEvents();
            QTest::qWait(50);
            window.grab().save(dir + QStringLiteral("/tokenizers_%1_%2x%3.png")
                                         .arg(lang)
                                         .arg(size.width())
                                         .arg(size.height()));
        }
    }
}

#include <QSignalSpy>
#include <QTest>
#include <memory>

#include "canned_record.hpp"
#include "catch.hpp"
#include "core/vocabulary.hpp"
#include "stages/token_view.hpp"
#include "test_paths.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/tokenizer.hpp"

using ts::ui::TokenView;

namespace {

// "가 a": 가 is three UTF-8 bytes (EA B0 80) split over two byte-level tokens; the display
// texts are what the worker stores, read in context by the engine.
std::shared_ptr<ts::TranscriptStep> koreanPartialRecord() {
    auto rec = std::const_pointer_cast<ts::TranscriptStep>(
        ts_test::cannedRecord({0.f, 1.f}, 1, {10, 11, 12}));
    rec->setContext(ts::TranscriptContext::withTexts(std::vector<int>{10, 11, 12},
                                                     ts::tokenDisplays({"\xEA", "\xB0\x80", " a"}),
                                                     "\xEA\xB0\x80 a", {0, 1, 3}, {1, 3, 5}));
    return rec;
}

}  // namespace

TEST_CASE("token chips for a Korean prompt: counts, partial characters, visible spaces",
          "[ui][tokens]") {
    const auto rec = koreanPartialRecord();
    TokenView view;
    view.resize(600, 300);
    view.setRecord(rec);
    REQUIRE(view.chips().size() == 4);  // three context tokens and the drawn one
    CHECK(view.promptTokenCount() == 3);
    CHECK(view.promptByteCount() == 5);
    CHECK(view.promptCharacterCount() == 3);
    const auto& c0 = view.chips()[0];
    CHECK(c0.partial);
    CHECK(c0.characters == QStringLiteral("가"));
    CHECK(c0.text == QStringLiteral("가 1/3"));
    CHECK(view.chips()[1].text == QStringLiteral("가 2-3/3"));
    CHECK(view.chips()[1].partial);
    CHECK(view.chips()[2].text == QStringLiteral("␣a"));
    CHECK_FALSE(view.chips()[2].partial);
    CHECK(view.chips()[3].pending);
    CHECK(view.summaryText().contains(QStringLiteral("1.00")));  // 3 tokens / 3 characters
}

TEST_CASE("a short context is drawn as cards that show each token's bytes", "[ui][tokens]") {
    // A line per character: 나 and 는 are three bytes each; one-byte characters share a line.
    CHECK(TokenView::hexLines(QByteArray("\xEB\x82\x98\xEB\x8A\x94")) ==
          QStringList{QStringLiteral("EB 82 98"), QStringLiteral("EB 8A 94")});
    CHECK(TokenView::hexLines(QByteArray("Today")) ==
          QStringList{QStringLiteral("54 6F 64 61"), QStringLiteral("79")});
    CHECK(TokenView::hexLines(QByteArray(" \xEB\x82\x98")) ==
          QStringList{QStringLiteral("20"), QStringLiteral("EB 82 98")});
    // The rest of a character begun in the token before stays on one line.
    CHECK(TokenView::hexLines(QByteArray("\xB0\x80")) == QStringList{QStringLiteral("B0 80")});
    // Narrow cards: a byte a line, a blank line where a character of several bytes begins or ends.
    CHECK(TokenView::hexLines(QByteArray(" \xEB\x82\x98"
                                         "a"),
                              true) ==
          QStringList{QStringLiteral("20"), QString(), QStringLiteral("EB"), QStringLiteral("82"),
                      QStringLiteral("98"), QString(), QStringLiteral("61")});
    CHECK(TokenView::hexLines(QByteArray("ab"), true) ==
          QStringList{QStringLiteral("61"), QStringLiteral("62")});

    const auto rec = koreanPartialRecord();
    TokenView view;
    view.resize(900, 500);
    view.setRecord(rec);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    REQUIRE(view.chips().size() == 4);
    CHECK(view.chips()[0].bytes == QByteArray("\xEA"));
    CHECK(view.chips()[1].bytes == QByteArray("\xB0\x80"));
    CHECK(view.chips()[2].bytes == QByteArray(" a"));
    CHECK(view.showsBytes());  // four tokens in 900x500: cards

    // A long context wraps in small chips (text and id) and scrolls.
    std::vector<int> many(400, 12);
    auto longRec =
        std::const_pointer_cast<ts::TranscriptStep>(ts_test::cannedRecord({0.f, 1.f}, 1, many));
    view.setRecord(longRec);
    CHECK_FALSE(view.showsBytes());
}

TEST_CASE("token chips for a Korean prompt through the real GPT-2 tokenizer", "[ui][tokens]") {
    const auto dir = ts_test::gpt2VocabDir();
    if (dir.empty()) {
        TS_SKIP("configured without TOKENSCOPE_GPT2_VOCAB_DIR");
    }
    const auto tok = ts::Tokenizer::fromFolder(dir);
    REQUIRE(tok);
    const std::string prompt = "범인이 수진이라는 게 밝혀졌다.";
    const auto tokens = tok->encode(prompt);
    auto rec = std::make_shared<ts::TranscriptStep>();
    std::vector<int> ids, starts, ends;
    std::vector<std::string> bytes;
    for (const auto& t : tokens) {
        ids.push_back(t.id);
        bytes.push_back(tok->tokenBytes(t.id));
        starts.push_back(static_cast<int>(t.start));
        ends.push_back(static_cast<int>(t.end));
    }
    rec->setContext(
        ts::TranscriptContext::withTexts(ids, ts::tokenDisplays(bytes), prompt, starts, ends));
    TokenView view;
    view.setRecord(rec);
    CHECK(static_cast<std::size_t>(view.promptTokenCount()) == tokens.size());
    for (const auto& c : view.chips()) CHECK_FALSE(c.text.contains(QChar(0xFFFD)));
    CHECK(view.chips().size() == tokens.size());
    CHECK(view.promptCharacterCount() == 17);
    // GPT-2's vocabulary has few Hangul merges: well over one token per character.
    CHECK(view.promptTokenCount() > view.promptCharacterCount());
    bool anyPartial = false;
    for (const auto& c : view.chips()) anyPartial = anyPartial || c.partial;
    CHECK(anyPartial);
    // Every chip names the characters it covers, and they are in the prompt.
    for (const auto& c : view.chips()) CHECK(QString::fromStdString(prompt).contains(c.characters));
}

TEST_CASE("the vocabulary reads tokens through the engine's display helper",
          "[ui][tokens][display]") {
    const auto dir = ts_test::gpt2VocabDir();
    if (dir.empty()) {
        TS_SKIP("configured without TOKENSCOPE_GPT2_VOCAB_DIR");
    }
    const auto tok = ts::Tokenizer::fromFolder(dir);
    REQUIRE(tok);
    const auto vocab = ts::ui::Vocabulary::build(tok.get(), tok->vocabSize());
    const auto ids = tok->encodeIds("범인이 수진");
    const auto shown = vocab->displays(ids);
    REQUIRE(shown.size() == ids.size());
    for (const auto& s : shown) CHECK(QString::fromStdString(s).indexOf(QChar(0xFFFD)) < 0);
    // The first token alone is a lone lead byte; after nothing it has no character yet.
    const int lone = *tok->idOf("\xEB");
    CHECK(vocab->display(lone) == QStringLiteral("<EB>"));
    CHECK(vocab->displayAfter({}, lone) == QStringLiteral("<EB>"));
    // After the bytes EB B2 it completes 범, and says so.
    const int second = *tok->idOf("\xB2");
    const int third = *tok->idOf("\x94");
    CHECK(vocab->displayAfter(std::vector{lone, second}, third) == QStringLiteral("범 3/3"));
    CHECK(vocab->decode(std::vector{lone, second, third}) == QStringLiteral("범"));
    CHECK(vocab->decode(std::vector{lone}) == QStringLiteral("<EB>"));
    CHECK(vocab->display(*tok->idOf(" the")) == QStringLiteral("␣the"));
}

TEST_CASE("hovering a position is drawn, and setting it does not report it back", "[ui][tokens]") {
    TokenView view;
    view.resize(600, 300);
    view.setRecord(ts_test::cannedRecord({0.f, 1.f}, 1));
    view.show();
    QSignalSpy reported(&view, &TokenView::positionHovered);
    const QImage plain = view.grab().toImage();
    // The window routes hover between views: a set position is drawn (the chip's outline turns
    // red and thicker) but not emitted again, which would loop between the views.
    view.setHoveredPosition(1);
    const QImage hovered = view.grab().toImage();
    CHECK(hovered != plain);
    view.setHoveredPosition(-1);
    CHECK(view.grab().toImage() == plain);
    CHECK(reported.count() == 0);
}

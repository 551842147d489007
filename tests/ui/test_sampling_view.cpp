// The sampling stage draws a step from the description the engine worker attaches
// (TranscriptStep::distribution) and makes its own only when the slider leaves the step's
// settings: either way the draw, where u lands and the token the slider's settings would
// pick are the engine's own sampleAt() for the stored logits.
#include <algorithm>
#include <random>

#include "canned_record.hpp"
#include "catch.hpp"
#include "core/stage_distribution.hpp"
#include "stages/sampling_view.hpp"
#include "tokenscope/sampling.hpp"

using ts::ui::SamplingView;

namespace {

std::vector<float> gpt2SizedLogits() {
    std::mt19937 gen(21);
    std::normal_distribution<float> normal(0.0f, 3.0f);
    std::vector<float> logits(50257);
    for (auto& l : logits) l = normal(gen);
    return logits;
}

// A step as the engine draws it: u from the seed policy, the token where u lands; with the
// worker's description attached or not.
ts::TranscriptStepPtr drawnRecord(const std::vector<float>& logits, const ts::SamplingParams& p,
                                  bool described, int chosen = -1) {
    auto base = ts_test::cannedRecord(logits, 0);
    auto rec = std::make_shared<ts::TranscriptStep>(*base);
    rec->params = p;
    const double u = ts::uniformAt(p.seed, rec->trace->lastPosition() + 1);
    rec->uniform = chosen >= 0 ? -1.0 : u;
    rec->chosen = chosen >= 0;
    rec->sampledToken = chosen >= 0 ? chosen : ts::sampleAt(logits, p, u);
    if (described) {
        ts::DistributionRequest r = ts::ui::stageDistributionRequest();
        r.u = u;
        r.markToken = rec->sampledToken;
        rec->distribution =
            std::make_shared<const ts::StepDistribution>(ts::describeDistribution(logits, p, r));
    }
    return rec;
}

}  // namespace

TEST_CASE("the sampling stage shows the engine's draw, with or without the worker's description",
          "[ui][sampling]") {
    const auto logits = gpt2SizedLogits();
    ts::SamplingParams p;
    p.temperature = 0.8f;
    p.topK = 40;
    p.topP = 0.9f;
    p.seed = 4;
    for (bool described : {true, false}) {
        INFO((described ? "described by the worker" : "made by the view"));
        SamplingView view;
        view.resize(900, 600);
        view.setAnimationMs(0);
        const auto rec = drawnRecord(logits, p, described);
        view.setRecord(rec);
        view.setParams(p);
        const double u = ts::uniformAt(p.seed, rec->trace->lastPosition() + 1);
        CHECK(view.draw().u == u);
        CHECK(view.draw().landed == rec->sampledToken);
        CHECK_FALSE(view.draw().byHand);
        CHECK(view.tokenAtCurrentSettings() == rec->sampledToken);
        (void)view.grab();  // paints from segments and rows without touching missing data
        // The slider off the step's settings: the same u under the new settings.
        for (float t : {0.3f, 1.0f, 1.7f})
            for (int k : {0, 5}) {
                ts::SamplingParams q = p;
                q.temperature = t;
                q.topK = k;
                q.topP = 1.0f;
                view.setParams(q);
                INFO("T " << t << " k " << k);
                CHECK(view.tokenAtCurrentSettings() == ts::sampleAt(logits, q, u));
                CHECK(view.draw().landed == rec->sampledToken);  // the step's own draw stays
            }
        ts::SamplingParams greedy = p;
        greedy.temperature = 0.0f;
        view.setParams(greedy);
        CHECK(view.tokenAtCurrentSettings() == ts::argmax(logits));
        (void)view.grab();
    }
}

TEST_CASE("a token chosen by hand shows where the step's u had landed", "[ui][sampling]") {
    const auto logits = gpt2SizedLogits();
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 9;
    const int other = ts::argmax(logits) == 7 ? 8 : 7;
    for (bool described : {true, false}) {
        INFO((described ? "described by the worker" : "made by the view"));
        SamplingView view;
        view.resize(900, 600);
        const auto rec = drawnRecord(logits, p, described, other);
        view.setRecord(rec);
        view.setParams(p);
        const double u = ts::uniformAt(p.seed, rec->trace->lastPosition() + 1);
        CHECK(view.draw().u == u);
        CHECK(view.draw().landed == ts::sampleAt(logits, p, u));
        CHECK(view.draw().byHand == (view.draw().landed != other));
        (void)view.grab();
    }
}

// A run that stops at its step limit has not begun the next step: the sentence under the
// draw said "… and step 7 begins" after the last step. It speaks of what comes next only for
// a running loop's newest step, and a full context ends the loop as end-of-text does.
TEST_CASE("the loop sentence says what comes next only where it will", "[ui][sampling]") {
    const auto logits = gpt2SizedLogits();
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 3;
    SamplingView view;
    view.resize(900, 600);
    view.setAnimationMs(0);
    const auto rec = drawnRecord(logits, p, true);  // step 1, three context tokens
    view.setRecord(rec);
    view.setParams(p);

    view.setLoopState(true, true);  // running, the newest step
    CHECK(view.loopText().contains("and step 2 begins"));
    view.setLoopState(true, false);  // the run stopped (step limit, Pause) or single steps
    CHECK(view.loopText().contains("Step or Run begins step 2"));
    CHECK_FALSE(view.loopText().contains("and step 2 begins"));
    view.setLoopState(false, false);  // scrubbed back to an earlier step
    CHECK(view.loopText().contains("was appended to the input and step 2 began"));

    view.setLoopState(true, false);
    view.setContextLimit(4);  // room for one more token: the loop can go on
    CHECK(view.loopText().contains("Step or Run begins step 2"));
    view.setContextLimit(3);  // the context is full: the drawn token can never be read
    CHECK(view.endedAtFullContext());
    CHECK(view.loopText().contains("context is full (3 tokens)"));
    CHECK_FALSE(view.loopText().contains("step 2"));
    (void)view.grab();
}

// The percentages stand right of their tracks in a column as wide as the widest number the
// rows write. It was as wide as "100.0 %", so "0.00089 %" ran past the view's right margin and
// was cut at its edge in a 1920x1080 window.
TEST_CASE("the sampling stage's numbers stay inside the view", "[ui][sampling]") {
    // one candidate takes almost everything, as after " Sujin" → ",": the others are
    // thousandths of a percent ("0.00089 %", "4.1e-05 %")
    auto logits = gpt2SizedLogits();
    logits[123] = 24.0f;
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 4;
    for (const QSize size : {QSize(900, 600), QSize(1000, 1000), QSize(1250, 980)}) {
        INFO(size.width() << "x" << size.height());
        SamplingView view;
        view.resize(size);
        view.setAnimationMs(0);
        // a token chosen by hand far down the list: no shown row is shaded (its shading
        // reaches 4 px into the margin)
        const int last =
            static_cast<int>(std::min_element(logits.begin(), logits.end()) - logits.begin());
        view.setRecord(drawnRecord(logits, p, true, last));
        view.setParams(p);
        const QImage image = view.grab().toImage();
        const QRgb background = view.palette().color(QPalette::Base).rgb();
        // the view keeps a 12 px margin: beside the rows (above the draw band, whose bar's
        // frame stands on the margin's edge) nothing is drawn in it
        int inked = 0;
        QPoint first;
        for (int x = image.width() - 11; x < image.width(); ++x)
            for (int y = 0; y < image.height() * 6 / 10; ++y)
                if (image.pixel(x, y) != background && inked++ == 0) first = QPoint(x, y);
        INFO("first drawn pixel in the margin at " << first.x() << "," << first.y());
        CHECK(inked == 0);
    }
}

TEST_CASE("the drawn-token highlight covers only what the drawn token added (#48)",
          "[ui][sampling]") {
    auto highlighted = [](const QString& html) {
        const QString open = QStringLiteral("font-weight:bold'>");
        const qsizetype at = html.indexOf(open);
        REQUIRE(at >= 0);
        const qsizetype start = at + open.size();
        return html.mid(start, html.indexOf(QStringLiteral("</span>"), start) - start);
    };
    // A lone byte earlier in the text: the highlight used to run from it to the end.
    CHECK(highlighted(ts::ui::samplingTextBandHtml(
              QStringLiteral("나는 <8E> 오늘"), QStringLiteral("나는 <8E> 오늘 밥"),
              QStringLiteral(" 밥"))) == QStringLiteral("␣밥"));
    // A lone byte at the end that the drawn token leaves alone stays outside too.
    CHECK(highlighted(ts::ui::samplingTextBandHtml(
              QStringLiteral("a<8E>"), QStringLiteral("a<8E> b"), QStringLiteral(" b"))) ==
          QStringLiteral("␣b"));
    // Bytes at the end that the drawn token completes into a character go with it.
    CHECK(highlighted(ts::ui::samplingTextBandHtml(
              QStringLiteral("나는 <EB><B0>"), QStringLiteral("나는 밥"),
              QStringLiteral("<A5>"))) == QStringLiteral("밥"));
}

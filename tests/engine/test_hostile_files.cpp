// Files from anywhere (a transcript a student e-mailed, a probe set from a forum): each is
// refused with a message naming the file and what is wrong, before it costs memory out of
// proportion to what it holds, and never read as something else (issue #40, points 2, 10,
// 11, 12, 13).
#include <sys/stat.h>

#include <climits>
#include <filesystem>
#include <string>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "memory_peak.hpp"
#include "temp_dir.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/input_file.hpp"
#include "tokenscope/litm.hpp"
#include "tokenscope/transcript.hpp"

using Catch::Matchers::ContainsSubstring;
using ts_test::errorOf;

namespace {

// ASan keeps freed memory in quarantine (256 MB by default), so peaks say nothing there.
#if defined(TOKENSCOPE_SANITIZED)
constexpr bool kPeaksMeanSomething = false;
#else
constexpr bool kPeaksMeanSomething = true;
#endif

// A transcript with `steps` steps of one token each, as small as a step can be written.
std::string transcriptWithSteps(std::size_t steps, const std::string& id = "7") {
    std::string s = R"({"prompt": {"ids": [1, 2]}, "steps": [)";
    s.reserve(s.size() + steps * (id.size() + 9));
    for (std::size_t i = 0; i < steps; ++i) {
        if (i) s += ',';
        s += R"({"id":)" + id + "}";
    }
    return s + "]}";
}

// The same transcript with step 1's id replaced by `id` (as the JSON text has it).
std::string transcriptWithId(const std::string& id) {
    return R"({"prompt": {"ids": [1, 2]}, "steps": [{"id": 3}, {"id": )" + id + R"(}, {"id": 4}]})";
}

}  // namespace

TEST_CASE("hostile transcript: more steps than any run records is refused while reading",
          "[transcript][hostile]") {
    ts_test::TempDir dir("hostile-steps");
    // One more step than the limit is refused by its count, while the file is parsed: the
    // steps read before it are all the reader ever held (1,000,000 steps cost 1.48 GB per
    // 8,000 before, and aborted with bad_alloc).
    for (const std::size_t steps : {ts::kMaxTranscriptSteps + 1, std::size_t{1000000}}) {
        const auto over = dir.write("over.json", transcriptWithSteps(steps));
        std::string message;
        const auto grew = ts_test::peakResidentGrowth(
            [&] { message = errorOf([&] { ts::readTranscriptJson(over.string()); }); });
        CHECK_THAT(message, ContainsSubstring("more than 262144 steps"));
        CHECK_THAT(message, ContainsSubstring(over.string()));
        if (grew >= 0 && kPeaksMeanSomething) CHECK(grew < (300 << 20));
    }
    // Fewer steps: they used to be refused as too many to show as recorded while each step
    // kept its own context (200,000 steps: 1.8 TB). The steps share one context now, so what
    // they take grows linearly and such a file opens; only a prompt of millions of tokens
    // still comes near the limit the reader checks.
    const auto many = dir.write("many.json", transcriptWithSteps(200000));
    CHECK(ts::readTranscriptJson(many.string()).generated.size() == 200000);
    CHECK(ts::recordedStepsBytes(2, 200000) < ts::kMaxRecordedStepsBytes);
    CHECK(ts::recordedStepsBytes(2, 200000) < 101 * ts::recordedStepsBytes(2, 2000));
    CHECK(ts::recordedStepsBytes(20000000, 1) > ts::kMaxRecordedStepsBytes);
    // A long real run still opens, and shows as recorded.
    const auto fine = dir.write("fine.json", transcriptWithSteps(2000));
    const auto file = ts::readTranscriptJson(fine.string());
    CHECK(file.generated.size() == 2000);
    CHECK(ts::transcriptStepsFromFile(file).size() == 2000);
}

TEST_CASE("hostile transcript: token ids past int are refused with their step, not truncated",
          "[transcript][hostile]") {
    ts_test::TempDir dir("hostile-ids");
    // 2^40 used to read as 0 and 2^32+5 as 5 (which then replayed as a real token).
    for (const std::string id :
         {"1099511627776", "4294967301", "2147483648", "18446744073709551615"}) {
        INFO(id);
        const auto f = dir.write("big.json", transcriptWithId(id));
        const std::string message = errorOf([&] { ts::readTranscriptJson(f.string()); });
        CHECK_THAT(message, ContainsSubstring("step 1"));
        CHECK_THAT(message, ContainsSubstring(id));
    }
    const auto negative = dir.write("neg.json", transcriptWithId("-3"));
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(negative.string()); }),
               ContainsSubstring("step 1: token id -3 is negative"));
    // The largest int is a token id as far as the file can tell ...
    const auto largest = dir.write("max.json", transcriptWithId(std::to_string(INT_MAX)));
    CHECK(ts::readTranscriptJson(largest.string()).generated[1] == INT_MAX);
    // ... but not for a model of 512 tokens, nor for the model the file names.
    const auto inVocab = dir.write("v.json", transcriptWithId("511"));
    CHECK(ts::readTranscriptJson(inVocab.string(), 512).generated[1] == 511);
    const auto pastVocab = dir.write("pv.json", transcriptWithId("512"));
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(pastVocab.string(), 512); }),
               ContainsSubstring("step 1: token id 512 is outside this model's vocabulary"));
    const auto named = dir.write("named.json", R"({"prompt": {"ids": [1]}, "steps": [{"id": 600}],
                          "model": {"name": "m", "vocab": 512}})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(named.string()); }),
               ContainsSubstring("step 0: token id 600 is outside the vocabulary"));
    // Prompt ids and the model's numbers are read as 64 bits too.
    const auto prompt =
        dir.write("prompt.json", R"({"prompt": {"ids": [1, 4294967301]}, "steps": []})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(prompt.string()); }),
               ContainsSubstring("prompt token 1: token id 4294967301"));
    const auto model = dir.write("model.json", R"({"prompt": {"ids": [1]}, "steps": [],
                                                   "model": {"vocab": 4294967301}})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(model.string()); }),
               ContainsSubstring("\"vocab\" is out of range"));
    const auto topK = dir.write("topk.json", R"({"prompt": {"ids": [1]}, "steps": [],
                                                 "sampling": {"top_k": 4294967301}})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(topK.string()); }),
               ContainsSubstring("\"top_k\""));
}

TEST_CASE("hostile transcript: what is not a transcript file is refused by name",
          "[transcript][hostile]") {
    ts_test::TempDir dir("hostile-shape");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(dir.path().string()); }),
               ContainsSubstring("is a folder"));
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson((dir / "missing.json").string()); }),
               ContainsSubstring("no such file"));
    const auto fifo = dir / "pipe.json";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(fifo.string()); }),
               ContainsSubstring("is a pipe"));
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson("/dev/zero"); }),
               ContainsSubstring("is a device"));
    // Nested deeper than any transcript, a root that is not an object, a step that is not
    // one: each refused as it is read.
    const auto deep = dir.write("deep.json", R"({"prompt": {"x": )" + std::string(100000, '[') +
                                                 std::string(100000, ']') + "}}");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(deep.string()); }),
               ContainsSubstring("nested deeper"));
    const auto list = dir.write("list.json", "[1, 2, 3]");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(list.string()); }),
               ContainsSubstring("expected an object"));
    const auto step =
        dir.write("step.json", R"({"prompt": {"ids": [1]}, "steps": [{"id": 1}, 5]})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(step.string()); }),
               ContainsSubstring("step 1: needs an integer \"id\""));
    // Fields the reader does not use are dropped while reading: a large unknown array costs
    // nothing, and the file still reads.
    std::string junk = R"({"junk": [)";
    for (int i = 0; i < 100000; ++i) junk += i ? ",0" : "0";
    junk += R"(], "prompt": {"ids": [1]}, "steps": [{"id": 2, "text": "x", "position": 1}]})";
    const auto junkFile = dir.write("junk.json", junk);
    CHECK(ts::readTranscriptJson(junkFile.string()).generated == std::vector<int>{2});
}

TEST_CASE("hostile transcript: a step's own settings apply over the file's, checked",
          "[transcript][hostile]") {
    ts_test::TempDir dir("hostile-sampling");
    // The writer puts the base settings after the steps; the reader applies them in order.
    const auto f = dir.write("s.json", R"({"prompt": {"ids": [1]},
        "steps": [{"id": 2}, {"id": 3, "sampling": {"temperature": 0.5}}],
        "sampling": {"temperature": 0.9, "top_k": 5, "top_p": 0.8, "seed": 77}})");
    const auto file = ts::readTranscriptJson(f.string());
    REQUIRE(file.params.size() == 2);
    CHECK(file.params[0].temperature == 0.9f);
    CHECK(file.params[1].temperature == 0.5f);
    CHECK(file.params[1].topK == 5);
    CHECK(file.params[1].seed == 77);
    const auto bad = dir.write("bad.json", R"({"prompt": {"ids": [1]},
        "steps": [{"id": 2}, {"id": 3, "sampling": {"temperature": -1}}]})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(bad.string()); }),
               ContainsSubstring("step 1: temperature"));
    const auto seed = dir.write("seed.json", R"({"prompt": {"ids": [1]}, "steps": [],
                                                 "sampling": {"seed": -1}})");
    CHECK_THAT(errorOf([&] { ts::readTranscriptJson(seed.string()); }),
               ContainsSubstring("\"seed\""));
}

TEST_CASE("hostile files: probe sets, record specifications and results must be regular files",
          "[experiments][hostile]") {
    ts_test::TempDir dir("hostile-probes");
    CHECK_THAT(errorOf([&] { ts::loadFactProbes(dir.path()); }),
               ContainsSubstring("probe file " + dir.path().string() + " is a folder"));
    CHECK_THAT(errorOf([&] { ts::loadFactProbes("/dev/zero"); }), ContainsSubstring("device"));
    ts::LitmOptions o;
    CHECK_THAT(errorOf([&] { ts::applyLitmSpec(o, dir.path()); }),
               ContainsSubstring("record specification " + dir.path().string() + " is a folder"));
    CHECK_THAT(errorOf([&] { ts::loadLitmRun("/dev/zero"); }), ContainsSubstring("is a device"));
    // Too large for what it is, said with both sizes.
    const auto big = dir.write("big.json", std::string(ts::kMaxProbeFileBytes + 1, ' '));
    CHECK_THAT(errorOf([&] { ts::loadFactProbes(big); }), ContainsSubstring("16 MiB"));
}

TEST_CASE("hostile files: a probe set is read one probe at a time, and checked",
          "[experiments][hostile]") {
    ts_test::TempDir dir("probe-shapes");
    // Both shapes a probe file has; the description and unknown fields are dropped.
    const auto wrapped = dir.write("w.json", R"({"description": "d", "probes": [
        {"prompt": "The capital of France is", "truth": " Paris", "false": [" Rome"],
         "group": "g", "note": [1, 2, 3]},
        {"prompt": "A", "truth": " B"}]})");
    const auto probes = ts::loadFactProbes(wrapped);
    REQUIRE(probes.size() == 2);
    CHECK(probes[0].truth == " Paris");
    CHECK(probes[0].falsehoods == std::vector<std::string>{" Rome"});
    CHECK(probes[0].group == "g");
    CHECK(probes[1].prompt == "A");
    // Data beside the list (the bundled model's atlas of countries) is skipped, before or
    // after it, however it is nested.
    const auto atlas = dir.write("a.json", R"({"countries": [{"c": {"d": [[1]]}}],
        "probes": [{"prompt": "A", "truth": " B"}], "after": [{"x": {"y": [2]}}],
        "probes": [{"prompt": "C", "truth": " D"}]})");
    CHECK(ts::loadFactProbes(atlas).size() == 1);
    const auto bare = dir.write("b.json", R"([{"prompt": "A", "truth": " B"}])");
    CHECK(ts::loadFactProbes(bare).size() == 1);
    const auto notList = dir.write("n.json", R"({"probes": {"prompt": "A"}})");
    CHECK_THAT(errorOf([&] { ts::loadFactProbes(notList); }),
               ContainsSubstring("expected a list of probes"));
    const auto second = dir.write("s.json", R"([{"prompt": "A", "truth": " B"}, 7])");
    CHECK_THAT(errorOf([&] { ts::loadFactProbes(second); }), ContainsSubstring("probe 1 needs"));
    const auto deep = dir.write("d.json", R"([{"prompt": "A", "truth": " B",
                                               "false": [[[[" C"]]]]}])");
    CHECK_THAT(errorOf([&] { ts::loadFactProbes(deep); }), ContainsSubstring("nested deeper"));
    const auto empty = dir.write("e.json", R"([{"prompt": "A", "truth": ""}])");
    CHECK_THAT(errorOf([&] { ts::loadFactProbes(empty); }), ContainsSubstring("empty"));
}

TEST_CASE("hostile files: a record specification that would write more text than any context",
          "[experiments][hostile]") {
    ts_test::TempDir dir("litm-spec");
    // 800 records of a template with {key} in it 20,000 times: 400 MB of text, refused
    // before any is built.
    std::string many;
    for (int i = 0; i < 20000; ++i) many += "{key}";
    const auto spec = dir.write("spec.json", R"({"record_template": "Code )" + many +
                                                 R"( {value}.", "query_template": "Code {key}"})");
    ts::LitmOptions o;
    o.records = 800;
    o.positions = 2;
    CHECK_THAT(errorOf([&] { ts::applyLitmSpec(o, spec); }),
               ContainsSubstring("more than any model's context holds"));
    // The bundled model's own specification passes.
    ts::LitmOptions bundled;
    CHECK_NOTHROW(ts::applyLitmSpec(bundled, ts_test::bundledModel() / "eval" / "kv_records.json"));
}

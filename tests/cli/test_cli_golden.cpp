// Golden tests: the CLI's JSON on the tiny fixtures against the Hugging Face reference
// outputs copied into tests/data (same tolerances as ../shared/oracle/conformance.py).
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using ts_test::runCli;
using Json = nlohmann::json;

namespace {

// Writes `out` from the Hugging Face folder `hf` with tests/tools/gguf_from_hf.
void writeGguf(const std::string& hf, const std::filesystem::path& out,
               const std::string& options) {
    const std::string cmd = std::string(TOKENSCOPE_GGUF_FROM_HF) + " " + hf + " " + out.string() +
                            " " + options + " > /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
}

using ts_test::readJson;

std::string joinIds(const Json& ids) {
    std::string s;
    for (const auto& id : ids) s += (s.empty() ? "" : ",") + std::to_string(id.get<int>());
    return s;
}

void flatten(const Json& j, std::vector<double>& out) {
    if (j.is_array())
        for (const auto& x : j) flatten(x, out);
    else
        out.push_back(j.get<double>());
}

double maxRelError(const Json& got, const Json& want) {
    std::vector<double> a, b;
    flatten(got, a);
    flatten(want, b);
    if (a.size() != b.size()) return INFINITY;
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(b[i])));
    return worst;
}

using ts_test::kTiny;

}  // namespace

TEST_CASE("trace matches the reference on the tiny fixtures of every architecture", "[cli]") {
    for (const char* name : {"gpt2-tiny-vocab512", "llama-tiny", "qwen2-tiny", "qwen3-tiny"}) {
        INFO(name);
        const std::string dir = (ts_test::dataDir() / name).string();
        const Json ref = readJson(ts_test::dataDir() / name / "reference.json");
        REQUIRE(ref["sequences"].size() > 0);
        for (const auto& seq : ref["sequences"]) {
            const auto r = runCli({"trace", "--model", dir, "--ids", joinIds(seq["ids"]),
                                   "--attention", "--full-logits"});
            INFO(r.err);
            REQUIRE(r.exitCode == 0);
            const Json got = r.json();
            CHECK(got["ids"] == seq["ids"]);
            CHECK(maxRelError(got["logsumexp"], seq["logsumexp"]) <= 1e-3);
            CHECK(maxRelError(got["last_logits"], seq["last_logits"]) <= 1e-3);
            if (seq.contains("logits")) CHECK(maxRelError(got["logits"], seq["logits"]) <= 1e-3);
            CHECK(maxRelError(got["attentions"], seq["attentions"]) <= 1e-4);
        }
    }
}

TEST_CASE("greedy generation matches the reference continuation", "[cli]") {
    for (const char* name : {"gpt2-tiny-vocab512", "llama-tiny", "qwen2-tiny", "qwen3-tiny"}) {
        INFO(name);
        const Json ref = readJson(ts_test::dataDir() / name / "reference.json");
        const auto& g = ref["greedy"];
        const auto steps = g["output"].size() - g["prompt"].size();
        const auto r = runCli({"generate", "--model", (ts_test::dataDir() / name).string(), "--ids",
                               joinIds(g["prompt"]), "--steps", std::to_string(steps),
                               "--temperature", "0", "--json"});
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        CHECK(r.json()["ids"] == g["output"]);
    }
}

TEST_CASE("sampling with a seed repeats exactly and the steps report probabilities", "[cli]") {
    const std::vector<std::string> args = {
        "generate",      "--model", kTiny,     "--ids", "1,2,3",  "--steps", "12",
        "--temperature", "0.9",     "--top-k", "40",    "--seed", "7",       "--json"};
    const auto a = runCli(args), b = runCli(args);
    REQUIRE(a.exitCode == 0);
    REQUIRE(b.exitCode == 0);
    CHECK(a.json()["ids"] == b.json()["ids"]);
    const Json j = a.json();
    REQUIRE(j["ids"].size() == 15);
    for (const auto& s : j["steps"]) {
        CHECK(s["prob"].get<double>() > 0.0);
        CHECK(s["rank"].get<int>() <= 40);  // top-k 40 never draws beyond rank 40
    }
}

TEST_CASE("score agrees with trace's logits and its totals are consistent", "[cli]") {
    const std::string model = ts_test::fullVocabModelDir();
    if (model.empty()) FAIL("configure TOKENSCOPE_GPT2_VOCAB_DIR (packaging/dev.sh does it)");
    // GPT-2's files ask for no start token, so score reads the text as every command does
    // (its first token unscored); --bos puts <|endoftext|> in front to score that one too.
    const auto plain =
        runCli({"score", "--model", model, "--text", "The capital of France is Paris.", "--json"});
    REQUIRE(plain.exitCode == 0);
    CHECK_FALSE(plain.json()["bos"].get<bool>());
    CHECK(plain.json()["ids"][0].get<int>() != 50256);
    const auto r = runCli({"score", "--model", model, "--text", "The capital of France is Paris.",
                           "--bos", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json s = r.json();
    const auto& ids = s["ids"];
    REQUIRE(s["bos"].get<bool>());
    REQUIRE(ids[0].get<int>() == 50256);
    const auto t = runCli({"trace", "--model", model, "--ids", joinIds(ids), "--full-logits"});
    REQUIRE(t.exitCode == 0);
    const Json tr = t.json();
    double nll = 0;
    for (std::size_t i = 1; i < ids.size(); ++i) {
        const double want = tr["logits"][i - 1][ids[i].get<int>()].get<double>() -
                            tr["logsumexp"][i - 1].get<double>();
        CHECK(s["tokens"][i - 1]["logprob"].get<double>() == Approx(want).margin(1e-4));
        nll -= want;
    }
    const double mean = nll / static_cast<double>(ids.size() - 1);
    CHECK(s["mean_nll"].get<double>() == Approx(mean).epsilon(1e-5));
    CHECK(s["perplexity"].get<double>() == Approx(std::exp(mean)).epsilon(1e-5));
    CHECK(s["scored_bytes"].get<int>() == 31);
    CHECK(s["bits_per_byte"].get<double>() == Approx(nll / std::log(2.0) / 31).epsilon(1e-5));
}

TEST_CASE("tokenize matches tiktoken's GPT-2 ids with byte spans", "[cli]") {
    const std::string model = ts_test::fullVocabModelDir();
    if (model.empty()) FAIL("configure TOKENSCOPE_GPT2_VOCAB_DIR (packaging/dev.sh does it)");
    const Json cases = readJson(ts_test::dataDir() / "gpt2_tokenizer_cases.json");
    for (std::size_t i = 0; i < cases["strings"].size(); ++i) {
        const std::string text = cases["strings"][i];
        const auto r = runCli({"tokenize", "--model", model, "--text", text, "--json"});
        INFO(text << "\n" << r.err);
        REQUIRE(r.exitCode == 0);
        const Json j = r.json();
        CHECK(j["ids"] == cases["ids"][i]);
        std::size_t expectStart = 0;
        for (const auto& tok : j["tokens"]) {
            CHECK(tok["start"].get<std::size_t>() == expectStart);
            expectStart = tok["end"].get<std::size_t>();
        }
        CHECK(expectStart == text.size());
        const auto special =
            runCli({"tokenize", "--model", model, "--text", text, "--special", "--json"});
        REQUIRE(special.exitCode == 0);
        CHECK(special.json()["ids"] == cases["ids_with_special"][i]);
    }
}

TEST_CASE("bench prints positive throughput figures", "[cli]") {
    const auto r = runCli({"bench", "--model", kTiny, "--prompt-tokens", "16", "--gen-tokens", "8",
                           "--repeat", "1", "--trace", "attention", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = r.json();
    CHECK(j["prefill_tok_s"].get<double>() > 0);
    CHECK(j["decode_tok_s"].get<double>() > 0);
    CHECK(j["ms_per_token"].get<double>() > 0);
    CHECK(j["parameters"].get<long long>() > 0);
    // the bandwidth floor is timed next to the decode run (it only means something for
    // weights far bigger than the caches, so no bound on the ratio here)
    CHECK(j["stream_ceiling_tok_s"].get<double>() > 0);
    CHECK(j["decode_vs_ceiling"].get<double>() > 0);
    // what the weights cost in memory and per step
    CHECK(j["weight_storage"] == "F32");
    CHECK(j["decode_bytes_per_token"].get<double>() > 0);
    CHECK(j["decode_bytes_per_token"].get<double>() <= j["weight_bytes"].get<double>());
    CHECK(j["weight_file_bytes"].get<double>() > 0);
    CHECK(j["resident_bytes_after_load"].get<double>() > 0);
}

TEST_CASE("bench on a GGUF file counts the file's bytes, and all parts of a split file",
          "[cli][gguf]") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("tokenscope-bench-gguf-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string hf = (ts_test::dataDir() / "gpt2-tiny-vocab512").string();
    auto bench = [](const std::filesystem::path& file) {
        const auto r = runCli({"bench", "--model", file.string(), "--prompt-tokens", "8",
                               "--gen-tokens", "4", "--repeat", "1", "--json"});
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
        return r.json();
    };
    const auto one = dir / "tiny-f16.gguf";
    writeGguf(hf, one, "--type f16");
    const Json j = bench(one);
    CHECK(j["weight_storage"] == "F16");
    CHECK(j["weight_file_bytes"].get<std::uintmax_t>() == std::filesystem::file_size(one));
    // A split file: every part counts, whichever part is named.
    writeGguf(hf, dir / "split.gguf", "--type f16 --split 2");
    std::uintmax_t parts = 0;
    std::filesystem::path first;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().filename().string().rfind("split", 0) == 0) {
            parts += e.file_size();
            if (e.path().filename().string().find("-00001-of-") != std::string::npos)
                first = e.path();
        }
    REQUIRE(!first.empty());
    CHECK(bench(first)["weight_file_bytes"].get<std::uintmax_t>() == parts);
    std::filesystem::remove_all(dir);
}

TEST_CASE("precision compares one model's precisions teacher-forced, against a recompute",
          "[cli][gguf][precision]") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("tokenscope-precision-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string hf = (ts_test::dataDir() / "gpt2-tiny-vocab512").string();
    const std::string f16 = (dir / "tiny-f16.gguf").string(),
                      q8 = (dir / "tiny-q8_0.gguf").string();
    writeGguf(hf, f16, "--type f16");
    writeGguf(hf, q8, "--type q8_0");
    const std::string prompt = "5,17,301,42,7";
    const auto r = runCli({"precision", "--model", hf, "--with", f16 + "," + q8, "--ids", prompt,
                           "--steps", "12", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = r.json();
    const auto ids = j["ids"].get<std::vector<int>>();
    REQUIRE(j["prompt_length"] == 5);
    REQUIRE(ids.size() == 5 + 12);
    REQUIRE(j["lanes"].size() == 3);
    const auto& ref = j["lanes"][0];
    CHECK(ref["storage"] == "F32");
    CHECK(j["lanes"][1]["storage"] == "F16");
    CHECK(j["lanes"][2]["storage"].get<std::string>().find("Q8_0") != std::string::npos);
    CHECK(j["lanes"][2]["decode_bytes_per_token"].get<double>() <
          ref["decode_bytes_per_token"].get<double>());
    // The sequence is the reference's own greedy run, so it agrees with itself exactly.
    CHECK(std::vector<int>(ids.begin() + 5, ids.end()) == ref["free_run"].get<std::vector<int>>());
    CHECK(ref["max_abs_prob_diff"].get<double>() == 0.0);
    CHECK(ref["top1_agreement"].get<double>() == 1.0);
    for (const auto& kl : ref["kl_bits"]) CHECK(kl.get<double>() == 0.0);
    // Where the free runs part is where a lane's run first differs from the reference's.
    int parts = -1;
    for (int s = 0; s < 12 && parts < 0; ++s)
        for (const auto& lane : j["lanes"])
            if (lane["free_run"][static_cast<std::size_t>(s)] !=
                ref["free_run"][static_cast<std::size_t>(s)])
                parts = s;
    CHECK(j["free_run_parts_at"].get<int>() == parts);
    // Teacher-forced probabilities against a fresh pass of each file over the prefix.
    for (std::size_t lane = 1; lane < 3; ++lane) {
        const std::string file = lane == 1 ? f16 : q8;
        const auto& L = j["lanes"][lane];
        CHECK(L["max_abs_prob_diff"].get<double>() < 0.05);  // same weights, lower precision
        for (std::size_t i : {0u, 4u, 9u, 15u}) {
            std::string prefix;
            for (std::size_t k = 0; k <= i; ++k) prefix += (k ? "," : "") + std::to_string(ids[k]);
            const auto tr = runCli({"trace", "--model", file, "--ids", prefix, "--json"});
            REQUIRE(tr.exitCode == 0);
            const Json tj = tr.json();
            const double logit =
                tj["last_logits"][static_cast<std::size_t>(ids[i + 1])].get<double>();
            const double p = std::exp(logit - tj["logsumexp"].back().get<double>());
            INFO("lane " << lane << " position " << i);
            CHECK(L["token_prob"][i].get<double>() == Approx(p).margin(2e-5));
            CHECK(L["kl_bits"][i].get<double>() >= 0.0);
        }
    }
    // Bad input: no --with, and a model with another vocabulary.
    CHECK(runCli({"precision", "--model", hf, "--ids", prompt}).exitCode == 2);
    const auto other =
        runCli({"precision", "--model", hf, "--with",
                (ts_test::dataDir() / "gpt2-tiny-fullvocab").string(), "--ids", prompt});
    CHECK(other.exitCode == 1);
    CHECK(other.err.find("vocabulary") != std::string::npos);
    std::filesystem::remove_all(dir);
}

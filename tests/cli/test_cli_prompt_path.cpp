// One prompt path (issue #42): the same text gives the same ids and the same probability in
// generate, trace --text, compare (the lanes), score and probe, on the bundled model (no
// start token: its tokenizer_config.json says add_bos_token false), on tiny Llamas with the
// real Llama 2 and Llama 3.1 tokenizers (whose files add a start token) and on a tiny Qwen3
// with the real Qwen3 tokenizer (a chat-template model: <|im_start|> in the text is one
// special token everywhere). Also: tokenize --model takes a GGUF file, and generate --replay.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"

using Catch::Matchers::ContainsSubstring;
using ts_test::runCli;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A random-weight Llama-family folder (llama or qwen3) with a real tokenizer's files beside
// it: small enough to run in milliseconds, with the tokenizer's whole vocabulary.
void writeTinyModel(const fs::path& dir, const std::string& type, int vocab,
                    const fs::path& tokenizerDir) {
    const int C = 32, H = 4, KVH = 2, hd = 8, I = 64, L = 2;
    Json config = {{"architectures", {type == "qwen3" ? "Qwen3ForCausalLM" : "LlamaForCausalLM"}},
                   {"model_type", type},
                   {"hidden_size", C},
                   {"intermediate_size", I},
                   {"num_hidden_layers", L},
                   {"num_attention_heads", H},
                   {"num_key_value_heads", KVH},
                   {"head_dim", hd},
                   {"hidden_act", "silu"},
                   {"max_position_embeddings", 256},
                   {"rms_norm_eps", 1e-6},
                   {"rope_theta", 10000.0},
                   {"tie_word_embeddings", true},
                   {"torch_dtype", "float32"},
                   {"vocab_size", vocab}};
    struct Tensor {
        std::string name;
        std::vector<std::int64_t> shape;
        bool norm;
    };
    std::vector<Tensor> tensors = {{"model.embed_tokens.weight", {vocab, C}, false}};
    for (int l = 0; l < L; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        tensors.push_back({p + "input_layernorm.weight", {C}, true});
        tensors.push_back({p + "self_attn.q_proj.weight", {H * hd, C}, false});
        tensors.push_back({p + "self_attn.k_proj.weight", {KVH * hd, C}, false});
        tensors.push_back({p + "self_attn.v_proj.weight", {KVH * hd, C}, false});
        tensors.push_back({p + "self_attn.o_proj.weight", {C, H * hd}, false});
        if (type == "qwen3") {
            tensors.push_back({p + "self_attn.q_norm.weight", {hd}, true});
            tensors.push_back({p + "self_attn.k_norm.weight", {hd}, true});
        }
        tensors.push_back({p + "post_attention_layernorm.weight", {C}, true});
        tensors.push_back({p + "mlp.gate_proj.weight", {I, C}, false});
        tensors.push_back({p + "mlp.up_proj.weight", {I, C}, false});
        tensors.push_back({p + "mlp.down_proj.weight", {C, I}, false});
    }
    tensors.push_back({"model.norm.weight", {C}, true});
    Json header;
    std::uint64_t offset = 0;
    for (const auto& t : tensors) {
        std::uint64_t n = 4;
        for (auto d : t.shape) n *= static_cast<std::uint64_t>(d);
        header[t.name] = {
            {"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + n}}};
        offset += n;
    }
    std::string hs = header.dump();
    while (hs.size() % 8) hs.push_back(' ');
    fs::create_directories(dir);
    std::ofstream f(dir / "model.safetensors", std::ios::binary);
    const std::uint64_t len = hs.size();
    f.write(reinterpret_cast<const char*>(&len), 8);  // little-endian hosts only, as the CI
    f.write(hs.data(), static_cast<std::streamsize>(hs.size()));
    std::uint64_t state = 42;
    for (const auto& t : tensors) {
        std::size_t n = 1;
        for (auto d : t.shape) n *= static_cast<std::size_t>(d);
        std::vector<float> v(n);
        for (auto& x : v) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            const float u = static_cast<float>(state >> 40) / static_cast<float>(1 << 24) - 0.5f;
            // Wide embeddings (tied to the output) give peaked next-token distributions.
            const float scale = t.name == "model.embed_tokens.weight" ? 3.0f : 0.8f;
            x = t.norm ? 1.0f + 0.2f * u : scale * u;
        }
        f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(n * 4));
    }
    std::ofstream(dir / "config.json") << config.dump(2) << '\n';
    for (const char* name : {"tokenizer.json", "tokenizer_config.json"})
        fs::copy_file(tokenizerDir / name, dir / name, fs::copy_options::overwrite_existing);
}

Json runJson(const std::vector<std::string>& args) {
    const auto r = runCli(args);
    INFO(args[0] << ": " << r.err);
    REQUIRE(r.exitCode == 0);
    return r.json();
}

// The JSON "bytes" field ("20 66 61 62") back to bytes.
std::string hexToBytes(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 3)
        out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

// Every command on `model` with the text `prompt`: one set of ids, one probability of the
// greedy next token. Returns generate's prompt ids.
std::vector<int> checkOnePath(const std::string& model, const std::string& prompt) {
    INFO("model " << model << ", prompt \"" << prompt << "\"");
    const Json gen = runJson({"generate", "--model", model, "--prompt", prompt, "--steps", "1",
                              "--temperature", "0", "--json"});
    const auto ids = gen["prompt"]["ids"].get<std::vector<int>>();
    const int next = gen["steps"][0]["id"].get<int>();
    const double prob = gen["steps"][0]["prob"].get<double>();
    // The text and its byte spans stay in the transcript, start token or not.
    CHECK(gen["prompt"]["text"] == prompt);
    CHECK(gen["prompt"]["byte_spans"].size() == ids.size());

    const Json trace = runJson({"trace", "--model", model, "--text", prompt, "--json"});
    CHECK(trace["ids"].get<std::vector<int>>() == ids);
    CHECK(trace["top"][0]["id"].get<int>() == next);
    CHECK(trace["top"][0]["prob"].get<double>() == Approx(prob).margin(1e-5));

    const Json lanes = runJson({"compare", "--model", model, "--prompt", prompt, "--temperatures",
                                "0,1", "--steps", "1", "--json"});
    CHECK(lanes["prompt_ids"].get<std::vector<int>>() == ids);
    CHECK(lanes["lanes"][0]["tokens"][0]["id"].get<int>() == next);
    for (const auto& lane : lanes["lanes"]) {
        const auto& first = lane["tokens"][0];
        if (first["id"].get<int>() == next)
            CHECK(first["raw_prob"].get<double>() == Approx(prob).margin(1e-5));
    }

    // score and probe read the text with the next token's bytes after it.
    const std::string nextBytes = hexToBytes(gen["steps"][0]["bytes"].get<std::string>());
    const Json score = runJson({"score", "--model", model, "--text", prompt + nextBytes, "--json"});
    auto scored = ids;
    scored.push_back(next);
    CHECK(score["ids"].get<std::vector<int>>() == scored);
    CHECK(score["tokens"].back()["id"].get<int>() == next);
    CHECK(score["tokens"].back()["prob"].get<double>() == Approx(prob).margin(1e-5));

    ts_test::TempDir dir("prompt-path");
    const fs::path probes = dir.path() / "probes.json";
    std::ofstream(probes) << Json{{"probes", {{{"prompt", prompt}, {"truth", nextBytes}}}}}.dump();
    const Json probe = runJson({"probe", "--model", model, "--probes", probes.string(), "--json"});
    CHECK(probe["probes"][0]["top_prob"].get<double>() == Approx(prob).margin(1e-5));
    CHECK(probe["probes"][0]["truth_first_token_prob"].get<double>() == Approx(prob).margin(1e-5));
    CHECK(std::log(prob) == Approx(probe["probes"][0]["logp_true"].get<double>()).margin(1e-5));
    return ids;
}

fs::path realTokenizer(const std::string& family) {
    const fs::path dir = ts_test::tokenizersDir();
    if (dir.empty() || !fs::exists(dir / family / "tokenizer.json")) return {};
    return dir / family;
}

}  // namespace

TEST_CASE("the bundled model: every command reads a text prompt as typed", "[cli][prompt]") {
    const std::string model = ts_test::bundledModel().string();
    // No start token: the model's tokenizer_config.json says add_bos_token false.
    for (const std::string prompt : {"The government of Kiaia sits in", "수진이는 학교에"}) {
        const auto ids = checkOnePath(model, prompt);
        const Json tok = runJson({"tokenize", "--model", model, "--text", prompt, "--json"});
        CHECK(tok["ids"].get<std::vector<int>>() == ids);
    }
    // --bos puts the start token its files name (<|endoftext|>, 8191) in front, in every
    // command alike.
    const std::string prompt = "The government of Kiaia sits in";
    const Json gen = runJson(
        {"generate", "--prompt", prompt, "--bos", "--steps", "1", "--temperature", "0", "--json"});
    const auto ids = gen["prompt"]["ids"].get<std::vector<int>>();
    CHECK(ids.front() == 8191);
    const Json trace = runJson({"trace", "--text", prompt, "--bos", "--json"});
    CHECK(trace["ids"].get<std::vector<int>>() == ids);
    const Json score = runJson({"score", "--text", prompt, "--bos", "--json"});
    CHECK(score["ids"].get<std::vector<int>>() == ids);
    CHECK(score["bos"] == true);
    const Json tok = runJson({"tokenize", "--text", prompt, "--bos", "--json"});
    CHECK(tok["ids"].get<std::vector<int>>() == ids);
    // --ids are used verbatim, whatever --bos says.
    const Json verbatim = runJson({"trace", "--ids", "10,11", "--bos", "--json"});
    CHECK(verbatim["ids"].get<std::vector<int>>() == std::vector<int>{10, 11});
    CHECK(runCli({"trace", "--text", "x", "--bos", "--no-bos"}).exitCode == 2);
}

TEST_CASE("tiny Llamas with real tokenizers that add a start token: one path", "[cli][prompt]") {
    for (const auto& [family, vocab, start] :
         {std::tuple{"llama2", 32000, 1}, std::tuple{"llama3_1", 128256, 128000}}) {
        const fs::path tokenizer = realTokenizer(family);
        if (tokenizer.empty()) TS_SKIP("the real tokenizers are not set up (packaging/dev.sh)");
        ts_test::TempDir dir(std::string("prompt-") + family);
        writeTinyModel(dir.path(), "llama", vocab, tokenizer);
        const std::string model = dir.path().string();
        for (const std::string prompt : {"The capital of France is", "Hello, my name"}) {
            const auto ids = checkOnePath(model, prompt);
            CHECK(ids.front() == start);
            // tokenize shows the text's own ids, plus the start token only with --bos.
            const Json own = runJson({"tokenize", "--model", model, "--text", prompt, "--json"});
            CHECK(own["ids"].get<std::vector<int>>() ==
                  std::vector<int>(ids.begin() + 1, ids.end()));
            const Json withBos =
                runJson({"tokenize", "--model", model, "--text", prompt, "--bos", "--json"});
            CHECK(withBos["ids"].get<std::vector<int>>() == ids);
        }
        // --no-bos leaves it out in every command alike.
        const Json gen = runJson({"generate", "--model", model, "--prompt", "Hello", "--no-bos",
                                  "--steps", "1", "--json"});
        const Json trace =
            runJson({"trace", "--model", model, "--text", "Hello", "--no-bos", "--json"});
        CHECK(gen["prompt"]["ids"] == trace["ids"]);
        CHECK(trace["ids"][0].get<int>() != start);
    }
}

TEST_CASE("a chat-template model: special tokens in a text prompt are special everywhere",
          "[cli][prompt]") {
    const fs::path tokenizer = realTokenizer("qwen3");
    if (tokenizer.empty()) TS_SKIP("the real tokenizers are not set up (packaging/dev.sh)");
    ts_test::TempDir dir("prompt-qwen3");
    writeTinyModel(dir.path(), "qwen3", 151936, tokenizer);
    const std::string model = dir.path().string();
    const std::string prompt =
        "<|im_start|>user\nWhat is the capital of France?<|im_end|>\n"
        "<|im_start|>assistant\n";
    const auto ids = checkOnePath(model, prompt);
    CHECK(ids.front() == 151644);  // <|im_start|>, one token, no start token in front
    // Chat mode builds the same text from --user and reads it the same way.
    const Json chat =
        runJson({"generate", "--model", model, "--user", "What is the capital of France?",
                 "--steps", "1", "--temperature", "0", "--json"});
    const auto chatIds = chat["prompt"]["ids"].get<std::vector<int>>();
    REQUIRE(chatIds.size() >= 3);
    CHECK(chatIds.front() == 151644);
}

TEST_CASE("tokenize --model takes a GGUF file", "[cli][prompt][gguf]") {
    ts_test::TempDir dir("prompt-gguf");
    const fs::path gguf = dir.path() / "bundled.gguf";
    const std::string cmd = std::string(TOKENSCOPE_GGUF_FROM_HF) + " '" +
                            ts_test::bundledModel().string() + "' '" + gguf.string() +
                            "' --type f16 > /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    const std::string text = "The government of Kiaia sits in Kroish. 수진이는";
    const Json fromFolder = runJson({"tokenize", "--text", text, "--json"});
    const Json fromGguf = runJson({"tokenize", "--model", gguf.string(), "--text", text, "--json"});
    CHECK(fromGguf["ids"] == fromFolder["ids"]);
    CHECK(fromGguf["counts"]["tokens"] == fromFolder["counts"]["tokens"]);
    // And generate reads the same ids from it.
    const Json gen =
        runJson({"generate", "--model", gguf.string(), "--prompt", text, "--steps", "1", "--json"});
    CHECK(gen["prompt"]["ids"] == fromFolder["ids"]);
}

TEST_CASE("generate --replay: with a model it replays, without one it prints the file",
          "[cli][prompt][replay]") {
    ts_test::TempDir dir("prompt-replay");
    const fs::path file = dir.path() / "run.json";
    {
        const auto r = runCli({"generate", "--prompt", "The government of Kiaia sits in", "--steps",
                               "4", "--seed", "7", "--json"});
        REQUIRE(r.exitCode == 0);
        std::ofstream(file) << r.out;
    }
    const Json original = Json::parse(std::ifstream(file));
    const std::string bundled = ts_test::bundledModel().string();
    const Json replayed =
        runJson({"generate", "--replay", file.string(), "--model", bundled, "--json"});
    CHECK(replayed["ids"] == original["ids"]);
    CHECK(replayed["prompt"]["text"] == original["prompt"]["text"]);
    REQUIRE(replayed["steps"].size() == original["steps"].size());
    for (std::size_t i = 0; i < original["steps"].size(); ++i)
        CHECK(replayed["steps"][i]["prob"].get<double>() ==
              Approx(original["steps"][i]["prob"].get<double>()).margin(1e-5));
    const Json recorded = runJson({"generate", "--replay", file.string(), "--json"});
    CHECK(recorded["ids"] == original["ids"]);
    CHECK(recorded["text"] == original["text"]);
    // Another model's file is refused, naming both models.
    const auto other = runCli({"generate", "--replay", file.string(), "--model",
                               (ts_test::dataDir() / "gpt2-tiny-vocab512").string(), "--json"});
    CHECK(other.exitCode == 1);
    CHECK_THAT(other.err, ContainsSubstring("was made with"));
    CHECK_THAT(other.err, ContainsSubstring("not with the loaded model"));
    // The file's own prompt and settings: no other prompt beside it.
    CHECK(runCli({"generate", "--replay", file.string(), "--prompt", "x"}).exitCode == 2);
}

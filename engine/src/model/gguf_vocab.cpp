// The tokenizer stored in a GGUF file's metadata (tokenizer.ggml.*), built on the same
// tables as vocab.json + merges.txt and tokenizer.json: `tokenizer.ggml.model` "gpt2" means
// byte-level BPE with tokens written in GPT-2's byte alphabet and merges as "left right"
// strings. Token types mark control tokens (matched literally as special tokens) and
// user-defined ones (matched literally as text).
//
// `tokenizer.ggml.pre` names the pre-tokenizer of the model the file was converted from
// (llama.cpp's convert_hf_to_gguf.py recognises the tokenizer and writes its name). Each
// name we know is written here as the tokenizer.json pre_tokenizer (and normalizer) that the
// original model declares, and built by the same code that reads tokenizer.json, so a GGUF
// file tokenizes as the Hugging Face tokenizer does. That includes Qwen's NFC normalizer,
// which llama.cpp itself skips: Tokenscope shows the tokens the model was trained on.
// An unknown name is refused: guessing a split would give plausible but wrong tokens.
//
// `tokenizer.ggml.model` "llama" is SentencePiece: pieces spelled with "▁", <0xXX> byte
// pieces for byte fallback, and scores instead of merges (SentencePiece's BPE joins the pair
// whose joined piece scores highest); the scores become a merge list, as transformers'
// converter makes one for Llama 2's tokenizer.json.
//
// bos/eos/eot ids, tokenizer.ggml.add_bos_token and tokenizer.chat_template become the same
// extras tokenizer_config.json gives (start-token rule, end tokens, chat template).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "model/gguf_model.hpp"
#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

using nlohmann::json;

// llama.cpp's token types.
constexpr std::int64_t kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kByte = 6;

// The Split regexes of the original tokenizers (as their tokenizer.json files spell them).
// Llama 3's splits numbers into runs of up to three digits; Qwen2's into single digits.
constexpr const char* kLlama3Split =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
constexpr const char* kQwen2Split =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// What one tokenizer.ggml.pre name stands for.
struct PreTokenizerSpec {
    json preTokenizer;          // as in tokenizer.json; null = GPT-2's own split
    json normalizer;            // as in tokenizer.json, or null
    bool ignoreMerges = false;  // the BPE model's ignore_merges
    bool addBos = false;        // when the file has no tokenizer.ggml.add_bos_token
};

json splitThenByteLevel(const char* regex) {
    return {{"type", "Sequence"},
            {"pretokenizers", json::array({{{"type", "Split"},
                                            {"pattern", {{"Regex", regex}}},
                                            {"behavior", "Isolated"},
                                            {"invert", false}},
                                           {{"type", "ByteLevel"},
                                            {"add_prefix_space", false},
                                            {"trim_offsets", false},
                                            {"use_regex", false}}})}};
}

// The names llama.cpp gives these tokenizers (several names share one split).
std::optional<PreTokenizerSpec> preTokenizerNamed(const std::string& name) {
    PreTokenizerSpec s;
    if (name == "gpt-2" || name == "phi-2" || name == "exaone4") return s;  // GPT-2's regex
    if (name == "llama3" || name == "llama-v3" || name == "llama-bpe" || name == "midm-2.0") {
        s.preTokenizer = splitThenByteLevel(kLlama3Split);
        s.ignoreMerges = true;
        s.addBos = true;  // <|begin_of_text|>
        return s;
    }
    if (name == "qwen2" || name == "deepseek-r1-qwen") {
        s.preTokenizer = splitThenByteLevel(kQwen2Split);
        s.normalizer = {{"type", "NFC"}};
        return s;
    }
    if (name == "smollm" || name == "starcoder" || name == "refact" || name == "exaone") {
        // every digit on its own, then GPT-2's byte-level split
        s.preTokenizer = {
            {"type", "Sequence"},
            {"pretokenizers", json::array({{{"type", "Digits"}, {"individual_digits", true}},
                                           {{"type", "ByteLevel"},
                                            {"add_prefix_space", false},
                                            {"trim_offsets", true},
                                            {"use_regex", true}}})}};
        return s;
    }
    return std::nullopt;
}

// SentencePiece's BPE joins, again and again, the adjacent pair whose joined piece scores
// highest (the leftmost on a tie). As a merge list (what transformers' converter writes into
// tokenizer.json) that is every split of every piece into two pieces, ranked by the joined
// piece's score, then its id, then the two parts' ids.
std::vector<TokenizerSource::MergeLine> mergesFromScores(const std::vector<std::string>& tokens,
                                                         const std::vector<double>& scores,
                                                         const std::string& where) {
    // Every cut of a piece hashes its two parts, so the work grows with the square of the
    // pieces' lengths. Real vocabularies need a few million bytes hashed (Llama 2: ~2M);
    // a file with megabyte-long pieces would run for hours, and is refused.
    constexpr std::uint64_t kMaxBytesHashed = 1ull << 31;
    std::uint64_t work = 0;
    for (const std::string& piece : tokens) {
        work += static_cast<std::uint64_t>(piece.size()) * piece.size();
        if (work > kMaxBytesHashed)
            throw Error(where +
                        ": tokenizer.ggml.tokens holds pieces too long to derive "
                        "SentencePiece merges from (piece " +
                        std::to_string(&piece - tokens.data()) + " is " +
                        std::to_string(piece.size()) + " bytes; real pieces are a few dozen)");
    }
    std::unordered_map<std::string_view, int> ids;
    ids.reserve(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) ids.emplace(tokens[i], static_cast<int>(i));
    struct ScoredPair {
        double score;
        int id, left, right;
        std::size_t cut;
    };
    std::vector<ScoredPair> found;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string_view piece = tokens[i];
        for (std::size_t cut = 1; cut < piece.size(); ++cut) {
            if ((static_cast<unsigned char>(piece[cut]) & 0xC0) == 0x80)
                continue;  // inside a character
            const auto l = ids.find(piece.substr(0, cut));
            if (l == ids.end()) continue;
            const auto r = ids.find(piece.substr(cut));
            if (r == ids.end()) continue;
            found.push_back({scores[i], static_cast<int>(i), l->second, r->second, cut});
        }
    }
    std::sort(found.begin(), found.end(), [](const ScoredPair& a, const ScoredPair& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.id != b.id) return a.id < b.id;
        return a.left != b.left ? a.left < b.left : a.right < b.right;
    });
    std::vector<TokenizerSource::MergeLine> merges;
    merges.reserve(found.size());
    for (const ScoredPair& c : found) {
        const std::string& piece = tokens[static_cast<std::size_t>(c.id)];
        merges.push_back({piece.substr(0, c.cut), piece.substr(c.cut),
                          where + " tokenizer.ggml.scores[" + std::to_string(c.id) + "]"});
    }
    return merges;
}

// tokenizer.ggml.model "llama": SentencePiece pieces spelled with "▁" for a space, <0xXX>
// byte pieces for characters outside the vocabulary, and the normalizer Llama 2's
// tokenizer.json declares (a "▁" in front unless add_space_prefix is false, spaces as "▁").
std::unique_ptr<TokenizerImpl> sentencePieceTokenizer(const gguf::File& f,
                                                      const std::vector<std::string>& tokens,
                                                      const std::vector<std::int64_t>* types) {
    const std::string where = f.where() + " (tokenizer.ggml.*)";
    const auto* scores = f.floatArray("tokenizer.ggml.scores");
    if (!scores)
        throw Error(f.where() +
                    ": metadata key 'tokenizer.ggml.scores' is missing (a SentencePiece vocabulary "
                    "ranks its pieces by score)");
    if (scores->size() != tokens.size())
        throw Error(f.where() + ": tokenizer.ggml.scores has " + std::to_string(scores->size()) +
                    " entries but tokenizer.ggml.tokens has " + std::to_string(tokens.size()));
    TokenizerSource src;
    src.vocabWhere = where;
    src.spelling = VocabSpelling::Text;
    src.spaceMarker = "\xE2\x96\x81";
    src.fuseUnk = true;
    src.vocab.reserve(tokens.size());
    const std::int64_t unkId = f.getInt("tokenizer.ggml.unknown_token_id", -1);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const int id = static_cast<int>(i);
        const std::int64_t type = types ? (*types)[i] : kNormal;
        src.vocab.emplace_back(tokens[i], id);
        if (type == kControl || type == kUnknown)
            src.added.push_back(AddedToken{tokens[i], id, true});
        else if (type == kUserDefined)
            src.added.push_back(AddedToken{tokens[i], id, false});
        if (type == kByte) src.byteFallback = true;
        if (type == kUnknown || id == unkId) src.unkToken = tokens[i];
    }
    src.merges = mergesFromScores(tokens, *scores, f.where());
    auto impl = buildTokenizer(std::move(src));
    json steps = json::array();
    if (f.getBool("tokenizer.ggml.add_space_prefix", true))
        steps.push_back({{"type", "Prepend"}, {"prepend", "\xE2\x96\x81"}});
    steps.push_back(
        {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\xE2\x96\x81"}});
    impl->normalizer = Normalizer::fromJson({{"type", "Sequence"}, {"normalizers", steps}}, where);
    return impl;
}

// tokenizer.ggml.model "gpt2": byte-level BPE with the merges in the file and the split
// tokenizer.ggml.pre names.
std::unique_ptr<TokenizerImpl> byteLevelTokenizer(const gguf::File& f,
                                                  const std::vector<std::string>& tokens,
                                                  const std::vector<std::int64_t>* types,
                                                  const PreTokenizerSpec& spec,
                                                  const std::string& pre) {
    const std::string where = f.where() + " (tokenizer.ggml.*)";
    const auto* merges = f.stringArray("tokenizer.ggml.merges");
    TokenizerSource src;
    src.vocabWhere = where;
    src.vocab.reserve(tokens.size());
    src.ignoreMerges = spec.ignoreMerges;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const int id = static_cast<int>(i);
        const std::int64_t type = types ? (*types)[i] : 1;
        if (type == kControl || type == kUserDefined)
            src.added.push_back(AddedToken{tokens[i], id, type == kControl});
        else
            src.vocab.emplace_back(tokens[i], id);
    }
    if (merges) {
        src.merges.reserve(merges->size());
        for (std::size_t i = 0; i < merges->size(); ++i) {
            const std::string& m = (*merges)[i];
            const auto space = m.find(' ', 1);
            const std::string at = "tokenizer.ggml.merges[" + std::to_string(i) + "]";
            if (space == std::string::npos || space + 1 >= m.size())
                throw Error(f.where() + ": " + at + " is \"" + m + "\", expected \"left right\"");
            src.merges.push_back({m.substr(0, space), m.substr(space + 1), f.where() + ": " + at});
        }
    }
    auto impl = buildTokenizer(std::move(src));
    const std::string stepsWhere = f.where() + " (tokenizer.ggml.pre '" + pre + "')";
    impl->preTokenizer = spec.preTokenizer.is_null()
                             ? PreTokenizerSteps::gpt2()
                             : PreTokenizerSteps::fromJson(spec.preTokenizer, stepsWhere);
    impl->normalizer = Normalizer::fromJson(spec.normalizer, stepsWhere);
    impl->formatName = "GGUF (tokenizer.ggml.pre " + pre + ")";
    return impl;
}

constexpr const char* kKnownPre =
    "gpt-2, phi-2, exaone4, llama3, llama-v3, llama-bpe, midm-2.0, qwen2, deepseek-r1-qwen, "
    "smollm, starcoder, refact, exaone";

}  // namespace

std::shared_ptr<const Tokenizer> tokenizerFromGguf(const gguf::File& f) {
    if (!f.find("tokenizer.ggml.model")) return nullptr;
    const std::string model = f.requireString("tokenizer.ggml.model");
    const std::string where = f.where() + " (tokenizer.ggml.*)";
    if (model != "gpt2" && model != "llama")
        throw Error(f.where() + ": tokenizer.ggml.model '" + model +
                    "' is not supported "
                    "(supported: gpt2, byte-level BPE; llama, SentencePiece)");
    const bool sentencePiece = model == "llama";
    const auto* tokens = f.stringArray("tokenizer.ggml.tokens");
    if (!tokens) throw Error(f.where() + ": metadata key 'tokenizer.ggml.tokens' is missing");
    const auto* types = f.intArray("tokenizer.ggml.token_type");
    if (types && types->size() != tokens->size())
        throw Error(f.where() + ": tokenizer.ggml.token_type has " + std::to_string(types->size()) +
                    " entries but tokenizer.ggml.tokens has " + std::to_string(tokens->size()));
    std::unique_ptr<TokenizerImpl> impl;
    std::string pre;
    PreTokenizerSpec spec;
    spec.addBos = sentencePiece;  // llama.cpp adds <s> for SentencePiece vocabularies
    if (sentencePiece) {
        impl = sentencePieceTokenizer(f, *tokens, types);
        impl->formatName = "GGUF (SentencePiece)";
    } else {
        // Files from converters older than the key are GPT-2's.
        pre = f.getString("tokenizer.ggml.pre", "gpt-2");
        const auto named = preTokenizerNamed(pre);
        if (!named)
            throw Error(f.where() + ": tokenizer.ggml.pre '" + pre +
                        "' names a pre-tokenizer "
                        "Tokenscope does not know (known: " +
                        kKnownPre + ")");
        spec = *named;
        impl = byteLevelTokenizer(f, *tokens, types, spec, pre);
    }
    // Special tokens in text are recognised as tokenizer.json's are, except for GPT-2, whose
    // vocab.json files never were (the same model reads the same either way).
    impl->fromTokenizerJson = pre != "gpt-2";
    impl->sourceFile = f.path();

    // The extras tokenizer_config.json would give.
    TokenizerExtras& x = impl->extras;
    auto tokenText = [&](const char* key) -> std::string {
        const std::int64_t id = f.getInt(key, -1);
        return id >= 0 && static_cast<std::size_t>(id) < tokens->size()
                   ? (*tokens)[static_cast<std::size_t>(id)]
                   : "";
    };
    x.bosToken = tokenText("tokenizer.ggml.bos_token_id");
    x.eosToken = tokenText("tokenizer.ggml.eos_token_id");
    if (f.find("tokenizer.ggml.add_bos_token") || spec.addBos)
        x.addBosToken = f.getBool("tokenizer.ggml.add_bos_token", spec.addBos);
    x.chatTemplate = f.getString("tokenizer.chat_template", "");
    for (const char* key : {"tokenizer.ggml.eos_token_id", "tokenizer.ggml.eot_token_id"}) {
        const std::int64_t id = f.getInt(key, -1);
        if (id >= 0 && static_cast<std::size_t>(id) < tokens->size() &&
            std::find(x.generationEos.begin(), x.generationEos.end(), id) == x.generationEos.end())
            x.generationEos.push_back(static_cast<int>(id));
    }
    x.hasGenerationEos = !x.generationEos.empty();
    applyTokenizerExtras(*impl);
    if (x.addBosToken)
        impl->startRule.source =
            f.find("tokenizer.ggml.add_bos_token") ? "GGUF tokenizer.ggml.add_bos_token"
            : sentencePiece ? "GGUF SentencePiece vocabulary (adds <s>, as llama.cpp does)"
                            : "GGUF tokenizer.ggml.pre '" + pre + "' (adds its start token)";
    return std::make_shared<Tokenizer>(std::move(impl));
}

}  // namespace ts

// Reading vocab.json + merges.txt (OpenAI GPT-2 layout) and tokenizer.json (HF tokenizers):
// the model (BPE, byte-level or SentencePiece-style with byte_fallback), its normalizer,
// pre_tokenizer, added tokens with their flags, and the start token of its post_processor.
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/json_file.hpp"
#include "tokenizer/normalizer.hpp"
#include "tokenizer/pre_tokenizer_steps.hpp"
#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The largest real tokenizer.json (Gemma 3's, 262,144 tokens) is 33 MB.
constexpr std::uint64_t kMaxTokenizerFileBytes = 128ull << 20;

std::string readFile(const fs::path& path) {
    return readFileCapped(path, "tokenizer file", kMaxTokenizerFileBytes);
}

json parseJson(const fs::path& path) { return parseJsonText(readFile(path), path.string()); }

// vocab.json and tokenizer.json's model.vocab share one shape: {"token": id, ...}.
std::vector<std::pair<std::string, int>> parseVocab(const json& v, const std::string& where) {
    if (!v.is_object()) throw Error(where + ": the vocabulary must be a JSON object");
    std::vector<std::pair<std::string, int>> vocab;
    vocab.reserve(v.size());
    for (auto it = v.begin(); it != v.end(); ++it) {
        const json& id = it.value();
        if (!id.is_number_integer()) {
            throw Error(where + ": token \"" + it.key() + "\" has id " + jsonShown(id) +
                        ", which is not an integer");
        }
        const auto value = id.get<long long>();
        if (value < 0 || value > std::numeric_limits<int>::max()) {
            throw Error(where + ": token \"" + it.key() + "\" has id " + jsonShown(id) +
                        ", which is out of range");
        }
        vocab.emplace_back(it.key(), static_cast<int>(value));
    }
    return vocab;
}

// "a b" with exactly one space and two non-empty parts; byte-level symbols never contain
// a space (it is stored as "Ġ").
bool splitMergeText(std::string_view line, std::string& left, std::string& right) {
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 >= line.size()) return false;
    if (line.find(' ', space + 1) != std::string_view::npos) return false;
    left.assign(line.substr(0, space));
    right.assign(line.substr(space + 1));
    return true;
}

bool mentionsType(const json& j, const char* name) {
    if (j.is_object()) {
        const auto type = j.find("type");
        if (type != j.end() && type->is_string() && type->get<std::string>() == name) {
            return true;
        }
        for (const auto& item : j) {
            if (mentionsType(item, name)) return true;
        }
    } else if (j.is_array()) {
        for (const auto& item : j) {
            if (mentionsType(item, name)) return true;
        }
    }
    return false;
}

bool flag(const json& obj, const char* key, bool fallback) {
    const auto it = obj.find(key);
    return it != obj.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

// The "model" object: vocab, merges and the BPE options.
void readModel(const json& model, const std::string& file, TokenizerSource& src) {
    const auto type = model.find("type");
    if (type != model.end() && !(type->is_string() && type->get<std::string>() == "BPE")) {
        throw Error(file + ": model type " + jsonShown(*type) +
                    " is not supported; Tokenscope reads BPE tokenizers only (byte-level as in "
                    "GPT-2, Qwen and Llama 3, or SentencePiece-style as in Llama 2)");
    }
    const auto vocab = model.find("vocab");
    if (vocab == model.end()) throw Error(file + ": model has no \"vocab\"");
    src.vocab = parseVocab(*vocab, file + " model.vocab");

    const auto merges = model.find("merges");
    if (merges == model.end() || !merges->is_array()) {
        throw Error(file + ": model.merges is missing or not an array");
    }
    src.merges.reserve(merges->size());
    for (std::size_t i = 0; i < merges->size(); ++i) {
        const json& m = (*merges)[i];
        TokenizerSource::MergeLine line;
        bool ok = false;
        if (m.is_string()) {
            ok = splitMergeText(m.get<std::string>(), line.left, line.right);
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            line.left = m[0].get<std::string>();
            line.right = m[1].get<std::string>();
            ok = !line.left.empty() && !line.right.empty();
        }
        line.where = file + " model.merges[" + std::to_string(i) + "]";
        if (!ok) {
            throw Error(line.where + ": expected \"a b\" or [\"a\", \"b\"], found " + jsonShown(m));
        }
        src.merges.push_back(std::move(line));
    }
    src.ignoreMerges = flag(model, "ignore_merges", false);
    src.byteFallback = flag(model, "byte_fallback", false);
    src.fuseUnk = flag(model, "fuse_unk", false);
    const auto unk = model.find("unk_token");
    if (unk != model.end() && unk->is_string()) src.unkToken = unk->get<std::string>();
    for (const char* unsupported : {"continuing_subword_prefix", "end_of_word_suffix"}) {
        const auto it = model.find(unsupported);
        if (it != model.end() && it->is_string() && !it->get<std::string>().empty()) {
            throw Error(file + ": model." + unsupported + " " + jsonShown(*it) +
                        " is not supported");
        }
    }
    const auto dropout = model.find("dropout");
    if (dropout != model.end() && dropout->is_number() && dropout->get<double>() > 0.0) {
        throw Error(file +
                    ": model.dropout is set; BPE dropout makes tokenization random, "
                    "which Tokenscope does not do");
    }
}

void readAddedTokens(const json& root, const std::string& file, TokenizerSource& src) {
    const auto added = root.find("added_tokens");
    if (added == root.end() || added->is_null()) return;
    if (!added->is_array()) throw Error(file + ": added_tokens is not an array");
    for (std::size_t i = 0; i < added->size(); ++i) {
        const json& t = (*added)[i];
        const std::string where = file + " added_tokens[" + std::to_string(i) + "]";
        if (!t.is_object() || !t.contains("id") || !t["id"].is_number_integer() ||
            !t.contains("content") || !t["content"].is_string()) {
            throw Error(where +
                        ": expected an object with integer \"id\" and string "
                        "\"content\"");
        }
        const auto id = t["id"].get<long long>();
        if (id < 0 || id > std::numeric_limits<int>::max()) {
            throw Error(where + ": id " + std::to_string(id) + " is out of range");
        }
        AddedToken token;
        token.id = static_cast<int>(id);
        token.content = t["content"].get<std::string>();
        token.special = flag(t, "special", false);
        token.lstrip = flag(t, "lstrip", false);
        token.rstrip = flag(t, "rstrip", false);
        token.singleWord = flag(t, "single_word", false);
        token.normalized = flag(t, "normalized", !token.special);
        checkUtf8(token.content, where);
        src.added.push_back(std::move(token));
    }
}

// The token a TemplateProcessing post_processor puts before the text ("<s>" $A), if any.
std::optional<std::string> templateStartToken(const json& pp) {
    if (!pp.is_object()) return std::nullopt;
    const auto typeIt = pp.find("type");
    const std::string type =
        typeIt != pp.end() && typeIt->is_string() ? typeIt->get<std::string>() : std::string();
    if (type == "Sequence") {
        const auto list = pp.find("processors");
        if (list == pp.end() || !list->is_array()) return std::nullopt;
        for (const json& p : *list) {
            if (auto t = templateStartToken(p)) return t;
        }
        return std::nullopt;
    }
    if (type != "TemplateProcessing") return std::nullopt;
    const auto single = pp.find("single");
    if (single == pp.end() || !single->is_array() || single->empty()) return std::nullopt;
    const json& first = (*single)[0];
    if (!first.is_object() || !first.contains("SpecialToken")) return std::nullopt;
    const json& st = first["SpecialToken"];
    if (!st.is_object() || !st.contains("id") || !st["id"].is_string()) return std::nullopt;
    return st["id"].get<std::string>();
}

}  // namespace

std::shared_ptr<const Tokenizer> Tokenizer::fromFiles(const fs::path& vocabJson,
                                                      const fs::path& mergesTxt) {
    TokenizerSource src;
    src.vocabWhere = vocabJson.string();
    src.vocab = parseVocab(parseJson(vocabJson), src.vocabWhere);

    const std::string text = readFile(mergesTxt);
    std::size_t lineStart = 0;
    for (std::size_t lineNo = 1; lineStart < text.size(); ++lineNo) {
        std::size_t lineEnd = text.find('\n', lineStart);
        if (lineEnd == std::string::npos) lineEnd = text.size();
        std::string_view line(text.data() + lineStart, lineEnd - lineStart);
        lineStart = lineEnd + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        if (lineNo == 1 && line.starts_with("#version")) continue;
        TokenizerSource::MergeLine m;
        m.where = mergesTxt.string() + " line " + std::to_string(lineNo);
        if (!splitMergeText(line, m.left, m.right)) {
            throw Error(m.where + ": expected two symbols separated by one space, found \"" +
                        std::string(line) + "\"");
        }
        src.merges.push_back(std::move(m));
    }
    auto im = buildTokenizer(std::move(src));
    im->preTokenizer = PreTokenizerSteps::gpt2();
    im->sourceFile = vocabJson;
    im->formatName = "vocab.json + merges.txt";
    im->extras = readTokenizerExtras(vocabJson.parent_path());
    applyTokenizerExtras(*im);
    return std::make_shared<const Tokenizer>(std::move(im));
}

std::shared_ptr<const Tokenizer> Tokenizer::fromTokenizerJson(const fs::path& path) {
    const std::string file = path.string();
    const json root = parseJson(path);
    if (!root.is_object()) throw Error(file + ": expected a JSON object at the top level");
    const auto model = root.find("model");
    if (model == root.end() || !model->is_object()) {
        throw Error(file + ": missing the \"model\" object");
    }
    TokenizerSource src;
    src.vocabWhere = file;
    readModel(*model, file, src);
    readAddedTokens(root, file, src);

    const json none;
    auto part = [&](const char* key) -> const json& {
        const auto it = root.find(key);
        return it == root.end() ? none : *it;
    };
    auto normalizer = Normalizer::fromJson(part("normalizer"), file + " normalizer");
    auto preTokenizer = PreTokenizerSteps::fromJson(part("pre_tokenizer"), file + " pre_tokenizer");
    // Byte-level unless the file shows SentencePiece-style spelling: a Metaspace step, a
    // normalizer that writes a space marker, byte_fallback, or such a decoder.
    std::string marker = preTokenizer ? preTokenizer->metaspaceReplacement() : "";
    if (marker.empty() && normalizer) marker = normalizer->spaceReplacement();
    const bool textSpelling = !marker.empty() || src.byteFallback ||
                              mentionsType(part("decoder"), "Metaspace") ||
                              mentionsType(part("decoder"), "ByteFallback");
    const bool byteLevel = (preTokenizer && preTokenizer->hasByteLevel()) ||
                           mentionsType(part("decoder"), "ByteLevel") || !textSpelling;
    if (byteLevel) {
        src.spelling = VocabSpelling::ByteLevel;
    } else {
        src.spelling = VocabSpelling::Text;
        src.spaceMarker = marker.empty() ? "\xE2\x96\x81" : marker;
    }

    auto im = buildTokenizer(std::move(src));
    im->normalizer = std::move(normalizer);
    im->preTokenizer = std::move(preTokenizer);
    im->fromTokenizerJson = true;
    im->sourceFile = path;
    im->formatName = "tokenizer.json";
    if (const auto start = templateStartToken(part("post_processor"))) {
        std::optional<int> id;
        for (const AddedToken& t : im->added) {
            if (t.content == *start) id = t.id;
        }
        if (!id) {
            if (const int key = im->keys.find(*start); key >= 0) id = key;
        }
        if (id) im->startRule = StartTokenRule{true, id, "tokenizer.json post_processor"};
    }
    im->extras = readTokenizerExtras(path.parent_path());
    applyTokenizerExtras(*im);
    return std::make_shared<const Tokenizer>(std::move(im));
}

// tokenizer.json first: it is the whole description (added tokens such as <|im_start|>,
// normalizer, split regex), while the vocab.json + merges.txt that Qwen folders also carry
// would be read with GPT-2's split and no added tokens.
std::shared_ptr<const Tokenizer> Tokenizer::fromFolder(const fs::path& folder) {
    const fs::path tokenizerJson = folder / "tokenizer.json";
    if (fs::is_regular_file(tokenizerJson)) return fromTokenizerJson(tokenizerJson);
    const fs::path vocab = folder / "vocab.json";
    const fs::path merges = folder / "merges.txt";
    if (fs::is_regular_file(vocab) && fs::is_regular_file(merges)) return fromFiles(vocab, merges);
    return nullptr;
}

std::shared_ptr<const Tokenizer> Tokenizer::fromPath(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string() + ": no such file or folder");
    if (fs::is_directory(path, ec)) {
        auto tok = fromFolder(path);
        if (!tok) {
            throw Error("no tokenizer in " + path.string() +
                        " (expected tokenizer.json, or vocab.json + merges.txt)");
        }
        return tok;
    }
    if (path.filename() == "vocab.json" || path.filename() == "merges.txt") {
        return fromFiles(path.parent_path() / "vocab.json", path.parent_path() / "merges.txt");
    }
    return fromTokenizerJson(path);
}

}  // namespace ts

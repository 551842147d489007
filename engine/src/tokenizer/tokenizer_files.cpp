// Reading vocab.json + merges.txt (OpenAI GPT-2 layout) and tokenizer.json (HF tokenizers).
#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path.string() + ": cannot open file");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) throw Error(path.string() + ": read error");
    return ss.str();
}

json parseJson(const fs::path& path) {
    try {
        return json::parse(readFile(path));
    } catch (const json::exception& e) {
        throw Error(path.string() + ": not valid JSON (" + e.what() + ")");
    }
}

// vocab.json and tokenizer.json's model.vocab share one shape: {"token": id, ...}.
std::vector<std::pair<std::string, int>> parseVocab(const json& v, const std::string& where) {
    if (!v.is_object()) throw Error(where + ": the vocabulary must be a JSON object");
    std::vector<std::pair<std::string, int>> vocab;
    vocab.reserve(v.size());
    for (auto it = v.begin(); it != v.end(); ++it) {
        const json& id = it.value();
        if (!id.is_number_integer()) {
            throw Error(where + ": token \"" + it.key() + "\" has id " + id.dump() +
                        ", which is not an integer");
        }
        const auto value = id.get<long long>();
        if (value < 0 || value > std::numeric_limits<int>::max()) {
            throw Error(where + ": token \"" + it.key() + "\" has id " + id.dump() +
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

bool mentionsByteLevel(const json& j) {
    if (j.is_object()) {
        const auto type = j.find("type");
        if (type != j.end() && type->is_string() && type->get<std::string>() == "ByteLevel") {
            return true;
        }
        for (const auto& item : j) {
            if (mentionsByteLevel(item)) return true;
        }
    } else if (j.is_array()) {
        for (const auto& item : j) {
            if (mentionsByteLevel(item)) return true;
        }
    }
    return false;
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
    return std::make_shared<const Tokenizer>(buildTokenizer(std::move(src)));
}

std::shared_ptr<const Tokenizer> Tokenizer::fromTokenizerJson(const fs::path& path) {
    const std::string file = path.string();
    const json root = parseJson(path);
    if (!root.is_object()) throw Error(file + ": expected a JSON object at the top level");
    const auto model = root.find("model");
    if (model == root.end() || !model->is_object()) {
        throw Error(file + ": missing the \"model\" object");
    }
    const auto type = model->find("type");
    if (type != model->end() && !(type->is_string() && type->get<std::string>() == "BPE")) {
        throw Error(file + ": model type " + type->dump() +
                    " is not supported; Tokenscope reads byte-level BPE tokenizers only");
    }
    // The GPT-2 split and byte map are built in, so only byte-level tokenizers fit.
    // A SentencePiece-style BPE (Metaspace, "▁") would load but encode nonsense.
    const auto pre = root.find("pre_tokenizer");
    if (pre != root.end() && !pre->is_null() && !mentionsByteLevel(*pre)) {
        throw Error(file + ": the pre_tokenizer is not ByteLevel; Tokenscope reads byte-level "
                           "BPE tokenizers only");
    }

    TokenizerSource src;
    src.vocabWhere = file;
    const auto vocab = model->find("vocab");
    if (vocab == model->end()) throw Error(file + ": model has no \"vocab\"");
    src.vocab = parseVocab(*vocab, file + " model.vocab");

    const auto merges = model->find("merges");
    if (merges == model->end() || !merges->is_array()) {
        throw Error(file + ": model.merges is missing or not an array");
    }
    for (std::size_t i = 0; i < merges->size(); ++i) {
        const json& m = (*merges)[i];
        TokenizerSource::MergeLine line;
        line.where = file + " model.merges[" + std::to_string(i) + "]";
        bool ok = false;
        if (m.is_string()) {
            ok = splitMergeText(m.get<std::string>(), line.left, line.right);
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            line.left = m[0].get<std::string>();
            line.right = m[1].get<std::string>();
            ok = !line.left.empty() && !line.right.empty();
        }
        if (!ok) {
            throw Error(line.where + ": expected \"a b\" or [\"a\", \"b\"], found " + m.dump());
        }
        src.merges.push_back(std::move(line));
    }
    const auto ignore = model->find("ignore_merges");
    src.ignoreMerges = ignore != model->end() && ignore->is_boolean() && ignore->get<bool>();

    const auto added = root.find("added_tokens");
    if (added != root.end() && !added->is_null()) {
        if (!added->is_array()) throw Error(file + ": added_tokens is not an array");
        for (std::size_t i = 0; i < added->size(); ++i) {
            const json& t = (*added)[i];
            const std::string where = file + " added_tokens[" + std::to_string(i) + "]";
            if (!t.is_object() || !t.contains("id") || !t["id"].is_number_integer() ||
                !t.contains("content") || !t["content"].is_string()) {
                throw Error(where + ": expected an object with integer \"id\" and string "
                                    "\"content\"");
            }
            const auto id = t["id"].get<long long>();
            if (id < 0 || id > std::numeric_limits<int>::max()) {
                throw Error(where + ": id " + std::to_string(id) + " is out of range");
            }
            AddedToken token;
            token.id = static_cast<int>(id);
            token.content = t["content"].get<std::string>();
            token.special = t.value("special", false);
            checkUtf8(token.content, where);
            src.added.push_back(std::move(token));
        }
    }
    return std::make_shared<const Tokenizer>(buildTokenizer(std::move(src)));
}

std::shared_ptr<const Tokenizer> Tokenizer::fromFolder(const fs::path& folder) {
    const fs::path vocab = folder / "vocab.json";
    const fs::path merges = folder / "merges.txt";
    if (fs::is_regular_file(vocab) && fs::is_regular_file(merges)) return fromFiles(vocab, merges);
    const fs::path tokenizerJson = folder / "tokenizer.json";
    if (fs::is_regular_file(tokenizerJson)) return fromTokenizerJson(tokenizerJson);
    return nullptr;
}

}  // namespace ts

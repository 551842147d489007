// The two small files that sit beside a tokenizer in a Hugging Face folder and change how it
// is used: tokenizer_config.json (add_bos_token, bos/eos token, chat_template) and
// generation_config.json (eos_token_id: the ids that end generation). Both are optional;
// when present they must be valid, and a bad one is reported with its name.
#include <limits>
#include <nlohmann/json.hpp>

#include "io/json_file.hpp"
#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::optional<json> readOptionalJson(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::nullopt;
    json j = parseJsonText(readFileCapped(path, "file", kMaxSmallJsonBytes), path.string());
    if (!j.is_object()) throw Error(path.string() + ": expected a JSON object");
    return j;
}

// bos_token / eos_token: a string, an AddedToken object {"content": ...}, or null.
std::string tokenText(const json& cfg, const char* key, const std::string& file) {
    const auto it = cfg.find(key);
    if (it == cfg.end() || it->is_null()) return "";
    if (it->is_string()) return it->get<std::string>();
    if (it->is_object()) {
        const auto content = it->find("content");
        if (content != it->end() && content->is_string()) return content->get<std::string>();
    }
    throw Error(file + ": \"" + key +
                "\" must be a string, an object with a string \"content\" or null, found " +
                it->type_name());
}

// chat_template: a string, or a list of {"name": ..., "template": ...} from which the one
// named "default" is taken, else the first.
std::string chatTemplateOf(const json& cfg, const std::string& file) {
    const auto tmpl = cfg.find("chat_template");
    if (tmpl == cfg.end() || tmpl->is_null()) return "";
    if (tmpl->is_string()) return tmpl->get<std::string>();
    if (!tmpl->is_array())
        throw Error(file + ": \"chat_template\" must be a string or a list of named templates, " +
                    "found " + tmpl->type_name());
    std::string chosen;
    for (std::size_t i = 0; i < tmpl->size(); ++i) {
        const json& t = (*tmpl)[i];
        const std::string where = file + " chat_template[" + std::to_string(i) + "]";
        if (!t.is_object()) throw Error(where + ": expected an object, found " + t.type_name());
        const std::string text = jsonString(t, "template", "", where);
        const bool isDefault = jsonString(t, "name", "", where) == "default";
        if (chosen.empty() || isDefault) chosen = text;
        if (isDefault) break;
    }
    return chosen;
}

void readIds(const json& v, const std::string& where, std::vector<int>& out) {
    auto one = [&](const json& x) {
        if (!x.is_number_integer() || x.get<long long>() < 0 ||
            x.get<long long>() > std::numeric_limits<int>::max()) {
            throw Error(where + ": expected a token id or a list of ids, found " +
                        (x.is_number() ? x.dump() : std::string(x.type_name())));
        }
        out.push_back(static_cast<int>(x.get<long long>()));
    };
    if (v.is_array()) {
        for (const json& x : v) one(x);
    } else if (!v.is_null()) {
        one(v);
    }
}

std::optional<int> idFor(const TokenizerImpl& im, const std::string& text) {
    if (text.empty()) return std::nullopt;
    for (const AddedToken& t : im.added) {
        if (t.content == text) return t.id;
    }
    if (const int key = im.keys.find(text); key >= 0) return key;
    if (const int bytes = im.bytes.find(text); bytes >= 0) return bytes;
    return std::nullopt;
}

}  // namespace

TokenizerExtras readTokenizerExtras(const fs::path& folder) {
    TokenizerExtras extras;
    const fs::path configPath = folder / "tokenizer_config.json";
    if (const auto cfg = readOptionalJson(configPath)) {
        const std::string file = configPath.string();
        const auto add = cfg->find("add_bos_token");
        if (add != cfg->end() && !add->is_null())
            extras.addBosToken = jsonBool(*cfg, "add_bos_token", false, file);
        extras.bosToken = tokenText(*cfg, "bos_token", file);
        extras.eosToken = tokenText(*cfg, "eos_token", file);
        extras.chatTemplate = chatTemplateOf(*cfg, file);
    }
    const fs::path genPath = folder / "generation_config.json";
    if (const auto gen = readOptionalJson(genPath)) {
        const auto eos = gen->find("eos_token_id");
        if (eos != gen->end()) {
            readIds(*eos, genPath.string() + " eos_token_id", extras.generationEos);
            extras.hasGenerationEos = true;
        }
    }
    return extras;
}

void applyTokenizerExtras(TokenizerImpl& im) {
    const TokenizerExtras& x = im.extras;
    const std::optional<int> bos = idFor(im, x.bosToken);
    if (x.addBosToken) {
        im.startRule.add = *x.addBosToken && bos.has_value();
        im.startRule.id = bos;
        im.startRule.source = "tokenizer_config.json add_bos_token";
        if (*x.addBosToken && !bos) {
            im.startRule.source += " (true, but bos_token \"" + x.bosToken +
                                   "\" is not in the vocabulary, so none is added)";
        }
    } else if (im.startRule.source.empty()) {
        im.startRule = StartTokenRule{false, bos, "none"};
    }

    im.endIds.clear();
    if (x.hasGenerationEos) {
        for (int id : x.generationEos) {
            if (im.bytes.has(id)) {
                im.endIds.push_back(id);
            }
        }
    } else if (const auto eos = idFor(im, x.eosToken)) {
        im.endIds.push_back(*eos);
    } else if (im.endOfText) {
        im.endIds.push_back(*im.endOfText);
    }
}

}  // namespace ts

// The two small files that sit beside a tokenizer in a Hugging Face folder and change how it
// is used: tokenizer_config.json (add_bos_token, bos/eos token, chat_template) and
// generation_config.json (eos_token_id: the ids that end generation). Both are optional;
// when present they must be valid, and a bad one is reported with its name.
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::optional<json> readOptionalJson(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path.string() + ": cannot open file");
    try {
        json j = json::parse(in);
        if (!j.is_object()) throw Error(path.string() + ": expected a JSON object");
        return j;
    } catch (const json::exception& e) {
        throw Error(path.string() + ": not valid JSON (" + e.what() + ")");
    }
}

// bos_token / eos_token: a string, or an AddedToken object {"content": ...}.
std::string tokenText(const json& cfg, const char* key) {
    const auto it = cfg.find(key);
    if (it == cfg.end()) return "";
    if (it->is_string()) return it->get<std::string>();
    if (it->is_object() && it->contains("content") && (*it)["content"].is_string()) {
        return (*it)["content"].get<std::string>();
    }
    return "";
}

void readIds(const json& v, const std::string& where, std::vector<int>& out) {
    auto one = [&](const json& x) {
        if (!x.is_number_integer() || x.get<long long>() < 0 ||
            x.get<long long>() > std::numeric_limits<int>::max()) {
            throw Error(where + ": expected a token id or a list of ids, found " + x.dump());
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
    const auto key = im.keyToId.find(text);
    if (key != im.keyToId.end()) return key->second;
    const auto bytes = im.bytesToId.find(text);
    if (bytes != im.bytesToId.end()) return bytes->second;
    return std::nullopt;
}

}  // namespace

TokenizerExtras readTokenizerExtras(const fs::path& folder) {
    TokenizerExtras extras;
    const fs::path configPath = folder / "tokenizer_config.json";
    if (const auto cfg = readOptionalJson(configPath)) {
        const auto add = cfg->find("add_bos_token");
        if (add != cfg->end() && add->is_boolean()) extras.addBosToken = add->get<bool>();
        extras.bosToken = tokenText(*cfg, "bos_token");
        extras.eosToken = tokenText(*cfg, "eos_token");
        const auto tmpl = cfg->find("chat_template");
        if (tmpl != cfg->end() && tmpl->is_string()) {
            extras.chatTemplate = tmpl->get<std::string>();
        } else if (tmpl != cfg->end() && tmpl->is_array()) {
            // A list of named templates: the one called "default", else the first.
            for (const json& t : *tmpl) {
                if (!t.is_object() || !t.contains("template") || !t["template"].is_string()) {
                    continue;
                }
                const bool isDefault = t.value("name", std::string()) == "default";
                if (extras.chatTemplate.empty() || isDefault) {
                    extras.chatTemplate = t["template"].get<std::string>();
                }
                if (isDefault) break;
            }
        }
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
            if (id < static_cast<int>(im.present.size()) &&
                im.present[static_cast<std::size_t>(id)]) {
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

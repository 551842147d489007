#pragma once
// Reading JSON files that come from elsewhere (model folders, files a user chose): the file
// is refused when it is not a regular file or larger than its kind can be, nesting deeper
// than any real file is refused before parsing, and optional fields of the wrong type are
// reported with the file and the key instead of nlohmann's bare type_error.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>

#include "tokenscope/error.hpp"

namespace ts {

// Deep enough for every real file (tokenizer.json nests about 6 levels). nlohmann parses
// deeper input without trouble, but copying a value, dump() and the recursive walks of the
// tokenizer readers recurse once per level: 100,000 levels overflowed the stack.
constexpr int kMaxJsonDepth = 512;

// Small JSON files (config.json, tokenizer_config.json, generation_config.json, lesson and
// record specifications): real ones are kilobytes, a 1 MB chat template must still load.
constexpr std::uint64_t kMaxSmallJsonBytes = 64ull << 20;

// The whole file, refused (naming it) when it is not a regular file or over `maxBytes`.
inline std::string readFileCapped(const std::filesystem::path& file, const std::string& what,
                                  std::uint64_t maxBytes) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec))
        throw Error(
            "cannot open " + what + " " + file.string() +
            (std::filesystem::exists(file, ec) ? ": not a regular file" : ": no such file"));
    const std::uint64_t size = std::filesystem::file_size(file, ec);
    if (ec) throw Error("cannot read the size of " + what + " " + file.string());
    if (size > maxBytes)
        throw Error(what + " " + file.string() + " is " + std::to_string(size) +
                    " bytes, more than the " + std::to_string(maxBytes >> 20) +
                    " MiB such a file can be here");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot open " + what + " " + file.string());
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (in.bad() || static_cast<std::uint64_t>(in.gcount()) != size)
        throw Error("cannot read " + what + " " + file.string() + " (it changed while read?)");
    return text;
}

// Throws "<where>: JSON nested more than kMaxJsonDepth levels deep" for such text. Counts
// brackets outside strings; invalid JSON passes through to the parser's own message.
inline void checkJsonDepth(std::string_view text, const std::string& where) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;  // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                throw Error(where + ": JSON nested more than " + std::to_string(kMaxJsonDepth) +
                            " levels deep at byte " + std::to_string(i) +
                            "; no real file of this kind is");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
}

// Parses `text` (depth checked first); errors read "<where>: not valid JSON (...)".
inline nlohmann::json parseJsonText(const std::string& text, const std::string& where) {
    checkJsonDepth(text, where);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {  // parse_error, and out_of_range for 1e400
        throw Error(where + ": not valid JSON (" + e.what() + ")");
    }
}

// `what` names the file's role in messages, e.g. "probe file".
inline nlohmann::json readJsonFile(const std::filesystem::path& file, const std::string& what,
                                   std::uint64_t maxBytes = kMaxSmallJsonBytes) {
    const std::string text = readFileCapped(file, what, maxBytes);
    checkJsonDepth(text, what + " " + file.string());
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw Error(what + " " + file.string() + " is not valid JSON: " + e.what());
    }
}

// A value as it appears in a message: its JSON text, cut after about 60 bytes (a wrong
// value may be a megabyte string) at a character boundary.
inline std::string jsonShown(const nlohmann::json& v) {
    std::string text = v.dump();
    constexpr std::size_t kShown = 60;
    if (text.size() <= kShown) return text;
    std::size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0U) == 0x80U) --cut;
    return text.substr(0, cut) + "... (" + std::to_string(text.size()) + " bytes)";
}

// obj[key] as a bool: `fallback` when absent or null, an error naming `where` and the key
// when it is something else. (nlohmann's value() throws a type_error that names neither.)
inline bool jsonBool(const nlohmann::json& obj, const char* key, bool fallback,
                     const std::string& where) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return fallback;
    if (!it->is_boolean())
        throw Error(where + ": \"" + key + "\" must be true or false, found " + it->type_name());
    return it->get<bool>();
}

// obj[key] as a string, as jsonBool.
inline std::string jsonString(const nlohmann::json& obj, const char* key,
                              const std::string& fallback, const std::string& where) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return fallback;
    if (!it->is_string())
        throw Error(where + ": \"" + key + "\" must be a string, found " + it->type_name());
    return it->get<std::string>();
}

}  // namespace ts

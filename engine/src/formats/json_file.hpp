#pragma once
// Reads a small JSON file the user chose (a probe file, a record specification), with errors
// that name what it was meant to be and where it is.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tokenscope/error.hpp"

namespace ts {

// `what` names the file's role in messages, e.g. "probe file".
inline nlohmann::json readJsonFile(const std::filesystem::path& file, const std::string& what) {
    std::ifstream in(file);
    if (!in) throw Error("cannot open " + what + " " + file.string());
    try {
        return nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        throw Error(what + " " + file.string() + " is not valid JSON: " + e.what());
    }
}

}  // namespace ts

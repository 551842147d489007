#pragma once
// The usage text: the whole list (`tokenscope-cli --help`) and one command's
// (`tokenscope-cli COMMAND --help`), both on stdout with exit status 0.
#include <optional>
#include <string>

namespace ts::cli {

// Every command and the options they share.
std::string generalUsage();
// One command's synopsis and notes, then the options every command shares; nullopt for an
// unknown command.
std::optional<std::string> commandUsage(const std::string& command);

}  // namespace ts::cli

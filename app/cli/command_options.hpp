#pragma once
// The options of the commands that run on a model, one table for their --model and --server
// forms: each command's own options and flags, --model and --threads, the intervention flags
// (intervention_options.hpp), and with --server the server's (kServerOptions).
#include <string>

#include "commands.hpp"
#include "options.hpp"

namespace ts::cli {

// Parses `args` for `command` (generate, trace, score, compare, probe, litm). The server's
// options are accepted only where --server is given, so --server-model alone is a usage error.
Options commandOptions(const std::string& command, const Args& args);

}  // namespace ts::cli

#include "command_options.hpp"

#include <map>
#include <set>

#include "intervention_options.hpp"
#include "remote_model.hpp"

namespace ts::cli {

namespace {

struct OptionTable {
    std::set<std::string> valued;
    std::set<std::string> flags;
};

const std::map<std::string, OptionTable>& optionTables() {
    static const std::map<std::string, OptionTable> tables = {
        {"generate",
         {{"ids", "prompt", "prompt-file", "steps", "temperature", "top-k", "top-p", "seed",
           "system", "user", "replay"},
          {"json", "special", "bos", "no-bos", "stop-at-eos", "ignore-eos"}}},
        {"trace",
         {{"ids", "text", "text-file", "top"},
          {"attention", "full-logits", "special", "bos", "no-bos", "json"}}},
        {"score", {{"text", "text-file", "stride"}, {"json", "bos", "no-bos", "special"}}},
        {"compare",
         {{"prompt", "prompt-file", "ids", "temperatures", "steps", "seed", "top-k", "top-p"},
          {"json", "special", "bos", "no-bos", "ignore-eos"}}},
        {"probe", {{"probes"}, {"json", "special", "bos", "no-bos", "with-fact"}}},
        {"litm",
         {{"records", "positions", "trials", "seed", "record-template", "query-template", "spec",
           "out"},
          {"json", "query-aware", "naive", "estimate"}}},
    };
    return tables;
}

}  // namespace

Options commandOptions(const std::string& command, const Args& args) {
    const OptionTable& table = optionTables().at(command);
    std::set<std::string> valued = withInterventionOptions(table.valued);
    valued.insert({"model", "threads"});
    if (usesServer(args)) valued = withServerOptions(std::move(valued));
    return Options(args, valued, table.flags);
}

}  // namespace ts::cli

// tokenscope-cli: the engine without a window. JSON on stdout, errors on stderr,
// exit 1 for bad input or model files, 2 for bad usage, 130 after Ctrl-C.
#include <iostream>
#include <map>

#include "commands.hpp"
#include "interrupt.hpp"
#include "options.hpp"
#include "remote_model.hpp"
#include "tokenscope/error.hpp"
#include "usage.hpp"

int main(int argc, char** argv) {
    using namespace ts::cli;
    const std::map<std::string, int (*)(const Args&)> commands = {
        {"tokenize", runTokenize},   {"trace", runTrace}, {"generate", runGenerate},
        {"score", runScore},         {"bench", runBench}, {"compare", runCompare},
        {"probe", runProbe},         {"litm", runLitm},   {"download", runDownload},
        {"precision", runPrecision}, {"patch", runPatch}, {"heads", runHeads},
    };
    if (argc < 2) {
        std::cerr << generalUsage();  // no command is bad usage: the list goes with the error
        return 2;
    }
    if (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::cout << generalUsage();
        return 0;
    }
    const std::string name = argv[1];
    const auto it = commands.find(name);
    if (it == commands.end()) {
        std::cerr << "tokenscope-cli: unknown command '" << name << "'\n" << generalUsage();
        return 2;
    }
    // `COMMAND --help` (or -h) first, before a positional argument such as download's
    // ORG/NAME; elsewhere the options parser finds it where an option stands (HelpRequested).
    if (argc >= 3 && (std::string(argv[2]) == "--help" || std::string(argv[2]) == "-h")) {
        std::cout << commandUsage(name).value_or(generalUsage());
        return 0;
    }
    installInterruptHandler();
    // A command stopped by Ctrl-C ends with 130 whatever it returned or threw on the way out
    // (a cancelled download throws, a cancelled forward pass throws ts::Cancelled).
    const auto interrupted = [&](const char* what) {
        std::cerr << "tokenscope-cli " << name << ": interrupted" << (what && *what ? ": " : "")
                  << (what ? what : "") << '\n';
        return kInterruptedExit;
    };
    try {
        try {
            const Args args(argv + 2, argv + argc);
            // --server URL: the command on a model server (remote_model.hpp).
            const int status = usesServer(args) ? runRemote(name, args) : it->second(args);
            return interruptFlag().load() ? interrupted(nullptr) : status;
        } catch (const std::exception& e) {
            if (interruptFlag().load()) return interrupted(e.what());
            throw;
        }
    } catch (const HelpRequested&) {
        std::cout << commandUsage(name).value_or(generalUsage());
        return 0;
    } catch (const UsageError& e) {
        std::cerr << "tokenscope-cli " << name << ": " << e.message << '\n';
        return 2;
    } catch (const ts::Error& e) {
        std::cerr << "tokenscope-cli " << name << ": error: " << e.what() << '\n';
        return 1;
    } catch (const std::bad_alloc&) {
        std::cerr << "tokenscope-cli " << name << ": error: out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "tokenscope-cli " << name << ": error: " << e.what() << '\n';
        return 1;
    }
}

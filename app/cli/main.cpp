// tokenscope-cli: the engine without a window. JSON on stdout, errors on stderr,
// exit 1 for bad input or model files, 2 for bad usage, 130 after Ctrl-C.
#include <iostream>
#include <map>

#include "commands.hpp"
#include "interrupt.hpp"
#include "options.hpp"
#include "remote_model.hpp"
#include "tokenscope/error.hpp"

namespace {

const char* kUsage = R"(usage: tokenscope-cli COMMAND [options]

Commands:
  tokenize  --text STR | --text-file FILE [--tokenizer PATH] [--special | --no-special]
            [--bos] [--json]   (--tokenizer: a tokenizer.json, vocab.json or folder; no weights;
            special tokens are recognised by default for tokenizer.json files)
  trace     --ids 1,2,3 | --text STR [--attention] [--full-logits] [--top K]
  generate  --ids ... | --prompt STR | --user STR [--system STR] --steps N [--temperature T]
            [--top-k K] [--top-p P] [--seed S] [--ignore-eos] [--json]
            | --replay FILE [--json]  (with --model: the file's run again on that model;
            without: the file as recorded)
            (--system/--user: chat mode, in the model's chat format; generation stops after
            the model's end tokens, generation_config.json eos_token_id included, unless
            --ignore-eos)
  score     --text STR | --text-file FILE [--stride N] [--json]
            (text longer than the context: sliding windows every N tokens, default half)
  bench     [--prompt-tokens 128] [--gen-tokens 128] [--threads 2] [--trace attention]
            [--repeat 3] [--json]
  compare   --prompt STR --temperatures 0.2,1.0,1.5 --steps N [--seed S] [--ignore-eos] [--json]
  probe     --probes FILE [--json]
  litm      [--records 20] [--positions 5] [--trials 10] [--query-aware] [--seed S]
            [--record-template "Code {key} {value}."] [--query-template "Code {key}"] [--json]
            [--spec FILE]  (default: the model folder's eval/kv_records.json, if it has one)
            [--out FILE] (save the results; --json prints the same format) [--naive] (one full
            prefill per question instead of one per context, for comparison) [--estimate]
            (measure this computer's speed and print the run's estimated time, run nothing)
  precision --with MODEL[,MODEL] (--prompt STR | --ids ...) [--steps 20] [--ignore-eos] [--json]
            --model (the reference) and the same model in other precisions (GGUF files,
            folders): each scores the reference's greedy continuation (teacher-forced, exact
            per-token differences and KL in bits), and each runs free to show where texts part
  download  ORG/NAME [--revision R] [--include 'PATTERN,...'] [--file NAME.gguf] [--json]
            into the Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or
            ~/.cache/huggingface/hub); honours HF_ENDPOINT, HF_TOKEN and HTTPS_PROXY

A text prompt (--prompt, --text, --user) gets the model's start token in front exactly when
its files ask for one; --bos / --no-bos override that in every command, --special recognises
special tokens in vocab.json + merges.txt text, and --ids are used verbatim.
Every command takes --model DIR (a Hugging Face folder: config.json, model.safetensors,
vocab.json + merges.txt or tokenizer.json) or --model ORG/NAME[@REVISION] (found in the
Hugging Face cache); without it the bundled model is used.
--threads N sets the engine's threads (default 2).
Ctrl-C stops any command within 2 s with exit status 130 (a download keeps what arrived and
resumes from it next time).
)";

}  // namespace

int main(int argc, char** argv) {
    using namespace ts::cli;
    const std::map<std::string, int (*)(const Args&)> commands = {
        {"tokenize", runTokenize},   {"trace", runTrace}, {"generate", runGenerate},
        {"score", runScore},         {"bench", runBench}, {"compare", runCompare},
        {"probe", runProbe},         {"litm", runLitm},   {"download", runDownload},
        {"precision", runPrecision}, {"patch", runPatch}, {"heads", runHeads},
    };
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::cout << kUsage;
        return argc < 2 ? 2 : 0;
    }
    const std::string name = argv[1];
    const auto it = commands.find(name);
    if (it == commands.end()) {
        std::cerr << "tokenscope-cli: unknown command '" << name << "'\n" << kUsage;
        return 2;
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

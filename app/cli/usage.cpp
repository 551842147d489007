#include "usage.hpp"

#include <sstream>
#include <utility>
#include <vector>

#include "options.hpp"
#include "tokenscope/sampling.hpp"

namespace ts::cli {

namespace {

// The defaults of --temperature, --top-k and --top-p: ts::SamplingParams{}, which the app
// starts with too.
std::string samplingDefaults() {
    const SamplingParams d;
    return "            (defaults: the app's, --temperature " + shortNumber(d.temperature) +
           " --top-k " + std::to_string(d.topK) + " --top-p " + shortNumber(d.topP) +
           "; --temperature 0 is greedy)\n";
}

// One entry per command, in the order of the general list: its synopsis and notes, each line
// indented as in that list.
std::vector<std::pair<std::string, std::string>> commands() {
    return {
        {"tokenize",
         "  tokenize  --text STR | --text-file FILE [--tokenizer PATH] [--special | --no-special]\n"
         "            [--bos] [--json]   (--tokenizer: a tokenizer.json, vocab.json or folder; no "
         "weights;\n"
         "            special tokens are recognised by default for tokenizer.json files)\n"},
        {"trace",
         "  trace     --ids 1,2,3 | --text STR | --text-file FILE [--top K] [--json]\n"
         "            [--attention] [--full-logits]\n"
         "            (one pass over the input; without --json, --attention or --full-logits a "
         "table\n"
         "            of the K most likely next tokens, default 10; with any of them JSON: ids,\n"
         "            logsumexp, last_logits, top, entropy_bits, tokens, display, and the "
         "attention\n"
         "            rows or every position's logits)\n"},
        {"generate",
         "  generate  --ids ... | --prompt STR | --user STR [--system STR] --steps N "
         "[--temperature "
         "T]\n"
         "            [--top-k K] [--top-p P] [--seed S] [--ignore-eos] [--json]\n" +
             samplingDefaults() +
             "            | --replay FILE [--json]  (with --model: the file's run again on that "
             "model;\n"
             "            without: the file as recorded)\n"
             "            (--system/--user: chat mode, in the model's chat format; generation "
             "stops after\n"
             "            the model's end tokens, generation_config.json eos_token_id included, "
             "unless\n"
             "            --ignore-eos; without --json the text, bytes that are no whole "
             "character as\n"
             "            <XX>, and a notice on stderr where the model ended the text)\n"},
        {"score",
         "  score     --text STR | --text-file FILE [--stride N] [--json]\n"
         "            (text longer than the context: sliding windows every N tokens, default "
         "half)\n"},
        {"bench",
         "  bench     [--prompt-tokens 128] [--gen-tokens 128] [--threads 2] [--trace attention]\n"
         "            [--repeat 3] [--json]\n"},
        {"compare",
         "  compare   --prompt STR --temperatures 0.2,1.0,1.5 --steps N [--seed S] [--ignore-eos] "
         "[--json]\n"},
        {"probe", "  probe     --probes FILE [--with-fact] [--json]\n"},
        {"litm",
         "  litm      [--records 20] [--positions 5] [--trials 10] [--query-aware] [--seed S]\n"
         "            [--record-template \"Code {key} {value}.\"] [--query-template \"Code "
         "{key}\"] "
         "[--json]\n"
         "            [--spec FILE]  (default: the model folder's eval/kv_records.json, if it has "
         "one)\n"
         "            [--out FILE] (save the results; --json prints the same format) [--naive] "
         "(one full\n"
         "            prefill per question instead of one per context, for comparison) "
         "[--estimate]\n"
         "            (measure this computer's speed and print the run's estimated time, run "
         "nothing)\n"},
        {"precision",
         "  precision --with MODEL[,MODEL] (--prompt STR | --ids ...) [--steps 20] [--ignore-eos] "
         "[--json]\n"
         "            --model (the reference) and the same model in other precisions (GGUF "
         "files,\n"
         "            folders): each scores the reference's greedy continuation "
         "(teacher-forced, exact\n"
         "            per-token differences and KL in bits), and each runs free to show where "
         "texts part\n"},
        {"patch",
         "  patch     --clean STR | --clean-ids ... --corrupt STR | --corrupt-ids ...\n"
         "            --answer TOKEN | --answer-id ID --wrong TOKEN | --wrong-id ID [--json]\n"
         "            (activation patching: for every block and position, the corrupted prompt "
         "runs\n"
         "            with the residual entering that block there taken from the clean run; "
         "reports\n"
         "            the restored share of logit(answer) - logit(wrong), "
         "resid_pre[block][pos])\n"},
        {"heads",
         "  heads     [--text STR | --ids ...] [--seed S] [--json]\n"
         "            (each head's mean weight on the previous token and on the first, and its\n"
         "            induction score on 2 x 32 random tokens; a kind only above its "
         "threshold)\n"},
        {"download",
         "  download  ORG/NAME [--revision R] [--include 'PATTERN,...'] [--file NAME.gguf] "
         "[--json]\n"
         "            into the Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or\n"
         "            ~/.cache/huggingface/hub); honours HF_ENDPOINT, HF_TOKEN and HTTPS_PROXY\n"},
    };
}

const char* kShared = R"(
A text prompt (--prompt, --text, --user) gets the model's start token in front exactly when
its files ask for one; --bos / --no-bos override that in every command, --special recognises
special tokens in vocab.json + merges.txt text, and --ids are used verbatim.
Every command takes --model DIR (a Hugging Face folder: config.json, model.safetensors,
vocab.json + merges.txt or tokenizer.json) or --model ORG/NAME[@REVISION] (found in the
Hugging Face cache); without it the bundled model is used.
--threads N sets the engine's threads (default 2).
--server URL [--server-model NAME] runs generate, trace, score, compare, probe and litm on a
model served by llama-server, vLLM or SGLang instead (docs/remote.md); the JSON is the same,
less what a server does not expose, which it lists ("not_given", "server_does_not_expose").
Interventions (generate, trace, compare, score, probe, litm): --ban ID,... (probability 0),
--logit-bias ID:VALUE,... (added to the logit before temperature), --ablate LAYER:HEAD,...
with --ablate-mode zero|mean (silence heads, counted from 1), and --steer-layer L
--steer-positive STR --steer-negative STR --steer-strength S (add S x the difference of the
two prompts' mean residuals entering block L); with --server only --ban and --logit-bias.
--help after a command prints its usage.
Ctrl-C stops any command within 2 s with exit status 130 (a download keeps what arrived and
resumes from it next time). Exit status: 0 done, 1 bad input or model files, 2 bad usage.
)";

}  // namespace

std::string generalUsage() {
    std::string out =
        "usage: tokenscope-cli COMMAND [options]\n       tokenscope-cli COMMAND "
        "--help\n\nCommands:\n";
    for (const auto& [name, text] : commands()) out += text;
    return out + kShared;
}

std::optional<std::string> commandUsage(const std::string& command) {
    for (const auto& [name, text] : commands())
        if (name == command)
            return "usage: tokenscope-cli " + name + " [options]\n\n" + text + kShared;
    return std::nullopt;
}

}  // namespace ts::cli

// Chat mode for generate: --system S --user U become the model's chat prompt (ChatML, Llama 3
// or Llama 2, recognised from its chat_template), tokenized with special tokens recognised
// because the format is made of them. A model without a recognised template gets an error
// that says so; the user then types the raw prompt.
#include "chat_prompt.hpp"

#include "common.hpp"
#include "tokenscope/chat_template.hpp"
#include "tokenscope/error.hpp"

namespace ts::cli {

PromptTokens generatePrompt(const Options& opts, const LoadedModel& model) {
    const bool chat = opts.has("system") || opts.has("user");
    if (!chat) return inputPrompt(opts, model, "ids", "prompt", "prompt-file");
    if (opts.has("ids") || opts.has("prompt") || opts.has("prompt-file"))
        throw UsageError{"give either a chat (--system S --user U) or --prompt/--ids, not both"};
    if (!opts.has("user")) throw UsageError{"chat mode needs the user's message: --user TEXT"};
    if (!model.tokenizer)
        throw Error("the model in " + model.folder.string() +
                    " has no tokenizer, so a chat prompt cannot be built");
    std::vector<ChatMessage> messages;
    if (const auto system = opts.get("system")) {
        checkUtf8(*system, "--system");
        messages.push_back({"system", *system});
    }
    const std::string user = opts.require("user");
    checkUtf8(user, "--user");
    messages.push_back({"user", user});
    PromptOptions options = promptOptions(opts);
    options.special = true;  // the chat format is made of special tokens
    return parsePrompt(renderChatPrompt(*model.tokenizer, messages), model.tokenizer.get(),
                       model.model->config().nVocab, options);
}

}  // namespace ts::cli

#pragma once
// Chat prompts for instruct models. A model's tokenizer_config.json carries its chat format
// as a Jinja template; there is no C++ Jinja in Debian, and a general one would be a large
// attack surface for a file we do not trust. Instead each family's format has a small
// renderer here (ChatML for Qwen and SmolLM2, Llama 3 headers, Llama 2 [INST], Gemma 3's turns,
// EXAONE 3.5 and 4.0, Mi:dm 2.0's dated Llama 3 system block), and the
// model's template is only recognised, never executed. A test renders the real templates
// with @huggingface/jinja and checks that the renderers give the same text.
#include <string>
#include <vector>

namespace ts {

class Tokenizer;

struct ChatMessage {
    std::string role;  // "system", "user" or "assistant"
    std::string content;
};

enum class ChatFormat {
    Unrecognised,
    ChatMl,       // <|im_start|>role\n...<|im_end|>\n (Qwen2, Qwen2.5, SmolLM2)
    ChatMlQwen3,  // ChatML with Qwen3's <think> handling of assistant turns
    Llama3,       // <|start_header_id|>role<|end_header_id|>\n\n...<|eot_id|>
    Llama2,       // [INST] <<SYS>>\n...\n<</SYS>>\n\n... [/INST]
    Gemma,        // <start_of_turn>user\n...<end_of_turn>\n, "model" for the assistant (Gemma 3)
    Exaone3,      // [|system|]...[|endofturn|]\n[|user|]...\n[|assistant|] (EXAONE 3.5)
    Exaone4,      // [|role|]\n...[|endofturn|]\n with an empty <think> block (EXAONE 4.0)
    Llama3Dated,  // Llama 3 headers after a dated system block of the template's own text
                  // (Mi:dm 2.0)
};

struct ChatTemplate {
    ChatFormat format = ChatFormat::Unrecognised;
    std::string name;                        // for people: "ChatML", "Llama 3", ...
    std::string why;                         // what was recognised, or why nothing was
    std::string defaultSystem;               // ChatML: the system message used when none is given
    bool alwaysAddsAssistantHeader = false;  // Llama 3: the early template ignores the flag
    // Llama3Dated: the template's system block, split where its date goes (N parts, N-1 dates).
    std::vector<std::string> datedSystemParts;
    bool datedFromClock = false;  // the template asks strftime_now for today's date
    std::string defaultDate;      // else the date it sets when none is given
};

// Recognises a chat_template string. An empty or unknown template gives Unrecognised with
// `why` saying so.
ChatTemplate recogniseChatTemplate(const std::string& jinja);

struct ChatRenderOptions {
    bool addGenerationPrompt = true;  // end with the assistant's header, ready to generate
    std::string bosToken;             // the texts the templates refer to as bos_token/eos_token
    std::string eosToken;
    std::string date;  // Llama3Dated: "06 Dec 2026" as strftime('%d %b %Y'); empty: today's
};

// The prompt text for the messages, exactly as the model's template would write it. Throws
// ts::Error when the format is Unrecognised (saying to type the raw prompt), or when the
// messages break the format's rules (Llama 2 needs user/assistant turns in turn).
std::string renderChat(const ChatTemplate& tmpl, const std::vector<ChatMessage>& messages,
                       const ChatRenderOptions& options);

// The tokenizer's own template and bos/eos texts. Throws ts::Error naming the tokenizer file
// when it has no chat template or one that is not recognised.
std::string renderChatPrompt(const Tokenizer& tokenizer, const std::vector<ChatMessage>& messages,
                             bool addGenerationPrompt = true);

}  // namespace ts

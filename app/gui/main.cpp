// The desktop app: option parsing, translations and fonts, then the main window (or the
// headless screenshot mode). Everything else lives in ui/.
#include <QApplication>
#include <QCommandLineParser>
#include <QFont>
#include <QJsonObject>
#include <QSize>
#include <QTimer>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "classroom/hub.hpp"
#include "classroom/precision_view.hpp"
#include "shell/get_model_dialog.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "shell/settings_store.hpp"
#include "shell/translation_manager.hpp"
#include "tokenscope/intervention_flags.hpp"
#include "tokenscope/model_folder.hpp"

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Tokenscope"));
    QApplication::setApplicationName(QStringLiteral("Tokenscope"));
    QApplication::setApplicationVersion(QStringLiteral("0.2.0"));

    // Hangul needs a CJK font; name Nanum explicitly so it wins over fonts without Hangul.
    QFont font = QApplication::font();
    font.setFamilies({font.family(), QStringLiteral("NanumGothic"), QStringLiteral("Nanum Gothic"),
                      QStringLiteral("Noto Sans CJK KR")});
    QApplication::setFont(font);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Tokenscope: watch a GPT-style model predict the next token, stage by stage."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption modelOpt(QStringLiteral("model"), QStringLiteral("Model folder."),
                                      QStringLiteral("DIR"));
    const QCommandLineOption promptOpt(QStringLiteral("prompt"), QStringLiteral("Prompt text."),
                                       QStringLiteral("TEXT"));
    const QCommandLineOption stepsOpt(
        QStringLiteral("steps"),
        QStringLiteral("Tokens to generate (headless; 0: the prefill only, nothing drawn)."),
        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("Sampling seed."),
                                     QStringLiteral("S"));
    const QCommandLineOption tempOpt(QStringLiteral("temperature"),
                                     QStringLiteral("Sampling temperature."), QStringLiteral("T"));
    const QCommandLineOption topKOpt(QStringLiteral("top-k"), QStringLiteral("Top-k (0 = off)."),
                                     QStringLiteral("K"));
    const QCommandLineOption topPOpt(QStringLiteral("top-p"), QStringLiteral("Top-p (1 = off)."),
                                     QStringLiteral("P"));
    const QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QStringLiteral("Run headless, save the window to FILE and exit."), QStringLiteral("FILE"));
    const QCommandLineOption langOpt(QStringLiteral("lang"),
                                     QStringLiteral("Interface language: en or ko."),
                                     QStringLiteral("LANG"));
    const QCommandLineOption viewOpt(
        QStringLiteral("view"),
        QStringLiteral(
            "View to show: %1, or lesson:N[:STEP] (1-based; walks the lesson's steps up to STEP).")
            .arg(ts::ui::viewNames().join(QStringLiteral(", "))),
        QStringLiteral("NAME"));
    const QCommandLineOption layerOpt(QStringLiteral("layer"),
                                      QStringLiteral("Attention layer to show (1-based)."),
                                      QStringLiteral("L"));
    const QCommandLineOption headOpt(QStringLiteral("head"),
                                     QStringLiteral("Attention head to show (1-based)."),
                                     QStringLiteral("H"));
    const QCommandLineOption selectOpt(
        QStringLiteral("select-step"),
        QStringLiteral(
            "Step to select in the timeline (1-based: 1 is the prompt's draw; headless)."),
        QStringLiteral("N"));
    const QCommandLineOption windowOpt(QStringLiteral("window"),
                                       QStringLiteral("Window size, e.g. 1280x720."),
                                       QStringLiteral("WxH"));
    const QCommandLineOption getModelOpt(
        QStringLiteral("get-model"),
        QStringLiteral("With --screenshot: open Model > Get a model..., download ID and save the "
                       "window with the dialog."),
        QStringLiteral("ID"));
    const QCommandLineOption shotAtOpt(
        QStringLiteral("shot-at"),
        QStringLiteral("With --get-model: take the picture at this percentage of the download "
                       "(100: when the model is loaded)."),
        QStringLiteral("PERCENT"), QStringLiteral("100"));
    const QCommandLineOption exportOpt(
        QStringLiteral("export-transcript"),
        QStringLiteral("Run headless, write the steps as JSON (the fields of tokenscope-cli "
                       "generate --json) to FILE and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption userOpt(
        QStringLiteral("user"),
        QStringLiteral("Chat mode: the user's message, written in the model's chat format."),
        QStringLiteral("TEXT"));
    const QCommandLineOption systemOpt(
        QStringLiteral("system"), QStringLiteral("Chat mode: the system message (with --user)."),
        QStringLiteral("TEXT"));
    const QCommandLineOption compareWithOpt(
        QStringLiteral("compare-with"),
        QStringLiteral("Precision comparison: the loaded model in other precisions (GGUF files or "
                       "folders, comma-separated; runs with --view precision)."),
        QStringLiteral("PATHS"));
    const QCommandLineOption openTranscriptOpt(
        QStringLiteral("open-transcript"),
        QStringLiteral("With --screenshot: open FILE as File > Open transcript does instead of "
                       "running --steps (with --model none: no model loaded)."),
        QStringLiteral("FILE"));
    const QCommandLineOption presentationOpt(
        QStringLiteral("presentation"),
        QStringLiteral(
            "Presentation mode: larger text for a projector (View > Presentation mode, F5)."));
    const QCommandLineOption wordMapOpt(
        QStringLiteral("word-map"),
        QStringLiteral("Embedding view: show a word map of a built-in set (atlas, numbers, people) "
                       "or of WORDS (commas between words, semicolons between groups)."),
        QStringLiteral("SET"));
    const QCommandLineOption ignoreEosOpt(
        QStringLiteral("ignore-eos"),
        QStringLiteral("Keep generating after the model's end-of-text token."));
    const QCommandLineOption guessesOpt(
        QStringLiteral("guesses"),
        QStringLiteral("With --view guess: the class's guesses (commas between them), revealed "
                       "in the picture."),
        QStringLiteral("TEXT"));
    const QCommandLineOption withFactOpt(
        QStringLiteral("with-fact"),
        QStringLiteral("With --view probes or --view confidence: \"Give it the fact\" on (the "
                       "fact put in front of the prompt, as retrieval does)."));
    const QCommandLineOption exportLessonOpt(
        QStringLiteral("export-lesson"),
        QStringLiteral("Run headless, write lesson N (1-based, as --view lesson:N) as a PDF "
                       "handout to FILE.pdf (the argument after N) and exit."),
        QStringLiteral("N"));
    parser.addPositionalArgument(QStringLiteral("FILE.pdf"),
                                 QStringLiteral("With --export-lesson N: the PDF to write."),
                                 QStringLiteral("[FILE.pdf]"));
    // What-if, spelled as tokenscope-cli spells it (tokenscope/intervention_flags.hpp).
    const QCommandLineOption banOpt(
        QStringLiteral("ban"), QStringLiteral("Token ids given probability 0 (comma-separated)."),
        QStringLiteral("ID,..."));
    const QCommandLineOption biasOpt(
        QStringLiteral("logit-bias"),
        QStringLiteral("VALUE added to token ID's logit before temperature (ID:VALUE,...)."),
        QStringLiteral("ID:VALUE,..."));
    const QCommandLineOption ablateOpt(
        QStringLiteral("ablate"),
        QStringLiteral("Silence attention head H of layer L (both from 1; L:H,...); every view "
                       "shows the run made so."),
        QStringLiteral("L:H,..."));
    const QCommandLineOption ablateModeOpt(
        QStringLiteral("ablate-mode"),
        QStringLiteral("zero (default) or mean: what a silenced head outputs."),
        QStringLiteral("MODE"));
    const QCommandLineOption beforeAfterOpt(
        QStringLiteral("before-after"),
        QStringLiteral("With --ban, --logit-bias or --ablate: the banner's before/after switch "
                       "on (each candidate's probability without them beside it)."));
    parser.addOptions({banOpt, biasOpt, ablateOpt, ablateModeOpt, beforeAfterOpt});
    // A model on a server (llama-server, vLLM, SGLang) instead of --model, as tokenscope-cli
    // spells it (docs/remote.md).
    const QCommandLineOption serverOpt(
        QStringLiteral("server"),
        QStringLiteral("A model server (llama-server, vLLM, SGLang) instead of --model: its "
                       "address, e.g. http://127.0.0.1:8080."),
        QStringLiteral("URL"));
    const QCommandLineOption serverModelOpt(
        QStringLiteral("server-model"),
        QStringLiteral("With --server: the model's name on the server (default: its only one)."),
        QStringLiteral("NAME"));
    const QCommandLineOption apiKeyEnvOpt(
        QStringLiteral("api-key-env"),
        QStringLiteral("With --server: the environment variable holding the API key (default "
                       "TOKENSCOPE_API_KEY where set)."),
        QStringLiteral("NAME"));
    const QCommandLineOption topLogprobsOpt(
        QStringLiteral("top-logprobs"),
        QStringLiteral("With --server: the top K next-token logprobs per step (default: the "
                       "whole vocabulary where the server gives it)."),
        QStringLiteral("K"));
    const QCommandLineOption vocabSizeOpt(
        QStringLiteral("vocab-size"),
        QStringLiteral("With --server: the vocabulary size, where the server does not say it "
                       "(vLLM without its tokenizer-info endpoint, SGLang)."),
        QStringLiteral("N"));
    parser.addOptions({serverOpt, serverModelOpt, apiKeyEnvOpt, topLogprobsOpt, vocabSizeOpt});
    // The two prompts of --view patch and the steering of --view steer, as the CLI's patch and
    // generate spell them.
    const QCommandLineOption cleanOpt(
        QStringLiteral("clean"),
        QStringLiteral("With --view patch: the clean prompt (the corrupted one is --corrupt)."),
        QStringLiteral("TEXT"));
    const QCommandLineOption corruptOpt(
        QStringLiteral("corrupt"),
        QStringLiteral("With --view patch: the corrupted prompt, as many tokens as --clean."),
        QStringLiteral("TEXT"));
    const QCommandLineOption steerLayerOpt(
        QStringLiteral("steer-layer"),
        QStringLiteral("With --view steer: the block whose incoming residual is steered (from 1)."),
        QStringLiteral("L"));
    const QCommandLineOption steerPositiveOpt(
        QStringLiteral("steer-positive"),
        QStringLiteral("With --view steer: the prompt steered towards."), QStringLiteral("TEXT"));
    const QCommandLineOption steerNegativeOpt(
        QStringLiteral("steer-negative"),
        QStringLiteral("With --view steer: the prompt steered away from."), QStringLiteral("TEXT"));
    const QCommandLineOption steerStrengthOpt(
        QStringLiteral("steer-strength"),
        QStringLiteral("With --view steer: S times the direction is added."), QStringLiteral("S"));
    parser.addOptions({cleanOpt, corruptOpt, steerLayerOpt, steerPositiveOpt, steerNegativeOpt,
                       steerStrengthOpt});
    parser.addOptions({guessesOpt, withFactOpt, exportLessonOpt});
    parser.addOptions({modelOpt,       promptOpt,         stepsOpt,        seedOpt,   tempOpt,
                       topKOpt,        topPOpt,           shotOpt,         langOpt,   viewOpt,
                       layerOpt,       headOpt,           selectOpt,       windowOpt, getModelOpt,
                       shotAtOpt,      exportOpt,         ignoreEosOpt,    userOpt,   systemOpt,
                       compareWithOpt, openTranscriptOpt, presentationOpt, wordMapOpt});
    parser.process(app);

    const bool headless =
        parser.isSet(shotOpt) || parser.isSet(exportOpt) || parser.isSet(exportLessonOpt);
    const ts::ui::AppSettings settings =
        headless ? ts::ui::AppSettings{} : ts::ui::AppSettings::load();
    ts::ui::TranslationManager translations;
    QString lang = parser.value(langOpt);
    if (lang.isEmpty()) lang = settings.language;
    if (lang.isEmpty()) lang = ts::ui::TranslationManager::systemLanguage();
    if (!ts::ui::TranslationManager::availableLanguages().contains(lang)) {
        std::fprintf(stderr, "tokenscope: unknown language '%s' (use en or ko)\n",
                     lang.toLocal8Bit().constData());
        return 2;
    }
    translations.setLanguage(lang);

    ts::ui::HeadlessOptions opts;
    if (parser.isSet(viewOpt)) {
        QString error;
        if (!ts::ui::parseViewOption(parser.value(viewOpt), &opts, &error)) {
            std::fprintf(stderr, "tokenscope: %s\n", error.toLocal8Bit().constData());
            return 2;
        }
    }
    QSize windowSize;
    if (parser.isSet(windowOpt)) {
        windowSize = ts::ui::parseWindowSize(parser.value(windowOpt));
        if (!windowSize.isValid()) {
            std::fprintf(stderr, "tokenscope: --window needs WxH, e.g. 1280x720\n");
            return 2;
        }
    }

    ts::SamplingParams params = settings.params;
    bool ok = true;
    auto number = [&](const QCommandLineOption& o, auto convert) {
        bool good = true;
        const auto v = convert(parser.value(o), &good);
        if (!good) {
            std::fprintf(stderr, "tokenscope: --%s needs a number\n",
                         o.names().front().toLocal8Bit().constData());
            ok = false;
        }
        return v;
    };
    auto toF = [](const QString& s, bool* g) { return s.toFloat(g); };
    auto toI = [](const QString& s, bool* g) { return s.toInt(g); };
    auto toU = [](const QString& s, bool* g) { return s.toULongLong(g); };
    if (parser.isSet(tempOpt)) params.temperature = number(tempOpt, toF);
    if (parser.isSet(topKOpt)) params.topK = number(topKOpt, toI);
    if (parser.isSet(topPOpt)) params.topP = number(topPOpt, toF);
    if (parser.isSet(seedOpt)) params.seed = number(seedOpt, toU);
    const int steps = number(stepsOpt, toI);
    auto positive = [&](const QCommandLineOption& o) {
        if (!parser.isSet(o)) return 0;
        const int v = number(o, toI);
        if (ok && v < 1) {
            std::fprintf(stderr, "tokenscope: --%s counts from 1\n",
                         o.names().front().toLocal8Bit().constData());
            ok = false;
        }
        return v;
    };
    opts.layer = positive(layerOpt);
    opts.head = positive(headOpt);
    opts.selectStep = positive(selectOpt);
    opts.wordMap = parser.value(wordMapOpt);
    opts.guesses = parser.value(guessesOpt);
    opts.withFact = parser.isSet(withFactOpt);
    if (parser.isSet(guessesOpt) && opts.view != QLatin1String("guess")) {
        std::fprintf(stderr, "tokenscope: --guesses goes with --view guess\n");
        ok = false;
    }
    if (opts.withFact && opts.view != QLatin1String("probes") &&
        opts.view != QLatin1String("confidence")) {
        std::fprintf(stderr,
                     "tokenscope: --with-fact goes with --view probes or --view confidence\n");
        ok = false;
    }
    if (parser.isSet(cleanOpt) || parser.isSet(corruptOpt)) {
        if (opts.view != QLatin1String("patch")) {
            std::fprintf(stderr, "tokenscope: --clean and --corrupt go with --view patch\n");
            ok = false;
        }
        if (parser.isSet(cleanOpt))
            opts.toolSettings[QStringLiteral("clean")] = parser.value(cleanOpt);
        if (parser.isSet(corruptOpt))
            opts.toolSettings[QStringLiteral("corrupt")] = parser.value(corruptOpt);
    }
    const bool steering = parser.isSet(steerLayerOpt) || parser.isSet(steerPositiveOpt) ||
                          parser.isSet(steerNegativeOpt) || parser.isSet(steerStrengthOpt);
    if (steering) {
        if (opts.view != QLatin1String("steer")) {
            std::fprintf(stderr, "tokenscope: --steer-* go with --view steer\n");
            ok = false;
        }
        if (parser.isSet(steerLayerOpt))
            opts.toolSettings[QStringLiteral("layer")] = positive(steerLayerOpt);
        if (parser.isSet(steerStrengthOpt))
            opts.toolSettings[QStringLiteral("strength")] = number(steerStrengthOpt, toF);
        if (parser.isSet(steerPositiveOpt))
            opts.toolSettings[QStringLiteral("positive")] = parser.value(steerPositiveOpt);
        if (parser.isSet(steerNegativeOpt))
            opts.toolSettings[QStringLiteral("negative")] = parser.value(steerNegativeOpt);
        // The prompt and seed the steered continuations start from, where given.
        if (parser.isSet(promptOpt))
            opts.toolSettings[QStringLiteral("prompt")] = parser.value(promptOpt);
        if (parser.isSet(seedOpt))
            opts.toolSettings[QStringLiteral("seed")] = static_cast<double>(params.seed);
    }
    if (parser.isSet(exportLessonOpt)) {
        opts.exportLesson = positive(exportLessonOpt);
        if (ok && parser.positionalArguments().size() != 1) {
            std::fprintf(stderr, "tokenscope: --export-lesson N needs one FILE.pdf after it\n");
            ok = false;
        }
        if (ok) opts.exportLessonFile = parser.positionalArguments().front();
        // A lesson that runs an experiment (lost in the middle) takes longer than a picture.
        opts.timeoutMs = 600000;
    } else if (!parser.positionalArguments().isEmpty()) {
        std::fprintf(stderr, "tokenscope: unexpected argument '%s'\n",
                     parser.positionalArguments().front().toLocal8Bit().constData());
        ok = false;
    }
    ts::InterventionFlagText whatIf;
    auto flag = [&](const QCommandLineOption& o) -> std::optional<std::string> {
        if (!parser.isSet(o)) return std::nullopt;
        return parser.value(o).toStdString();
    };
    whatIf.ban = flag(banOpt);
    whatIf.logitBias = flag(biasOpt);
    whatIf.ablate = flag(ablateOpt);
    whatIf.ablateMode = flag(ablateModeOpt);
    opts.beforeAfter = parser.isSet(beforeAfterOpt);
    if (whatIf.any()) {
        try {
            opts.interventions = ts::parseInterventionFlags(whatIf);
        } catch (const ts::InterventionFlagError& e) {
            std::fprintf(stderr, "tokenscope: %s\n", e.what());
            ok = false;
        }
    }
    ts::ui::ServerRequest server;
    if (parser.isSet(serverOpt)) {
        if (parser.isSet(modelOpt)) {
            std::fprintf(stderr,
                         "tokenscope: give either --model (a local model) or --server URL (a "
                         "model server), not both\n");
            ok = false;
        }
        server.url = parser.value(serverOpt).trimmed();
        if (server.url.isEmpty()) {
            std::fprintf(stderr, "tokenscope: --server needs the server's address\n");
            ok = false;
        }
        server.model = parser.value(serverModelOpt);
        server.apiKeyEnv = parser.value(apiKeyEnvOpt);
        if (parser.isSet(topLogprobsOpt)) {
            server.topLogprobs = number(topLogprobsOpt, toI);
            if (ok && server.topLogprobs < 1) {
                std::fprintf(stderr, "tokenscope: --top-logprobs counts from 1\n");
                ok = false;
            }
        }
        if (parser.isSet(vocabSizeOpt)) {
            server.vocabSize = number(vocabSizeOpt, toI);
            if (ok && server.vocabSize < 1) {
                std::fprintf(stderr, "tokenscope: --vocab-size counts from 1\n");
                ok = false;
            }
        }
    } else if (parser.isSet(serverModelOpt) || parser.isSet(apiKeyEnvOpt) ||
               parser.isSet(topLogprobsOpt) || parser.isSet(vocabSizeOpt)) {
        std::fprintf(stderr,
                     "tokenscope: --server-model, --api-key-env, --top-logprobs and --vocab-size "
                     "go with --server URL\n");
        ok = false;
    }
    if (!ok) return 2;

    QString model = parser.value(modelOpt);
    if (model.isEmpty() && !headless) model = settings.lastModel;
    if (model.isEmpty()) model = QString::fromStdString(ts::bundledModelPath().string());

    ts::ui::MainWindow window(&translations, headless);
    if (parser.isSet(compareWithOpt) && window.classroom())
        window.classroom()->precision()->setOthers(
            parser.value(compareWithOpt).split(QLatin1Char(','), Qt::SkipEmptyParts));
    if (parser.isSet(presentationOpt)) window.setPresentation(true);
    if (headless) {
        opts.model = model;
        opts.server = server;
        opts.prompt = parser.isSet(promptOpt) ? parser.value(promptOpt) : QStringLiteral("Hello");
        opts.steps = std::max(0, steps);
        opts.params = params;
        opts.screenshot = parser.value(shotOpt);
        opts.exportTranscript = parser.value(exportOpt);
        opts.openTranscript = parser.value(openTranscriptOpt);
        if (model == QLatin1String("none")) opts.model.clear();
        opts.ignoreEndOfText = parser.isSet(ignoreEosOpt);
        opts.chat = parser.isSet(userOpt);
        opts.chatUser = parser.value(userOpt);
        opts.chatSystem = parser.value(systemOpt);
        // A handout is pictured at a projector's size unless told otherwise.
        const QSize fallback = opts.exportLesson > 0 ? QSize(1280, 720) : QSize(1400, 860);
        window.resize(windowSize.isValid() ? windowSize : fallback);
        window.show();
        if (parser.isSet(getModelOpt)) {
            // The bundled model behind, the download dialog in front (README screenshots).
            window.loadModel(model);
            ts::ui::startGetModelScreenshot(&window, parser.value(getModelOpt),
                                            parser.value(shotOpt), parser.value(shotAtOpt).toInt());
            return QApplication::exec();
        }
        ts::ui::HeadlessRun run(&window, opts);
        int code = 1;
        QObject::connect(&run, &ts::ui::HeadlessRun::finished, &app, [&](int c) {
            code = c;
            QApplication::exit(c);
        });
        run.start();
        QApplication::exec();
        return code;
    }

    if (parser.isSet(promptOpt)) window.setPrompt(parser.value(promptOpt));
    if (parser.isSet(userOpt)) {
        // The chat format comes with the model's tokenizer, so chat mode waits for the load.
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection =
            QObject::connect(&window, &ts::ui::MainWindow::modelReady, &window,
                             [&window, &parser, &userOpt, &systemOpt, connection] {
                                 QObject::disconnect(*connection);
                                 window.setChat(parser.value(systemOpt), parser.value(userOpt));
                             });
    }
    if (parser.isSet(tempOpt) || parser.isSet(topKOpt) || parser.isSet(topPOpt) ||
        parser.isSet(seedOpt))
        window.setParams(params);
    if (windowSize.isValid()) window.resize(windowSize);
    if (!opts.view.isEmpty()) window.showView(opts.view);
    if (!opts.interventions.empty()) window.setInterventions(opts.interventions);
    if (!opts.toolSettings.isEmpty() && window.classroom()) {
        // --view patch/steer with their flags: the tool runs once the model is loaded.
        auto connection = std::make_shared<QMetaObject::Connection>();
        QJsonObject toolSettings = opts.toolSettings;
        toolSettings[QStringLiteral("run")] = true;
        *connection = QObject::connect(&window, &ts::ui::MainWindow::modelReady, &window,
                                       [&window, toolSettings, view = opts.view, connection] {
                                           QObject::disconnect(*connection);
                                           window.classroom()->applySettings(view, toolSettings);
                                       });
    }
    window.show();
    if (!server.url.isEmpty())
        window.connectServer(server);
    else
        window.loadModel(model);
    return QApplication::exec();
}

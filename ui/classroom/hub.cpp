#include "classroom/hub.hpp"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QMenu>
#include <QTabWidget>
#include <QWidget>
#include <algorithm>

#include "classroom/confidence_view.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/fact_remedy.hpp"
#include "classroom/guess_view.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/logit_lens_view.hpp"
#include "classroom/patch_view.hpp"
#include "classroom/precision_view.hpp"
#include "classroom/probes_view.hpp"
#include "classroom/steer_view.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts::ui {

namespace {
// The folder that holds the bundled model, its siblings are lessons/ and probes/.
QString resourcesRoot() {
    return QFileInfo(QString::fromStdString(ts::bundledModelPath().string())).absolutePath();
}
}  // namespace

QString ClassroomHub::lessonsFolder() {
    const QString env = qEnvironmentVariable("TOKENSCOPE_LESSONS_DIR");
    return env.isEmpty() ? resourcesRoot() + QStringLiteral("/lessons") : env;
}

QString ClassroomHub::probesFolder() { return resourcesRoot() + QStringLiteral("/probes"); }

ClassroomHub::ClassroomHub(QWidget* parentForViews) : QObject(parentForViews) {
    m_lessons = new LessonPanel(parentForViews);
    m_lanes = new LanesView(parentForViews);
    m_hallucination = new QTabWidget(parentForViews);
    m_confidence = new ConfidenceView(m_hallucination);
    m_probes = new ProbesView(m_hallucination);
    m_hallucination->addTab(m_confidence, QString());
    m_hallucination->addTab(m_probes, QString());
    m_hallucination->installEventFilter(this);
    m_litm = new LitmView(parentForViews);
    m_lens = new LogitLensView(parentForViews);
    m_cost = new CostView(parentForViews);
    m_tokenizers = new TokenizerCompareView(parentForViews);
    m_precision = new PrecisionView(parentForViews);
    m_guess = new GuessView(parentForViews);
    m_patch = new PatchView(parentForViews);
    m_steer = new SteerView(parentForViews);

    QStringList errors;
    m_lessons->setLessons(loadLessonFolder(lessonsFolder(), &errors), errors);
    connect(m_lessons, &LessonPanel::stepApplied, this, &ClassroomHub::applyLessonStep);

    QList<QPair<QString, QString>> sets;
    const QString root = resourcesRoot();
    // The bundled model's sets in both languages, titled by the view; the one in the
    // interface's language is chosen (ProbesView::setLanguage).
    for (const char* name : {"facts.json", "facts_ko.json"}) {
        const QString bundled = root + QStringLiteral("/model/eval/") + QLatin1String(name);
        if (QFileInfo::exists(bundled)) sets.append({QString(), bundled});
    }
    for (const QFileInfo& f :
         QDir(probesFolder()).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        sets.append({f.baseName(), f.absoluteFilePath()});
    m_probes->setProbeSets(sets);
    m_litm->loadRecordVocabulary(root + QStringLiteral("/model/eval/kv_records.json"));
    loadFactProbes();
    retranslateMenu();
}

QList<QPair<QString, QWidget*>> ClassroomHub::views() const {
    return {{tr("Lessons"), m_lessons},
            {tr("Temperature lanes"), m_lanes},
            {tr("Hallucination lens"), m_hallucination},
            {tr("Lost in the middle"), m_litm},
            {tr("Logit lens"), m_lens},
            {tr("Inference cost"), m_cost},
            {tr("Tokenizer comparison"), m_tokenizers},
            {tr("Precision comparison"), m_precision},
            {tr("Guess the next token"), m_guess},
            {tr("Compare two prompts"), m_patch},
            {tr("Steering"), m_steer}};
}

QWidget* ClassroomHub::showView(const QString& name) {
    if (name == QLatin1String("lessons")) return m_lessons;
    if (name == QLatin1String("lanes")) return m_lanes;
    if (name == QLatin1String("confidence")) {
        m_hallucination->setCurrentWidget(m_confidence);
        return m_hallucination;
    }
    if (name == QLatin1String("probes")) {
        m_hallucination->setCurrentWidget(m_probes);
        return m_hallucination;
    }
    if (name == QLatin1String("litm")) return m_litm;
    if (name == QLatin1String("lens")) return m_lens;
    if (name == QLatin1String("cost")) return m_cost;
    if (name == QLatin1String("tokenizers")) return m_tokenizers;
    if (name == QLatin1String("precision")) return m_precision;
    if (name == QLatin1String("guess")) return m_guess;
    if (name == QLatin1String("patch")) return m_patch;
    if (name == QLatin1String("steer")) return m_steer;
    return nullptr;
}

QMenu* ClassroomHub::createMenu(QWidget* parent) {
    m_menu = new QMenu(parent);
    m_actions.clear();
    for (const ViewEntry& view : viewTable()) {
        if (view.stage >= 0) continue;  // the stages are in the View menu
        const QString n = QLatin1String(view.name);
        QAction* a = m_menu->addAction(QString(), this, [this, n] { emit requestView(n); });
        m_actions.append({a, &view});
    }
    retranslateMenu();
    return m_menu;
}

void ClassroomHub::retranslateMenu() {
    m_hallucination->setTabText(0, tr("Confidence colouring"));
    m_hallucination->setTabText(1, tr("Fact probes"));
    if (!m_menu) return;
    m_menu->setTitle(tr("&Classroom"));
    for (auto& [action, view] : m_actions) action->setText(viewTitle(*view));
}

bool ClassroomHub::eventFilter(QObject* watched, QEvent* event) {
    // The tab widget is not one of ours to subclass; its LanguageChange retranslates the menu too.
    if (watched == m_hallucination && event->type() == QEvent::LanguageChange) retranslateMenu();
    return QObject::eventFilter(watched, event);
}

bool ClassroomHub::applySettings(const QString& name, const QJsonObject& settings) {
    if (name == QLatin1String("lanes"))
        m_lanes->applySettings(settings);
    else if (name == QLatin1String("confidence"))
        m_confidence->applySettings(settings);
    else if (name == QLatin1String("probes"))
        m_probes->applySettings(settings);
    else if (name == QLatin1String("litm"))
        m_litm->applySettings(settings);
    else if (name == QLatin1String("lens"))
        m_lens->applySettings(settings);
    else if (name == QLatin1String("cost"))
        m_cost->applySettings(settings);
    else if (name == QLatin1String("guess"))
        m_guess->applySettings(settings);
    else if (name == QLatin1String("tokenizers"))
        m_tokenizers->applySettings(settings);
    else if (name == QLatin1String("patch"))
        m_patch->applySettings(settings);
    else if (name == QLatin1String("steer"))
        m_steer->applySettings(settings);
    else
        return false;
    return true;
}

void ClassroomHub::setModel(const ModelInfo& info) {
    m_lanes->setModel(info);
    m_confidence->setModel(info);
    m_probes->setModel(info);
    m_litm->setModel(info);
    m_lens->setModel(info);
    m_cost->setModel(info);
    m_tokenizers->setModel(info);
    m_precision->setModel(info);
    m_guess->setModel(info);
    m_patch->setModel(info);
    m_steer->setModel(info);
}

void ClassroomHub::setInterventions(const ts::Interventions& interventions) {
    // One shared value for all of them: a tool tells a changed set by its address.
    const auto iv =
        interventions.empty() ? nullptr : std::make_shared<const ts::Interventions>(interventions);
    m_lanes->setInterventions(iv);
    m_probes->setInterventions(iv);  // and its remedy panel
    m_confidence->remedy()->setInterventions(iv);
}

void ClassroomHub::observe(const TranscriptModel* model) {
    m_confidence->observe(model);
    m_cost->observe(model);
    m_lens->observe(model);
    m_guess->observe(model);
}

void ClassroomHub::setCurrentStep(int index) { m_guess->setStep(index); }

void ClassroomHub::setPrompt(const QString& text) { m_lanes->setPrompt(text); }

void ClassroomHub::setLanguage(const QString& language) {
    m_language = language;
    m_lessons->setLanguage(language);
    m_litm->setLanguage(language);
    m_patch->setLanguage(language);
    m_steer->setLanguage(language);
    loadFactProbes();
    m_probes->setLanguage(language);
    if (!m_litm->modelInfo().folder.isEmpty()) return;  // the model folder's records were chosen
    m_litm->loadRecordVocabulary(m_litm->recordsFile(resourcesRoot() + QStringLiteral("/model")));
}

namespace {
// A lesson's settings may differ per language: a value {"en": …, "ko": …} (those keys only)
// becomes the one for `language`, at any depth.
QJsonValue inLanguage(const QJsonValue& v, const QString& language) {
    if (!v.isObject()) return v;
    QJsonObject o = v.toObject();
    const QStringList keys = o.keys();
    const bool byLanguage = keys.contains(QStringLiteral("en")) &&
                            std::all_of(keys.begin(), keys.end(), [](const QString& k) {
                                return k == QLatin1String("en") || k == QLatin1String("ko");
                            });
    if (byLanguage) return o.contains(language) ? o.value(language) : o.value(QStringLiteral("en"));
    for (auto it = o.begin(); it != o.end(); ++it) it.value() = inLanguage(it.value(), language);
    return o;
}
}  // namespace

QJsonObject ClassroomHub::settingsIn(const QJsonObject& settings, const QString& language) {
    return inLanguage(settings, language).toObject();
}

void ClassroomHub::loadFactProbes() {
    // The confidence colouring's "Give it the fact" works on the bundled model's held-out facts
    // in the interface's language.
    const QString file = resourcesRoot() + (m_language == QLatin1String("ko")
                                                ? QStringLiteral("/model/eval/facts_ko.json")
                                                : QStringLiteral("/model/eval/facts.json"));
    try {
        if (QFileInfo::exists(file))
            m_confidence->setFactProbes(ts::loadFactProbes(file.toStdString()));
    } catch (const std::exception&) {
        m_confidence->setFactProbes({});  // the switch then says there is nothing to give
    }
}

void ClassroomHub::applyLessonStep(const LessonStep& step) {
    if (step.sampling) emit requestSampling(*step.sampling);
    if (step.prompt) {
        const QString prompt = step.prompt->in(m_language);
        emit requestPrompt(prompt);
        setPrompt(prompt);
    }
    if (!step.view.isEmpty()) applySettings(step.view, settingsIn(step.settings, m_language));
    if (!step.action.isEmpty()) emit requestAction(step.action, step.count);
    // The lesson panel stays where the teacher reads it unless the step asks for a view.
    if (!step.view.isEmpty()) emit requestView(step.view);
}

}  // namespace ts::ui

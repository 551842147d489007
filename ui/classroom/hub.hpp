#pragma once
// The classroom tools as one object the main window adds with a few lines: it owns the
// views (lessons, temperature lanes, hallucination lens, lost-in-the-middle lab, logit lens,
// cost meter), feeds them the model and the history, offers a "Classroom" menu, and turns
// lesson steps into requests the window carries out (prompt, sampling, view, step/run).
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <vector>

#include "classroom/lesson_model.hpp"
#include "core/model_info.hpp"
#include "core/transcript_model.hpp"
#include "core/view_table.hpp"
#include "tokenscope/interventions.hpp"

class QMenu;
class QAction;
class QTabWidget;
class QWidget;

namespace ts::ui {

class ConfidenceView;
class CostView;
class GuessView;
class LanesView;
class LessonPanel;
class LitmView;
class LogitLensView;
class PatchView;
class SteerView;
class ProbesView;
class TokenizerCompareView;
class PrecisionView;

class ClassroomHub : public QObject {
    Q_OBJECT
  public:
    explicit ClassroomHub(QWidget* parentForViews);

    // (title, widget) for the window's view stack; titles are translated at call time.
    QList<QPair<QString, QWidget*>> views() const;
    // The widget that shows `name` (a classroom tool of core/view_table.hpp), switching an inner
    // tab if needed; null for the five stage views, which the window owns.
    QWidget* showView(const QString& name);
    // Hands `settings` (a lesson step's, or a headless picture's) to the tool `name`; false for a
    // view that takes none (ViewEntry::takesSettings).
    bool applySettings(const QString& name, const QJsonObject& settings);
    // A "Classroom" menu whose actions emit requestView for each tool of the view table.
    QMenu* createMenu(QWidget* parent);

    void setModel(const ModelInfo& info);
    // The window's what-if set (engine indices): the lanes, the fact probes and both "give it
    // the fact" panels run with it from their next run on, and say so.
    void setInterventions(const ts::Interventions& interventions);
    // The tools that read the window's one history (confidence, logit lens, cost meter)
    // observe `model` themselves; null stops them.
    void observe(const TranscriptModel* model);
    void setPrompt(const QString& text);
    // The step selected in the timeline (0-based; -1 the newest): the guessing game's round.
    void setCurrentStep(int index);
    void setLanguage(const QString& language);
    void applyLessonStep(const LessonStep& step);
    // A step's settings for `language`: each {"en": …, "ko": …} value becomes that language's.
    static QJsonObject settingsIn(const QJsonObject& settings, const QString& language);
    QString language() const { return m_language; }
    // Folders found next to the bundled model (…/resources or …/share/tokenscope).
    static QString lessonsFolder();
    static QString probesFolder();

    LessonPanel* lessons() const { return m_lessons; }
    LanesView* lanes() const { return m_lanes; }
    ConfidenceView* confidence() const { return m_confidence; }
    ProbesView* probes() const { return m_probes; }
    LitmView* litm() const { return m_litm; }
    LogitLensView* lens() const { return m_lens; }
    CostView* cost() const { return m_cost; }
    TokenizerCompareView* tokenizers() const { return m_tokenizers; }
    PrecisionView* precision() const { return m_precision; }
    GuessView* guess() const { return m_guess; }
    PatchView* patch() const { return m_patch; }
    SteerView* steer() const { return m_steer; }

  signals:
    void requestPrompt(const QString& text);
    void requestSampling(const ts::SamplingParams& params);
    // Any view name: the five stages (tokens … sampling) or a classroom view.
    void requestView(const QString& name);
    // "reset", "step" (count times) or "run" (count steps).
    void requestAction(const QString& action, int count);

  private:
    void retranslateMenu();
    void loadFactProbes();
    bool eventFilter(QObject* watched, QEvent* event) override;

    QString m_language = QStringLiteral("en");
    LessonPanel* m_lessons = nullptr;
    LanesView* m_lanes = nullptr;
    QTabWidget* m_hallucination = nullptr;
    ConfidenceView* m_confidence = nullptr;
    ProbesView* m_probes = nullptr;
    LitmView* m_litm = nullptr;
    LogitLensView* m_lens = nullptr;
    CostView* m_cost = nullptr;
    TokenizerCompareView* m_tokenizers = nullptr;
    PrecisionView* m_precision = nullptr;
    GuessView* m_guess = nullptr;
    PatchView* m_patch = nullptr;
    SteerView* m_steer = nullptr;
    QMenu* m_menu = nullptr;
    QList<QPair<QAction*, const ViewEntry*>> m_actions;
};

}  // namespace ts::ui

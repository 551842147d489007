#pragma once
// Hallucination lens, part two: fact probes. Each row is a prompt with one true and some
// false continuations; the model's probability for each (multi-token answers scored as the
// sum of their tokens' log-probabilities) is drawn as a pair of bars on a labelled log axis.
// Held-out facts the model never saw still get confident answers: that is a hallucination,
// made visible. A summary per group (seen, held-out, real-world) and language comes first:
// top-1 accuracy, mean confidence and how many confident inventions; the held-out rows are
// listed first and a filter shows only the inventions, so nobody scrolls past 256 seen rows.
#include <QHeaderView>
#include <QJsonObject>
#include <QStyledItemDelegate>
#include <QWidget>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/experiments.hpp"

class QComboBox;
class QHeaderView;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace ts::ui {

class FactRemedyPanel;
class WrappedTextDelegate;

// Paints P(true) (green) above P(strongest false) (red) as bars on a log scale from 1e-10 to
// 1: multi-token answers often have probabilities far below 1 %, invisible on a linear bar.
class ProbeBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    static constexpr int kTrueRole = Qt::UserRole + 1;
    static constexpr int kFalseRole = Qt::UserRole + 2;
    static constexpr double kDecades = 10;
    // Fraction of the bar drawn for probability p.
    static double barLength(double p);
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

// The probe table's header, with the bars column's title above the log axis the bars are
// drawn on (10^-10 … 100 %), tick for tick where the delegate draws its decade lines.
class ProbeHeader : public QHeaderView {
    Q_OBJECT
  public:
    ProbeHeader(int barsColumn, QWidget* parent);
    // The tick labels drawn under the bars column's title, left to right.
    static QStringList tickLabels();
    QSize sizeHint() const override;

  protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;

  private:
    int m_bars;
};

class ProbesView : public ClassroomToolView {
    Q_OBJECT
  public:
    enum Column { Group, Prompt, Truth, Falsehoods, ModelAnswer, Bars, Verdict, ColumnCount };
    explicit ProbesView(QWidget* parent = nullptr);
    void setModel(const ModelInfo& info) override;
    // The window's what-if set: the next run (and the remedy panel's) scores with it.
    void setInterventions(std::shared_ptr<const ts::Interventions> interventions) override;
    // "Give it the fact" (hallucination's remedy) over this set's held-out probes.
    FactRemedyPanel* remedy() const { return m_remedy; }

    // Probe sets offered in the chooser: (name shown, file); an empty name is the bundled
    // model's own set, titled in the current language.
    void setProbeSets(const QList<QPair<QString, QString>>& sets);
    bool loadFile(const QString& path, QString* error = nullptr);
    bool saveFile(const QString& path, QString* error = nullptr) const;
    void setProbes(const std::vector<ts::FactProbe>& probes);
    std::vector<ts::FactProbe> probes() const;  // as edited in the table
    void applySettings(const QJsonObject& settings);
    // The bundled probe set in the interface's language (facts_ko.json in Korean), unless the
    // teacher chose another set.
    void setLanguage(const QString& language);
    QString currentSetFile() const;
    static constexpr int kGroupIdRole = Qt::UserRole + 7;
    static constexpr int kAnswerRightRole = Qt::UserRole + 8;  // the answer cell: true if right
    void run();
    // Public for tests: show canned results (one per probe, same order); the model's answer
    // is each result's `answer` (ts::modelAnswer).
    void showResults(const std::vector<ts::ProbeResult>& results);
    // P(true) and P(strongest false) drawn in a row's bars (NaN before a run).
    std::pair<double, double> barValues(int row) const;
    int rowCount() const;
    QString summary() const;
    // One line per group family and language, as shown in the summary table above the probes.
    struct GroupSummary {
        QString group;     // "seen", "held_out", "real-world" …
        QString language;  // "English", "Korean" (from the prompt's script)
        int probes = 0;
        int truthWins = 0;  // the true answer beats every false one
        int top1 = 0;       // the model's own answer (a word, ts::modelAnswer) is the true one
        double meanConfidence = 0;    // mean probability of its own answer
        int confidentInventions = 0;  // its own answer is not the truth, at >= 50 %
    };
    std::vector<GroupSummary> groupSummaries() const;
    // Which rows show: all (held-out first), held-out only, or confident inventions only.
    enum class Filter { All, HeldOut, Inventions };
    void setFilter(Filter filter);
    // The rows in the order they are shown (logical row numbers), hidden ones left out.
    std::vector<int> visibleRows() const;
    static constexpr double kConfident = 0.5;

  protected:
    void retranslateUi() override;
    QString interventionRanText() const override;
    // Keeps the probe table's columns within its width (the bars and their log axis in view
    // at 1280 pixels, not scrolled off to the right).
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QString setTitle(int index) const;
    void chooseSet(int index);
    void openDialog();
    void saveDialog();
    void arrangeRows();
    void fillSummaryTable();
    void fitSummaryHeight();  // the summary as tall as its wrapped rows, no scrolling
    bool isHeldOut(int row) const;
    QString groupId(int row) const;  // "held_out/capital", whatever the cell shows
    bool isInvention(int row) const;
    bool answerIsTruth(int row) const;
    void fitColumns();
    void fitRows();  // every row as tall as its wrapped text (two lines at least)

    QList<QPair<QString, QString>> m_sets;
    QComboBox* m_setBox = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_explain = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    WrappedTextDelegate* m_textDelegate = nullptr;
    bool m_fittingRows = false;
    bool m_fittingSummary = false;
    QTableWidget* m_groups = nullptr;
    QComboBox* m_filter = nullptr;
    FactRemedyPanel* m_remedy = nullptr;
    QLabel* m_filterLabel = nullptr;
    std::vector<ts::ProbeResult> m_results;
    std::vector<QString> m_answers;  // the model's own answer per row (visible whitespace)
};

}  // namespace ts::ui

#pragma once
// Stage 2, embedding: the selected token's input vector (token embedding + position
// embedding) as a colour strip, and the context's input vectors projected on their first two
// principal components, optionally with each token's nearest vocabulary neighbours.
#include <QHash>
#include <QRectF>
#include <QString>
#include <QWidget>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/task.hpp"
#include "stages/word_sets.hpp"
#include "tokenscope/analysis.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/pca.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/transcript.hpp"
#include "tokenscope/word_map.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QStackedWidget;
class QTableWidget;

namespace ts::ui {

class HeatmapWidget;
class EmbeddingScatter;
class RopeNote;
class SteadyLabel;

class EmbeddingView : public QWidget {
    Q_OBJECT

  public:
    explicit EmbeddingView(QWidget* parent = nullptr);
    ~EmbeddingView() override;

    // Vectors come from the records' traces (tokenEmbedding / positionEmbedding); where a
    // record did not keep them and a model is given they are read from the model's tables.
    void setHistory(std::span<const TranscriptStepPtr> historyUpToCurrent,
                    std::shared_ptr<const ts::Model> model);
    // Another view hovers the token at pos: the strip shows it while hovered; -1 returns to
    // the token chosen by clicking (or the newest token).
    void setHoveredPosition(int pos);
    // Optional: gives vocabulary neighbours their text instead of "#id".
    void setTokenizer(std::shared_ptr<const ts::Tokenizer> tokenizer);
    void setShowNeighbours(bool on);
    void selectPosition(int pos);  // as if its point were clicked

    int selectedPosition() const;
    int tokenCount() const { return static_cast<int>(m_sum.size()); }
    // PCA of the context's input vectors; point i belongs to position projectedPositions()[i].
    const PcaResult& projection() const { return m_pca; }
    const std::vector<int>& projectedPositions() const { return m_projected; }
    // Where the point of context position pos is drawn, in this widget's coordinates.
    QPointF pointPosition(int pos) const;
    int neighbourCount() const;
    // The scatter's labels of context tokens and words as painted (this widget's coordinates):
    // the box each covers and the point it names, joined by a leader line where it moved away.
    struct ScatterLabel {
        QString text;
        QRectF box;
        QPointF anchor;
        bool leader = false;
    };
    std::vector<ScatterLabel> scatterLabels() const;
    HeatmapWidget* strip() const { return m_strip; }
    QString explainedText() const;
    // A model without learned position vectors (RoPE): the strip shows the token embedding
    // alone and a note explains that position enters as rotations inside attention.
    bool isRope() const;
    QWidget* ropeNote() const;

    // The word map. Where it finds the textbook atlas (the model folder's eval/facts.json).
    void setModelFolder(const QString& folder);
    // "context" (or "") shows the context's input vectors; a built-in set's id ("atlas",
    // "numbers", "people") or words ("one, two; red, blue") shows a word map of them.
    // False for text without a word.
    bool showWordMap(const QString& setOrWords);
    bool isWordMap() const;
    // The map on screen, or null (context mode, still being made, or refused: see the error).
    const ts::WordMap* wordMap() const;
    QString wordMapError() const;
    QTableWidget* wordTable() const { return m_wordTable; }
    // Nearest vocabulary entries listed for each word of the word map.
    static constexpr int kWordNeighbours = 4;
    // A projection or word map is being made off the GUI thread.
    bool isMapBusy() const { return m_mapTask.isRunning() || m_wordMapTask.isRunning(); }

  signals:
    void positionHovered(int pos);  // the token under the pointer in the scatter; -1 when none

  protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    void retranslateNeighbourBox();
    // Reads the input vectors from the history; records before firstNewRecord were read
    // already (0: read everything again).
    void collectVectors(std::size_t firstNewRecord = 0);
    // Makes the PCA (and neighbour searches) for the current vectors: inline when small, on
    // a thread of its own otherwise (engine math stays off the GUI thread); deferred while
    // the view is hidden.
    void updateProjection();
    void drawProjection();
    void updateNeighbours();
    void updateStrip();
    void setRope(bool rope);
    QString neighbourText(int token) const;

    std::vector<TranscriptStepPtr> m_history;
    std::shared_ptr<const ts::Model> m_model;
    std::shared_ptr<const ts::Tokenizer> m_tokenizer;
    // Per context position: token part, position part, their sum (empty if unknown).
    std::vector<std::vector<float>> m_tok;
    std::vector<std::vector<float>> m_pos;
    std::vector<std::vector<float>> m_sum;
    std::vector<int> m_tokenIds;
    // Cosine similarity of two positions' input vectors (newer position in the high half of
    // the key), kept while a run extends the history; cleared when the vectors are read anew.
    QHash<quint64, float> m_cosines;
    QStringList m_labels;
    std::vector<int> m_projected;
    PcaResult m_pca;
    // Nearest vocabulary entries per token id: a search over the whole vocabulary costs
    // n_vocab x n_embd multiply-adds, so each token is searched once per model.
    std::unordered_map<int, std::vector<ts::Neighbour>> m_neighbourCache;
    bool m_showNeighbours = false;
    bool m_vectorsDirty = false;     // records arrived while hidden
    bool m_projectionDirty = false;  // vectors changed while hidden
    bool m_mapPending = false;       // a projection was asked for while one was being made
    int m_pinned = -1;
    int m_hovered = -1;

    QCheckBox* m_neighbourBox = nullptr;
    SteadyLabel* m_explained = nullptr;  // changes each step: must not relayout the window
    HeatmapWidget* m_strip = nullptr;
    // Beside the projection, exact where it is approximate: the cosine similarity of every
    // pair of the newest input vectors (the same word at two positions, or two similar
    // words, show as dark pairs the 2-D picture may squeeze together).
    HeatmapWidget* m_similar = nullptr;
    void updateSimilarity();
    // The word map (see showWordMap).
    QString language() const;
    void fillModes();
    void updateWordMap();
    void drawWordMap();
    void fillWordTable();
    QComboBox* m_mode = nullptr;   // the context's vectors or a word set
    QLineEdit* m_words = nullptr;  // the word set's words, editable
    QString m_wordsShown;          // ... as last shown (an edit that changes them makes a new set)
    QStackedWidget* m_side = nullptr;  // the similarity map, or the word table
    QTableWidget* m_wordTable = nullptr;
    QString m_folder;
    std::vector<WordSet> m_sets;
    WordSet m_set;  // the word map's set
    std::shared_ptr<const ts::WordMap> m_wordMap;
    QString m_wordMapError;
    bool m_wordMapPending = false;  // asked for while one was being made
    EmbeddingScatter* m_scatter = nullptr;
    QSplitter* m_split = nullptr;  // the projection beside the similarity map
    RopeNote* m_ropeNote = nullptr;
    bool m_rope = false;
    // The vector strip's height: its fixed size at 720 pixels, growing with the view (a fifth
    // of it, up to 240 px) so the 192 numbers are read on a projector.
    void sizeStrip();
    // The scatter beside the similarity map or the word table (see resizeEvent).
    void sizeSplit();
    // The projection and the word map, made off the GUI thread (engine math: PCA and searches over
    // the vocabulary). Last, so they stop before the members go.
    BackgroundTask m_mapTask;
    BackgroundTask m_wordMapTask;
};

}  // namespace ts::ui

#pragma once
// Stage 3, self-attention: for a chosen layer and head (or the mean of the heads) the full
// causal matrix of the context, stacked from the rows each step recorded; the newest token's
// query row highlighted; a grid of every head of the layer as small multiples.
//
// Memory: the view keeps only shared_ptrs to the step records. A full history of T tokens
// holds L*H*T*(T+1)/2 floats of attention across its records (GPT-2 small at T = 1024:
// 12*12*1024*1025/2*4 bytes, about 302 MB); the view itself adds one T x T matrix for the
// big heatmap and H + 1 thumbnails of at most 96 x 96 cells.
#include <QString>
#include <QWidget>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "tokenscope/transcript.hpp"
#include "widgets/heatmap_widget.hpp"

class QComboBox;
class QGridLayout;
class QLabel;
class QTimer;

namespace ts::ui {

class AttentionView : public QWidget {
    Q_OBJECT

  public:
    static constexpr int kAverageOfHeads = -1;

    explicit AttentionView(QWidget* parent = nullptr);

    // historyUpToCurrent: the prefill record and the decode steps up to the one inspected; the
    // row of query q comes from whichever record traced q. Rows nobody traced are hatched.
    void setHistory(std::span<const TranscriptStepPtr> historyUpToCurrent, int nLayer, int nHead);
    // Another view hovers the token at pos (-1: none); its row and column are tinted.
    void setHoveredPosition(int pos);

    // A layer or head chosen (by the user, a lesson, a command-line option) stays; until then
    // each new history opens on the head the engine ranks most informative for its newest
    // token (ts::mostInformativeHead), where it has one.
    void setLayer(int layer);
    void setHead(int head);  // kAverageOfHeads for the mean of the heads
    int layer() const { return m_layer; }
    int head() const { return m_head; }
    // Key/value heads of a grouped-query attention model (0 without GQA).
    int kvHeads() const { return m_nKvHead; }
    // What the head selector calls `head`, e.g. "Head 5 · KV group 2 of 2".
    QString headLabel(int head) const { return headName(head); }
    int tokenCount() const { return m_tokens; }

    // Weight shown for (query, key) in the current layer/head selection; NaN if not recorded.
    float weight(int query, int key) const;
    // What clicking a cell reported, e.g. "“ cat” (3) → “The” (0): 0.4213".
    QString selectionText() const;
    HeatmapWidget* heatmap() const;                // finishes a matrix being built first
    HeatmapWidget* headThumbnail(int head) const;  // kAverageOfHeads for the average's

    // What-if (attention_view_heads.cpp): the heads silenced in the run shown, marked on the
    // grid; a right-click on a head's thumbnail asks to silence it or give it back
    // (headSilenceToggled). Engine indices, 0-based.
    void setSilencedHeads(const std::vector<std::pair<int, int>>& layerHeads);
    bool isSilenced(int layer, int head) const;
    // Each head's kind (ts::headKinds: "previous", "first", "induction" or "" below every
    // threshold), layer-major, as a badge on its thumbnail with a legend; empty: no badges.
    void setHeadKinds(std::vector<std::string> kinds);
    QString headBadge(int layer, int head) const;  // "" where none

  signals:
    // Emitted while the pointer is over a cell: the key position (the token attended to);
    // -1 when it leaves.
    void positionHovered(int pos);
    // The head's thumbnail was right-clicked and "Silence" (or "Give it back") chosen.
    void headSilenceToggled(int layer, int head);

  protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // thumbnails' viewport resized

  private:
    void fitGridTitle();  // the heads' title keeps its text's height (see showEvent)
    // Places the thumbnails in the number of columns that makes them largest in the panel.
    void layOutThumbnails(bool force);
    void retranslateUi();
    void rebuildSelectors();
    void rebuildThumbnails();
    void refreshMatrix();
    // The thumbnails of a whole new matrix (a new history, layer or language) are made after
    // the big matrix, in slices of at most kPoolSliceMs per turn of the event loop: pooling
    // every head's rows at 896 tokens took 16 ms in one turn, a frame on its own. A decode
    // step's rows are pooled at once (appendRows) unless a remake is under way, which then
    // pools them too. flushThumbnails(true) finishes the remake now (a caller reading them).
    void scheduleThumbnails();
    void flushThumbnails(bool all);
    void startThumbnails();
    // The big matrix of a whole new history, layer or head: built at once up to
    // kBuildAtOnceTokens, else kRowsAtATime rows at a time until a slice's kSliceNs are used,
    // one slice a turn, while the heatmap shows the matrix before. Filling 896 x 896 cells
    // took 3-11 ms in one turn (most of it the first writes to fresh pages), next to the
    // labels and the thumbnails. all: finish now.
    void buildMatrixRows(bool all);
    void appendHeatmapRows(int from, int to);
    // One timer for both jobs; each turn does one slice of one of them.
    void armSliceTimer();
    void runSlice();
    static constexpr int kRowsAtATime = 32;
    static constexpr qint64 kSliceNs = 4'000'000;
    static constexpr int kBuildAtOnceTokens = 256;
    // A decode step: query rows from..to-1 are new; the rest of the picture stays.
    void appendRows(int from, int to);
    static int thumbBlock(int tokens);
    void poolRows(int from, int to);
    void pushThumbnails();
    void updateThumbnailFrames();
    void updateGridTitle();
    // Grouped-query attention: the key/value group query head `head` reads (0-based), or -1
    // for a model without it.
    int kvGroup(int head) const;
    QString headName(int head) const;
    // A thumbnail's title: its name, the kind badge, the silenced mark (attention_view_heads.cpp).
    QString thumbnailTitle(int head) const;
    QString headsLegend() const;  // the grid title's second line: badges and right-click
    void showHeadMenu(int head);
    std::vector<std::pair<int, int>> m_silenced;
    std::vector<std::string> m_headKinds;
    // Weight of (query, key) in the layer and head shown, read from the records (NaN where
    // none traced it); unlike weight() it does not wait for a matrix being built.
    float recordedWeight(int query, int key) const;
    // The weights of query q (keys 0..q) into row; false if no record traced q.
    bool queryRow(int layer, int head, int q, std::vector<float>& row) const;
    void showCell(int query, int key);
    QString tokenLabel(int pos) const;
    // Moves to ts::mostInformativeHead of the newest query, if its peak is a token other than
    // itself, the previous or the first (without rebuilding: setHistory does that next).
    void openOnInformativeHead();

    std::vector<TranscriptStepPtr> m_history;
    // Which record traced each query position (index into m_history, -1 if none).
    std::vector<int> m_rowSource;
    QStringList m_labels;
    // Labels before it read as they will for good (the settled part of the shared context):
    // a step appended to the same history re-reads only the labels from here on.
    int m_settledLabels = 0;
    int m_nLayer = 0;
    int m_nHead = 0;
    int m_nKvHead = 0;  // key/value heads when fewer than the query heads (GQA), else 0
    // Sliding-window layers (Gemma 3, EXAONE 4 32B), from the newest trace: a query at i of
    // such a layer sees only keys i - m_window < j <= i, so the cells left of its band show
    // hatched like the masked future, and the title says local or global.
    int m_window = 0;
    std::vector<std::uint8_t> m_layerSliding;
    bool layerSlides(int layer) const;
    bool outsideWindow(int layer, int query, int key) const;
    QString layerKind(int layer) const;  // " · local, window W", " · global" or empty
    int m_tokens = 0;
    int m_layer = 0;
    int m_head = 0;
    bool m_headChosen = false;  // setLayer/setHead called: no more automatic choice
    int m_selQuery = -1;
    int m_selKey = -1;
    int m_hovered = -1;

    QComboBox* m_layerBox = nullptr;
    QComboBox* m_headBox = nullptr;
    HeatmapWidget* m_heatmap = nullptr;
    QLabel* m_infoLabel = nullptr;
    QLabel* m_layerLabel = nullptr;
    QLabel* m_headLabel = nullptr;
    QLabel* m_hintLabel = nullptr;
    QLabel* m_gridTitle = nullptr;
    QGridLayout* m_grid = nullptr;
    QWidget* m_thumbViewport =
        nullptr;  // the thumbnails' scroll viewport, whose size sets the columns
    int m_thumbColumns = 0;
    std::vector<HeatmapWidget*> m_thumbs;  // nHead heads, then the average
    // Their block maxima, kept so that a decode step pools only its new row.
    std::vector<std::vector<float>> m_pooled;
    int m_thumbBlock = 1;
    int m_thumbCells = 0;
    bool m_thumbsPending = false;  // a remake asked for, not started
    int m_poolNext = -1;           // a remake under way: the next query row to pool (-1: none)
    QTimer* m_sliceTimer = nullptr;
    int m_matrixNext = -1;   // a matrix being built: its next row (-1: none)
    int m_matrixTokens = 0;  // and its size
    int m_matrixStride = 0;  // and its row length in m_spareMatrix (room for decode steps)
    HeatmapWidget::Values m_spareMatrix;  // the big heatmap's previous storage, filled next time
};

}  // namespace ts::ui

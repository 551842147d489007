// Stage 2's word map (EmbeddingView's second mode): a set of words (countries and capitals,
// numbers, colours, the user's own) placed in the model's token embedding, with each word's nearest
// vocabulary entries in the table beside it. The projection of the context is in
// embedding_view.cpp.
#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QResizeEvent>
#include <QSet>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <unordered_set>

#include "core/vocabulary.hpp"
#include "stages/embedding_scatter.hpp"
#include "stages/embedding_view.hpp"
#include "stages/rope_note.hpp"
#include "stages/word_sets.hpp"
#include "tokenscope/error.hpp"
#include "widgets/heatmap_widget.hpp"
#include "widgets/steady_label.hpp"
#include "widgets/taken_boxes.hpp"
#include "widgets/wrapped_text_delegate.hpp"

namespace ts::ui {

void EmbeddingView::setModelFolder(const QString& folder) {
    m_folder = folder;
    const QString id = m_mode->currentData().toString();
    fillModes();
    if (!id.isEmpty() && id != QLatin1String("custom")) showWordMap(id);
}

QString EmbeddingView::language() const {
    // The interface's language decides the built-in sets' words (TranslationManager sets the
    // default locale with the translations).
    return QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
}

void EmbeddingView::fillModes() {
    const QString current = m_mode->currentData().toString();
    m_sets = builtinWordSets(language(), m_folder);
    m_mode->clear();
    m_mode->addItem(tr("This context's input vectors"), QString());
    for (const auto& set : m_sets) m_mode->addItem(tr("Word map: %1").arg(set.name), set.id);
    m_mode->addItem(tr("Word map: your words"), QStringLiteral("custom"));
    m_mode->setToolTip(
        tr("A word map places a chosen set of words by their token embeddings, in the plane of "
           "their own two principal components: words of one kind should lie close together. "
           "The context's tokens are placed in the same plane."));
    m_words->setPlaceholderText(tr("Words separated by commas; groups by semicolons"));
    const int i = m_mode->findData(current);
    m_mode->setCurrentIndex(i >= 0 ? i : 0);
}

bool EmbeddingView::isWordMap() const { return !m_mode->currentData().toString().isEmpty(); }

const ts::WordMap* EmbeddingView::wordMap() const {
    return isWordMap() ? m_wordMap.get() : nullptr;
}

QString EmbeddingView::wordMapError() const { return m_wordMapError; }

bool EmbeddingView::showWordMap(const QString& setOrWords) {
    const QString key = setOrWords.trimmed();
    if (key.isEmpty() || key == QLatin1String("context")) {
        m_mode->setCurrentIndex(0);
        m_words->hide();
        m_side->setCurrentWidget(m_similar);
        sizeSplit();
        m_scatter->setGroups({});
        m_wordMap.reset();
        m_projectionDirty = true;
        updateProjection();
        return true;
    }
    WordSet set;
    const auto known =
        std::find_if(m_sets.begin(), m_sets.end(), [&](const WordSet& s) { return s.id == key; });
    if (known != m_sets.end()) {
        set = *known;
    } else {
        set = customWordSet(key);
        if (set.groups.empty()) return false;
    }
    m_mode->setCurrentIndex(m_mode->findData(set.id));
    m_set = set;
    m_wordsShown = wordSetText(set);
    m_words->setText(m_wordsShown);
    m_words->setCursorPosition(0);  // the set's first words, not its last
    m_words->show();
    m_side->setCurrentWidget(m_wordTable);
    sizeSplit();
    updateWordMap();
    return true;
}

void EmbeddingView::updateWordMap() {
    m_wordMap.reset();
    m_wordMapError.clear();
    m_scatter->setGroups(m_set.groupNames);
    if (!m_model || !m_tokenizer) {
        m_wordMapError = tr("The word map needs a model with its tokenizer.");
        drawWordMap();
        return;
    }
    if (m_wordMapTask.isRunning()) {
        m_wordMapPending = true;
        return;
    }
    std::vector<ts::WordMapInput> inputs;
    QSet<QString> distinct;
    for (std::size_t g = 0; g < m_set.groups.size(); ++g)
        for (const QString& w : m_set.groups[g]) {
            inputs.push_back({w.toStdString(), static_cast<int>(g)});
            distinct.insert(w.trimmed());
        }
    // Said here in the interface's language (the engine refuses it too, in English).
    if (distinct.size() < 2) {
        m_wordMapError = tr("A word map needs at least two different words.");
        drawWordMap();
        return;
    }
    // A search over the vocabulary per word (n_vocab x n_embd each): off the GUI thread.
    const auto model = m_model;
    // Ends a run: a request that came meanwhile (or a model loaded since) runs again; otherwise
    // `apply` shows the result.
    auto settle = [this, model](const std::function<void()>& apply) {
        if (m_wordMapPending || model != m_model) {
            m_wordMapPending = false;
            updateWordMap();
            return;
        }
        if (!isWordMap()) return;
        apply();
        drawWordMap();
    };
    m_wordMapTask.start<std::shared_ptr<ts::WordMap>>(
        this,
        [inputs = std::move(inputs), model, tokenizer = m_tokenizer](const std::atomic<bool>&) {
            return std::make_shared<ts::WordMap>(
                ts::makeWordMap(*model, *tokenizer, inputs, kWordNeighbours));
        },
        [this, settle](std::shared_ptr<ts::WordMap> map) {
            settle([this, &map] {
                m_wordMap = std::move(map);
                m_wordMapError.clear();
            });
        },
        [this, settle](const QString& error) {
            settle([this, &error] { m_wordMapError = error; });
        });
}

void EmbeddingView::drawWordMap() {
    if (!isWordMap()) return;
    std::vector<EmbeddingScatter::Point> points;
    if (!m_wordMap) {
        m_scatter->setPoints({}, {0, 0});
        m_wordTable->setRowCount(0);
        m_explained->setText(m_wordMapError.isEmpty() ? tr("Placing the words…")
                                                      : tr("No word map: %1").arg(m_wordMapError));
        return;
    }
    const auto& map = *m_wordMap;
    // The context's tokens in the words' plane: their token embeddings (no position), the same kind
    // of vector as the words'. A context token that is one of the words lies on the word's square:
    // it is not named a second time.
    std::unordered_set<int> wordTokens;
    for (const auto& w : map.words)
        if (w.tokens.size() == 1) wordTokens.insert(w.tokens.front());
    const std::size_t dim = map.pca.mean.size();
    for (int p = 0; p < tokenCount(); ++p) {
        const auto u = static_cast<std::size_t>(p);
        if (m_tok[u].size() != dim || dim == 0) continue;
        const auto xy = project(map.pca, m_tok[u]);
        const bool isWord = wordTokens.count(m_tokenIds[u]) > 0;
        points.push_back({QPointF(xy[0], xy[1]), isWord ? QString() : m_labels.value(p), p, -1});
    }
    for (const auto& w : map.words)
        points.push_back(
            {QPointF(w.xy[0], w.xy[1]), QString::fromStdString(w.word), -1, -1, w.group});
    m_scatter->setPoints(std::move(points), map.pca.explained);
    m_explained->setText(
        tr("Word map of %1 words: their token embeddings (a word of several tokens: their mean), "
           "in the plane of their first two principal components (PC1 %2 %, PC2 %3 %). Round dots: "
           "this context's tokens placed in the same plane.")
            .arg(map.words.size())
            .arg(100.0 * static_cast<double>(map.pca.explained[0]), 0, 'f', 1)
            .arg(100.0 * static_cast<double>(map.pca.explained[1]), 0, 'f', 1));
    fillWordTable();
}

void EmbeddingView::fillWordTable() {
    m_wordTable->setHorizontalHeaderLabels(
        {tr("Word"), tr("Tokens"), tr("Nearest entries (cosine)")});
    if (!m_wordMap) {
        m_wordTable->setRowCount(0);
        return;
    }
    const auto& words = m_wordMap->words;
    m_wordTable->setRowCount(static_cast<int>(words.size()));
    for (int r = 0; r < static_cast<int>(words.size()); ++r) {
        const auto& w = words[static_cast<std::size_t>(r)];
        auto* word = new QTableWidgetItem(QString::fromStdString(w.word));
        word->setForeground(EmbeddingScatter::groupColour(w.group).darker(120));
        QFont bold = m_wordTable->font();
        bold.setBold(true);
        word->setFont(bold);
        if (w.group < m_set.groupNames.size()) word->setToolTip(m_set.groupNames[w.group]);
        // The word's tokens read together: a syllable split over two tokens shows as "셋 1-2/3" and
        // "셋 3/3", not as stray bytes.
        QStringList tokens;
        if (m_tokenizer)
            for (const QString& d : tokenDisplayTexts(*m_tokenizer, w.tokens)) tokens << d;
        QStringList near;
        for (const auto& n : w.neighbours)
            near << QStringLiteral("%1 (%2)")
                        .arg(tokenDisplayText(m_tokenizer.get(), n.token))
                        .arg(QLocale().toString(static_cast<double>(n.cosine), 'f', 2));
        m_wordTable->setItem(r, 0, word);
        m_wordTable->setItem(r, 1, new QTableWidgetItem(tokens.join(QStringLiteral(" · "))));
        m_wordTable->setItem(r, 2, new QTableWidgetItem(near.join(QStringLiteral(", "))));
    }
    m_wordTable->resizeRowsToContents();
}

}  // namespace ts::ui

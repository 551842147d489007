#include "stages/token_view.hpp"

#include <QElapsedTimer>
#include <QEvent>
#include <QHash>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollArea>
#include <QStaticText>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/steady_label.hpp"

namespace ts::ui {

namespace {

bool isContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

// Chip colours cycle through soft hues so neighbouring tokens are told apart at a glance.
QColor chipColour(int position) {
    static const QColor colours[] = {QColor(0xDB, 0xEA, 0xFE), QColor(0xFE, 0xF3, 0xC7),
                                     QColor(0xDC, 0xFC, 0xE7), QColor(0xFC, 0xE7, 0xF3),
                                     QColor(0xED, 0xE9, 0xFE), QColor(0xFF, 0xED, 0xD5)};
    return colours[position % 6];
}

}  // namespace

// Paints the chips in rows that wrap at the widget's width; lives in a scroll area.
class ChipCanvas : public QWidget {
  public:
    explicit ChipCanvas(TokenView* view) : QWidget(view), m_view(view) {
        setMouseTracking(true);
        // Chips sit at fixed places from the top left: when a new row makes the canvas
        // taller, Qt paints only what became visible, not every chip in view again.
        setAttribute(Qt::WA_StaticContents);
    }

    // Lays the chips out at the largest zoom (up to kMaxZoom) at which they all fit the
    // visible area: a short prompt fills the view in large chips a class can read from the
    // back of the room, a long context wraps at the normal size and scrolls. From kCardZoom
    // up the chips are cards: each also shows its bytes, and a row's cards share its whole
    // width (lesson 1's three tokens of "나는 오늘" show the three bytes of each syllable
    // across the projector instead of three chips in a corner). Repaints only
    // the chips that moved or changed (a step appends one and turns the drawn one into an
    // input): a full repaint of a long context cost several ms a step.
    void relayout(std::size_t firstChanged = 0) {
        const std::vector<QRect> before = m_rects;
        const double zoomBefore = m_zoom;
        const int room = m_view->m_scroll->viewport()->height();
        // A long context does not fit at the normal size, so no larger zoom can fit either:
        // one layout instead of seventeen (each measures every chip's text).
        // Cards try their bytes a character a line, then a byte a line (narrower and taller
        // cards: a few tokens then fill the view's height, not a strip across its top).
        // Cards that do not fit at kCardZoom in either arrangement fit at no larger zoom:
        // a context of a hundred tokens is not laid out fifty times a step.
        double zoom = 1.0;
        m_stacked = false;
        m_perRow = 0;
        const auto cardsFit = [&] {
            m_stacked = false;
            if (layoutAt(kCardZoom) <= room) return true;
            m_stacked = true;
            return layoutAt(kCardZoom) <= room;
        };
        if (layoutAt(1.0) <= room)
            for (zoom = cardsFit() ? kMaxZoom : kCardZoom - 0.25; zoom > 1.0; zoom -= 0.25) {
                m_stacked = false;
                if (layoutAt(zoom) <= room) break;
                m_stacked = zoom >= kCardZoom;
                if (m_stacked && layoutAt(zoom) <= room) break;
            }
        m_zoom = std::max(1.0, zoom);
        if (m_zoom < kCardZoom) m_stacked = false;
        fillRoom(room);
        const int height = layoutAt(m_zoom);
        setMinimumHeight(height);
        // Cards share their row's width and carry the caption under them: a new chip moves them
        // all.
        if (m_zoom != zoomBefore || before.empty() || m_rects.empty() || cards()) {
            update();
            return;
        }
        QRegion damage;
        for (std::size_t i = 0; i < std::max(before.size(), m_rects.size()); ++i) {
            const bool moved = i >= before.size() || i >= m_rects.size() || before[i] != m_rects[i];
            if (!moved && i < firstChanged) continue;
            if (i < before.size()) damage += before[i].adjusted(-3, -3, 3, 3);
            if (i < m_rects.size()) damage += m_rects[i].adjusted(-3, -3, 3, 3);
        }
        if (!damage.isEmpty()) update(damage);
    }

    // A chip's look changed (hover): repaint it alone.
    void updateChipAt(int position) {
        const auto& chips = m_view->m_chips;
        for (std::size_t i = 0; i < chips.size() && i < m_rects.size(); ++i)
            if (chips[i].position == position) update(m_rects[i].adjusted(-3, -3, 3, 3));
    }

    void fontChanged() {
        m_advance.clear();
        m_idAdvance.clear();
        m_laidOut.clear();
    }

    bool isLaidOut(const QString& text, const QFont& font) const {
        return m_laidOut.contains(font.key() + QChar(0x1f) + text);
    }

    // `text` centred in `box`, laid out once per text and font: the first frame of a run
    // draws a few hundred chips, and laying out each text again took most of its 11 ms.
    void drawCentred(QPainter& p, const QRect& box, const QString& text, const QFont& font) {
        const QString key = font.key() + QChar(0x1f) + text;
        auto it = m_laidOut.find(key);
        if (it == m_laidOut.end()) {
            if (m_laidOut.size() > 8192) m_laidOut.clear();  // old zooms and fonts
            QStaticText laidOut(text);
            laidOut.setTextFormat(Qt::PlainText);
            laidOut.setTextOption(QTextOption(Qt::AlignCenter));
            laidOut.prepare(QTransform(), font);
            it = m_laidOut.insert(key, laidOut);
        }
        const QSizeF size = it->size();
        p.drawStaticText(QPointF(box.left() + (box.width() - size.width()) / 2.0,
                                 box.top() + (box.height() - size.height()) / 2.0),
                         *it);
    }

    bool cards() const { return m_zoom >= kCardZoom; }

    static constexpr qint64 kPaintBudgetNs = 6'000'000;

  protected:
    // A new row of chips makes the canvas taller: nothing moves then, so nothing repaints
    // unless the zoom changes (the layout depends on the width and the viewport's height).
    void resizeEvent(QResizeEvent* e) override {
        relayout(e->oldSize().width() == width() ? m_view->m_chips.size() : 0);
    }
    void changeEvent(QEvent* e) override {
        if (e->type() == QEvent::FontChange) fontChanged();
        QWidget::changeEvent(e);
    }

    void paintEvent(QPaintEvent* event) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QFont big = chipFont(1.0);
        const QFont small = chipFont(0.8);
        const QFont tiny = chipFont(kBytesScale);
        const QFontMetrics fm(big);
        const QFontMetrics sfm(small);
        const QFontMetrics bfm(tiny);
        const qreal radius = 5 * m_zoom;
        const auto& chips = m_view->m_chips;
        // Only the chips in the part being painted: the scroll area shows a few dozen of a
        // long context's thousand, and drawing them all took 15-30 ms a step.
        const QRect dirty = event->rect().adjusted(-3, -3, 3, 3);
        // Chips whose texts are not laid out yet wait for the next turn of the event loop once
        // this paint has taken kPaintBudgetNs: the first frame of a run lays out every text
        // in view (281 chips at 1920x1080: 17 ms of the GUI thread in one paint). Chips laid
        // out before are always drawn, so a later paint (a grab, an export) is whole.
        QElapsedTimer clock;
        clock.start();
        QRegion later;
        for (std::size_t i = 0; i < chips.size() && i < m_rects.size(); ++i) {
            const auto& c = chips[i];
            const QRect r = m_rects[i];
            if (!r.intersects(dirty)) continue;
            if (clock.nsecsElapsed() > kPaintBudgetNs &&
                !(isLaidOut(c.text, big) && isLaidOut(QString::number(c.id), small))) {
                later += r.adjusted(-3, -3, 3, 3);
                continue;
            }
            const bool hovered = c.position == m_view->m_hovered;
            QColor fill = c.pending ? QColor(0xFF, 0xD5, 0x4F) : chipColour(c.position);
            if (!c.fromPrompt && !c.pending) fill = fill.darker(106);
            QPen pen(hovered ? QColor(0xDC, 0x26, 0x26) : QColor(0x94, 0xA3, 0xB8),
                     hovered ? 2.5 : 1.0, c.partial || c.pending ? Qt::DashLine : Qt::SolidLine);
            p.setPen(pen);
            p.setBrush(fill);
            p.drawRoundedRect(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
            p.setPen(QColor(0x11, 0x18, 0x27));
            p.setFont(big);
            const int inset = static_cast<int>(std::lround(3 * m_zoom));
            drawCentred(p, QRect(r.left(), r.top() + inset, r.width(), fm.height()), c.text, big);
            p.setFont(small);
            p.setPen(QColor(0x47, 0x55, 0x69));
            const int idTop = r.top() + fm.height() + inset + 1;
            if (!cards()) {
                drawCentred(p,
                            QRect(r.left(), idTop, r.width(), r.height() - fm.height() - 2 * inset),
                            QString::number(c.id), small);
                continue;
            }
            drawCentred(p, QRect(r.left(), idTop, r.width(), sfm.height()), QString::number(c.id),
                        small);
            p.setFont(tiny);
            int y = idTop + sfm.height() + inset;
            for (const QString& line : TokenView::hexLines(c.bytes, m_stacked)) {
                p.drawText(QRect(r.left(), y, r.width(), bfm.height()), Qt::AlignCenter, line);
                y += bfm.height();
            }
        }
        if (!later.isEmpty()) QTimer::singleShot(0, this, [this, later] { update(later); });
        if (cards() && !m_rects.empty()) {
            p.setFont(font());
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(captionRect(m_rects.back().bottom() + kCaptionGap),
                       Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption());
        }
    }

    void mouseMoveEvent(QMouseEvent* e) override {
        const int i = chipAt(e->position().toPoint());
        const int pos = i >= 0 ? m_view->m_chips[static_cast<std::size_t>(i)].position : -1;
        if (pos != m_view->m_hovered) {
            m_view->setHoveredPosition(pos);
            emit m_view->positionHovered(pos);
        }
    }

    void leaveEvent(QEvent*) override {
        if (m_view->m_hovered != -1) {
            m_view->setHoveredPosition(-1);
            emit m_view->positionHovered(-1);
        }
    }

    bool event(QEvent* e) override {
        if (e->type() == QEvent::ToolTip) {
            auto* he = static_cast<QHelpEvent*>(e);
            const int i = chipAt(he->pos());
            if (i < 0) {
                QToolTip::hideText();
                return true;
            }
            const auto& c = m_view->m_chips[static_cast<std::size_t>(i)];
            QString tip = TokenView::tr("Position %1 · token id %2").arg(c.position).arg(c.id);
            if (c.fromPrompt) {
                tip += QLatin1Char('\n') + TokenView::tr("Prompt bytes %1–%2 (%3 bytes)")
                                               .arg(c.byteStart)
                                               .arg(c.byteEnd)
                                               .arg(c.byteEnd - c.byteStart);
                tip += QLatin1Char('\n') + (c.partial ? TokenView::tr("Covers part of: %1")
                                                      : TokenView::tr("Covers: %1"))
                                               .arg(visibleWhitespace(c.characters));
            } else if (c.pending) {
                tip += QLatin1Char('\n') +
                       TokenView::tr("Drawn by sampling; the next step feeds it back in.");
            } else {
                tip += QLatin1Char('\n') + TokenView::tr("Generated by the model");
            }
            QToolTip::showText(he->globalPos(), tip, this);
            return true;
        }
        return QWidget::event(e);
    }

  private:
    static constexpr double kMaxZoom = 12.0;
    static constexpr double kCardZoom = 2.0;
    static constexpr int kFewCards = 8;  // up to this many cards try every arrangement (fillRoom)
    static constexpr double kZoomStep = 0.25;
    static constexpr double kBytesScale = 0.6;
    static constexpr int kCaptionGap = 10;

    static QString caption() {
        return TokenView::tr(
            "Each card: the token, its id, and its bytes in UTF-8 (hexadecimal; "
            "the bytes of one character together).");
    }
    // Under the cards, the line that says what a card shows.
    QRect captionRect(int top) const {
        const int w = std::max(100, width() - 12);
        const QRect need =
            fontMetrics().boundingRect(QRect(0, 0, w, 10000), Qt::TextWordWrap, caption());
        return QRect(6, top, w, need.height());
    }

    QFont chipFont(double scale) const {
        QFont f = font();
        f.setPointSizeF(font().pointSizeF() * m_zoom * scale);
        return f;
    }

    // Places the chips at `zoom` in m_rects, wrapping at the widget's width; returns the
    // height they need. At the normal size (every long context) the text widths come from a
    // cache: a step adds one chip, and measuring a thousand texts took milliseconds.
    int layoutAt(double zoom) {
        m_zoom = zoom;
        m_rects.clear();
        const QFontMetrics fm(chipFont(1.0));
        const QFontMetrics sfm(chipFont(0.8));
        const QFontMetrics bfm(chipFont(kBytesScale));
        const bool cached = zoom == 1.0;
        const bool withBytes = cards();
        const int pad = static_cast<int>(std::lround(7 * zoom));
        const int gap = static_cast<int>(std::lround(4 * zoom));
        int byteLines = 0;
        if (withBytes)
            for (const auto& c : m_view->m_chips)
                byteLines = std::max(
                    byteLines, static_cast<int>(TokenView::hexLines(c.bytes, m_stacked).size()));
        const int chipH =
            fm.height() + sfm.height() + static_cast<int>(std::lround(10 * zoom)) +
            (byteLines > 0 ? byteLines * bfm.height() + static_cast<int>(std::lround(3 * zoom))
                           : 0);
        int x = 6, y = 6;
        const int maxW = std::max(200, width() - 6);
        std::size_t rowStart = 0;
        int sparePerCard = -1;  // what each card of the row above gained
        int cardsAbove = 0;     // how many cards the row above holds
        // Cards share out what is left of their row's width, so the row spans the view; a
        // last row of fewer cards than the row above widens its cards only as much as those
        // (one card under three is not stretched across the whole view).
        const auto justify = [&](std::size_t end) {
            if (!withBytes || end <= rowStart) return;
            int spare = maxW - m_rects[end - 1].right() - 1;
            const int n = static_cast<int>(end - rowStart);
            const bool last = end == m_view->m_chips.size();
            if (last && n < cardsAbove && sparePerCard >= 0)
                spare = std::min(spare, sparePerCard * n);
            sparePerCard = spare / n;
            cardsAbove = n;
            for (std::size_t i = rowStart; i < end; ++i) {
                const int k = static_cast<int>(i - rowStart);
                m_rects[i].translate(spare * k / n, 0);
                m_rects[i].setWidth(m_rects[i].width() + spare * (k + 1) / n - spare * k / n);
            }
            rowStart = end;
        };
        for (const auto& c : m_view->m_chips) {
            int textW = 0, idW = 0;
            if (cached) {
                auto t = m_advance.find(c.text);
                if (t == m_advance.end())
                    t = m_advance.insert(c.text, fm.horizontalAdvance(c.text));
                textW = t.value();
                auto n = m_idAdvance.find(c.id);
                if (n == m_idAdvance.end())
                    n = m_idAdvance.insert(c.id, sfm.horizontalAdvance(QString::number(c.id)));
                idW = n.value();
            } else {
                textW = fm.horizontalAdvance(c.text);
                idW = sfm.horizontalAdvance(QString::number(c.id));
            }
            int w = std::max(textW, idW) + 2 * pad;
            if (withBytes)
                for (const QString& line : TokenView::hexLines(c.bytes, m_stacked))
                    w = std::max(w, bfm.horizontalAdvance(line) + 2 * pad);
            const bool rowFull =
                m_perRow > 0 && m_rects.size() - rowStart >= static_cast<std::size_t>(m_perRow);
            if ((x + w > maxW || rowFull) && x > 6) {
                justify(m_rects.size());
                x = 6;
                y += chipH + gap + 2;
            }
            m_rects.push_back(QRect(x, y, w, chipH));
            x += w + gap;
        }
        justify(m_rects.size());
        if (withBytes && !m_rects.empty())
            return y + chipH + kCaptionGap + captionRect(0).height() + 8;
        return y + chipH + 8;
    }

    // A few cards fill the view's width at a large size in one row, but not its height
    // (lesson 1's "Today I" and the drawn token left the lower half of a 1920x1080 view
    // empty). So for a few cards each arrangement is tried (one row as wide as the view
    // allows, rows of half or a third of them; bytes a character a line or a byte a line)
    // at the largest zoom at which it fits, and the one whose cards cover most of the view
    // wins. Zooms are searched by halving: fitting is monotonic in the zoom.
    void fillRoom(int room) {
        const int n = static_cast<int>(m_view->m_chips.size());
        if (!cards() || n < 1 || n > kFewCards) return;
        struct Choice {
            double zoom;
            int perRow;
            bool stacked;
        };
        const auto covered = [this] {
            qint64 area = 0;
            for (const QRect& r : m_rects) area += static_cast<qint64>(r.width()) * r.height();
            return area;
        };
        Choice best{m_zoom, 0, m_stacked};
        layoutAt(best.zoom);
        qint64 bestArea = covered();
        const int steps = static_cast<int>((kMaxZoom - kCardZoom) / kZoomStep);
        for (const int per : {0, (n + 1) / 2, (n + 2) / 3}) {
            if (per == n || (per > 0 && per >= n)) continue;
            for (const bool stacked : {false, true}) {
                m_perRow = per;
                m_stacked = stacked;
                if (layoutAt(kCardZoom) > room) continue;
                int lo = 0, hi = steps;  // lo fits
                while (lo < hi) {
                    const int mid = (lo + hi + 1) / 2;
                    if (layoutAt(kCardZoom + mid * kZoomStep) <= room)
                        lo = mid;
                    else
                        hi = mid - 1;
                }
                const double zoom = kCardZoom + lo * kZoomStep;
                layoutAt(zoom);
                const qint64 area = covered();
                if (area > bestArea) {
                    bestArea = area;
                    best = {zoom, per, stacked};
                }
            }
        }
        m_zoom = best.zoom;
        m_perRow = best.perRow;
        m_stacked = best.stacked;
    }

    int chipAt(QPoint p) const {
        for (std::size_t i = 0; i < m_rects.size(); ++i)
            if (m_rects[i].contains(p)) return static_cast<int>(i);
        return -1;
    }

    TokenView* m_view;
    std::vector<QRect> m_rects;
    double m_zoom = 1.0;
    bool m_stacked = false;                 // cards show their bytes one a line (see hexLines)
    int m_perRow = 0;                       // most cards in a row (0: as many as the width holds)
    QHash<QString, int> m_advance;          // chip text -> width at the normal size
    QHash<QString, QStaticText> m_laidOut;  // font key + text -> laid out (drawCentred)
    QHash<int, int> m_idAdvance;            // token id -> width of its number at the normal size
};

TokenView::TokenView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    // A steady label: the context count changes each step, which must not relayout the window.
    m_summary = new SteadyLabel(this);
    m_summary->label()->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_canvas = new ChipCanvas(this);
    m_scroll->setWidget(m_canvas);
    layout->addWidget(m_scroll, 1);
    retranslateUi();
}

void TokenView::setVocabulary(VocabularyPtr vocab) {
    m_vocab = std::move(vocab);
    rebuild();
}

void TokenView::setRecord(TranscriptStepPtr record) {
    m_record = std::move(record);
    rebuild();
}

void TokenView::setContextLimit(int nCtx) {
    m_nCtx = nCtx;
    retranslateUi();
}

void TokenView::setHoveredPosition(int pos) {
    if (pos == m_hovered) return;
    m_canvas->updateChipAt(m_hovered);
    m_hovered = pos;
    m_canvas->updateChipAt(pos);
}

void TokenView::rebuild() {
    const std::vector<Chip> before = std::move(m_chips);
    m_chips.clear();
    m_promptTokens = m_promptBytes = m_promptChars = 0;
    if (m_record) {
        const auto& rec = *m_record;
        const std::string& prompt = rec.promptText();
        m_promptBytes = static_cast<int>(prompt.size());
        m_promptChars = static_cast<int>(QString::fromStdString(prompt).toUcs4().size());
        const auto context = rec.contextTokens();
        for (std::size_t i = 0; i < context.size(); ++i) {
            Chip c;
            c.position = static_cast<int>(i);
            c.id = context[i];
            // Display text read in context by the engine (ts::tokenDisplays): "범 1/3" for a
            // token that holds part of a character, the same text every view shows.
            c.text = i < rec.contextSize() ? QString::fromStdString(rec.tokenText(i))
                                           : (m_vocab ? m_vocab->display(c.id) : QString());
            if (rec.promptByteStart(i) >= 0) {
                c.fromPrompt = true;
                ++m_promptTokens;
                c.byteStart = rec.promptByteStart(i);
                c.byteEnd = rec.promptByteEnd(i);
                // Widen the byte span to whole UTF-8 characters to name what it touches.
                auto s = static_cast<std::size_t>(std::clamp(c.byteStart, 0, m_promptBytes));
                auto e = static_cast<std::size_t>(std::clamp(c.byteEnd, 0, m_promptBytes));
                const auto byteAt = [&](std::size_t k) {
                    return static_cast<unsigned char>(prompt[k]);
                };
                c.partial = (s < prompt.size() && isContinuationByte(byteAt(s))) ||
                            (e < prompt.size() && isContinuationByte(byteAt(e)));
                while (s > 0 && s < prompt.size() && isContinuationByte(byteAt(s))) --s;
                while (e < prompt.size() && isContinuationByte(byteAt(e))) ++e;
                c.characters = QString::fromStdString(prompt.substr(s, e - s));
                const auto from =
                    static_cast<std::size_t>(std::clamp(c.byteStart, 0, m_promptBytes));
                const auto to = static_cast<std::size_t>(std::clamp(c.byteEnd, 0, m_promptBytes));
                if (to > from)
                    c.bytes = QByteArray(prompt.data() + from, static_cast<qsizetype>(to - from));
            } else if (m_vocab && !rec.fromFile()) {
                const std::string& b = m_vocab->bytesOf(c.id);
                c.bytes = QByteArray(b.data(), static_cast<qsizetype>(b.size()));
            }
            m_chips.push_back(c);
        }
        if (rec.sampledToken >= 0) {
            Chip c;
            c.position = static_cast<int>(rec.contextTokens().size());
            c.id = rec.sampledToken;
            c.text = rec.fromFile() && !rec.sampledDisplay().empty()
                         ? QString::fromStdString(rec.sampledDisplay())
                     : m_vocab && !rec.fromFile() ? m_vocab->displayAfter(rec.contextTokens(), c.id)
                                                  : QStringLiteral("#%1").arg(c.id);
            c.pending = true;
            if (m_vocab && !rec.fromFile()) {
                const std::string& b = m_vocab->bytesOf(c.id);
                c.bytes = QByteArray(b.data(), static_cast<qsizetype>(b.size()));
            }
            m_chips.push_back(c);
        }
    }
    // The first chip that differs from before: a step leaves the others as they were.
    std::size_t same = 0;
    const auto equal = [](const Chip& a, const Chip& b) {
        return a.position == b.position && a.id == b.id && a.pending == b.pending &&
               a.fromPrompt == b.fromPrompt && a.partial == b.partial && a.text == b.text;
    };
    while (same < before.size() && same < m_chips.size() && equal(before[same], m_chips[same]))
        ++same;
    retranslateUi();
    m_canvas->relayout(same);
}

QStringList TokenView::hexLines(const QByteArray& bytes, bool oneBytePerLine) {
    QStringList lines;
    if (oneBytePerLine) {
        // An empty line between characters where one is several bytes: 나 stays one group.
        bool lastMulti = false;
        for (qsizetype i = 0; i < bytes.size();) {
            qsizetype len = 1;
            while (i + len < bytes.size() &&
                   isContinuationByte(static_cast<unsigned char>(bytes[i + len])))
                ++len;
            const bool multi = static_cast<unsigned char>(bytes[i]) >= 0x80;
            if (i > 0 && (multi || lastMulti)) lines << QString();
            for (qsizetype k = i; k < i + len; ++k)
                lines << QStringLiteral("%1")
                             .arg(static_cast<unsigned char>(bytes[k]), 2, 16, QLatin1Char('0'))
                             .toUpper();
            lastMulti = multi;
            i += len;
        }
        return lines;
    }
    QString line;
    int inLine = 0;
    bool lineMulti = false;
    for (qsizetype i = 0; i < bytes.size();) {
        // A character: a byte and the continuation bytes after it (a token that starts inside
        // a character begins with a run of continuation bytes, kept together the same way).
        qsizetype len = 1;
        while (i + len < bytes.size() &&
               isContinuationByte(static_cast<unsigned char>(bytes[i + len])))
            ++len;
        const bool multi = static_cast<unsigned char>(bytes[i]) >= 0x80;
        if (inLine > 0 && (multi || lineMulti || inLine + len > 4)) {
            lines << line;
            line.clear();
            inLine = 0;
        }
        for (qsizetype k = i; k < i + len; ++k) {
            if (!line.isEmpty()) line += QLatin1Char(' ');
            line += QStringLiteral("%1")
                        .arg(static_cast<unsigned char>(bytes[k]), 2, 16, QLatin1Char('0'))
                        .toUpper();
        }
        inLine += static_cast<int>(len);
        lineMulti = multi;
        i += len;
    }
    if (!line.isEmpty()) lines << line;
    return lines;
}

bool TokenView::showsBytes() const { return m_canvas->cards(); }

QString TokenView::summaryText() const {
    if (!m_record)
        return tr(
            "Type a prompt and press Step: the text is cut into tokens, the units the model "
            "reads.");
    QString s = tr("Prompt: %1 characters · %2 bytes (UTF-8) · %3 tokens")
                    .arg(m_promptChars)
                    .arg(m_promptBytes)
                    .arg(m_promptTokens);
    if (m_promptChars > 0)
        s += tr(" → %1 tokens per character")
                 .arg(static_cast<double>(m_promptTokens) / m_promptChars, 0, 'f', 2);
    const int context = static_cast<int>(m_record->contextTokens().size());
    s += QLatin1Char('\n') + (m_nCtx > 0 ? tr("Context: %1 of %2 tokens").arg(context).arg(m_nCtx)
                                         : tr("Context: %1 tokens").arg(context));
    s += tr(" · dashed chips: a token that splits a character, or the drawn next token");
    return s;
}

void TokenView::retranslateUi() { m_summary->setText(summaryText()); }

void TokenView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui

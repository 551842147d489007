#pragma once
// Text as a wrapped flow of token boxes, each filled with a colour that encodes a number
// (probability, rank or entropy). Shared by the temperature lanes and the hallucination lens;
// painted rather than built from labels so a lane of 200 tokens stays one cheap widget.
#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>
#include <vector>

#include "core/vocabulary.hpp"  // tokenDisplayTexts: the chips' text
#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

// Low probability -> red, high -> green, on pale tones so the text stays readable.
QColor probabilityColor(double p);

class TokenFlow : public QWidget {
    Q_OBJECT
  public:
    struct Item {
        QString text;  // display text (visible whitespace already applied)
        QColor colour;
        QString toolTip;
        bool prompt = false;  // prompt tokens are drawn plain, without a box colour
        bool end = false;     // where generation stopped (the end-of-text token): framed
    };
    explicit TokenFlow(QWidget* parent = nullptr);

    void setItems(std::vector<Item> items);
    const std::vector<Item>& items() const { return m_items; }
    int count() const { return static_cast<int>(m_items.size()); }
    void setSelected(int index);
    int selected() const { return m_selected; }
    // Where token i is painted (tests sample its colour there).
    QRectF itemRect(int index) const;
    int itemAt(QPointF pos) const;
    // Lets the boxes grow, up to `maxZoom` times the font, until the text fills the visible
    // height (the widget's parent, a scroll area's viewport): a short text in the confidence
    // colouring reads from the back of a classroom. 1 (the default) keeps the font's size.
    void setFillZoom(double maxZoom);
    double zoom() const { return m_zoom; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void itemClicked(int index);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* e) override;

  private:
    // Lays the boxes out for `width` at `zoom`; returns the height used.
    int layoutFor(int width, std::vector<QRectF>* rects, double zoom) const;
    QFont zoomedFont(double zoom) const;
    // The largest zoom (steps of 0.25, at most m_maxZoom) at which the text fits the height.
    void chooseZoom();

    std::vector<Item> m_items;
    std::vector<QRectF> m_rects;
    int m_selected = -1;
    double m_maxZoom = 1.0;
    double m_zoom = 1.0;
};

}  // namespace ts::ui

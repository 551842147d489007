// Texts as a widget paints them (see painted_text.hpp).
#include "widgets/painted_text.hpp"

#include <QFontInfo>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QTextItem>
#include <QTransform>
#include <QWidget>

namespace ts::ui {

namespace {

class TextRecordingEngine : public QPaintEngine {
  public:
    TextRecordingEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState& changed) override {
        if (changed.state() & QPaintEngine::DirtyTransform) m_transform = changed.transform();
    }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawPath(const QPainterPath&) override {}
    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        const QString text = item.text().trimmed();
        if (text.isEmpty()) return;
        const QRectF local(p.x(), p.y() - item.ascent(), item.width(),
                           item.ascent() + item.descent());
        texts.push_back({text, m_transform.mapRect(local), QFontInfo(item.font()).pixelSize()});
    }
    Type type() const override { return QPaintEngine::User; }
    std::vector<PaintedText> texts;

  private:
    QTransform m_transform;
};

class TextRecordingDevice : public QPaintDevice {
  public:
    explicit TextRecordingDevice(QSize size) : m_size(size) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    // Not a widget (QPaintDevice's own answer), so QPainter does not take it for one.
    int devType() const override { return QInternal::UnknownDevice; }
    std::vector<PaintedText>& texts() { return m_engine.texts; }

  protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
            case PdmWidth:
                return m_size.width();
            case PdmHeight:
                return m_size.height();
            case PdmWidthMM:
                return m_size.width() * 254 / 960;
            case PdmHeightMM:
                return m_size.height() * 254 / 960;
            case PdmNumColors:
                return 1 << 24;
            case PdmDepth:
                return 32;
            case PdmDpiX:
            case PdmDpiY:
            case PdmPhysicalDpiX:
            case PdmPhysicalDpiY:
                return 96;
            case PdmDevicePixelRatio:
                return 1;
            case PdmDevicePixelRatioScaled:
                return static_cast<int>(devicePixelRatioFScale());
            default:
                return 0;
        }
    }

  private:
    QSize m_size;
    mutable TextRecordingEngine m_engine;
};

}  // namespace

std::vector<PaintedText> textsPaintedBy(QWidget* w) {
    if (!w || w->width() <= 0 || w->height() <= 0) return {};
    TextRecordingDevice device(w->size());
    w->render(&device, QPoint(), QRegion(), QWidget::RenderFlags());
    return std::move(device.texts());
}

}  // namespace ts::ui

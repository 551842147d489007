#include "widgets/wrapped_header.hpp"

#include <QAbstractItemModel>
#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>
#include <algorithm>

namespace ts::ui {

namespace {

class HeaderHeightFitter : public QObject {
  public:
    explicit HeaderHeightFitter(QTableView* table) : QObject(table), m_table(table) {
        QHeaderView* h = table->horizontalHeader();
        h->setDefaultAlignment(h->defaultAlignment() | Qt::Alignment(Qt::TextWordWrap));
        h->installEventFilter(this);
        connect(h, &QHeaderView::sectionResized, this, &HeaderHeightFitter::schedule);
        connect(h, &QHeaderView::sectionCountChanged, this, &HeaderHeightFitter::schedule);
        if (h->model())
            connect(h->model(), &QAbstractItemModel::headerDataChanged, this,
                    &HeaderHeightFitter::schedule);
        schedule();
    }

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange ||
            event->type() == QEvent::Show)
            schedule();
        return QObject::eventFilter(watched, event);
    }

  private:
    // Once per turn of the event loop: a table filled column by column resizes its sections many
    // times in a row.
    void schedule() {
        if (m_pending) return;
        m_pending = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_pending = false;
                fit();
            },
            Qt::QueuedConnection);
    }

    void fit() {
        QHeaderView* h = m_table->horizontalHeader();
        if (!h->model()) return;
        const QFontMetrics fm = h->fontMetrics();
        const int margin = h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
        int need = fm.height();
        for (int i = 0; i < h->count(); ++i) {
            if (h->isSectionHidden(i) || h->sectionSize(i) <= 0) continue;
            const QString text =
                h->model()->headerData(i, Qt::Horizontal, Qt::DisplayRole).toString();
            const int room = std::max(1, h->sectionSize(i) - 2 * margin);
            need = std::max(
                need, fm.boundingRect(QRect(0, 0, room, 1 << 20), Qt::TextWordWrap, text).height());
        }
        const int height = need + 2 * margin + 2;
        if (h->minimumHeight() == height) return;
        h->setMinimumHeight(height);
        // The view places its header and viewport in updateGeometries (a protected slot).
        QMetaObject::invokeMethod(m_table, "updateGeometries", Qt::QueuedConnection);
    }

    QTableView* m_table;
    bool m_pending = false;
};

}  // namespace

void wrapHeaderTitles(QTableView* table) {
    if (table) new HeaderHeightFitter(table);
}

}  // namespace ts::ui

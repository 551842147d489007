// Hallucination's remedy (see fact_remedy.hpp): the switch, the run with and without the fact,
// and the before/after bars.
#include "classroom/fact_remedy.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "tokenscope/token_display.hpp"

namespace ts::ui {

namespace {

QString remedyPercent(double p) {
    if (p >= 0.001) return QStringLiteral("%1 %").arg(p * 100, 0, 'f', 1);
    return QStringLiteral("%1").arg(p, 0, 'e', 1);
}
// The probes' log axis: 10^-10 at the left end, 100 % at the right.
double remedyBarLength(double p) {
    if (!(p > 0)) return 0;
    return std::clamp((std::log10(p) + 10.0) / 10.0, 0.0, 1.0);
}
double remedyBestFalse(const ts::ProbeResult& r) {
    double p = 0;
    for (double lp : r.logPFalse) p = std::max(p, std::exp(lp));
    return p;
}
QString remedyUiLanguage() {
    return QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
}
QString remedyLanguageOf(const ts::FactProbe& p) {
    return ts::hasHangul(p.prompt) ? QStringLiteral("ko") : QStringLiteral("en");
}
QString remedyShown(const std::string& text) {
    return QString::fromStdString(ts::visibleWhitespace(ts::bytesAsText(text)));
}

}  // namespace

RemedyBars::RemedyBars(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize RemedyBars::sizeHint() const { return {400, 5 * (fontMetrics().height() + 2) + 12}; }
QSize RemedyBars::minimumSizeHint() const { return {200, sizeHint().height()}; }

void RemedyBars::clear() {
    m_valid = false;
    update();
}

void RemedyBars::setRemedy(const ts::FactProbe& probe, const ts::FactRemedy& remedy) {
    const ts::ProbeResult* results[2] = {&remedy.before, &remedy.after};
    for (int i = 0; i < 2; ++i) {
        Side& s = m_sides[i];
        const auto& r = *results[i];
        s.heading = i == 0 ? tr("Without the fact") : tr("With the fact in front");
        s.pTrue = std::exp(r.logPTrue);
        s.pFalse = remedyBestFalse(r);
        s.trueLabel = tr("P(true “%1”)").arg(remedyShown(probe.truth));
        std::size_t best = 0;
        for (std::size_t k = 1; k < r.logPFalse.size(); ++k)
            if (r.logPFalse[k] > r.logPFalse[best]) best = k;
        s.falseLabel = probe.falsehoods.empty()
                           ? tr("P(false)")
                           : tr("P(false “%1”)").arg(remedyShown(probe.falsehoods[best]));
        s.right = r.truthWins;
        s.verdict = r.truthWins ? tr("True beats every false answer")
                                : tr("A false answer beats the true one");
        s.answerRight = ts::answerMatches(r.answer.word, probe.truth);
        s.answer = tr("Model's own answer: “%1” (%2)")
                       .arg(remedyShown(r.answer.text), remedyPercent(r.answer.prob));
    }
    m_valid = true;
    update();
}

QStringList RemedyBars::texts() const {
    QStringList out;
    if (!m_valid) return out;
    for (const Side& s : m_sides)
        out << s.heading << s.trueLabel << remedyPercent(s.pTrue) << s.falseLabel
            << remedyPercent(s.pFalse) << s.verdict << s.answer;
    return out;
}

void RemedyBars::paintEvent(QPaintEvent*) {
    if (!m_valid) return;
    QPainter p(this);
    const int lineH = fontMetrics().height();
    const int colW = (width() - 12) / 2;
    for (int i = 0; i < 2; ++i) {
        const Side& s = m_sides[i];
        const QRect col(i * (colW + 12), 0, colW, height());
        p.fillRect(col, palette().color(QPalette::Base));
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(col.adjusted(0, 0, -1, -1));
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(palette().color(QPalette::Text));
        const QRect inner = col.adjusted(6, 4, -6, -4);
        p.drawText(QRect(inner.left(), inner.top(), inner.width(), lineH), Qt::AlignLeft,
                   fontMetrics().elidedText(s.heading, Qt::ElideRight, inner.width()));
        p.setFont(font());
        const int labelW =
            std::min(inner.width() / 2, fontMetrics().horizontalAdvance(s.falseLabel) + 8);
        const int valueW = fontMetrics().horizontalAdvance(QStringLiteral("00.0 %")) + 6;
        const int barW = std::max(10, inner.width() - labelW - valueW);
        auto bar = [&](int row, const QString& label, double prob, QColor colour) {
            const int y = inner.top() + row * (lineH + 2);
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRect(inner.left(), y, labelW - 4, lineH), Qt::AlignLeft | Qt::AlignVCenter,
                       fontMetrics().elidedText(label, Qt::ElideRight, labelW - 4));
            const QRect track(inner.left() + labelW, y + 2, barW, lineH - 4);
            p.fillRect(track, QColor(0xee, 0xee, 0xee));
            p.fillRect(
                QRectF(track.left(), track.top(), barW * remedyBarLength(prob), track.height()),
                colour);
            p.drawText(QRect(track.right() + 4, y, valueW, lineH), Qt::AlignLeft | Qt::AlignVCenter,
                       remedyPercent(prob));
        };
        bar(1, s.trueLabel, s.pTrue, QColor(0x3c, 0xa0, 0x4a));
        bar(2, s.falseLabel, s.pFalse, QColor(0xd0, 0x43, 0x3a));
        const QColor good(0x2e, 0x7d, 0x32), bad(0xc6, 0x28, 0x28);
        auto line = [&](int row, const QString& text, bool ok) {
            p.setPen(ok ? good : bad);
            p.drawText(QRect(inner.left(), inner.top() + row * (lineH + 2), inner.width(), lineH),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       fontMetrics().elidedText(text, Qt::ElideRight, inner.width()));
        };
        line(3, s.verdict, s.right);
        line(4, s.answer, s.answerRight);
    }
}

FactRemedyPanel::FactRemedyPanel(QWidget* parent) : ClassroomToolView(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_switch = new QCheckBox(this);
    m_switch->setObjectName(QStringLiteral("giveItTheFact"));
    m_choice = new QComboBox(this);
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(12);
    m_status = new QLabel(this);
    row->addWidget(m_switch);
    row->addWidget(m_choice, 1);
    row->addWidget(m_status);
    layout->addLayout(row);
    m_details = new QWidget(this);
    auto* details = new QVBoxLayout(m_details);
    details->setContentsMargins(0, 0, 0, 0);
    m_counts = new QLabel(m_details);
    m_counts->setWordWrap(true);
    m_fact = new QLabel(m_details);
    m_fact->setWordWrap(true);
    m_bars = new RemedyBars(m_details);
    details->addWidget(m_counts);
    details->addWidget(m_fact);
    details->addWidget(m_bars);
    layout->addWidget(m_details);
    details->insertWidget(0, interventionNotice());  // the window's what-if, while in force
    m_details->hide();
    m_choice->hide();
    connect(m_switch, &QCheckBox::toggled, this, &FactRemedyPanel::setOn);
    connect(m_choice, &QComboBox::activated, this, &FactRemedyPanel::showProbe);
    retranslateUi();
}

void FactRemedyPanel::retranslateUi() {
    m_switch->setText(tr("Give it the fact"));
    m_switch->setToolTip(
        tr("Put a sentence stating the fact in front of the prompt, as retrieval (RAG) puts a "
           "document into the context, and compare P(true) and P(false) before and after."));
    m_counts->setText(countText());
    if (m_shown >= 0) showTexts();  // the same probe in the new language; nothing re-scored
}

void FactRemedyPanel::setModel(const ModelInfo& info) {
    ClassroomToolView::setModel(info);
    m_remedies.clear();
    m_bars->clear();
    if (isOn()) runAll();
}

void FactRemedyPanel::setInterventions(std::shared_ptr<const ts::Interventions> interventions) {
    const bool changed = interventions != this->interventions();
    ClassroomToolView::setInterventions(std::move(interventions));
    if (!changed) return;
    m_remedies.clear();
    m_bars->clear();
    if (isOn()) runAll();
}

void FactRemedyPanel::setShowsInterventionNotice(bool on) { setInterventionNoticeShown(on); }

QString FactRemedyPanel::interventionRanText() const {
    return tr("Both columns were computed with it.");
}

void FactRemedyPanel::setProbes(const std::vector<ts::FactProbe>& probes) {
    m_probes.clear();
    for (const auto& p : probes)
        if (p.group.rfind("held", 0) == 0) m_probes.push_back(p);
    if (m_probes.empty()) m_probes = probes;
    m_remedies.clear();
    m_shown = -1;
    m_bars->clear();
    m_choice->clear();
    for (const auto& p : m_probes) m_choice->addItem(QString::fromStdString(p.prompt));
    if (isOn()) runAll();
}

bool FactRemedyPanel::isOn() const { return m_switch->isChecked(); }

void FactRemedyPanel::setOn(bool on) {
    if (m_switch->isChecked() != on) {
        m_switch->setChecked(on);  // toggled comes back here
        return;
    }
    m_details->setVisible(on);
    m_choice->setVisible(on);
    if (on && m_remedies.size() != m_probes.size()) runAll();
}

void FactRemedyPanel::applySettings(const QJsonObject& s) {
    if (s.contains(QStringLiteral("probe"))) m_wanted = s.value(QStringLiteral("probe")).toString();
    if (s.contains(QStringLiteral("withFact"))) setOn(s.value(QStringLiteral("withFact")).toBool());
    if (!m_wanted.isEmpty() && m_remedies.size() == m_probes.size()) showProbe(defaultProbe());
}

void FactRemedyPanel::runAll() {
    if (!requireModel(m_status) || m_probes.empty()) return;
    const ModelInfo info = m_info;
    const auto list = m_probes;
    const auto interventions = interventionsForRun();  // the window's what-if set, if any
    m_status->setText(tr("Running %n probe(s) with and without the fact…", nullptr,
                         static_cast<int>(list.size())));
    using Out = std::vector<ts::FactRemedy>;
    startTask<Out>(
        [info, list, interventions](const std::atomic<bool>& cancel) {
            Out out;
            for (const auto& p : list) {
                if (cancel.load()) throw std::runtime_error("cancelled");
                out.push_back(ts::runFactRemedy(info.model, *info.tokenizer, p, {}, interventions));
            }
            return out;
        },
        [this, list](Out out) {
            if (list.size() != m_probes.size()) return;  // the set changed meanwhile
            m_remedies = std::move(out);
            m_status->clear();
            m_counts->setText(countText());
            showProbe(defaultProbe());
        },
        [this](const QString& message) { m_status->setText(message); });
}

int FactRemedyPanel::defaultProbe() const {
    const int n = static_cast<int>(std::min(m_probes.size(), m_remedies.size()));
    if (!m_wanted.isEmpty())
        for (int i = 0; i < n; ++i)
            if (QString::fromStdString(m_probes[static_cast<std::size_t>(i)].prompt)
                    .contains(m_wanted))
                return i;
    // The probe in the interface's language that the fact turns from wrong to right most
    // clearly (the highest P(true) with the fact); any language when none there turns.
    const QString language = remedyUiLanguage();
    for (int pass = 0; pass < 2; ++pass) {
        int best = -1;
        for (int i = 0; i < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            if ((pass == 1 || remedyLanguageOf(m_probes[k]) == language) &&
                m_remedies[k].flipped() &&
                (best < 0 || m_remedies[k].after.logPTrue >
                                 m_remedies[static_cast<std::size_t>(best)].after.logPTrue))
                best = i;
        }
        if (best >= 0) return best;
    }
    return n > 0 ? 0 : -1;
}

void FactRemedyPanel::showProbe(int index) {
    if (index < 0 || index >= static_cast<int>(m_remedies.size()) ||
        index >= static_cast<int>(m_probes.size()))
        return;
    m_shown = index;
    if (m_choice->currentIndex() != index) m_choice->setCurrentIndex(index);
    showTexts();
    const auto& probe = m_probes[static_cast<std::size_t>(index)];
    emit probeShown(QString::fromStdString(ts::withFact(probe).prompt + probe.truth));
}

void FactRemedyPanel::showTexts() {
    const auto& probe = m_probes[static_cast<std::size_t>(m_shown)];
    m_fact->setText(tr("Put in front of the prompt: “%1”")
                        .arg(QString::fromStdString(ts::factSentence(probe))));
    m_bars->setRemedy(probe, m_remedies[static_cast<std::size_t>(m_shown)]);
}

std::vector<FactRemedyPanel::Count> FactRemedyPanel::counts() const {
    std::vector<Count> out;
    const std::size_t n = std::min(m_probes.size(), m_remedies.size());
    for (std::size_t i = 0; i < n; ++i) {
        const QString language = remedyLanguageOf(m_probes[i]);
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const Count& c) { return c.language == language; });
        if (it == out.end()) it = out.insert(out.end(), Count{language});
        ++it->probes;
        it->wrongBefore += !m_remedies[i].before.truthWins;
        it->flipped += m_remedies[i].flipped();
    }
    return out;
}

QString FactRemedyPanel::countText() const {
    QStringList parts;
    for (const Count& c : counts())
        parts << tr("%1: %2 of %3 wrong probes turn right (%4 probes)")
                     .arg(c.language == QLatin1String("ko") ? tr("Korean") : tr("English"))
                     .arg(c.flipped)
                     .arg(c.wrongBefore)
                     .arg(c.probes);
    if (parts.isEmpty()) return {};
    return tr("With the fact in front: %1.").arg(parts.join(QStringLiteral("; ")));
}

}  // namespace ts::ui

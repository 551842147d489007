// The hover glossary (see glossary.hpp).
#include "widgets/glossary.hpp"

#include <QCoreApplication>
#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

#include "widgets/painted_text.hpp"

namespace ts::ui {

namespace {

struct GlossaryTerm {
    QStringList words;  // as they appear on screen, English and Korean (case-insensitive)
    const char* sentence;
};

const GlossaryTerm kGlossaryTerms[] = {
    {{QStringLiteral("logit"), QStringLiteral("로짓")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "Logit: the model's raw score for a token before the softmax. Higher means "
                       "more likely; only the differences between logits matter.")},
    {{QStringLiteral("entropy"), QStringLiteral("엔트로피")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "Entropy: how spread out the next-token distribution is, in bits. 0 bits: "
                       "one token is certain; n bits: as uncertain as a fair pick among 2ⁿ "
                       "tokens.")},
    {{QStringLiteral("bit"), QStringLiteral("비트")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "Bit: the unit of entropy. One bit is the uncertainty of one fair coin "
                       "toss; each further bit doubles the number of equally likely choices.")},
    {{QStringLiteral("PCA"), QStringLiteral("principal component"), QStringLiteral("주성분")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "Principal components (PCA): the directions in which the embedding vectors "
                       "differ most. The map presses hundreds of dimensions onto two of them, so "
                       "its distances are only approximate.")},
    {{QStringLiteral("KV cache"), QStringLiteral("KV 캐시")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "KV cache: the keys and values of every token read so far, kept so that a "
                       "new token needs one pass instead of reading the whole text again. It grows "
                       "with the context.")},
    {{QStringLiteral("induction head"), QStringLiteral("유도 헤드")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "Induction head: an attention head that finds where the current token came "
                       "before and looks at the token that followed it there, so a pattern is "
                       "copied (A B … A → B).")},
    {{QStringLiteral("␣")},
     QT_TRANSLATE_NOOP("ts::ui::Glossary",
                       "␣ marks a space. A token carries the space before its word, so “␣cat” and "
                       "“cat” are two different tokens.")},
};

const char* kGlossaryByteSentence =
    QT_TRANSLATE_NOOP("ts::ui::Glossary",
                      "<%1> is a lone byte (hexadecimal %1). A Korean syllable is three bytes in "
                      "UTF-8 and a token may "
                      "hold only part of one; the next token's bytes complete the character.");

// The first lone byte written as the vocabulary writes it ("<8E>"), or "".
QString glossaryByteMark(const QString& text) {
    auto hex = [](QChar c) { return c.isDigit() || (c >= u'A' && c <= u'F'); };
    for (qsizetype i = 0; i + 4 <= text.size(); ++i)
        if (text[i] == u'<' && hex(text[i + 1]) && hex(text[i + 2]) && text[i + 3] == u'>')
            return text.mid(i + 1, 2);
    return {};
}

// "bit" as a word ("2.1 bits", "비트"), not inside "habit" or "orbit".
bool glossaryHoldsWord(const QString& text, const QString& word) {
    for (qsizetype at = text.indexOf(word, 0, Qt::CaseInsensitive); at >= 0;
         at = text.indexOf(word, at + 1, Qt::CaseInsensitive)) {
        const bool latin = word[0].unicode() < 0x80 && word[0].isLetter();
        if (!latin || at == 0 || !text[at - 1].isLetter()) return true;
    }
    return false;
}

}  // namespace

QStringList glossaryFor(const QString& text) {
    QStringList out;
    for (const GlossaryTerm& t : kGlossaryTerms)
        for (const QString& w : t.words)
            if (glossaryHoldsWord(text, w)) {
                out << QCoreApplication::translate("ts::ui::Glossary", t.sentence);
                break;
            }
    const QString byte = glossaryByteMark(text);
    if (!byte.isEmpty())
        out << QCoreApplication::translate("ts::ui::Glossary", kGlossaryByteSentence).arg(byte);
    return out;
}

GlossaryTips::GlossaryTips(QWidget* root) : QObject(root), m_root(root) {
    QCoreApplication::instance()->installEventFilter(this);
}

bool GlossaryTips::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ToolTip || !watched->isWidgetType()) return false;
    auto* w = static_cast<QWidget*>(watched);
    if (!w->toolTip().isEmpty() || (w != m_root && !m_root->isAncestorOf(w))) return false;
    const auto* help = static_cast<QHelpEvent*>(event);
    QStringList found;
    for (const PaintedText& t : textsPaintedBy(w))
        if (t.rect.adjusted(-2, -2, 2, 2).contains(help->pos()))
            for (const QString& s : glossaryFor(t.text))
                if (!found.contains(s)) found << s;
    if (found.isEmpty()) return false;
    QToolTip::showText(help->globalPos(), found.join(QStringLiteral("\n\n")), w);
    return true;
}

}  // namespace ts::ui

#pragma once
// Switches the interface language at run time: installs the app's and Qt's translators, and
// Qt sends every widget a LanguageChange event, on which each retranslates itself.
#include <QLocale>
#include <QObject>
#include <QString>
#include <QTranslator>

namespace ts::ui {

class TranslationManager : public QObject {
    Q_OBJECT
  public:
    explicit TranslationManager(QObject* parent = nullptr);
    // Puts back the default locale of before: the language belongs to its manager (a
    // second window's or a test's Korean must not outlive it; its translators go with it).
    ~TranslationManager() override;

    // "ko" when the system locale is Korean, otherwise "en".
    static QString systemLanguage();
    static QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("ko")}; }
    // Native name for the language menu ("English", "한국어").
    static QString nativeName(const QString& language);

    // Returns false (and keeps the previous language) if the translation is missing.
    bool setLanguage(const QString& language);
    QString language() const { return m_language; }

  signals:
    void languageChanged(const QString& language);

  private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_language;
    QLocale m_localeBefore;
};

}  // namespace ts::ui

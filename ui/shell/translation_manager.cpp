#include "shell/translation_manager.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace ts::ui {

TranslationManager::TranslationManager(QObject* parent) : QObject(parent) {}

TranslationManager::~TranslationManager() { QLocale::setDefault(m_localeBefore); }

QString TranslationManager::systemLanguage() {
    return QLocale::system().language() == QLocale::Korean ? QStringLiteral("ko")
                                                           : QStringLiteral("en");
}

QString TranslationManager::nativeName(const QString& language) {
    if (language == QLatin1String("ko")) return QStringLiteral("한국어");
    return QStringLiteral("English");
}

bool TranslationManager::setLanguage(const QString& language) {
    const QString lang = availableLanguages().contains(language) ? language : QStringLiteral("en");
    // The app's strings are written in English; the English file only adds plural forms.
    auto* app = QCoreApplication::instance();
    app->removeTranslator(&m_app);
    app->removeTranslator(&m_qt);
    const bool ok = m_app.load(QStringLiteral(":/i18n/tokenscope_%1.qm").arg(lang));
    if (ok) app->installTranslator(&m_app);
    // Qt's own dialogs (file dialog, message box buttons).
    if (m_qt.load(QStringLiteral("qtbase_%1").arg(lang),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app->installTranslator(&m_qt);
    QLocale::setDefault(QLocale(lang == QLatin1String("ko") ? QLocale::Korean : QLocale::English));
    m_language = lang;
    emit languageChanged(lang);
    return ok || lang == QLatin1String("en");
}

}  // namespace ts::ui

// Widgets need one QApplication for the whole run, created before any test case.
#define CATCH_CONFIG_RUNNER
#include <QApplication>

#include "catch.hpp"

int main(int argc, char* argv[]) {
    // Offscreen unless the caller chose a platform: the tests never need a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TokenscopeTests"));
    QApplication::setApplicationName(QStringLiteral("tokenscope_ui_tests"));
    return Catch::Session().run(argc, argv);
}

// Widgets need one QApplication for the whole run, created before any test case: the shared
// main (tests/test_main.cpp) calls this around the Catch2 run.
#include <QApplication>

extern "C" int tokenscope_run_tests(int argc, char* argv[], int (*run)(int, char*[])) {
    // Offscreen unless the caller chose a platform: the tests never need a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TokenscopeTests"));
    QApplication::setApplicationName(QStringLiteral("tokenscope_ui_tests"));
    return run(argc, argv);
}

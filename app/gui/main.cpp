// posescope: the desktop application.

#include <QApplication>
#include <QCommandLineParser>

#include "experiment_view.h"
#include "main_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationVersion(QStringLiteral(POSESCOPE_VERSION));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Evaluate and inspect bottom-up multi-person pose estimators."));
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption cfg(QStringLiteral("cfg"), QStringLiteral("Experiment YAML."),
                         QStringLiteral("file"));
  QCommandLineOption arch(QStringLiteral("superconfig"),
                          QStringLiteral("Architecture JSON (as valid.py's --superconfig)."),
                          QStringLiteral("file"));
  parser.addOption(cfg);
  parser.addOption(arch);
  parser.addPositionalArgument(QStringLiteral("opts"),
                               QStringLiteral("KEY VALUE overrides, as valid.py takes them."),
                               QStringLiteral("[KEY VALUE ...]"));
  parser.process(app);

  posescope::MainWindow window;
  auto* view = window.experimentView();
  if (parser.isSet(arch)) view->setArchFile(parser.value(arch));
  if (!parser.positionalArguments().isEmpty()) {
    QStringList quoted;
    for (const QString& a : parser.positionalArguments())
      quoted << (a.contains(' ') ? QStringLiteral("'%1'").arg(a) : a);
    view->setOverrides(quoted.join(' '));
  }
  if (parser.isSet(cfg)) window.openFile(parser.value(cfg));
  window.show();
  return app.exec();
}

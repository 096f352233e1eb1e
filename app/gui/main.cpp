// posescope: the desktop application.

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>

#include "widgets/common/app_icon.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationVersion(QStringLiteral(POSESCOPE_VERSION));
  QApplication::setWindowIcon(posescope::appIcon());
  QGuiApplication::setDesktopFileName(QStringLiteral("posescope"));  // packaging/posescope.desktop

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Evaluate and inspect bottom-up multi-person pose estimators."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption cfg(QStringLiteral("cfg"), QStringLiteral("Experiment YAML."),
                               QStringLiteral("file"));
  const QCommandLineOption arch(QStringLiteral("superconfig"),
                                QStringLiteral("Architecture JSON (as valid.py's --superconfig)."),
                                QStringLiteral("file"));
  const QCommandLineOption checkpoint(QStringLiteral("checkpoint"),
                                      QStringLiteral("Checkpoint (sets TEST.MODEL_FILE)."),
                                      QStringLiteral("file"));
  const QCommandLineOption datasetRoot(QStringLiteral("dataset-root"),
                                       QStringLiteral("Dataset root (sets DATASET.ROOT)."),
                                       QStringLiteral("dir"));
  const QCommandLineOption device(QStringLiteral("device"), QStringLiteral("auto, cpu or cuda:N."),
                                  QStringLiteral("device"));
  const QCommandLineOption out(QStringLiteral("out"),
                               QStringLiteral("Folder that receives the run folders."),
                               QStringLiteral("dir"));
  const QCommandLineOption run(
      QStringLiteral("run"), QStringLiteral("Start the run at launch (when the setup is valid)."));
  const QCommandLineOption openRun(QStringLiteral("open-run"),
                                   QStringLiteral("Open a run folder at launch."),
                                   QStringLiteral("dir"));
  const QCommandLineOption fresh(QStringLiteral("fresh"),
                                 QStringLiteral("Do not restore the last session's setup."));
  const QCommandLineOption maximized(QStringLiteral("maximized"),
                                     QStringLiteral("Show the window maximized."));
  const QCommandLineOption inspect(
      QStringLiteral("inspect"),
      QStringLiteral("With --open-run: open the Inspect page on dataset image INDEX."),
      QStringLiteral("index"));
  const QCommandLineOption layers(
      QStringLiteral("layers"),
      QStringLiteral("Inspect layers shown, comma-separated: predictions, gt, crowd, matches, "
                     "heatmap, tags, network."),
      QStringLiteral("list"));
  const QCommandLineOption joint(QStringLiteral("joint"),
                                 QStringLiteral("Inspect joint N of the heatmap and tag layers "
                                                "(-1: maximum over joints)."),
                                 QStringLiteral("n"));
  const QCommandLineOption timing(QStringLiteral("timing"),
                                  QStringLiteral("Open on the Timing page (with --open-run)."));
  const QCommandLineOption compare(
      QStringLiteral("compare"),
      QStringLiteral("Compare two run folders at launch: --compare RUN_A RUN_B (or --compare "
                     "RUN_A --compare RUN_B)."),
      QStringLiteral("run"));
  const QCommandLineOption demo(
      QStringLiteral("demo"),
      QStringLiteral("Run the embedded demo (as Help > Open Demo) at launch."));
  const QCommandLineOption demoCompare(
      QStringLiteral("demo-compare"),
      QStringLiteral("Run the demo model and its smaller sibling one after the other and compare "
                     "them (as Help > Compare Demo Architectures) at launch."));
  const QCommandLineOption pairDialog(
      QStringLiteral("pair-dialog"),
      QStringLiteral("Open the Run A and B to Compare dialog at launch (A: the setup above, or the "
                     "last pair's A when it is not valid)."));
  for (const auto* o :
       {&cfg, &arch, &checkpoint, &datasetRoot, &device, &out, &run, &openRun, &fresh, &maximized,
        &inspect, &layers, &joint, &timing, &compare, &demo, &demoCompare, &pairDialog})
    parser.addOption(*o);
  parser.addPositionalArgument(QStringLiteral("opts"),
                               QStringLiteral("KEY VALUE overrides, as valid.py takes them."),
                               QStringLiteral("[KEY VALUE ...]"));
  parser.process(app);

  posescope::MainWindow window;
  if (!parser.isSet(fresh)) window.restoreLastSetup();
  auto* setup = window.runSetupView();
  if (parser.isSet(cfg)) setup->setConfigFile(parser.value(cfg));
  if (parser.isSet(arch)) setup->setArchFile(parser.value(arch));
  if (parser.isSet(checkpoint)) setup->setCheckpoint(parser.value(checkpoint));
  if (parser.isSet(datasetRoot)) setup->setDatasetRoot(parser.value(datasetRoot));
  if (parser.isSet(device)) setup->setDevice(parser.value(device));
  if (parser.isSet(out)) setup->setOutputDir(parser.value(out));
  QStringList opts = parser.positionalArguments();
  QStringList compareRuns = parser.values(compare);
  if (compareRuns.size() == 1 && opts.size() % 2 == 1) compareRuns << opts.takeFirst();
  if (parser.isSet(compare) && compareRuns.size() != 2) {
    std::fprintf(stderr, "posescope: --compare takes two run folders, RUN_A RUN_B\n");
    return 2;
  }
  if (opts.size() % 2 != 0) {
    std::fprintf(stderr, "posescope: overrides come in KEY VALUE pairs (got %d words)\n",
                 static_cast<int>(opts.size()));
    return 2;
  }
  if (!opts.isEmpty()) setup->setOverrides(opts);
  if (parser.isSet(maximized)) {
    // Also without a window manager (Xvfb screenshots), where showMaximized() does nothing.
    window.setGeometry(QGuiApplication::primaryScreen()->availableGeometry());
    window.showMaximized();
  } else {
    window.show();
  }
  auto* inspectView = window.inspectView();
  if (parser.isSet(layers)) {
    const QStringList unknown = inspectView->setLayers(parser.value(layers).split(','));
    if (!unknown.isEmpty()) {
      std::fprintf(stderr, "posescope: --layers: unknown layer(s) %s\n",
                   qPrintable(unknown.join(", ")));
      return 2;
    }
  }
  if (parser.isSet(joint)) inspectView->setJoint(parser.value(joint).toInt());
  posescope::RunSession* session = window.session();
  if (parser.isSet(openRun)) {
    // The folder is read in the background: the page and image are chosen once it is shown.
    QObject::connect(session, &posescope::RunSession::runFolderOpened, &window, [&] {
      if (parser.isSet(layers)) inspectView->setLayers(parser.value(layers).split(','));
      if (parser.isSet(joint)) inspectView->setJoint(parser.value(joint).toInt());
      if (parser.isSet(timing)) window.pages()->setCurrentIndex(posescope::MainWindow::TimingPage);
      if (!parser.isSet(inspect)) return;
      bool ok = false;
      const qulonglong index = parser.value(inspect).toULongLong(&ok);
      if (!ok || !window.inspectImage(index))
        std::fprintf(stderr, "posescope: --inspect: no image %s in the run opened\n",
                     qPrintable(parser.value(inspect)));
    });
    QObject::connect(session, &posescope::RunSession::runFolderFailed, &window,
                     [](const QString&, const QString& error) {
                       std::fprintf(stderr, "posescope: %s\n", qPrintable(error));
                     });
    window.openRunFolder(parser.value(openRun));
  }
  if (compareRuns.size() == 2) {
    QObject::connect(session, &posescope::RunSession::comparisonFailed, &window,
                     [](const QString& error) {
                       std::fprintf(stderr, "posescope: --compare: %s\n", qPrintable(error));
                     });
    window.compareRuns(compareRuns[0], compareRuns[1]);
  }
  if (parser.isSet(demo)) QTimer::singleShot(0, &window, [&window] { window.openDemo(); });
  if (parser.isSet(demoCompare))
    QTimer::singleShot(0, &window, [&window] { window.openDemoComparison(); });
  if (parser.isSet(pairDialog))
    QTimer::singleShot(0, &window, [&window] { window.showRunPairDialog(); });
  if (parser.isSet(run)) {
    QTimer::singleShot(0, &window, [&window] {
      if (!window.startRun())
        std::fprintf(stderr,
                     "posescope: --run: the setup is not valid (see the Experiment page)\n");
    });
  }
  return app.exec();
}

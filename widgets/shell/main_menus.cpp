#include "widgets/shell/main_menus.h"

#include <QApplication>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <tuple>

#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/shell/demo_launcher.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_window.h"

namespace posescope {

MainMenus::MainMenus(MainWindow* window, ExportActions* exports, const QStringList& recent)
    : QObject(window), window_(window) {
  addFileMenu();
  setRecentFiles(recent);
  exports->populate(window_->menuBar()->addMenu(tr("E&xport")));
  addRunMenu();
  addHelpMenu();
}

void MainMenus::addFileMenu() {
  QMenu* file = window_->menuBar()->addMenu(tr("&File"));
  const std::tuple<QString, QString, QString> opens[] = {
      {tr("Open &Experiment YAML\u2026"), tr("Open experiment config"),
       tr("Experiment YAML (*.yaml *.yml)")},
      {tr("Open &Architecture JSON\u2026"), tr("Open architecture"),
       tr("Architecture JSON (*.json)")},
      {tr("Open &Checkpoint\u2026"), tr("Open checkpoint"),
       tr("Checkpoints (*.pth *.pth.tar *.pt);;All files (*)")}};
  for (const auto& [text, title, filter] : opens) {
    file->addAction(text, this, [this, title = title, filter = filter] {
      const QString f = QFileDialog::getOpenFileName(window_, title, QString(), filter);
      if (!f.isEmpty()) window_->openFile(f);
    });
  }
  file->actions().first()->setShortcut(QKeySequence::Open);
  file->addAction(tr("&Clear Architecture"), this,
                  [this] { window_->runSetupView()->setArchFile({}); });
  file->addSeparator();
  file->addAction(tr("Open &Run Folder\u2026"), this,
                  [this] {
                    const QString dir =
                        QFileDialog::getExistingDirectory(window_, tr("Open run folder"));
                    if (!dir.isEmpty()) window_->openRunFolder(dir, MainWindow::WarnOnFailure);
                  })
      ->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
  file->addAction(tr("Open &Predictions\u2026"), this,
                  [this] { window_->showOpenPredictionsDialog(); })
      ->setToolTip(tr("Import a keypoint results file made elsewhere as a run folder"));
  file->addAction(tr("Open &Search Folder\u2026"), window_, &MainWindow::chooseSearchFolder);
  file->addAction(tr("Add R&uns Folder\u2026"), window_, &MainWindow::chooseRunsFolder)
      ->setToolTip(tr("List every run folder under a folder on the Runs page (remembered)"));
  file->addAction(tr("Com&pare Runs\u2026"), this, [this] {
    const QString a = QFileDialog::getExistingDirectory(window_, tr("Compare: run folder A"));
    if (a.isEmpty()) return;
    const QString b = QFileDialog::getExistingDirectory(window_, tr("Compare: run folder B"));
    if (!b.isEmpty()) window_->compareRuns(a, b, MainWindow::WarnOnFailure);
  });
  recentMenu_ = file->addMenu(tr("Open Rece&nt"));
  file->addSeparator();
  file->addAction(tr("&Quit"), window_, &QWidget::close)->setShortcut(QKeySequence::Quit);
}

void MainMenus::addRunMenu() {
  QMenu* run = window_->menuBar()->addMenu(tr("&Run"));
  runAction_ = run->addAction(tr("&Run Evaluation"), window_, &MainWindow::startRun);
  runAction_->setShortcut(QKeySequence(tr("Ctrl+R")));
  runAction_->setEnabled(false);
  cancelAction_ = run->addAction(tr("&Cancel Run"), window_, &MainWindow::cancelRun);
  cancelAction_->setShortcut(QKeySequence(tr("Ctrl+.")));
  cancelAction_->setEnabled(false);
  run->addSeparator();
  runPairAction_ = run->addAction(tr("Run &A and B to Compare\u2026"), this,
                                  [this] { window_->showRunPairDialog(); });
  runPairAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
}

void MainMenus::addHelpMenu() {
  QMenu* help = window_->menuBar()->addMenu(tr("&Help"));
  DemoLauncher* demos = window_->demos();
  help->addAction(tr("Open &Demo"), demos, &DemoLauncher::openDemo);
  help->addAction(tr("&Compare Demo Architectures"), demos, &DemoLauncher::openDemoComparison);
  help->addAction(tr("&Search Demo"), demos, &DemoLauncher::openSearchDemo);
  help->addAction(tr("&About PoseScope"), this, [this] {
    QMessageBox::about(window_, tr("About PoseScope"),
                       tr("<b>PoseScope %1</b><p>Evaluates bottom-up multi-person pose "
                          "estimators (LitePose, HigherHRNet) as LitePose's valid.py does, and "
                          "shows the results image by image.</p>")
                           .arg(QApplication::applicationVersion()));
  });
}

void MainMenus::setRunState(bool running, bool setupValid) {
  runAction_->setEnabled(!running && setupValid);
  cancelAction_->setEnabled(running);
  runPairAction_->setEnabled(!running);
}

void MainMenus::setRecentFiles(const QStringList& recent) {
  recentMenu_->clear();
  for (const QString& path : recent)
    recentMenu_->addAction(path, this, [this, path] { window_->openFile(path); });
  recentMenu_->setEnabled(!recent.isEmpty());
}

}  // namespace posescope

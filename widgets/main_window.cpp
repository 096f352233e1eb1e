#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <algorithm>

#include "experiment_view.h"

namespace posescope {

namespace {

constexpr int kMaxRecent = 10;
const char* const kRecentKey = "recentFiles";

bool isConfigFile(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml");
}

bool isArchFile(const QString& path) {
  return QFileInfo(path).suffix().toLower() == QLatin1String("json");
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  experimentView_ = new ExperimentView(this);
  setCentralWidget(experimentView_);
  setAcceptDrops(true);
  createMenus();
  connect(experimentView_, &ExperimentView::experimentChanged, this, [this] {
    updateTitle();
    const auto& exp = experimentView_->experiment();
    if (exp) {
      statusBar()->showMessage(tr("Loaded %1 (%2 warning(s))")
                                   .arg(experimentView_->configFile())
                                   .arg(exp->warnings.size()));
    } else if (!experimentView_->errorText().isEmpty()) {
      statusBar()->showMessage(tr("The experiment has errors; see the message above the config."));
    }
  });
  QSettings settings;
  if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray())) resize(1200, 760);
  updateTitle();
  statusBar()->showMessage(tr("Open an experiment YAML (File \u2192 Open, or drop it here)."));
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* openConfig = file->addAction(tr("Open &Experiment YAML\u2026"), this, [this] {
    const QString f = QFileDialog::getOpenFileName(this, tr("Open experiment config"), QString(),
                                                   tr("Experiment YAML (*.yaml *.yml)"));
    if (!f.isEmpty()) openFile(f);
  });
  openConfig->setShortcut(QKeySequence::Open);
  file->addAction(tr("Open &Architecture JSON\u2026"), this, [this] {
    const QString f = QFileDialog::getOpenFileName(this, tr("Open architecture"), QString(),
                                                   tr("Architecture JSON (*.json)"));
    if (!f.isEmpty()) openFile(f);
  });
  file->addAction(tr("&Clear Architecture"), this, [this] { experimentView_->setArchFile({}); });
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  rebuildRecentMenu();
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About PoseScope"), this, [this] {
    QMessageBox::about(this, tr("About PoseScope"),
                       tr("<b>PoseScope %1</b><p>Evaluates bottom-up multi-person pose "
                          "estimators (LitePose, HigherHRNet) as LitePose's valid.py does, and "
                          "shows the results image by image.</p>")
                           .arg(QApplication::applicationVersion()));
  });
}

bool MainWindow::openFile(const QString& path) {
  if (isConfigFile(path)) {
    experimentView_->setConfigFile(path);
  } else if (isArchFile(path)) {
    experimentView_->setArchFile(path);
  } else {
    statusBar()->showMessage(
        tr("%1: not an experiment YAML (*.yaml) or architecture JSON (*.json)").arg(path));
    return false;
  }
  rememberRecent(path);
  return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!event->mimeData()->hasUrls()) return;
  for (const QUrl& url : event->mimeData()->urls()) {
    const QString path = url.toLocalFile();
    if (isConfigFile(path) || isArchFile(path)) {
      event->acceptProposedAction();
      return;
    }
  }
}

void MainWindow::dropEvent(QDropEvent* event) {
  // Configs first so an arch dropped together with its YAML applies to the new experiment.
  QStringList paths;
  for (const QUrl& url : event->mimeData()->urls()) paths << url.toLocalFile();
  std::stable_sort(paths.begin(), paths.end(), [](const QString& a, const QString& b) {
    return isConfigFile(a) && !isConfigFile(b);
  });
  for (const QString& p : paths) openFile(p);
  event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  settings.setValue("experiment/config", experimentView_->configFile());
  settings.setValue("experiment/arch", experimentView_->archFile());
  event->accept();
}

void MainWindow::rememberRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(kRecentKey).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue(kRecentKey, recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList recent = QSettings().value(kRecentKey).toStringList();
  for (const QString& path : recent) {
    recentMenu_->addAction(path, this, [this, path] { openFile(path); });
  }
  recentMenu_->setEnabled(!recent.isEmpty());
}

void MainWindow::updateTitle() {
  const QString cfg = experimentView_->configFile();
  setWindowTitle(cfg.isEmpty() ? tr("PoseScope")
                               : tr("%1 \u2014 PoseScope").arg(QFileInfo(cfg).fileName()));
}

}  // namespace posescope

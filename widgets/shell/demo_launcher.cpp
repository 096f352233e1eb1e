#include "widgets/shell/demo_launcher.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QMessageBox>

#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/run_session.h"
#include "widgets/session/search_session.h"
#include "widgets/shell/main_window.h"

namespace posescope {

DemoLauncher::DemoLauncher(MainWindow* window, SearchSession* search)
    : QObject(window), window_(window), search_(search) {}

void DemoLauncher::openDemo() {
  window_->session()->prepareDemo(
      QCoreApplication::applicationDirPath(), [this](const DemoFiles& demo) {
        RunSetupView* setup = window_->runSetupView();
        setup->setSetup(demoRunSetup(demo, setup->setup().device));
        if (!window_->startRun())
          window_->showStatus(tr("The demo setup is not valid; see the Experiment page."));
      });
}

void DemoLauncher::openDemoComparison() {
  window_->session()->prepareDemo(
      QCoreApplication::applicationDirPath(), [this](const DemoFiles& demo) {
        RunSetupView* setup = window_->runSetupView();
        const auto [a, b] = demoComparisonSetups(demo, setup->setup().device);
        setup->setSetup(a);
        QString error;
        if (!window_->startRunPair(a, b, &error))
          QMessageBox::warning(window_, tr("Compare Demo Architectures"), error);
      });
}

void DemoLauncher::openSearchDemo() {
  if (search_->isRunning()) {
    window_->showStatus(
        tr("A search is running: cancel it on the Search page before the demo search."),
        MainWindow::SearchPage);
    return;
  }
  window_->session()->prepareDemo(
      QCoreApplication::applicationDirPath(), [this](const DemoFiles& demo) {
        if (!QFileInfo::exists(demo.supernet)) {
          QMessageBox::warning(window_, tr("Search Demo"),
                               tr("The demo supernet %1 is missing.").arg(demo.supernet));
          return;
        }
        const QString dir =
            demo.searchesDir + "/" + QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss");
        search_->start(demoSearchArguments(demo, dir), dir);
        window_->showStatus(tr("Search Demo: searching the demo supernet into %1").arg(dir),
                            MainWindow::SearchPage);
        // The status bar then says how it ended, not "searching" for ever.
        if (search_->isRunning())
          connect(
              search_, &SearchSession::runningChanged, this,
              [this, dir](bool running) {
                if (running) return;
                window_->showStatus(
                    search_->wasCancelled()
                        ? tr("Search Demo: cancelled; Resume on the Search page continues it")
                    : search_->lastSearchSucceeded()
                        ? tr("Search Demo: finished; the search is in %1").arg(dir)
                        : tr("Search Demo: the search stopped; the Search page's Log says why"));
              },
              Qt::SingleShotConnection);
      });
}

}  // namespace posescope

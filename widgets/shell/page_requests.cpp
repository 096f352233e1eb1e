#include "widgets/shell/page_requests.h"

#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/run/run_progress_view.h"
#include "widgets/pages/runs/runs_view.h"
#include "widgets/pages/search/search_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"
#include "widgets/shell/session_status.h"

namespace posescope {

void connectPageRequests(MainWindow* window, TimingView* timing, SearchView* search,
                         SessionStatus* status) {
  ResultsView* results = window->resultsView();
  InspectView* inspect = window->inspectView();
  const auto inspectImage = [window](qulonglong index) { window->inspectImage(index); };
  QObject::connect(timing, &TimingView::imageActivated, window, inspectImage);
  QObject::connect(results, &ResultsView::imageActivated, window, inspectImage);
  // A bar of the analysis charts, or suspected annotation errors: their images as a queue on the
  // Inspect page.
  QObject::connect(results, &ResultsView::imagesRequested, window,
                   [window, inspect](const ImageQueue& queue) {
                     inspect->showImageQueue(queue);
                     window->showPage(MainWindow::InspectPage);
                   });
  // A point of the PR curve: its detection, selected, then those ranked after it.
  QObject::connect(results, &ResultsView::detectionsRequested, window,
                   [window, inspect](const QString& title, const QList<qint64>& ids, int person) {
                     inspect->showImageQueue(title, ids);
                     inspect->selectPerson(person);
                     window->showPage(MainWindow::InspectPage);
                   });
  QObject::connect(window->runSetupView(), &RunSetupView::runRequested, window,
                   &MainWindow::startRun);
  QObject::connect(window->runView(), &RunProgressView::cancelRequested, window,
                   &MainWindow::cancelRun);
  QObject::connect(results, &ResultsView::resumeRequested, window, &MainWindow::resumeRun);
  QObject::connect(results, &ResultsView::evaluationRequested, window->session()->analysis(),
                   &RunAnalysisSession::reevaluate);
  CompareView* compare = window->compareView();
  QObject::connect(compare, &CompareView::runPairRequested, window,
                   [window] { window->showRunPairDialog(); });
  QObject::connect(compare, &CompareView::runFolderChosen, status,
                   &SessionStatus::warnOnNextFailure);
  QObject::connect(compare, &CompareView::runFolderChosen, window->session(),
                   &RunSession::openCompareSide);
  QObject::connect(search, &SearchView::openFolderRequested, window,
                   &MainWindow::chooseSearchFolder);
  // A Search point's run opens on Inspect, where the docs say it does.
  QObject::connect(search, &SearchView::openRunRequested, window,
                   [window, status](const QString& runDir) {
                     status->showNextOpenedRunOn(MainWindow::InspectPage);
                     window->openRunFolder(runDir, MainWindow::WarnOnFailure);
                     window->showPage(MainWindow::InspectPage);
                   });
  const auto compareRuns = [window](const QString& a, const QString& b) {
    window->compareRuns(a, b, MainWindow::WarnOnFailure);
  };
  QObject::connect(search, &SearchView::compareRequested, window, compareRuns);
  RunsView* runs = window->runsView();
  QObject::connect(runs, &RunsView::addFolderRequested, window, &MainWindow::chooseRunsFolder);
  QObject::connect(runs, &RunsView::openRunRequested, window, [window](const QString& runDir) {
    window->openRunFolder(runDir, MainWindow::WarnOnFailure);
  });
  QObject::connect(runs, &RunsView::compareRequested, window, compareRuns);
}

}  // namespace posescope

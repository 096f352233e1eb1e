#include "widgets/shell/session_status.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <utility>

#include "widgets/session/run_controller.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

namespace posescope {

SessionStatus::SessionStatus(RunSession* session, QMainWindow* window, QTabWidget* pages)
    : QObject(window), window_(window), pages_(pages) {
  connectRun(session);
  connectReading(session);
  connect(session, &RunSession::demoPreparing, this, [this](const QString& root) {
    show(tr("Preparing the synthetic demo dataset in %1\u2026").arg(root));
  });
  connect(session, &RunSession::demoFailed, this, [this](const QString& message) {
    QMessageBox::warning(window_, tr("PoseScope demo"), message);
  });
}

void SessionStatus::clearRunFailure() {
  if (!runFailure_.isEmpty() && window_->statusBar()->currentMessage() == runFailure_)
    window_->statusBar()->clearMessage();
  runFailure_.clear();
}

void SessionStatus::show(const QString& message, int page) {
  if (page >= 0) pages_->setCurrentIndex(page);
  window_->statusBar()->showMessage(message);
}

void SessionStatus::appendAfterCurrent(const QString& note) {
  QTimer::singleShot(0, this, [this, note] {
    const QString shown = window_->statusBar()->currentMessage();
    window_->statusBar()->showMessage(
        shown.isEmpty() ? note : shown + QStringLiteral("  \u00b7  ") + note);
  });
}

// Runs and run pairs: starting, checking, stopping, ending.
void SessionStatus::connectRun(RunSession* session) {
  const RunController* controller = session->controller();
  connect(controller, &RunController::finished, this, [this](const RunOutcome& outcome) {
    const QString dir = QString::fromStdString(outcome.runDir);
    if (outcome.summary.state == RunState::Complete)
      show(tr("Run complete: %1").arg(dir), MainWindow::ResultsPage);
    else
      show(tr("Run %1: %2").arg(QString::fromStdString(runStateName(outcome.summary.state)), dir));
  });
  // A run that fails before its first image is reported on the Experiment page, next to the
  // input concerned; one that fails later on the Run page.
  connect(session, &RunSession::runStartFailed, this, [this] { startFailed_ = true; });
  connect(controller, &RunController::failed, this, [this] {
    const bool beforeStart = std::exchange(startFailed_, false);
    runFailure_ = beforeStart ? tr("The run did not start; the Experiment page says what to fix.")
                              : tr("The run failed; the Run page says what to fix.");
    show(runFailure_, beforeStart ? MainWindow::ExperimentPage : MainWindow::RunPage);
  });
  connect(session, &RunSession::runPreparing, this,
          [this](const QString& runDir, const QString& context) {
            show(context.isEmpty() ? tr("Running into %1").arg(runDir)
                                   : tr("%1 into %2").arg(context, runDir),
                 MainWindow::RunPage);
          });
  connect(session, &RunSession::pairChecking, this,
          [this](const QString& context) { show(context, MainWindow::RunPage); });
  connect(session, &RunSession::pairStopped, this,
          [this](RunQueue::StopReason why, const QString&, const QString&, const QString& message) {
            show(message, why == RunQueue::StopReason::CheckFailed ? MainWindow::RunPage : -1);
          });
}

// Run folders and comparisons read back.
void SessionStatus::connectReading(RunSession* session) {
  connect(session, &RunSession::inspectionFailed, this,
          [this](const QString& message) { show(tr("Cannot inspect the run: %1").arg(message)); });
  connect(session, &RunSession::runFolderOpened, this, [this](const OpenedRunPtr& opened) {
    warnOnFailure_ = false;
    const int page = nextRunPage_ >= 0 ? nextRunPage_ : int(MainWindow::ResultsPage);
    nextRunPage_ = -1;
    const QString dir = QString::fromStdString(opened->run.dir);
    show(opened->inspect
             ? tr("Opened run folder %1 (%2)")
                   .arg(dir, QString::fromStdString(runStateName(opened->run.summary.state)))
             : tr("The Inspect page cannot show this run: %1").arg(opened->inspectError),
         page);
  });
  connect(session, &RunSession::comparisonOpened, this, [this](const OpenedComparison& opened) {
    warnOnFailure_ = false;
    show(tr("Comparing %1 (A) with %2 (B)")
             .arg(QString::fromStdString(opened.a.run->dir),
                  QString::fromStdString(opened.b.run->dir)),
         MainWindow::ComparePage);
  });
  connect(session, &RunSession::runFolderFailed, this,
          [this](const QString&, const QString& message) {
            nextRunPage_ = -1;
            failed(tr("Cannot open the run folder"), message);
          });
  connect(session, &RunSession::comparisonFailed, this,
          [this](const QString& message) { failed(tr("Cannot compare"), message); });
}

void SessionStatus::failed(const QString& title, const QString& message) {
  show(tr("%1: %2").arg(title, QString(message).replace('\n', ' ')));
  if (std::exchange(warnOnFailure_, false)) QMessageBox::warning(window_, title, message);
}

}  // namespace posescope

#include "widgets/session/run_session.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSettings>
#include <QThreadPool>
#include <exception>
#include <functional>
#include <utility>

#include "widgets/session/background_job.h"
#include "widgets/session/device_choices.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_pair.h"
#include "widgets/session/run_store.h"

namespace posescope {

namespace {

constexpr int kMaxRecent = 10;
const char* const kRecentKey = "recentFiles";

bool sameFolder(const QString& x, const QString& y) {
  return QFileInfo(x).canonicalFilePath() == QFileInfo(y).canonicalFilePath();
}

// Why a folder asked for cannot be shown, and what to choose instead.
QString notARunFolder(const QString& message) {
  return QCoreApplication::translate("RunSession",
                                     "%1\nChoose a folder written by PoseScope or "
                                     "posescope-cli eval (it holds run.json).")
      .arg(message);
}

// The side of a comparison that `opened` is; off the GUI thread (it reads the run's arch and
// config). A partial run's per-image scores come from its partial metrics, not image_eval.jsonl:
// compared, it is read as a comparison reads it, without them.
CompareSide compareSideOfOpened(const OpenedRunPtr& opened) {
  if (opened->partialImageScores) return compareSideReading(loadedRunOf(opened));
  return compareSideOf(loadedRunOf(opened), opened->inspect, opened->inspectError);
}

struct ReadComparison {
  std::optional<OpenedComparison> opened;
  QString error;
};

ReadComparison compareOpened(const OpenedRunPtr& a, const OpenedRunPtr& b) {
  ReadComparison out;
  try {
    CompareSide sideA = compareSideOfOpened(a);
    CompareSide sideB = b == a ? sideA : compareSideOfOpened(b);
    RunComparison comparison = compareSides(sideA, sideB);
    out.opened = OpenedComparison{std::move(sideA), std::move(sideB), std::move(comparison)};
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

}  // namespace

RunSession::RunSession(QObject* parent) : QObject(parent) {
  recent_ = QSettings().value(kRecentKey).toStringList();
  settingsWriter_ = new QThreadPool(this);
  settingsWriter_->setMaxThreadCount(1);
  qRegisterMetaType<OpenedRunPtr>();
  qRegisterMetaType<OpenedComparison>();
  qRegisterMetaType<CompareSide>();
  qRegisterMetaType<RunOverlayDataPtr>();
  controller_ = new RunController(this);
  queue_ = new RunQueue(controller_, this);
  analysis_ = new RunAnalysisSession(this);
  devices_ = new DeviceProbe(this);
  document_ = new RunDocument(this);
  store_ = new RunStore(this);
  feedDocument();
  connect(controller_, &RunController::finished, this, &RunSession::onRunFinished);
  // Busy from a run pair's first check to its end: between its checks and runs the controller
  // is idle for a turn of the event loop, the pair is not.
  connect(controller_, &RunController::runningChanged, this, &RunSession::updateBusy);
  connect(queue_, &RunQueue::stopped, this, &RunSession::updateBusy);
  connect(queue_, &RunQueue::allCompleted, this, &RunSession::updateBusy);
  // Connected before any page, so pages reset before they hear of the run's start.
  connect(controller_, &RunController::started, this,
          [this] { Q_EMIT runStarted(preparingDir_, preparingContext_); });
  connect(controller_, &RunController::startFailed, this, &RunSession::runStartFailed);
  connect(controller_, &RunController::failed, this, [this] { resumingDir_.clear(); });
  connect(this, &RunSession::runPreparing, this,
          [this](const QString& runDir, const QString& context) {
            preparingDir_ = runDir;
            preparingContext_ = context;
            store_->follow(nullptr);  // our own run writes now
          });
  // A folder opened while another process writes it is followed: its progress shown, and read
  // again once that run ends (issue 39: two processes, one run folder).
  connect(this, &RunSession::runFolderOpened, store_,
          [this](const OpenedRunPtr& opened) { store_->follow(opened); });
  connect(store_, &RunStore::progressed, this, &RunSession::runFolderProgressed);
  connect(store_, &RunStore::reloaded, this, &RunSession::runFolderOpened);
  connect(store_, &RunStore::reloadFailed, this, [this](const QString& dir, const QString& error) {
    Q_EMIT runFolderFailed(dir, notARunFolder(error));
  });
  // The run shown is analysed whenever it is read back; a new run makes its analysis history.
  connect(this, &RunSession::runStarted, analysis_, &RunAnalysisSession::clear);
  connect(this, &RunSession::runFolderOpened, analysis_,
          [this](const OpenedRunPtr& opened) { analysis_->analyzeRun(loadedRunOf(opened)); });
  connect(queue_, &RunQueue::runStarting, this, &RunSession::onPairRunStarting);
  connect(queue_, &RunQueue::checking, this, [this](int index, int count, const QString& label) {
    pairChecking_ = true;
    Q_EMIT pairChecking(tr("Comparison: checking run %1 of %2 (%3) before any run starts")
                            .arg(index + 1)
                            .arg(count)
                            .arg(label));
  });
  connect(queue_, &RunQueue::stopped, this, &RunSession::onPairStopped);
  connect(queue_, &RunQueue::allCompleted, this, [this](const QStringList& dirs) {
    if (dirs.size() == 2) openComparison(dirs[0], dirs[1]);
  });
  relayRunToDocument();
}

RunSession::~RunSession() {
  settingsWriter_->waitForDone();
}

bool RunSession::isBusy() const {
  return controller_->isRunning() || queue_->isActive();
}

void RunSession::updateBusy() {
  if (isBusy() == busy_) return;
  busy_ = !busy_;
  Q_EMIT busyChanged(busy_);
}

bool RunSession::startRun(const RunSetup& setup) {
  if (isBusy()) return false;
  const QString runDir = newRunFolder(setup);
  Q_EMIT runPreparing(runDir, QString());
  return controller_->start(experimentSpecFor(setup), evaluatorOptionsFor(setup, runDir));
}

bool RunSession::resumeRun(const QString& dir) {
  if (isBusy()) return false;
  Q_EMIT runPreparing(dir, tr("Resuming the run"));
  if (!controller_->resume(dir)) return false;
  resumingDir_ = dir;
  return true;
}

bool RunSession::startRunPair(const RunSetup& a, const RunSetup& b, QString* error) {
  auto fail = [error](const QString& message) {
    if (error) *error = message;
    return false;
  };
  {  // remembered even when refused, so the next dialog offers what was typed
    QSettings settings;
    saveRunSetup(settings, QStringLiteral("pair/A"), a);
    saveRunSetup(settings, QStringLiteral("pair/B"), b);
  }
  if (isBusy()) return fail(tr("A run is in progress; wait for it to end or cancel it first."));
  const RunPairCheck check = checkRunPair(a, b, devices_->knownDevices());
  if (!check.ok()) return fail(check.describe());
  if (!queue_->start(queuedRunPair(a, b))) return fail(tr("The two runs could not be started."));
  return true;
}

std::pair<RunSetup, RunSetup> RunSession::pairToOffer(const RunSetup& current,
                                                      bool currentValid) const {
  const QSettings settings;
  const RunSetup a =
      currentValid ? current
                   : loadRunSetup(settings, QStringLiteral("pair/A"), current).value_or(current);
  return {a, loadRunSetup(settings, QStringLiteral("pair/B"), a).value_or(a)};
}

void RunSession::cancel() {
  if (queue_->isActive())
    queue_->cancel();
  else
    controller_->cancel();
}

void RunSession::onPairRunStarting(int index, int count, const QString& label,
                                   const QString& runDir) {
  pairChecking_ = false;
  if (index == 0) pairResults_.clear();
  QString context = tr("Comparison run %1 of %2 (%3)").arg(index + 1).arg(count).arg(label);
  // What the runs before it gave stays in sight while this one runs.
  if (!pairResults_.isEmpty())
    context += tr(" \u00b7 done: %1").arg(pairResults_.join(QStringLiteral(", ")));
  Q_EMIT runPreparing(runDir, context);
}

void RunSession::onPairStopped(int index, const QString& label, RunQueue::StopReason why,
                               const QString& reason) {
  QString message;
  switch (why) {
    case RunQueue::StopReason::Cancelled:
      message = tr("Comparison stopped: %1.").arg(reason);
      break;
    case RunQueue::StopReason::RunFailed:  // the Run page shows the worker's message
      message = tr("Comparison stopped: run %1 failed (the Run page says why).").arg(label);
      break;
    case RunQueue::StopReason::CheckFailed:
      message = tr("Comparison not started: %1 cannot run (the Run page says why).").arg(label);
      break;
  }
  if (why != RunQueue::StopReason::CheckFailed && index + 1 < queue_->size())
    message += tr(" The runs after it were not started.");
  const bool whileChecking = pairChecking_;
  pairChecking_ = false;
  Q_EMIT pairStopped(why, label, reason, message, whileChecking);
}

void RunSession::feedDocument() {
  connect(this, &RunSession::runStarted, document_,
          [this](const QString& runDir) { document_->beginRun(runDir); });
  connect(this, &RunSession::runFolderOpened, document_, &RunDocument::openRun);
  connect(this, &RunSession::inspectionLoaded, document_, &RunDocument::setInspection);
  connect(analysis_, &RunAnalysisSession::analysisReady, document_, &RunDocument::setAnalysis);
  connect(analysis_, &RunAnalysisSession::analysisCleared, document_,
          [this] { document_->setAnalysis(nullptr); });
  connect(analysis_, &RunAnalysisSession::reevaluated, document_, &RunDocument::setReevaluation);
  connect(analysis_, &RunAnalysisSession::busyChanged, document_, &RunDocument::setAnalysisBusy);
  connect(analysis_, &RunAnalysisSession::analysisFailed, document_,
          [this](const QString& message) {
            document_->setAnalysisFailed(analysis_->runDir(), message);
          });
  connect(this, &RunSession::comparisonOpened, document_, &RunDocument::setComparison);
  connect(this, &RunSession::compareSideOpened, this, [this](int side, const CompareSide& loaded) {
    QString error;
    if (!document_->setComparisonSide(side, loaded, &error)) Q_EMIT comparisonFailed(error);
  });
}

// Last in the constructor: the session's own handling of each signal (the document reset when a
// run starts, the queue's bookkeeping) comes before the pages hear it from the document.
void RunSession::relayRunToDocument() {
  connect(this, &RunSession::runPreparing, document_, &RunDocument::runPreparing);
  connect(controller_, &RunController::preparing, document_, &RunDocument::runSettingUp);
  connect(controller_, &RunController::logLine, document_, &RunDocument::logLine);
  connect(controller_, &RunController::started, document_, &RunDocument::runStarted);
  connect(controller_, &RunController::imageDone, document_, &RunDocument::recordArrived);
  connect(controller_, &RunController::finished, document_, &RunDocument::runFinished);
  connect(controller_, &RunController::failed, document_, &RunDocument::runFailed);
  connect(controller_, &RunController::runningChanged, document_, &RunDocument::runningChanged);
  connect(this, &RunSession::busyChanged, document_, &RunDocument::busyChanged);
  connect(this, &RunSession::pairChecking, document_, &RunDocument::pairChecking);
  connect(this, &RunSession::pairStopped, document_, &RunDocument::pairStopped);
  connect(this, &RunSession::runFolderProgressed, document_, &RunDocument::runFolderProgressed);
  connect(this, &RunSession::comparisonFailed, document_, &RunDocument::comparisonFailed);
}

void RunSession::onRunFinished(const RunOutcome& outcome) {
  // The queue handles this run's end on the next turn of the event loop, so its state here is
  // still the run's own (RunQueue::onFinished).
  if (queue_->isActive() && outcome.metrics && !outcome.metrics->values.empty())
    pairResults_ << tr("%1 %2 %3")
                        .arg(queue_->label(queue_->currentIndex()),
                             QString::fromStdString(outcome.metrics->names.front()))
                        .arg(outcome.metrics->values.front(), 0, 'f', 3);
  const QString dir = QString::fromStdString(outcome.runDir);
  if (dir.isEmpty()) return;
  if (!std::exchange(resumingDir_, QString()).isEmpty()) {
    // Only the images of this session came by signal: the pages show the whole folder instead.
    openRunFolder(dir);
    return;
  }
  rememberRecent(dir);
  // Not while a run pair goes on: the reading would slow the next run's timings, and the Inspect
  // page will show the next run anyway.
  if (!queue_->hasMoreRuns()) loadInspection(dir);
}

void RunSession::loadInspection(const QString& dir) {
  store_->request(
      dir, this,
      [this](const OpenedRunPtr& opened) {
        if (!opened->inspect) {
          Q_EMIT inspectionFailed(opened->inspectError);
          return;
        }
        // A newer run has started (or failed) meanwhile: its pages must not show this run.
        if (controller_->isRunning() ||
            !sameFolder(QString::fromStdString(opened->run.dir), controller_->runDir()))
          return;
        Q_EMIT inspectionLoaded(opened->inspect);
        analysis_->analyzeRun(loadedRunOf(opened));
      },
      [this](const QString& error) { Q_EMIT inspectionFailed(error); });
}

void RunSession::openRunFolder(const QString& dir) {
  store_->request(
      dir, this,
      [this, dir](const OpenedRunPtr& opened) {
        rememberRecent(dir);
        Q_EMIT runFolderOpened(opened);
      },
      [this, dir](const QString& error) { Q_EMIT runFolderFailed(dir, notARunFolder(error)); });
}

void RunSession::openComparison(const QString& dirA, const QString& dirB) {
  // Both folders are asked for at once (two reads, two cores; one when they are the same).
  struct Pending {
    OpenedRunPtr a, b;
    int waiting = 2;
    QString error;
  };
  auto pending = std::make_shared<Pending>();
  const auto arrived = [this, pending] {
    if (--pending->waiting > 0) return;
    if (!pending->error.isEmpty()) {
      Q_EMIT comparisonFailed(pending->error);
      return;
    }
    inBackground(
        this,
        [a = std::move(pending->a), b = std::move(pending->b)] { return compareOpened(a, b); },
        [this](const ReadComparison& read) {
          if (read.opened)
            Q_EMIT comparisonOpened(*read.opened);
          else
            Q_EMIT comparisonFailed(read.error);
        });
  };
  const auto failed = [pending, arrived](const QString& error) {
    if (pending->error.isEmpty()) pending->error = error;
    arrived();
  };
  store_->request(
      dirA, this,
      [pending, arrived](const OpenedRunPtr& opened) {
        pending->a = opened;
        arrived();
      },
      failed);
  store_->request(
      dirB, this,
      [pending, arrived](const OpenedRunPtr& opened) {
        pending->b = opened;
        arrived();
      },
      failed);
}

void RunSession::openCompareSide(int side, const QString& dir) {
  store_->request(
      dir, this,
      [this, side](const OpenedRunPtr& opened) {
        inBackground(
            this, [opened] { return compareSideOfOpened(opened); },
            [this, side](const CompareSide& loaded) { Q_EMIT compareSideOpened(side, loaded); });
      },
      [this](const QString& error) { Q_EMIT comparisonFailed(error); });
}

QStringList RunSession::recentFiles() const {
  return recent_;
}

void RunSession::rememberRecent(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent_.removeAll(absolute);
  recent_.prepend(absolute);
  while (recent_.size() > kMaxRecent) recent_.removeLast();
  settingsWriter_->start([recent = recent_] { QSettings().setValue(kRecentKey, recent); });
  Q_EMIT recentFilesChanged(recent_);
}

namespace {

QString runInProgressForDemo() {
  return RunSession::tr("A run is in progress; cancel it before opening the demo.");
}

}  // namespace

void RunSession::prepareDemo(const QString& applicationDir,
                             const std::function<void(const DemoFiles&)>& then) {
  const DemoFiles demo = locateDemoFiles(applicationDir);
  if (demo.config.isEmpty()) {
    Q_EMIT demoFailed(
        tr("The demo files (configs/demo, resources/demo) were not found next to the "
           "application; set POSESCOPE_DATA_DIR to the PoseScope source folder."));
    return;
  }
  if (isBusy()) {
    Q_EMIT demoFailed(runInProgressForDemo());
    return;
  }
  // One at a time: two would write the same dataset files at once.
  if (demoPreparing_) {
    Q_EMIT demoFailed(
        tr("The demo is being prepared (its dataset is being written); it starts by itself."));
    return;
  }
  demoPreparing_ = true;
  Q_EMIT demoPreparing(demo.datasetRoot);
  // Generating the dataset takes a few seconds: off the GUI thread, then the caller's run starts.
  inBackground(
      this, [demo] { return ensureDemoDataset(demo); },
      [this, demo, then](const QString& error) {
        demoPreparing_ = false;
        if (!error.isEmpty()) {
          Q_EMIT demoFailed(tr("The demo dataset could not be written: %1").arg(error));
          return;
        }
        // A run started meanwhile (Run, Resume): the demo must not take over its setup.
        if (isBusy()) {
          Q_EMIT demoFailed(runInProgressForDemo());
          return;
        }
        then(demo);
      });
}

}  // namespace posescope

#include "widgets/session/run_session.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QThreadPool>
#include <exception>
#include <functional>
#include <future>
#include <utility>

#include "pipeline/run_metrics.h"
#include "widgets/session/background_job.h"
#include "widgets/session/device_choices.h"
#include "widgets/session/free_memory.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_folder_watcher.h"
#include "widgets/session/run_pair.h"

namespace posescope {

namespace {

constexpr int kMaxRecent = 10;
const char* const kRecentKey = "recentFiles";

bool sameFolder(const QString& x, const QString& y) {
  return QFileInfo(x).canonicalFilePath() == QFileInfo(y).canonicalFilePath();
}

// What reading back a finished run for the Inspect page gives: its data or why not.
struct LoadedInspection {
  RunOverlayDataPtr data;
  QString runDir;
  QString error;
};

LoadedInspection readInspection(const QString& dir) {
  LoadedInspection out;
  try {
    const LoadedRun run = loadRunFolder(dir.toStdString());
    out.runDir = QString::fromStdString(run.dir);
    out.data = std::make_shared<const RunOverlayData>(loadRunOverlayData(run));
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

// Everything the pages show of a run folder; `error` set instead when it is not one.
struct ReadRun {
  OpenedRunPtr opened;
  QString error;
};

ReadRun readRunFolder(const QString& dir) {
  ReadRun out;
  try {
    auto opened = std::make_shared<OpenedRun>();
    opened->run = loadRunFolder(dir.toStdString());
    const RunSummary& summary = opened->run.summary;
    std::vector<ImageEvaluation> partialImages;
    if (!opened->run.metrics && !opened->run.records.empty() && !summary.shard &&
        (summary.state == RunState::Interrupted || summary.state == RunState::Cancelled)) {
      try {
        RunMetrics partial =
            computeRunMetrics(opened->run.records, summary, false, summary.modelName, nullptr,
                              [](const std::string&) {});
        opened->partialMetrics = std::move(partial.table);
        partialImages = std::move(partial.images);
      } catch (const std::exception& e) {
        opened->partialMetricsError = QString::fromStdString(e.what());
      }
    }
    QFile log(QString::fromStdString(opened->run.dir) + "/" + QString::fromLatin1(runfiles::kLog));
    if (log.open(QIODevice::ReadOnly)) opened->log = QString::fromUtf8(log.readAll());
    try {
      RunOverlayData inspect = loadRunOverlayData(opened->run);
      // Such a run has no image_eval.jsonl: its per-image AP, GT people and OKS (and Inspect's
      // matches) come from the scoring of the partial metrics, not from a second one.
      if (inspect.evaluations.empty() && !partialImages.empty()) {
        inspect.evaluations =
            RunImageEvaluations(inspect.records, std::move(partialImages), summary.categoryId);
        refreshRows(inspect);
        opened->partialImageScores = true;
      }
      opened->inspect = std::make_shared<const RunOverlayData>(std::move(inspect));
    } catch (const std::exception& e) {
      opened->inspectError = QString::fromStdString(e.what());
    }
    out.opened = std::move(opened);
  } catch (const std::exception& e) {
    out.error = QCoreApplication::translate("RunSession",
                                            "%1\nChoose a folder written by PoseScope or "
                                            "posescope-cli eval (it holds run.json).")
                    .arg(QString::fromStdString(e.what()));
  }
  return out;
}

struct ReadComparison {
  std::optional<OpenedComparison> opened;
  QString error;
};

// The side of `dir`: `shown` (the run the window shows, or nullptr) shared when it is that folder,
// else the folder read; throws like loadCompareSide. Off the GUI thread: comparing folders
// resolves their paths.
CompareSide readCompareSide(const QString& dir, const OpenedRunPtr& shown) {
  // A partial run's per-image scores come from its partial metrics, not image_eval.jsonl: read on
  // its own, as a comparison reads it, it has none.
  if (shown && !shown->partialImageScores &&
      sameFolder(dir, QString::fromStdString(shown->run.dir)))
    return compareSideOf(LoadedRunPtr(shown, &shown->run), shown->inspect, shown->inspectError);
  return loadCompareSide(dir.toStdString());
}

ReadComparison readComparison(const QString& dirA, const QString& dirB, const OpenedRunPtr& shown) {
  ReadComparison out;
  try {
    // Two folders, two cores: B is read on a thread of its own while A is read here.
    std::future<CompareSide> readB;
    if (!sameFolder(dirA, dirB))
      readB = std::async(std::launch::async, readCompareSide, dirB, shown);
    CompareSide a = readCompareSide(dirA, shown);
    CompareSide b = readB.valid() ? readB.get() : a;
    RunComparison comparison = compareSides(a, b);
    out.opened = OpenedComparison{std::move(a), std::move(b), std::move(comparison)};
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
  folderWatcher_ = new RunFolderWatcher(this);
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
            folderWatcher_->follow(QString(), RunState::Complete);  // our own run writes now
          });
  // A folder opened while another process writes it is followed: its progress shown, and read
  // again once that run ends (issue 39: two processes, one run folder).
  connect(this, &RunSession::runFolderOpened, folderWatcher_, [this](const OpenedRunPtr& opened) {
    folderWatcher_->follow(QString::fromStdString(opened->run.dir), opened->run.summary.state);
  });
  connect(folderWatcher_, &RunFolderWatcher::progressed, this, &RunSession::runFolderProgressed);
  connect(folderWatcher_, &RunFolderWatcher::stateChanged, this,
          [this](const QString& dir) { openRunFolder(dir); });
  // The run shown is analysed whenever it is read back; a new run makes its analysis history.
  connect(this, &RunSession::runStarted, analysis_, &RunAnalysisSession::clear);
  connect(this, &RunSession::inspectionLoaded, analysis_, [this](const RunOverlayDataPtr& data) {
    analysis_->analyzeRunFolder(QString::fromStdString(data->runDir));
  });
  connect(this, &RunSession::runFolderOpened, analysis_, [this](const OpenedRunPtr& opened) {
    analysis_->analyzeRunFolder(QString::fromStdString(opened->run.dir));
  });
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
  connect(this, &RunSession::comparisonOpened, document_, &RunDocument::setComparison);
  connect(this, &RunSession::compareSideOpened, this, [this](int side, const CompareSide& loaded) {
    QString error;
    if (!document_->setComparisonSide(side, loaded, &error)) Q_EMIT comparisonFailed(error);
  });
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
  inBackground(
      this,
      [dir] {
        LoadedInspection loaded = readInspection(dir);
        releaseFreeMemory();
        return loaded;
      },
      [this](const LoadedInspection& loaded) {
        if (!loaded.data) {
          Q_EMIT inspectionFailed(loaded.error);
          return;
        }
        // A newer run has started (or failed) meanwhile: its pages must not show this run.
        if (controller_->isRunning() || !sameFolder(loaded.runDir, controller_->runDir())) return;
        Q_EMIT inspectionLoaded(loaded.data);
      });
}

void RunSession::openRunFolder(const QString& dir) {
  inBackground(
      this,
      [dir] {
        ReadRun read = readRunFolder(dir);
        releaseFreeMemory();
        return read;
      },
      [this, dir](const ReadRun& read) {
        if (!read.opened) {
          Q_EMIT runFolderFailed(dir, read.error);
          return;
        }
        rememberRecent(dir);
        Q_EMIT runFolderOpened(read.opened);
      });
}

void RunSession::openComparison(const QString& dirA, const QString& dirB) {
  inBackground(
      this,
      [dirA, dirB, shown = document_->openedRun()] {
        ReadComparison read = readComparison(dirA, dirB, shown);
        releaseFreeMemory();
        return read;
      },
      [this](const ReadComparison& read) {
        if (read.opened)
          Q_EMIT comparisonOpened(*read.opened);
        else
          Q_EMIT comparisonFailed(read.error);
      });
}

void RunSession::openCompareSide(int side, const QString& dir) {
  struct ReadSide {
    std::optional<CompareSide> loaded;
    QString error;
  };
  inBackground(
      this,
      [dir, shown = document_->openedRun()] {
        ReadSide out;
        try {
          out.loaded = readCompareSide(dir, shown);
        } catch (const std::exception& e) {
          out.error = QString::fromStdString(e.what());
        }
        releaseFreeMemory();
        return out;
      },
      [this, side](const ReadSide& read) {
        if (read.loaded)
          Q_EMIT compareSideOpened(side, *read.loaded);
        else
          Q_EMIT comparisonFailed(read.error);
      });
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

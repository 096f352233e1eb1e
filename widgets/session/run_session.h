#pragma once
// The GUI's state without its window: the run in progress (alone or one of a pair), run folders
// read back, recent files and the demo. The shell presents it; tests drive it headless.

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "render/run_overlay_data.h"
#include "report/run_comparison.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/demo_setup.h"
#include "widgets/session/opened_run.h"
#include "widgets/session/run_queue.h"
#include "widgets/session/run_setup.h"
#include "widgets/session/run_types.h"

class QThreadPool;

namespace posescope {

class DeviceProbe;
class RunAnalysisSession;
class RunController;
class RunStore;
class RunDocument;

/// Two run folders read back and compared off the GUI thread.
struct OpenedComparison {
  CompareSide a, b;
  RunComparison comparison;
};

/// Lives on the GUI thread and owns the RunController and its RunQueue. Every file of a run
/// folder is read on a worker thread (QtConcurrent); results arrive by signal. Never throws:
/// refusals return false with a reason, failures of background work come as *Failed signals.
class RunSession : public QObject {
  Q_OBJECT
 public:
  explicit RunSession(QObject* parent = nullptr);
  ~RunSession() override;

  RunController* controller() const { return controller_; }
  RunQueue* queue() const { return queue_; }
  /// The error analysis of the run shown: started in the background whenever a finished run or an
  /// opened run folder is read back (inspectionLoaded, runFolderOpened), cleared when a run starts.
  RunAnalysisSession* analysis() const { return analysis_; }
  /// Every run folder read back, read once and shared (the pages' and the comparison's).
  RunStore* store() const { return store_; }
  /// What the window shows: the run shown, its analysis and re-evaluation, the comparison and
  /// the current image; fed by this session's signals before any page hears them.
  RunDocument* document() const { return document_; }
  /// Whether a run, a check or a run pair is in progress (busyChanged says when this changes).
  bool isBusy() const;

  /// Starts `setup` (already checked) into a new run folder under its output folder; emits
  /// runPreparing first. False (nothing starts) while busy or when the controller refuses.
  bool startRun(const RunSetup& setup);
  /// Continues the interrupted (or cancelled, or failed) run folder `dir` on the worker thread,
  /// through the same code as `posescope-cli eval --resume`: runPreparing(dir, ...) first, the
  /// run's signals as for startRun, and when it ends the whole folder read back
  /// (runFolderOpened, or runFolderFailed). False (nothing starts) while busy.
  bool resumeRun(const QString& dir);
  /// Checks, then evaluates `a`, then `b` (see RunQueue); comparisonOpened follows when B
  /// completes. Both setups are remembered (settings "pair/A", "pair/B") even when refused. False
  /// and `error` saying what to fix while busy, when a setup is invalid or the two evaluate
  /// different datasets.
  bool startRunPair(const RunSetup& a, const RunSetup& b, QString* error = nullptr);
  /// The setups a new run-pair dialog offers: `current` as A when `currentValid`, else the last
  /// pair's A (else `current`); the last pair's B (else A).
  std::pair<RunSetup, RunSetup> pairToOffer(const RunSetup& current, bool currentValid) const;
  /// Stops the run in progress (within one forward pass), the checks, and the rest of a pair.
  void cancel();

  /// Opens the run folder `dir` (through the store: read in the background unless held and
  /// unchanged); runFolderOpened or runFolderFailed follow.
  void openRunFolder(const QString& dir);
  /// Opens and compares two run folders (through the store, compared in the background);
  /// comparisonOpened or comparisonFailed follow.
  void openComparison(const QString& dirA, const QString& dirB);

  /// Opens run folder `dir` (through the store) as one side (0 = A, 1 = B) of a comparison;
  /// compareSideOpened or comparisonFailed follow.
  void openCompareSide(int side, const QString& dir);

  /// Recently opened files and folders, newest first (settings "recentFiles", at most 10).
  QStringList recentFiles() const;
  /// Puts `path` (made absolute) first in the recent files; emits recentFilesChanged. The
  /// settings file is written in the background, in call order.
  void rememberRecent(const QString& path);

  /// Finds the demo files next to `applicationDir` and generates the demo dataset once, in the
  /// background (demoPreparing says where), then calls `then` on the GUI thread; demoFailed
  /// instead when the files are missing, a run is in progress (when asked, or when the dataset
  /// is ready), another demo is being prepared or the dataset cannot be written.
  void prepareDemo(const QString& applicationDir,
                   const std::function<void(const DemoFiles&)>& then);

 Q_SIGNALS:
  /// A run into `runDir` is about to start: pages showing an earlier run should reset. `context`
  /// is "" for a single run, else which run of a pair it is and what the earlier ones gave.
  void runPreparing(const QString& runDir, const QString& context);
  /// The run announced by runPreparing built its network and opened its dataset, and evaluates
  /// its first image now: pages showing an earlier run reset. A run that fails before this
  /// leaves them alone (runStartFailed).
  void runStarted(const QString& runDir, const QString& context);
  /// The run announced by runPreparing failed before its first image (its folder is removed):
  /// `field` (SetupField as int) is the input concerned, `message` what to fix.
  void runStartFailed(int field, const QString& message);
  /// A run pair is checking a run before any starts; `context` says which.
  void pairChecking(const QString& context);
  /// A run pair stopped early: `label` and `reason` as RunQueue::stopped, `message` for the
  /// status bar; `whileChecking` when no run of it had started.
  void pairStopped(posescope::RunQueue::StopReason why, const QString& label, const QString& reason,
                   const QString& message, bool whileChecking);
  /// The run that ended last has been read back for the Inspect page.
  void inspectionLoaded(const posescope::RunOverlayDataPtr& data);
  /// Reading the finished run back for the Inspect page failed.
  void inspectionFailed(const QString& message);
  void runFolderOpened(const posescope::OpenedRunPtr& opened);
  /// The run folder shown is written by another process (posescope-cli eval --resume, merge) and
  /// its run.json changed while that run goes on: its summary now. When the run ends the folder
  /// is read again (runFolderOpened).
  void runFolderProgressed(const QString& dir, const posescope::RunSummary& summary);
  /// `message` names the problem and what a run folder must hold.
  void runFolderFailed(const QString& dir, const QString& message);
  void comparisonOpened(const posescope::OpenedComparison& comparison);
  void compareSideOpened(int side, const posescope::CompareSide& loaded);
  void comparisonFailed(const QString& message);
  void recentFilesChanged(const QStringList& paths);
  /// isBusy() changed: a run or a run pair started, or ended (a pair is busy from its first
  /// check to its end, also between its runs).
  void busyChanged(bool busy);
  void demoPreparing(const QString& datasetRoot);
  void demoFailed(const QString& message);

 private:
  /// Connects the document to this session's signals, before any page connects to them.
  void feedDocument();
  /// Relays the run in progress's signals to the document's, after the session's own handling.
  void relayRunToDocument();
  void onRunFinished(const RunOutcome& outcome);
  void updateBusy();
  void onPairRunStarting(int index, int count, const QString& label, const QString& runDir);
  void onPairStopped(int index, const QString& label, RunQueue::StopReason why,
                     const QString& reason);
  void loadInspection(const QString& dir);

  RunController* controller_ = nullptr;
  RunQueue* queue_ = nullptr;
  RunAnalysisSession* analysis_ = nullptr;
  RunDocument* document_ = nullptr;
  RunStore* store_ = nullptr;
  DeviceProbe* devices_ = nullptr;           // what a run pair is checked against
  QString preparingDir_, preparingContext_;  // of the last runPreparing, for runStarted
  QStringList pairResults_;     // "A: demo-arch AP 0.508" of the pair's runs done so far
  bool pairChecking_ = false;   // the pair's runs are being checked; none has started yet
  QString resumingDir_;         // the folder resumeRun continues, until its run ends
  bool demoPreparing_ = false;  // prepareDemo's dataset is being written
  bool busy_ = false;           // isBusy() as busyChanged last said
  QStringList recent_;          // as the settings hold it once settingsWriter_ is done
  // One thread, so that writes land in order: QSettings syncs to disk (fsync) when it is
  // destroyed, tens of milliseconds on a busy disk, which the GUI thread must not wait for.
  QThreadPool* settingsWriter_ = nullptr;
};

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::OpenedComparison)
Q_DECLARE_METATYPE(posescope::CompareSide)
Q_DECLARE_METATYPE(posescope::RunOverlayDataPtr)

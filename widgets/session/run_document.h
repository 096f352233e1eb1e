#pragma once
// What the window shows, held once: the run shown (in progress or read back), its error analysis
// and re-evaluation, the comparison of two runs, and the image the pages have in view; and, as
// they happen, the run in progress's steps and records. Pages observe it and nothing else of the
// session, exports read it, the launch options act on it.

#include <QObject>
#include <QString>
#include <cstddef>
#include <optional>

#include "report/run_comparison.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/run_session.h"

namespace posescope {

class RunViewState;

/// Two runs compared: either side may be open alone; `comparison` once both are.
struct ComparedRuns {
  std::optional<CompareSide> a, b;
  std::optional<RunComparison> comparison;
};

/// Whether `a` and `b` name the same folder (after resolving links and "..").
bool sameRunFolder(const QString& a, const QString& b);

/// Lives on the GUI thread. Each setter emits its change signal once, and only when something
/// changed; a new run (another folder) forgets the analysis, re-evaluation and current image of
/// the one before. RunSession owns one and feeds it; tests feed it directly. Never throws.
class RunDocument : public QObject {
  Q_OBJECT
 public:
  explicit RunDocument(QObject* parent = nullptr);

  /// The folder of the run shown ("" before any run).
  QString runDir() const { return runDir_; }
  /// The run folder read back as a whole (nullptr for a run in progress or before any).
  const OpenedRunPtr& openedRun() const { return opened_; }
  /// What the Inspect page draws of the run shown once it is read back (nullptr before, or when
  /// it cannot be assembled).
  const RunOverlayDataPtr& inspection() const { return inspection_; }
  /// The error analysis of the run shown (nullptr while none has arrived).
  const RunAnalysisPtr& analysis() const { return analysis_; }
  /// The run's results evaluated again with the Results page's settings (nullptr when the
  /// metrics shown are the run folder's own).
  const RunReevaluationPtr& reevaluation() const { return reevaluation_; }
  /// The re-evaluation when its settings are not valid.py's (what exports then follow), else
  /// nullptr.
  RunReevaluationPtr changedSettings() const;
  /// The dataset index of the image the pages have in view, if any.
  std::optional<std::size_t> currentImage() const { return currentImage_; }
  /// Whether the run shown, once read back, has a record of dataset image `datasetIndex` (false
  /// before it is read back).
  bool hasImage(std::size_t datasetIndex) const;

  /// A run into `runDir` started: everything of the run shown before is forgotten.
  void beginRun(const QString& runDir);
  /// The run folder `opened` was read back. The same folder as the run shown keeps its current
  /// image (when it still has a record of it); another folder starts afresh.
  void openRun(const OpenedRunPtr& opened);
  /// The run shown (just finished) was read back for the Inspect page; ignored for another folder.
  void setInspection(const RunOverlayDataPtr& data);
  /// The analysis of the run shown; one of another folder is ignored (false). nullptr clears.
  bool setAnalysis(const RunAnalysisPtr& analysis);
  /// The re-evaluation of the run shown (nullptr: the run folder's own metrics again).
  void setReevaluation(const RunReevaluationPtr& reevaluation);
  /// Puts dataset image `datasetIndex` in view on every page that shows the run.
  void setCurrentImage(std::size_t datasetIndex);
  void clearCurrentImage();

  /// Whether the analysis of the run shown is being computed.
  bool analysisBusy() const { return analysisBusy_; }
  void setAnalysisBusy(bool busy);
  /// Why the last analysis asked for failed ("" when none failed since the run shown or the last
  /// analysis arrived).
  QString analysisError() const { return analysisError_; }
  /// The analysis of run folder `dir` failed with `message`; ignored (false) for another folder
  /// than the run shown.
  bool setAnalysisFailed(const QString& dir, const QString& message);

  /// The view of the run shown (query, images in view, saved views, tags); owned by the document.
  RunViewState* view() const { return view_; }

  /// The two runs compared.
  const ComparedRuns& comparedRuns() const { return compared_; }
  /// Their comparison, or nullptr before both are open.
  const RunComparison* comparison() const {
    return compared_.comparison ? &*compared_.comparison : nullptr;
  }
  /// Shows `opened` (both sides and their comparison).
  void setComparison(const OpenedComparison& opened);
  /// Replaces side `side` (0 = A, 1 = B); compares once both are there. False and `error` set
  /// when the two cannot be compared (the comparison before is kept, nothing is emitted).
  bool setComparisonSide(int side, CompareSide loaded, QString* error = nullptr);
  /// Exchanges A and B.
  void swapComparison();

 Q_SIGNALS:
  /// Another run is shown (beginRun, or openRun of a folder or of the same folder again).
  void runChanged();
  /// inspection() changed.
  void inspectionChanged();
  void analysisChanged();
  void reevaluationChanged();
  void currentImageChanged();

  // The run in progress as it happens, relayed from the session (RunSession::feedDocument).
  /// A run into `runDir` is about to start (RunSession::runPreparing).
  void runPreparing(const QString& runDir, const QString& context);
  /// The run builds its network and opens its dataset (RunController::preparing).
  void runSettingUp();
  void logLine(const QString& line);
  /// The run evaluates its first image; beginRun has made it the run shown.
  void runStarted(const posescope::RunSummary& summary);
  /// One more image of the run in progress: `done` of `total`.
  void recordArrived(const posescope::ImageRecord& record, qulonglong done, qulonglong total);
  void runFinished(const posescope::RunOutcome& outcome);
  void runFailed(const QString& message);
  /// A run (or a run pair) started or ended (RunSession::busyChanged).
  void busyChanged(bool busy);
  /// The run controller started or stopped evaluating.
  void runningChanged(bool running);
  /// A run pair checks its runs before any starts; a pair that stopped early.
  void pairChecking(const QString& context);
  void pairStopped(posescope::RunQueue::StopReason why, const QString& label, const QString& reason,
                   const QString& message, bool whileChecking);
  /// The run folder shown is written by another process: its summary now.
  void runFolderProgressed(const QString& dir, const posescope::RunSummary& summary);
  /// Two runs could not be read or compared: `message` says why.
  void comparisonFailed(const QString& message);
  /// analysisBusy() changed.
  void analysisBusyChanged(bool busy);
  /// The analysis of run folder `dir` (the run shown) failed: `message` names the file or setting.
  void analysisFailed(const QString& dir, const QString& message);
  /// comparedRuns() changed.
  void comparisonChanged();

 private:
  /// Forgets analysis and re-evaluation, emitting their signals when they held something.
  void forgetDerived();

  QString runDir_;
  OpenedRunPtr opened_;
  RunOverlayDataPtr inspection_;
  RunAnalysisPtr analysis_;
  RunReevaluationPtr reevaluation_;
  std::optional<std::size_t> currentImage_;
  bool analysisBusy_ = false;
  QString analysisError_;
  ComparedRuns compared_;
  RunViewState* view_ = nullptr;
};

}  // namespace posescope

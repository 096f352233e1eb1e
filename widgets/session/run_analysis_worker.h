#pragma once
// The background half of RunAnalysisSession: reads a run's ground truth and results once and
// analyses them, on its own thread.

#include <QObject>
#include <QString>
#include <atomic>
#include <future>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "widgets/session/opened_run.h"
#include "widgets/session/run_analysis.h"

namespace posescope {

/// A QObject meant to live on its own QThread. Keeps the inputs of the last run read, so a
/// reanalysis with other settings reads no file. Requests come by queued call and are served in
/// order; a request whose generation is older than `latest` (set by the session as it asks) is
/// skipped without computing. Never throws: a failure becomes failed().
class RunAnalysisWorker : public QObject {
  Q_OBJECT
 public:
  /// `latest` is the newest generation asked for, shared with the session.
  explicit RunAnalysisWorker(std::shared_ptr<const std::atomic<quint64>> latest,
                             QObject* parent = nullptr);

 public Q_SLOTS:
  /// Reads the ground truth and results of `run` (read back by the RunStore; its annotation file
  /// and results file) and analyses them with `params`, or with the run layout's defaults
  /// (analysisParamsFor) when none are given. The files are read even when stale, since later
  /// reanalyses build on them.
  void load(quint64 generation, const LoadedRunPtr& run,
            const std::optional<AnalysisParams>& params);
  /// Analyses the inputs last read with `params`.
  void reanalyze(quint64 generation, const AnalysisParams& params);
  /// Evaluates the inputs last read with `params` (announced by reevaluated(), which comes
  /// first) and analyses them with the analysis settings that follow (analysisParamsFollowing);
  /// the analysis, which does not need the evaluation, is computed beside it on a second thread.
  void reevaluate(quint64 generation, const EvalParams& params);
  /// Forgets the inputs (the run shown is gone).
  void forget();

 Q_SIGNALS:
  void analysed(quint64 generation, posescope::RunAnalysisPtr analysis);
  void reevaluated(quint64 generation, posescope::RunReevaluationPtr reevaluation);
  /// `message` names the file or setting at fault.
  void failed(quint64 generation, const QString& message);
  /// Every request ends with it, after its answer (when it has one: a stale request has none).
  void served();

 private:
  /// Emits the analysis with `params`, taken from recent_ or computed (by `pending` when given).
  void analyse(quint64 generation, const AnalysisParams& params,
               RunReevaluationPtr reevaluation = nullptr,
               std::future<std::shared_ptr<RunAnalysis>> pending = {});
  /// The analysis used lately with `params`, or recent_.end().
  std::vector<std::shared_ptr<const RunAnalysis>>::iterator recentWith(
      const AnalysisParams& params);
  /// Analyses the inputs with `params`; reads only members that no request changes while it runs.
  std::shared_ptr<RunAnalysis> computeAnalysis(const AnalysisParams& params) const;
  /// The images ranked by AP lost and the table's AP with `params` (the metric table's settings;
  /// nullptr: valid.py's, ranked once per reading). Empty and -1 when ranking fails.
  std::pair<std::shared_ptr<const std::vector<RankedImage>>, double> rankingFor(
      const EvalParams* params);
  /// The reading's suspected annotation errors (they depend on the inputs alone), found once.
  std::shared_ptr<const AnnotationSuspects> suspects();
  int threads() const;
  bool stale(quint64 generation) const { return generation < latest_->load(); }

  std::shared_ptr<const std::atomic<quint64>> latest_;
  LoadedRunPtr run_;  // the run read last (its records give the per-image rows)
  std::shared_ptr<const RunEvaluationInput> input_;
  /// The analyses of this reading used last, most recent first, and always the one with the
  /// default settings: asked for again with the same settings (back to valid.py's, a toggle) one
  /// is copied with the new reevaluation, not computed.
  std::vector<std::shared_ptr<const RunAnalysis>> recent_;
  static constexpr std::size_t kRecentAnalyses = 4;
  AnalysisParams defaultParams_;
  std::optional<std::pair<std::shared_ptr<const std::vector<RankedImage>>, double>>
      validPyRanking_;  // rankingFor(valid.py's settings), once computed
  std::shared_ptr<const AnnotationSuspects> suspects_;
};

}  // namespace posescope

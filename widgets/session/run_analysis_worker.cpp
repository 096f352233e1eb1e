#include "widgets/session/run_analysis_worker.h"

#include <QThread>
#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <tuple>

#include "analysis/image_ranking.h"
#include "analysis/resampled_metrics.h"
#include "eval/keypoint_eval.h"
#include "pipeline/run_folder.h"
#include "report/image_eval_reader.h"
#include "widgets/session/free_memory.h"

namespace posescope {

namespace {

// Announces the end of a request however its slot returns.
struct ServedOnReturn {
  RunAnalysisWorker* worker;
  ~ServedOnReturn() { Q_EMIT worker->served(); }
};

}  // namespace

RunAnalysisWorker::RunAnalysisWorker(std::shared_ptr<const std::atomic<quint64>> latest,
                                     QObject* parent)
    : QObject(parent), latest_(std::move(latest)) {}

void RunAnalysisWorker::load(quint64 generation, const LoadedRunPtr& run,
                             const std::optional<AnalysisParams>& params) {
  const ServedOnReturn served{this};
  input_.reset();
  recent_.clear();
  validPyRanking_.reset();
  suspects_.reset();
  run_ = run;
  try {
    input_ = std::make_shared<const RunEvaluationInput>(loadRunEvaluationInput(*run_));
    defaultParams_ = analysisParamsFor(input_->layout);
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
    return;
  }
  analyse(generation, params.value_or(defaultParams_));
}

void RunAnalysisWorker::reanalyze(quint64 generation, const AnalysisParams& params) {
  const ServedOnReturn served{this};
  if (!input_) {
    Q_EMIT failed(generation, tr("No run folder has been read to analyse."));
    return;
  }
  analyse(generation, params);
}

void RunAnalysisWorker::reevaluate(quint64 generation, const EvalParams& params) {
  const ServedOnReturn served{this};
  if (!input_) {
    Q_EMIT failed(generation, tr("No run folder has been read to evaluate."));
    return;
  }
  if (stale(generation)) return;
  try {
    const auto start = std::chrono::steady_clock::now();
    auto result = std::make_shared<RunReevaluation>();
    result->params = params;
    result->changes = differencesFromReference(params);
    EvalOptions options;
    options.threads = threads();
    options.resultsSource = input_->resultsFile;
    const AnalysisParams analysisParams = analysisParamsFollowing(defaultParams_, params);
    std::future<std::shared_ptr<RunAnalysis>> pending;
    if (recentWith(analysisParams) == recent_.end()) {
      pending = std::async(std::launch::async,
                           [this, analysisParams] { return computeAnalysis(analysisParams); });
    }
    EvalSummary summary = evaluateKeypoints(input_->groundTruth, input_->results, params, options);
    result->curves =
        std::make_shared<const EvalCurves>(curvesOf(summary, params, input_->groundTruth));
    result->table = std::move(summary.table);
    result->rows = perImageRows(
        run_->records,
        RunImageEvaluations(run_->records, std::move(summary.images), run_->summary.categoryId));
    result->milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    RunReevaluationPtr reevaluation = std::move(result);
    Q_EMIT reevaluated(generation, reevaluation);
    analyse(generation, analysisParams, std::move(reevaluation), std::move(pending));
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
  }
}

void RunAnalysisWorker::forget() {
  const ServedOnReturn served{this};
  input_.reset();
  run_.reset();
  recent_.clear();
  validPyRanking_.reset();
  suspects_.reset();
}

std::pair<std::shared_ptr<const std::vector<RankedImage>>, double> RunAnalysisWorker::rankingFor(
    const EvalParams* params) {
  if (!params && validPyRanking_) return *validPyRanking_;
  std::pair<std::shared_ptr<const std::vector<RankedImage>>, double> ranking{nullptr, -1};
  try {
    const ResampledMetrics metrics(input_->groundTruth, input_->results,
                                   params ? *params : evalParamsFor(input_->layout), threads());
    ranking.first = std::make_shared<const std::vector<RankedImage>>(
        rankImages(metrics, ImageOrder::ApLost, threads()));
    ranking.second = metrics.ap(std::vector<int>(metrics.imageIds().size(), 1));
  } catch (const std::exception&) {
    // Not ranked (several keypoint categories): the queue and column stay empty, as analyze's.
  }
  if (!params) validPyRanking_ = ranking;
  return ranking;
}

std::shared_ptr<const AnnotationSuspects> RunAnalysisWorker::suspects() {
  if (!suspects_) {
    suspects_ = std::make_shared<const AnnotationSuspects>(
        findAnnotationSuspects(input_->groundTruth, input_->results, input_->layout));
  }
  return suspects_;
}

int RunAnalysisWorker::threads() const {
  // One core is left to the GUI thread, which stays responsive while a large run is analysed.
  return std::max(1, QThread::idealThreadCount() - 1);
}

std::vector<std::shared_ptr<const RunAnalysis>>::iterator RunAnalysisWorker::recentWith(
    const AnalysisParams& params) {
  return std::find_if(recent_.begin(), recent_.end(), [&](const RunAnalysisPtr& a) {
    return sameAnalysisParams(a->params, params);
  });
}

std::shared_ptr<RunAnalysis> RunAnalysisWorker::computeAnalysis(
    const AnalysisParams& params) const {
  const auto start = std::chrono::steady_clock::now();
  auto result = std::make_shared<RunAnalysis>();
  result->runDir = run_->dir;
  result->input = input_;
  result->defaultParams = defaultParams_;
  result->params = params;
  AnalysisOptions options;
  options.resultsSource = input_->resultsFile;
  // Every core: the analysis spreads its area ranges over them, and the GUI thread needs little
  // meanwhile (bench_reevaluation prints its worst lateness).
  options.threads = QThread::idealThreadCount();
  result->analysis = analyzeKeypoints(input_->groundTruth, input_->results, params, options);
  result->triage = buildTriage(result->analysis, input_->groundTruth);
  result->buildIndex();
  result->milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return result;
}

void RunAnalysisWorker::analyse(quint64 generation, const AnalysisParams& params,
                                RunReevaluationPtr reevaluation,
                                std::future<std::shared_ptr<RunAnalysis>> pending) {
  if (stale(generation)) return;  // a newer request follows in the queue (pending is waited for)
  try {
    std::shared_ptr<RunAnalysis> result;
    // Settings seen lately (valid.py's again, a toggle back) are not analysed again.
    const auto seen = recentWith(params);
    if (seen != recent_.end()) {
      result = std::make_shared<RunAnalysis>(**seen);
      result->milliseconds = 0;                      // nothing was computed
      std::rotate(recent_.begin(), seen, seen + 1);  // the most recently used first
    } else {
      result = pending.valid() ? pending.get() : computeAnalysis(params);
      recent_.insert(recent_.begin(), result);
      // The least recently used goes, never valid.py's (the way back is always one click).
      for (auto it = recent_.end(); recent_.size() > kRecentAnalyses && it != recent_.begin();) {
        --it;
        if (!(*it)->usesDefaultParams()) it = recent_.erase(it);
      }
    }
    const bool validPy = !reevaluation || reevaluation->usesValidPySettings();
    std::tie(result->worstImages, result->tableAp) =
        rankingFor(validPy ? nullptr : &reevaluation->params);
    result->reevaluation = std::move(reevaluation);
    result->suspects = suspects();
    Q_EMIT analysed(generation, std::move(result));
    releaseFreeMemory();  // the analysis' match tables, freed
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
  }
}

}  // namespace posescope

#include "widgets/session/run_analysis_worker.h"

#include <QThread>
#include <algorithm>
#include <chrono>
#include <exception>

#include "eval/keypoint_eval.h"
#include "pipeline/run_folder.h"
#include "report/image_eval_reader.h"

namespace posescope {

RunAnalysisWorker::RunAnalysisWorker(std::shared_ptr<const std::atomic<quint64>> latest,
                                     QObject* parent)
    : QObject(parent), latest_(std::move(latest)) {}

void RunAnalysisWorker::load(quint64 generation, const QString& dir,
                             std::optional<AnalysisParams> params) {
  input_.reset();
  records_.clear();
  recent_.clear();
  runDir_ = dir.toStdString();
  try {
    LoadedRun run = loadRunFolder(runDir_);
    runDir_ = run.dir;
    input_ = std::make_shared<const RunEvaluationInput>(loadRunEvaluationInput(run));
    records_ = std::move(run.records);
    categoryId_ = run.summary.categoryId;
    defaultParams_ = analysisParamsForJoints(input_->variant, input_->groundTruth);
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
    return;
  }
  analyse(generation, params.value_or(defaultParams_));
}

void RunAnalysisWorker::reanalyze(quint64 generation, const AnalysisParams& params) {
  if (!input_) {
    Q_EMIT failed(generation, tr("No run folder has been read to analyse."));
    return;
  }
  analyse(generation, params);
}

void RunAnalysisWorker::reevaluate(quint64 generation, const EvalParams& params) {
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
    EvalSummary summary = evaluateKeypoints(input_->groundTruth, input_->results, params, options);
    result->table = std::move(summary.table);
    result->rows = perImageRows(
        records_, RunImageEvaluations(records_, std::move(summary.images), categoryId_));
    result->milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    RunReevaluationPtr reevaluation = std::move(result);
    Q_EMIT reevaluated(generation, reevaluation);
    analyse(generation, analysisParamsFollowing(defaultParams_, params), std::move(reevaluation));
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
  }
}

void RunAnalysisWorker::forget() {
  input_.reset();
  records_.clear();
  recent_.clear();
  runDir_.clear();
}

int RunAnalysisWorker::threads() const {
  // One core is left to the GUI thread, which stays responsive while a large run is analysed.
  return std::max(1, QThread::idealThreadCount() - 1);
}

void RunAnalysisWorker::analyse(quint64 generation, const AnalysisParams& params,
                                RunReevaluationPtr reevaluation) {
  if (stale(generation)) return;  // a newer request follows in the queue
  try {
    const auto start = std::chrono::steady_clock::now();
    std::shared_ptr<RunAnalysis> result;
    // Settings seen lately (valid.py's again, a toggle back) are not analysed again.
    const auto seen = std::find_if(recent_.begin(), recent_.end(), [&](const RunAnalysisPtr& a) {
      return sameAnalysisParams(a->params, params);
    });
    if (seen != recent_.end()) {
      result = std::make_shared<RunAnalysis>(**seen);
      std::rotate(recent_.begin(), seen, seen + 1);  // the most recently used first
    } else {
      result = std::make_shared<RunAnalysis>();
      result->runDir = runDir_;
      result->input = input_;
      result->defaultParams = defaultParams_;
      result->params = params;
      AnalysisOptions options;
      options.resultsSource = input_->resultsFile;
      options.threads = threads();
      result->analysis = analyzeKeypoints(input_->groundTruth, input_->results, params, options);
      result->triage = buildTriage(result->analysis, input_->groundTruth);
      result->buildIndex();
      recent_.insert(recent_.begin(), result);
      // The least recently used goes, never valid.py's (the way back is always one click).
      for (auto it = recent_.end(); recent_.size() > kRecentAnalyses && it != recent_.begin();) {
        --it;
        if (!(*it)->usesDefaultParams()) it = recent_.erase(it);
      }
    }
    result->reevaluation = std::move(reevaluation);
    result->milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    Q_EMIT analysed(generation, std::move(result));
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
  }
}

}  // namespace posescope

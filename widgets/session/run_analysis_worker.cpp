#include "widgets/session/run_analysis_worker.h"

#include <QThread>
#include <algorithm>
#include <exception>

#include "pipeline/run_folder.h"

namespace posescope {

RunAnalysisWorker::RunAnalysisWorker(std::shared_ptr<const std::atomic<quint64>> latest,
                                     QObject* parent)
    : QObject(parent), latest_(std::move(latest)) {}

void RunAnalysisWorker::load(quint64 generation, const QString& dir,
                             std::optional<AnalysisParams> params) {
  input_.reset();
  runDir_ = dir.toStdString();
  try {
    const LoadedRun run = loadRunFolder(runDir_);
    runDir_ = run.dir;
    input_ = std::make_shared<const RunEvaluationInput>(loadRunEvaluationInput(run));
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

void RunAnalysisWorker::forget() {
  input_.reset();
  runDir_.clear();
}

void RunAnalysisWorker::analyse(quint64 generation, const AnalysisParams& params) {
  if (stale(generation)) return;  // a newer request follows in the queue
  try {
    auto result = std::make_shared<RunAnalysis>();
    result->runDir = runDir_;
    result->input = input_;
    result->defaultParams = defaultParams_;
    result->params = params;
    AnalysisOptions options;
    options.resultsSource = input_->resultsFile;
    // One core is left to the GUI thread, which stays responsive while a large run is analysed.
    options.threads = std::max(1, QThread::idealThreadCount() - 1);
    result->analysis = analyzeKeypoints(input_->groundTruth, input_->results, params, options);
    result->triage = buildTriage(result->analysis, input_->groundTruth);
    result->buildIndex();
    Q_EMIT analysed(generation, std::move(result));
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, QString::fromStdString(e.what()));
  }
}

}  // namespace posescope

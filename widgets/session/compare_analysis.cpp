#include "widgets/session/compare_analysis.h"

#include "report/run_ground_truth.h"
#include "widgets/session/background_job.h"
#include "widgets/session/free_memory.h"

namespace posescope {

namespace {

struct Outcome {
  RunPairAnalysisPtr analysis;
  QString error;
};

}  // namespace

CompareAnalysis::CompareAnalysis(QObject* parent) : QObject(parent) {
  qRegisterMetaType<RunPairAnalysisPtr>();
}

void CompareAnalysis::start(LoadedRunPtr a, LoadedRunPtr b, RunEvaluationInputPtr readA,
                            RunEvaluationInputPtr readB) {
  running_ = true;
  job_.start(
      this,
      [a = std::move(a), b = std::move(b), readA = std::move(readA), readB = std::move(readB)] {
        Outcome out;
        try {
          auto inputOf = [](const LoadedRun& run, const RunEvaluationInputPtr& read) {
            return read ? read
                        : std::make_shared<const RunEvaluationInput>(loadRunEvaluationInput(run));
          };
          out.analysis = std::make_shared<const RunPairAnalysis>(
              analyzeRunPair(*inputOf(*a, readA), *inputOf(*b, readB), {}));
        } catch (const std::exception& e) {
          out.error = QString::fromStdString(e.what());
        }
        releaseFreeMemory();  // both runs' ground truth and results, read again and dropped
        return out;
      },
      [this](const Outcome& outcome) {
        running_ = false;
        if (outcome.analysis)
          Q_EMIT finished(outcome.analysis);
        else
          Q_EMIT failed(outcome.error);
      });
}

void CompareAnalysis::cancel() {
  job_.cancel();
  running_ = false;
}

}  // namespace posescope

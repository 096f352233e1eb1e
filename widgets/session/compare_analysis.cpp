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
  const quint64 generation = ++generation_;
  running_ = true;
  inBackground(
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
      [this, generation](const Outcome& outcome) {
        if (generation != generation_) return;  // a newer pair was started, or cancel()
        running_ = false;
        if (outcome.analysis)
          Q_EMIT finished(outcome.analysis);
        else
          Q_EMIT failed(outcome.error);
      });
}

void CompareAnalysis::cancel() {
  ++generation_;
  running_ = false;
}

}  // namespace posescope

#pragma once
// What `eval` and `sweep` share around the Evaluator: the options that say how to run it, the
// progress on stderr, Ctrl-C, and the checks of --resume.

#include <chrono>
#include <string>
#include <vector>

#include "cli_args.h"
#include "pipeline/evaluator.h"

namespace posescope::cli {

/// --device, --workers, --threads and --no-fold-bn applied to `options` (a resumed run's device
/// stays unless --device is given); throws UsageError naming a negative count.
void applyRunOptions(const ParsedArgs& args, EvaluatorOptions& options);

/// Throws UsageError when --resume is given with one of `refused` or with KEY VALUE overrides:
/// a resumed run keeps the configuration it was started with.
void checkResumeArgs(const ParsedArgs& args, const std::vector<std::string>& refused);

/// Progress on stderr: a redrawn bar on a terminal, a line every few percent otherwise; the log
/// lines and failed images always (unless quiet). `label` starts each progress line ("eval").
class ProgressPrinter : public EvaluationObserver {
 public:
  ProgressPrinter(bool quiet, std::string label);

  void onLog(const std::string& line) override;
  void onStarted(const RunSummary& summary) override;
  void onImage(const ImageRecord& record, size_t done, size_t total) override;

 private:
  bool quiet_;
  bool tty_;
  std::string label_;
  bool barShown_ = false;
  size_t resumedAt_ = 0;
  std::chrono::steady_clock::time_point start_;
};

/// evaluator.run(observer, cancel) with Ctrl-C cancelling `cancel` while it runs (the previous
/// SIGINT handler restored after, also when run throws).
EvaluationResult runCancellableOnSigint(Evaluator& evaluator, EvaluationObserver& observer,
                                        CancellationToken& cancel);

}  // namespace posescope::cli

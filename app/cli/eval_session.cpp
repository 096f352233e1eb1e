#include "eval_session.h"

#include <unistd.h>

#include <csignal>
#include <iomanip>
#include <iostream>

namespace posescope::cli {

namespace {

CancellationToken* gCancel = nullptr;

void onSigint(int) {
  if (gCancel) gCancel->cancel();
}

}  // namespace

void applyRunOptions(const ParsedArgs& args, EvaluatorOptions& options) {
  options.device = args.get("--device", options.device);
  const long workers = args.getInt("--workers", -1);
  const long threads = args.getInt("--threads", 0);
  if (threads < 0) throw UsageError{"--threads must be 0 or more"};
  options.decodeWorkers = static_cast<int>(workers);
  options.torchThreads = static_cast<int>(threads);
  options.foldBatchNorm = !args.has("--no-fold-bn");
  options.optimizedForward = !args.has("--exact");
}

void checkResumeArgs(const ParsedArgs& args, const std::vector<std::string>& refused) {
  for (const std::string& name : refused)
    if (args.has(name))
      throw UsageError{"--resume continues with the configuration it was started with: " + name +
                       " cannot be given with it"};
  if (!args.positional.empty())
    throw UsageError{
        "--resume continues with the configuration it was started with: no KEY VALUE overrides"};
}

ProgressPrinter::ProgressPrinter(bool quiet, std::string label)
    : quiet_(quiet), tty_(isatty(STDERR_FILENO)), label_(std::move(label)) {}

void ProgressPrinter::onLog(const std::string& line) {
  if (quiet_) return;
  if (barShown_) std::cerr << "\n";
  barShown_ = false;
  std::cerr << line << "\n";
}

void ProgressPrinter::onStarted(const RunSummary& summary) {
  start_ = std::chrono::steady_clock::now();
  resumedAt_ = summary.imagesDone;  // a resumed run's rate counts this session's images only
}

void ProgressPrinter::onImage(const ImageRecord& record, size_t done, size_t total) {
  if (record.failed()) onLog("image " + record.file + " failed: " + record.error);
  if (quiet_ || total == 0) return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? (done - resumedAt_) / elapsed : 0;
  const double eta = rate > 0 ? (total - done) / rate : 0;
  if (tty_) {
    const int width = 30;
    const int filled = static_cast<int>(width * done / total);
    std::cerr << "\r[" << std::string(filled, '#') << std::string(width - filled, '.') << "] "
              << done << "/" << total << "  " << std::fixed << std::setprecision(2) << rate
              << " img/s  ETA " << std::setprecision(0) << eta << " s   " << std::flush;
    barShown_ = true;
    if (done == total) {
      std::cerr << "\n";
      barShown_ = false;
    }
  } else {
    const size_t step = std::max<size_t>(1, total / 20);
    if (done % step == 0 || done == total)
      std::cerr << label_ << ": " << done << "/" << total << " images, " << std::fixed
                << std::setprecision(2) << rate << " img/s\n";
  }
}

EvaluationResult runCancellableOnSigint(Evaluator& evaluator, EvaluationObserver& observer,
                                        CancellationToken& cancel) {
  gCancel = &cancel;
  auto previous = std::signal(SIGINT, onSigint);
  EvaluationResult result;
  try {
    result = evaluator.run(&observer, &cancel);
  } catch (...) {
    std::signal(SIGINT, previous);
    gCancel = nullptr;
    throw;
  }
  std::signal(SIGINT, previous);
  gCancel = nullptr;
  return result;
}

}  // namespace posescope::cli

// posescope-cli eval: valid.py's evaluation, writing a run folder and printing the metric table.

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "common/errors.h"
#include "experiment_args.h"
#include "pipeline/evaluator.h"
#include "pipeline/run_resume.h"

namespace posescope::cli {

namespace {

// --resume takes the configuration from the run folder: options that would change it are refused.
void checkResumeArgs(const ParsedArgs& args) {
  for (const char* name : {"--cfg", "--superconfig", "--out", "--limit", "--shard"})
    if (args.has(name))
      throw UsageError{std::string("--resume continues a run with its own configuration: ") + name +
                       " cannot be given with it"};
  if (!args.positional.empty())
    throw UsageError{"--resume continues a run with its own configuration: no KEY VALUE overrides"};
}

CancellationToken* gCancel = nullptr;

void onSigint(int) {
  if (gCancel) gCancel->cancel();
}

std::string defaultRunDir(const std::string& cfgFile) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::ostringstream s;
  s << "runs/" << std::filesystem::path(cfgFile).stem().string() << "_"
    << std::put_time(&tm, "%Y%m%d-%H%M%S");
  return s.str();
}

// Progress on stderr: a redrawn bar on a terminal, a line every few percent otherwise.
class ProgressPrinter : public EvaluationObserver {
 public:
  explicit ProgressPrinter(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO)) {}

  void onLog(const std::string& line) override {
    if (quiet_) return;
    if (barShown_) std::cerr << "\n";
    barShown_ = false;
    std::cerr << line << "\n";
  }
  void onStarted(const RunSummary& summary) override {
    start_ = std::chrono::steady_clock::now();
    resumedAt_ = summary.imagesDone;  // a resumed run's rate counts this session's images only
  }
  void onImage(const ImageRecord& record, size_t done, size_t total) override {
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
        std::cerr << "eval: " << done << "/" << total << " images, " << std::fixed
                  << std::setprecision(2) << rate << " img/s\n";
    }
  }

 private:
  bool quiet_;
  bool tty_;
  bool barShown_ = false;
  size_t resumedAt_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

int runEval(const ParsedArgs& args) {
  std::optional<ResumePlan> resume;
  if (args.has("--resume")) {
    checkResumeArgs(args);
    resume = planResume(args.get("--resume"));
    for (const auto& note : resume->notes) std::cerr << "note: " << note << "\n";
  }
  const Experiment experiment =
      resume ? resume->experiment : loadExperiment(experimentSpecFrom(args));
  printWarnings(experiment);

  // A resumed run continues in its folder, with its selection, on the device it ran on.
  EvaluatorOptions options =
      resume ? resumeOptions(args.get("--resume"), *resume) : EvaluatorOptions{};
  options.device = args.get("--device", options.device);
  const long limit = args.getInt("--limit", 0);
  const long workers = args.getInt("--workers", -1);
  const long threads = args.getInt("--threads", 0);
  if (limit < 0) throw UsageError{"--limit must be 0 or more"};
  if (threads < 0) throw UsageError{"--threads must be 0 or more"};
  options.decodeWorkers = static_cast<int>(workers);
  options.torchThreads = static_cast<int>(threads);
  options.foldBatchNorm = !args.has("--no-fold-bn");
  if (!resume) {
    options.limit = static_cast<size_t>(limit);
    options.outDir = args.get("--out", defaultRunDir(experiment.spec.cfgFile));
    if (args.has("--shard")) options.shard = parseShardSpec(args.get("--shard"));
  }
  options.validate();

  ProgressPrinter progress(args.has("--quiet"));
  Evaluator evaluator(experiment, options);
  CancellationToken cancel;
  gCancel = &cancel;
  auto previous = std::signal(SIGINT, onSigint);
  EvaluationResult result;
  try {
    result = evaluator.run(&progress, &cancel);
  } catch (...) {
    std::signal(SIGINT, previous);
    gCancel = nullptr;
    throw;
  }
  std::signal(SIGINT, previous);
  gCancel = nullptr;

  std::cerr << "run folder: " << options.outDir << "\n";
  if (result.summary.state == RunState::Cancelled) {
    std::cerr << "cancelled after " << result.summary.imagesDone << " of "
              << result.summary.imagesTotal << " images\n";
    return kFailed;
  }
  if (result.summary.imagesFailed > 0)
    std::cerr << result.summary.imagesFailed << " image(s) failed; see records.jsonl\n";
  if (options.shard) {
    std::cerr << "shard " << shardSpecText(*options.shard)
              << " complete; posescope-cli merge joins it with the other shards\n";
    return kOk;
  }
  std::cout << result.metricsMarkdown;
  return kOk;
}

}  // namespace posescope::cli

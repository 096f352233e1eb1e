#include "report/sweep_scores.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <memory>
#include <sstream>

#include "analysis/best_of_runs.h"
#include "analysis/bootstrap_interval.h"
#include "common/errors.h"
#include "eval/keypoint_layout.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

// A problem as one table cell: the first line of an error (strict loading lists keys on more).
std::string oneLine(const std::string& text) {
  std::string line;
  for (char c : text) line += c == '\n' ? ' ' : c;
  return line;
}

std::string number(double v, int precision = 4) {
  if (!std::isfinite(v)) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(precision) << v;
  return s.str();
}

std::string signedNumber(double v) {
  return (v >= 0 ? "+" : "") + number(v);
}

std::ptrdiff_t statIndex(const SweepSummary& summary) {
  const auto it = std::find(summary.statNames.begin(), summary.statNames.end(), summary.rankedBy);
  return it == summary.statNames.end() ? -1 : it - summary.statNames.begin();
}

}  // namespace

void scoreSweep(SweepSummary& summary, const std::string& sweepDir,
                const BootstrapOptions& options) {
  summary.resamples = options.resamples;
  summary.seed = options.seed;
  summary.level = options.level;
  summary.bestVsSecond.reset();
  std::vector<std::unique_ptr<ResampledMetrics>> scored;
  std::vector<std::size_t> positions;  // checkpoint position of each scored run
  for (std::size_t i = 0; i < summary.checkpoints.size(); ++i) {
    SweepCheckpoint& c = summary.checkpoints[i];
    c.stats.clear();
    c.low.clear();
    c.high.clear();
    const fs::path dir = fs::path(sweepDir) / c.runDir;
    if (c.runDir.empty() || !fs::exists(dir / runfiles::kSummary)) continue;
    auto fail = [&c](const Error& e) {
      c.state = "failed";
      c.problem = oneLine(e.what());
      c.stats.clear();
      c.low.clear();
      c.high.clear();
    };
    LoadedRun run;
    try {
      run = loadRunFolder(dir.string());
    } catch (const Error& e) {
      fail(e);
      continue;
    }
    c.state = runStateName(run.summary.state);
    c.problem = run.summary.message;
    if (!c.epoch) c.epoch = run.summary.checkpointEpoch;
    if (run.summary.state != RunState::Complete || !run.metrics) continue;
    if (summary.statNames.empty()) summary.statNames = run.metrics->names;
    if (run.metrics->names != summary.statNames)
      throw Error("the runs of sweep '" + sweepDir + "' have different stats ('" + c.runDir +
                  "' is scored on another test set?)");
    try {
      const RunEvaluationInput input = loadRunEvaluationInput(run);
      auto metrics = std::make_unique<ResampledMetrics>(
          input.groundTruth, input.results, evalParamsFor(input.layout), options.threads);
      c.stats = run.metrics->values;
      for (const StatInterval& interval : bootstrapIntervals(*metrics, options)) {
        c.low.push_back(interval.low);
        c.high.push_back(interval.high);
      }
      scored.push_back(std::move(metrics));
      positions.push_back(i);
    } catch (const Error& e) {
      fail(e);
    }
  }
  if (scored.size() < 2 || statIndex(summary) < 0) return;
  std::vector<const ResampledMetrics*> lists;
  lists.reserve(scored.size());
  for (const auto& m : scored) lists.push_back(m.get());
  if (const auto best = bestAgainstSecond(lists, summary.rankedBy, options)) {
    BestVsSecond b;
    b.best = positions[best->best];
    b.second = positions[best->second];
    b.delta = best->difference.delta;
    b.low = best->difference.low;
    b.high = best->difference.high;
    b.significant = best->difference.significant;
    summary.bestVsSecond = b;
  }
}

std::string sweepTable(const SweepSummary& summary) {
  const std::ptrdiff_t stat = statIndex(summary);
  const std::string interval = "±" + number(summary.level * 100, 0) + "%";
  std::size_t width = std::string("checkpoint").size();
  for (const auto& c : summary.checkpoints)
    width = std::max(width, fs::path(c.checkpoint).filename().string().size());
  std::ostringstream out;
  out << std::left << std::setw(static_cast<int>(width)) << "checkpoint" << std::right
      << std::setw(7) << "epoch" << std::setw(9) << summary.rankedBy << std::setw(9) << interval
      << "  state\n";
  for (const auto& c : summary.checkpoints) {
    const bool hasStat = stat >= 0 && c.stats.size() > static_cast<std::size_t>(stat);
    const double value = hasStat ? c.stats[stat] : NAN;
    const double half =
        hasStat && c.low.size() == c.stats.size() ? (c.high[stat] - c.low[stat]) / 2 : NAN;
    out << std::left << std::setw(static_cast<int>(width))
        << fs::path(c.checkpoint).filename().string() << std::right << std::setw(7)
        << (c.epoch ? std::to_string(*c.epoch) : "-") << std::setw(9) << number(value)
        << std::setw(9) << number(half) << "  " << c.state;
    if (!c.problem.empty()) out << ": " << c.problem;
    out << "\n";
  }
  if (const auto& b = summary.bestVsSecond) {
    const auto name = [&](std::size_t i) {
      return fs::path(summary.checkpoints[i].checkpoint).filename().string();
    };
    out << "best: " << name(b->best) << " (" << summary.rankedBy << " "
        << number(summary.checkpoints[b->best].stats[stat]) << "), " << signedNumber(b->delta)
        << " [" << signedNumber(b->low) << ", " << signedNumber(b->high) << "] against "
        << name(b->second) << " (paired bootstrap, " << summary.resamples << " resamples, "
        << number(summary.level * 100, 0) << "%): "
        << (b->significant ? "the interval excludes 0"
                           : "the interval includes 0, the best may be noise")
        << "\n";
  }
  return out.str();
}

}  // namespace posescope

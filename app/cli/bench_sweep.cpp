#include "bench_sweep.h"

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <regex>
#include <thread>

#include "child_process.h"
#include "common/errors.h"
#include "common/openmp_wait.h"
#include "pipeline/evaluator.h"

namespace posescope::cli {

namespace {

struct Configuration {
  std::string label;
  int threads = 0;         // --threads; 0: the default (one replica per core)
  std::string waitPolicy;  // OMP_WAIT_POLICY for the child
  bool isDefault = false;
};

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string selfPath() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw Error("bench --sweep: cannot tell where posescope-cli-full is (/proc/self/exe)");
  return self.string();
}

// images/s of one `bench` child (the number before "images/s" on its summary line).
double imagesPerSecond(const Args& benchArgs, const Configuration& c) {
  std::vector<std::string> argv = {selfPath(), "bench"};
  argv.insert(argv.end(), benchArgs.begin(), benchArgs.end());
  if (c.threads > 0) argv.insert(argv.end(), {"--threads", std::to_string(c.threads)});
  const ChildRun run =
      runChild(argv, {std::string(kOpenMpWaitPolicyVariable) + "=" + c.waitPolicy});
  static const std::regex rate(R"(([0-9.]+) images/s)");
  std::smatch m;
  if (run.exitCode != 0 || !std::regex_search(run.out, m, rate))
    throw Error("bench --sweep: the run with " + c.label + " failed (exit " +
                std::to_string(run.exitCode) + ")");
  return std::stod(m[1]);
}

double medianRate(const Args& benchArgs, const Configuration& c, int runs) {
  std::vector<double> rates;
  rates.reserve(static_cast<std::size_t>(std::max(runs, 0)));
  for (int r = 0; r < runs; ++r) rates.push_back(imagesPerSecond(benchArgs, c));
  return median(rates);
}

// Median wall milliseconds of `argv`, process start to exit.
double startupMs(const std::vector<std::string>& argv) {
  std::vector<double> ms;
  ms.reserve(5);
  for (int r = 0; r < 5; ++r) ms.push_back(1000.0 * runChild(argv).wallSeconds);
  return median(ms);
}

}  // namespace

int runBenchSweep(const Args& benchArgs, int runs) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int replicas = std::min(cores, kMaxDefaultCpuReplicas);
  std::vector<Configuration> configurations;
  const int threadsEach = cores / replicas;
  configurations.push_back(
      {"the default: " +
           (replicas == 1 ? std::string("one network") : std::to_string(replicas) + " replicas") +
           " x " + std::to_string(threadsEach) + (threadsEach == 1 ? " thread" : " threads"),
       0, kOpenMpWaitPolicyDefault, true});
  for (int t = 1; t <= cores; ++t)
    configurations.push_back(
        {std::to_string(t) + (t == 1 ? " thread" : " threads") + ", one network", t,
         kOpenMpWaitPolicyDefault, false});
  configurations.push_back(
      {std::to_string(cores) + " threads, libgomp's spinning wait", cores, "ACTIVE", false});

  std::vector<double> quiet, busy;
  for (const auto& c : configurations) quiet.push_back(medianRate(benchArgs, c, runs));
  {
    BusyCompetitor competitor;
    for (const auto& c : configurations) busy.push_back(medianRate(benchArgs, c, runs));
  }

  std::cout << std::fixed << std::setprecision(2) << "images/s, median of " << runs
            << " bench runs each; busy: beside one `yes > "
            << "/dev/null`; " << cores << " cores; passive OpenMP wait unless said\n";
  std::cout << std::left << std::setw(40) << "configuration" << std::right << std::setw(10)
            << "quiet" << std::setw(10) << "busy"
            << "\n";
  size_t defaultRow = 0;
  for (size_t i = 0; i < configurations.size(); ++i) {
    if (configurations[i].isDefault) defaultRow = i;
    std::cout << std::left << std::setw(40) << configurations[i].label << std::right
              << std::setw(10) << quiet[i] << std::setw(10) << busy[i] << "\n";
  }
  const double bestQuiet = *std::max_element(quiet.begin(), quiet.end());
  const double bestBusy = *std::max_element(busy.begin(), busy.end());
  std::cout << "the default is " << bestQuiet / quiet[defaultRow]
            << "x slower than the best quiet, " << bestBusy / busy[defaultRow]
            << "x beside a busy process (1.00x: it is the best)\n";

  const char* frontEnd = std::getenv("POSESCOPE_FRONT_END");
  if (frontEnd && *frontEnd) {
    std::cout << std::setprecision(1) << "start-up, median of 5: a Torch-free command "
              << "(posescope-cli --help) " << startupMs({frontEnd, "--help"})
              << " ms; a network command (posescope-cli bench --help, loads LibTorch) "
              << startupMs({frontEnd, "bench", "--help"}) << " ms\n";
  } else {
    std::cout << "start-up: not measured (run through posescope-cli, not posescope-cli-full)\n";
  }
  return 0;
}

}  // namespace posescope::cli

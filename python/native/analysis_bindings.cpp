// posescope._native's error analysis and run comparison: the same core calls as posescope-cli
// analyze and compare, returning their JSON documents (the Python side turns them into objects).

#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "analysis/analysis_json.h"
#include "analysis/analysis_params.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "bindings.h"
#include "report/run_comparison.h"
#include "setting_changes.h"

namespace py = pybind11;

namespace posescope::python {

namespace {

std::string analyzeJson(const std::shared_ptr<const KeypointGroundTruth>& gt,
                        const std::shared_ptr<const ResultsList>& results,
                        const SettingChanges& changes, int threads,
                        const std::string& resultsSource) {
  if (threads < 0) throw EvalError("threads must be 0 or more");
  LayoutChoice choice;
  choice.dataset = variantOf(*gt, changes);
  choice.sigmas = changes.sigmas;
  AnalysisParams params = analysisParamsFor(resolveKeypointLayout(*gt, choice));
  applySettingChanges(params.eval, changes);
  AnalysisOptions options;
  options.threads = threads;
  options.resultsSource = resultsSource;
  py::gil_scoped_release released;
  const KeypointAnalysis analysis = analyzeKeypoints(*gt, results->detections, params, options);
  return formatAnalysisJson(analysis, buildTriage(analysis, *gt));
}

std::string compareJson(const std::shared_ptr<const LoadedRun>& a,
                        const std::shared_ptr<const LoadedRun>& b, int resamples, long seed,
                        int threads) {
  if (resamples < 0 || resamples > 1000000)
    throw Error("resamples must be 0 (no bootstrap) to 1000000");
  if (seed < 0) throw Error("seed must be 0 or more");
  if (threads < 0) throw Error("threads must be 0 or more");
  py::gil_scoped_release released;
  RunComparison comparison = compareRuns(*a, *b);
  if (resamples > 0) {
    BootstrapOptions options;
    options.resamples = resamples;
    options.seed = static_cast<std::uint64_t>(seed);
    options.threads = threads;
    addSignificance(comparison, *a, *b, options);
  }
  return formatComparisonJson(comparison);
}

}  // namespace

void bindAnalysis(py::module_& m) {
  m.def("analyze_json", &analyzeJson, py::arg("gt"), py::arg("results"), py::arg("settings"),
        py::arg("threads"), py::arg("results_source"),
        "The error analysis and triage as `posescope-cli analyze --json` writes them.");
  m.def("compare_json", &compareJson, py::arg("run_a"), py::arg("run_b"), py::arg("resamples"),
        py::arg("seed"), py::arg("threads"),
        "The comparison of two runs as `posescope-cli compare --format json` writes it.");
}

}  // namespace posescope::python

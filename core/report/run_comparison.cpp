#include "report/run_comparison.h"
#include "report/run_ground_truth.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "analysis/keypoint_analysis.h"
#include "analysis/resampled_metrics.h"
#include "common/errors.h"
#include "eval/eval_params.h"
#include "pipeline/run_labels.h"
#include "report/per_image_table.h"
#include "report/run_ground_truth.h"
#include "report/shared_images.h"

namespace posescope {

namespace {

RunSide sideOf(const LoadedRun& run) {
  RunSide s;
  const RunSummary& m = run.summary;
  s.dir = run.dir;
  s.label = !m.archName.empty()    ? m.archName
            : !m.modelName.empty() ? m.modelName
                                   : std::filesystem::path(run.dir).filename().string();
  s.modelName = m.modelName;
  s.modelLabel = runModelLabel(m);
  s.state = m.state;
  s.device = m.device;
  s.datasetKind = m.datasetKind;
  s.annotationFile = m.annotationFile;
  s.parameters = m.parameters;
  s.multiplyAdds = m.multiplyAdds;
  s.images = run.records.size();
  for (const auto& r : run.records) s.failed += r.failed() ? 1 : 0;
  s.wallSeconds = m.wallSeconds;
  s.timing = computeTimingStats(run.records);
  s.imported = m.imported;
  return s;
}

std::optional<double> difference(std::optional<double> a, std::optional<double> b) {
  if (!a || !b) return std::nullopt;
  return *b - *a;
}

// Compares two optional deltas: present before absent, then ascending; 0 when equivalent.
int compareOptional(const std::optional<double>& x, const std::optional<double>& y) {
  if (x.has_value() != y.has_value()) return x ? -1 : 1;
  if (!x || *x == *y) return 0;
  return *x < *y ? -1 : 1;
}

}  // namespace

void sortImageDeltas(std::vector<ImageDelta>& images, DeltaOrder order) {
  std::stable_sort(images.begin(), images.end(), [order](const ImageDelta& x, const ImageDelta& y) {
    const bool ap = order == DeltaOrder::Ap;
    int c = compareOptional(ap ? x.deltaAp : x.deltaOks, ap ? y.deltaAp : y.deltaOks);
    if (c == 0) c = compareOptional(ap ? x.deltaOks : x.deltaAp, ap ? y.deltaOks : y.deltaAp);
    if (c != 0) return c < 0;
    return x.imageId < y.imageId;
  });
}

RunComparison compareRuns(const LoadedRun& a, const RunImageEvaluations& evaluationsA,
                          const LoadedRun& b, const RunImageEvaluations& evaluationsB) {
  RunComparison c;
  c.a = sideOf(a);
  c.b = sideOf(b);
  if (a.metrics && b.metrics) {
    if (a.metrics->names != b.metrics->names) {
      throw Error("cannot compare '" + a.dir + "' (" + c.a.datasetKind + " metrics) with '" +
                  b.dir + "' (" + c.b.datasetKind +
                  " metrics): their metric tables have different stats");
    }
    MetricComparison m;
    m.names = a.metrics->names;
    m.a = a.metrics->values;
    m.b = b.metrics->values;
    for (std::size_t i = 0; i < m.names.size(); ++i) m.delta.push_back(m.b[i] - m.a[i]);
    c.metrics = std::move(m);
  } else {
    c.notes.push_back(std::string("no metric comparison: ") +
                      (a.metrics   ? "run B has no metric table"
                       : b.metrics ? "run A has no metric table"
                                   : "neither run has a metric table"));
  }
  if (const std::string difference = annotationFileDifference(a, b); !difference.empty())
    c.notes.push_back(difference);
  for (const RunSide* side : {&c.a, &c.b}) {
    if (side->imported)
      c.notes.push_back(std::string("run ") + (side == &c.a ? "A" : "B") +
                        " holds imported predictions (posescope-cli import): no timings");
  }
  if (c.a.device != c.b.device && !c.a.imported && !c.b.imported)
    c.notes.push_back("the runs used different devices (" + c.a.device + " and " + c.b.device +
                      "): their times are not comparable");
  // Imported predictions have no experiment: nothing to set beside the other run's config.
  if (!c.a.imported && !c.b.imported) {
    try {
      c.configDifferences = diffConfigYaml(a.configYaml, a.dir + "/config.yaml", b.configYaml,
                                           b.dir + "/config.yaml");
    } catch (const std::exception& e) {
      c.notes.push_back(std::string("settings not compared: ") + e.what());
    }
  }
  if (c.a.state != RunState::Complete) c.notes.push_back("run A is " + runStateName(c.a.state));
  if (c.b.state != RunState::Complete) c.notes.push_back("run B is " + runStateName(c.b.state));

  std::map<std::int64_t, ImageDelta> byId;
  auto add = [&](const LoadedRun& run, const RunImageEvaluations& evaluations, bool isA) {
    for (const PerImageRow& row : perImageRows(run.records, evaluations)) {
      ImageDelta& d = byId[row.imageId];
      d.imageId = row.imageId;
      if (d.file.empty()) d.file = row.file;
      if (d.groundTruthPeople < 0) d.groundTruthPeople = row.groundTruthPeople;
      const std::optional<double> ms = row.error.empty() && !run.summary.imported
                                           ? std::optional<double>(row.times.totalMs())
                                           : std::nullopt;
      if (isA) {
        d.inA = true;
        d.peopleA = row.people;
        d.apA = row.ap;
        d.oksA = row.meanOks;
        d.msA = ms;
        d.errorA = row.error;
      } else {
        d.inB = true;
        d.peopleB = row.people;
        d.apB = row.ap;
        d.oksB = row.meanOks;
        d.msB = ms;
        d.errorB = row.error;
      }
    }
  };
  add(a, evaluationsA, true);
  add(b, evaluationsB, false);
  std::size_t onlyA = 0, onlyB = 0;
  for (auto& [id, d] : byId) {
    d.deltaAp = difference(d.apA, d.apB);
    d.deltaOks = difference(d.oksA, d.oksB);
    onlyA += d.inA && !d.inB ? 1 : 0;
    onlyB += d.inB && !d.inA ? 1 : 0;
    c.images.push_back(d);
  }
  if (onlyA > 0) c.notes.push_back(std::to_string(onlyA) + " image(s) only in run A");
  if (onlyB > 0) c.notes.push_back(std::to_string(onlyB) + " image(s) only in run B");
  sortImageDeltas(c.images, DeltaOrder::Ap);
  return c;
}

RunComparison compareRuns(const LoadedRun& a, const LoadedRun& b) {
  const auto evaluationsA =
      RunImageEvaluations::loadFromRunFolder(a.dir, a.records, a.summary.categoryId);
  const auto evaluationsB =
      RunImageEvaluations::loadFromRunFolder(b.dir, b.records, b.summary.categoryId);
  return compareRuns(a, evaluationsA, b, evaluationsB);
}

RunPairAnalysis analyzeRunPair(const LoadedRun& a, const LoadedRun& b,
                               const BootstrapOptions& options) {
  return analyzeRunPair(loadRunEvaluationInput(a), loadRunEvaluationInput(b), options);
}

RunPairAnalysis analyzeRunPair(const RunEvaluationInput& inA, const RunEvaluationInput& inB,
                               const BootstrapOptions& options) {
  if (inA.variant != inB.variant) throw Error("the runs use different datasets");
  if (inA.layout.skeleton.joints != inB.layout.skeleton.joints ||
      inA.layout.skeleton.sigmas != inB.layout.skeleton.sigmas) {
    throw Error("the runs are scored with different keypoints or sigmas (" + inA.layout.sigmasFrom +
                "; " + inB.layout.sigmasFrom + ")");
  }
  const EvalParams params = evalParamsFor(inA.layout);
  const ResampledMetrics ma(inA.groundTruth, inA.results, params, options.threads);
  const ResampledMetrics mb(inB.groundTruth, inB.results, params, options.threads);
  RunPairAnalysis pair;
  pair.significance = pairedBootstrap(ma, mb, options);
  const AnalysisParams analysis = analysisParamsFor(inA.layout);
  AnalysisOptions analysisOptions;
  analysisOptions.threads = options.threads;
  analysisOptions.resultsSource = inA.resultsFile;
  pair.a = analyzeKeypoints(inA.groundTruth, inA.results, analysis, analysisOptions);
  analysisOptions.resultsSource = inB.resultsFile;
  pair.b = analyzeKeypoints(inB.groundTruth, inB.results, analysis, analysisOptions);
  pair.triageA = buildTriage(pair.a, inA.groundTruth);
  pair.triageB = buildTriage(pair.b, inB.groundTruth);
  return pair;
}

void applyRunPairAnalysis(RunComparison& c, const RunPairAnalysis& pair) {
  c.significance = pair.significance;
  c.errorProfile = compareErrorProfiles(pair.a, pair.b);
}

void addSignificance(RunComparison& c, const LoadedRun& a, const LoadedRun& b,
                     const BootstrapOptions& options) {
  try {
    applyRunPairAnalysis(c, analyzeRunPair(a, b, options));
  } catch (const Error& e) {
    c.significance.reset();
    c.errorProfile.reset();
    c.notes.push_back(std::string("no confidence intervals: ") + e.what());
  }
}

}  // namespace posescope

#include "report/shared_images.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "pipeline/run_labels.h"
#include "report/run_exports.h"
#include "report/run_ground_truth.h"

namespace posescope {

namespace {

std::string recordedSha256(const LoadedRun& run) {
  const RunInput* annotations = recordedInput(run.summary.inputs, "annotations");
  return annotations ? annotations->sha256 : std::string();
}

// What an image's ground truth is, comparable across files: the image's size and every
// annotation's id, crowd flag, keypoints and area, in id order.
using ImageTruth = std::tuple<int, int,
                              std::vector<std::tuple<std::int64_t, bool, std::vector<double>,
                                                     std::optional<double>, double>>>;

std::map<std::int64_t, ImageTruth> truthByImage(const KeypointGroundTruth& gt) {
  std::map<std::int64_t, ImageTruth> truth;
  for (const GroundTruthImage& image : gt.images) truth[image.id] = {image.width, image.height, {}};
  for (const GroundTruthPerson& p : gt.annotations) {
    const auto it = truth.find(p.imageId);
    if (it != truth.end())
      std::get<2>(it->second).emplace_back(p.id, p.isCrowd, p.keypoints, p.area, p.numKeypoints);
  }
  for (auto& [id, t] : truth) std::sort(std::get<2>(t).begin(), std::get<2>(t).end());
  return truth;
}

// `run` restricted to `ids`, its metrics recomputed from its results on them.
LoadedRun restricted(const LoadedRun& run, const std::set<std::int64_t>& ids) {
  LoadedRun out = run;
  out.records.clear();
  for (const ImageRecord& r : run.records)
    if (ids.count(r.imageId)) out.records.push_back(r);
  const RunEvaluationInput in = loadRunEvaluationInput(out);
  const EvalSummary summary =
      evaluateKeypoints(in.groundTruth, in.results, evalParamsFor(in.layout));
  out.metrics = summary.table;
  out.metricsMarkdown = formatMarkdownTable(summary.table, runTableName(run.summary));
  out.summary.imagesDone = out.records.size();
  out.summary.imagesTotal = out.records.size();
  return out;
}

}  // namespace

std::string annotationFileDifference(const LoadedRun& a, const LoadedRun& b) {
  const std::string& fileA = a.summary.annotationFile;
  const std::string& fileB = b.summary.annotationFile;
  if (fileA == fileB) return {};
  const std::string shaA = recordedSha256(a), shaB = recordedSha256(b);
  if (!shaA.empty() && shaA == shaB) return {};
  return "the runs were scored on different annotation files: A on '" + fileA + "', B on '" +
         fileB + "'" + (shaA.empty() || shaB.empty() ? "" : " (their contents differ)");
}

std::pair<LoadedRun, LoadedRun> restrictToSharedImages(const LoadedRun& a, const LoadedRun& b,
                                                       std::size_t& shared) {
  const auto truthA = truthByImage(loadRunEvaluationInput(a).groundTruth);
  const auto truthB = truthByImage(loadRunEvaluationInput(b).groundTruth);
  std::set<std::int64_t> evaluatedB;
  for (const ImageRecord& r : b.records) evaluatedB.insert(r.imageId);
  std::set<std::int64_t> ids;
  for (const ImageRecord& r : a.records) {
    const auto inA = truthA.find(r.imageId), inB = truthB.find(r.imageId);
    if (evaluatedB.count(r.imageId) && inA != truthA.end() && inB != truthB.end() &&
        inA->second == inB->second)
      ids.insert(r.imageId);
  }
  shared = ids.size();
  if (ids.empty())
    throw Error("'" + a.dir + "' and '" + b.dir +
                "' share no image with the same ground truth in both annotation files");
  return {restricted(a, ids), restricted(b, ids)};
}

}  // namespace posescope

// posescope._native's evaluation: ground truth and results (from files or JSON text), and
// evaluateKeypoints with any setting, returning the stats, pycocotools' accumulate arrays and the
// per-image matches; the reference summarize()'s means over those arrays (posescope.cocoeval).

#include <pybind11/stl.h>

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.h"
#include "eval/curves.h"
#include "eval/eval_params.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "eval/summarize.h"
#include "numpy_arrays.h"
#include "python_ground_truth.h"
#include "python_results.h"
#include "setting_changes.h"

namespace py = pybind11;

namespace posescope::python {

namespace {

using GroundTruthHandle = std::shared_ptr<const KeypointGroundTruth>;
using ResultsHandle = std::shared_ptr<const ResultsList>;

EvalParams paramsFor(const KeypointGroundTruth& gt, const SettingChanges& changes) {
  EvalParams params = evalParamsFor(variantOf(gt, changes));
  applySettingChanges(params, changes);
  return params;
}

/// [A][T][R] per category as one (T, R, K, A) array, pycocotools' eval['precision'] order.
py::array_t<double> curveArray(
    const EvalCurves& curves,
    const std::vector<std::vector<std::vector<double>>> CategoryCurves::*member) {
  const std::size_t T = curves.oksThresholds.size(), R = curves.recallPoints.size(),
                    K = curves.categories.size(), A = curves.areas.size();
  std::vector<double> values(T * R * K * A, -1.0);
  for (std::size_t k = 0; k < K; ++k) {
    const auto& byArea = curves.categories[k].*member;
    for (std::size_t a = 0; a < A; ++a)
      for (std::size_t t = 0; t < T; ++t)
        for (std::size_t r = 0; r < R; ++r) values[((t * R + r) * K + k) * A + a] = byArea[a][t][r];
  }
  return arrayOf(std::move(values), {static_cast<py::ssize_t>(T), static_cast<py::ssize_t>(R),
                                     static_cast<py::ssize_t>(K), static_cast<py::ssize_t>(A)});
}

py::dict curvesDict(const EvalCurves& curves) {
  const std::size_t T = curves.oksThresholds.size(), K = curves.categories.size(),
                    A = curves.areas.size();
  std::vector<double> recall(T * K * A, -1.0);
  std::vector<std::int64_t> ids;
  py::list names, categoryStats;
  for (std::size_t k = 0; k < K; ++k) {
    const CategoryCurves& c = curves.categories[k];
    for (std::size_t a = 0; a < A; ++a)
      for (std::size_t t = 0; t < T; ++t) recall[(t * K + k) * A + a] = c.recall[a][t];
    ids.push_back(c.categoryId);
    names.append(c.name);
    categoryStats.append(arrayOf(std::vector<double>(c.stats)));
  }
  py::dict out;
  out["variant"] = variantName(curves.variant);
  out["oks_thresholds"] = arrayOf(std::vector<double>(curves.oksThresholds));
  out["recall_points"] = arrayOf(std::vector<double>(curves.recallPoints));
  out["areas"] = curves.areas;
  out["max_dets"] = curves.maxDets;
  out["category_ids"] = arrayOf(std::move(ids));
  out["category_names"] = names;
  out["precision"] = curveArray(curves, &CategoryCurves::precision);
  out["scores"] = curveArray(curves, &CategoryCurves::scores);
  out["recall"] = arrayOf(
      std::move(recall),
      {static_cast<py::ssize_t>(T), static_cast<py::ssize_t>(K), static_cast<py::ssize_t>(A)});
  out["category_stats"] = categoryStats;
  return out;
}

py::dict imageDict(const ImageEvaluation& image) {
  py::dict out;
  out["image_id"] = image.imageId;
  out["category_id"] = image.categoryId;
  out["ap"] = image.ap;
  out["mean_oks"] = image.meanOks;
  out["detections"] = indexArray(image.detections);
  out["dropped_detections"] = indexArray(image.droppedDetections);
  out["gt_ids"] = arrayOf(std::vector<std::int64_t>(image.groundTruthIds));
  py::array_t<bool> ignored(static_cast<py::ssize_t>(image.groundTruthIgnored.size()));
  for (std::size_t g = 0; g < image.groundTruthIgnored.size(); ++g)
    ignored.mutable_at(g) = image.groundTruthIgnored[g];
  out["gt_ignored"] = ignored;
  const auto D = static_cast<py::ssize_t>(image.detections.size());
  const auto G = static_cast<py::ssize_t>(image.groundTruthIds.size());
  out["oks"] = arrayOf(image.oks.empty() ? std::vector<double>{} : std::vector<double>(image.oks),
                       {image.oks.empty() ? 0 : D, image.oks.empty() ? 0 : G});
  py::list thresholds;
  for (const ThresholdMatches& t : image.thresholds) {
    py::dict entry;
    entry["threshold"] = t.threshold;
    py::list matches;
    for (const KeypointMatch& match : t.matches) {
      matches.append(py::make_tuple(match.detection, match.groundTruthId, match.oks,
                                    match.groundTruthIgnored));
    }
    entry["matches"] = matches;
    entry["unmatched_detections"] = indexArray(t.unmatchedDetections);
    entry["unmatched_gt_ids"] = arrayOf(std::vector<std::int64_t>(t.unmatchedGroundTruths));
    thresholds.append(entry);
  }
  out["thresholds"] = thresholds;
  return out;
}

py::dict evaluate(const GroundTruthHandle& gt, const ResultsHandle& results,
                  const SettingChanges& changes, bool perImage, int threads,
                  const std::string& resultsSource) {
  if (threads < 0) throw EvalError("threads must be 0 or more");
  const EvalParams params = paramsFor(*gt, changes);
  EvalOptions options;
  options.threads = threads;
  options.perImage = perImage;
  options.resultsSource = resultsSource;
  EvalSummary summary;
  EvalCurves curves;
  {
    py::gil_scoped_release released;
    summary = evaluateKeypoints(*gt, results->detections, params, options);
    curves = curvesOf(summary, params, *gt);
  }
  py::dict out;
  out["variant"] = variantName(params.variant);
  out["names"] = summary.table.names;
  out["stats"] = summary.table.values;
  out["settings"] = differencesFromReference(params);
  out["curves"] = curvesDict(curves);
  py::list images;
  for (const ImageEvaluation& image : summary.images) images.append(imageDict(image));
  out["images"] = images;
  return out;
}

// The file's oddities that do not change a number (a skeleton that does not fit its joints), as
// Python warnings: the CLI prints the same lines on stderr.
void warnAboutOddities(const KeypointGroundTruth& gt) {
  for (const std::string& warning : gt.warnings) {
    if (PyErr_WarnEx(PyExc_UserWarning, warning.c_str(), 1) != 0) throw py::error_already_set();
  }
}

/// pycocotools' eval['precision'] or eval['recall'] as float64 in C order (copied only when it is
/// not so already).
using EvalArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

AccumulatedArray accumulatedArray(const EvalArray& values) {
  const auto axes = values.ndim();
  if (axes != 4 && axes != 5) {
    throw EvalError("expected eval['precision'] (5 axes) or eval['recall'] (4 axes), got " +
                    std::to_string(axes) + " axes");
  }
  auto size = [&](py::ssize_t axis) { return static_cast<std::size_t>(values.shape(axis)); };
  if (axes == 5) return {values.data(), size(0), size(1), size(2), size(3), size(4), true};
  return {values.data(), size(0), 1, size(1), size(2), size(3), false};
}

}  // namespace

void bindEvaluation(py::module_& m) {
  py::class_<KeypointGroundTruth, std::shared_ptr<KeypointGroundTruth>>(
      m, "GroundTruth", "A keypoint ground truth file, parsed and checked.")
      .def_property_readonly("source", [](const KeypointGroundTruth& gt) { return gt.source; })
      .def_property_readonly("image_ids",
                             [](const KeypointGroundTruth& gt) {
                               std::vector<std::int64_t> ids;
                               for (const auto& image : gt.images) ids.push_back(image.id);
                               return arrayOf(std::move(ids));
                             })
      .def_property_readonly("category_ids",
                             [](const KeypointGroundTruth& gt) {
                               std::vector<std::int64_t> ids;
                               for (const auto& category : gt.categories)
                                 ids.push_back(category.id);
                               return arrayOf(std::move(ids));
                             })
      .def_property_readonly(
          "variant",
          [](const KeypointGroundTruth& gt) { return variantName(variantForGroundTruth(gt)); })
      .def_property_readonly("num_annotations",
                             [](const KeypointGroundTruth& gt) { return gt.annotations.size(); })
      .def(
          "restricted",
          [](const KeypointGroundTruth& gt, const std::vector<std::int64_t>& imageIds) {
            return std::make_shared<KeypointGroundTruth>(restrictToImages(gt, imageIds));
          },
          py::arg("image_ids"), "The same ground truth with only these images.");

  py::class_<ResultsList, std::shared_ptr<ResultsList>>(
      m, "Results", "A keypoint results list, parsed and checked.")
      .def("__len__", [](const ResultsList& r) { return r.detections.size(); });

  m.def(
      "load_ground_truth",
      [](const std::string& path) {
        std::shared_ptr<KeypointGroundTruth> gt;
        {
          py::gil_scoped_release released;
          gt = loadingFile(
              path, [&] { return std::make_shared<KeypointGroundTruth>(loadGroundTruth(path)); });
        }
        warnAboutOddities(*gt);
        return gt;
      },
      py::arg("path"));
  m.def(
      "load_ground_truth_and_results",
      [](const std::string& gtPath, const std::string& resultsPath) {
        std::shared_ptr<KeypointGroundTruth> gt;
        std::shared_ptr<ResultsList> results;
        {
          py::gil_scoped_release released;
          // The two files are parsed at once, as posescope-cli metrics does; image ids given as
          // file name stems (Ultralytics) are resolved once the ground truth is read.
          auto pending = std::async(std::launch::async, [&] {
            return loadingFile(resultsPath, [&] { return loadResultsWithImageNames(resultsPath); });
          });
          gt = loadingFile(gtPath, [&] {
            return std::make_shared<KeypointGroundTruth>(loadGroundTruth(gtPath));
          });
          results =
              std::make_shared<ResultsList>(ResultsList{resolveImageNames(pending.get(), *gt)});
        }
        warnAboutOddities(*gt);
        return std::make_pair(gt, results);
      },
      py::arg("gt_path"), py::arg("results_path"));
  m.def(
      "parse_ground_truth",
      [](const std::string& text, const std::string& source) {
        py::gil_scoped_release released;
        return std::make_shared<KeypointGroundTruth>(parseGroundTruth(text, source));
      },
      py::arg("text"), py::arg("source"));
  m.def(
      "load_results",
      [](const std::string& path) {
        py::gil_scoped_release released;
        return loadingFile(
            path, [&] { return std::make_shared<ResultsList>(ResultsList{loadResults(path)}); });
      },
      py::arg("path"));
  m.def(
      "load_results_for",
      [](const std::string& path, const KeypointGroundTruth& gt) {
        py::gil_scoped_release released;
        return loadingFile(path, [&] {
          return std::make_shared<ResultsList>(ResultsList{loadResultsFor(path, gt)});
        });
      },
      py::arg("path"), py::arg("gt"),
      "A results file whose image ids may be file name stems (Ultralytics), resolved against gt.");
  m.def(
      "ground_truth_from_dict",
      [](const py::handle& dataset, const std::string& source) {
        return std::make_shared<KeypointGroundTruth>(groundTruthFromPython(dataset, source));
      },
      py::arg("dataset"), py::arg("source"));
  m.def(
      "results_from_list",
      [](const py::handle& entries, const std::string& source) {
        return std::make_shared<ResultsList>(resultsFromPython(entries, source));
      },
      py::arg("entries"), py::arg("source"));
  m.def(
      "parse_results",
      [](const std::string& text, const std::string& source) {
        py::gil_scoped_release released;
        return std::make_shared<ResultsList>(ResultsList{parseResults(text, source)});
      },
      py::arg("text"), py::arg("source"));
  py::class_<SettingChanges>(m, "SettingChanges",
                             "Evaluation settings changed from the reference's; None keeps them.")
      .def(py::init<>())
      .def_readwrite("dataset", &SettingChanges::dataset)
      .def_readwrite("sigmas", &SettingChanges::sigmas)
      .def_readwrite("snap_sigmas", &SettingChanges::snapSigmas)
      .def_readwrite("oks_thresholds", &SettingChanges::oksThresholds)
      .def_readwrite("recall_points", &SettingChanges::recallPoints)
      .def_readwrite("areas", &SettingChanges::areas)
      .def_readwrite("area_updates", &SettingChanges::areaUpdates)
      .def_readwrite("max_dets", &SettingChanges::maxDets)
      .def_readwrite("min_score", &SettingChanges::minScore);
  m.def("evaluate", &evaluate, py::arg("gt"), py::arg("results"), py::arg("settings"),
        py::arg("per_image"), py::arg("threads"), py::arg("results_source"),
        "Evaluates results against a ground truth; the GIL is released meanwhile.");
  m.def(
      "summary_stat",
      [](const EvalArray& values, const std::vector<double>& iouThrs, std::optional<double> iouThr,
         const std::vector<std::size_t>& areas, const std::vector<std::size_t>& maxDets,
         const std::string& dataset) {
        return summaryStat(accumulatedArray(values), iouThrs, variantFromDatasetName(dataset),
                           {iouThr, areas, maxDets});
      },
      py::arg("values"), py::arg("iou_thrs"), py::arg("iou_thr"), py::arg("areas"),
      py::arg("max_dets"), py::arg("dataset"),
      "One line of the reference's summarize(): the mean of eval['precision'] (AP) or "
      "eval['recall'] (AR) at the thresholds of iou_thrs matching iou_thr (None: all; within 0.01 "
      "for a CrowdPose AP) and the paired area and maxDets indices, -1 entries left out; -1 when "
      "none is left. IndexError where NumPy raises it.");
  m.def(
      "crowd_split_ap",
      [](const EvalArray& precision) {
        const AccumulatedArray array = accumulatedArray(precision);
        if (!array.precision) throw EvalError("expected eval['precision'] (5 axes)");
        return crowdSplitAp(array);
      },
      py::arg("precision"),
      "crowdposetools' easy, medium or hard AP from that split's eval['precision']: "
      "round(mean(precision[:, :, :, 0, :]), 4), the -1 entries included.");
}

}  // namespace posescope::python

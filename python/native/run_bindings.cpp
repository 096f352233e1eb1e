// posescope._native's run folders: loadRunFolder's checked contents, the records' keypoints as
// arrays, the timing statistics and the evaluation inputs of a finished run.

#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "numpy_arrays.h"
#include "pipeline/image_record.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"
#include "report/timing_stats.h"

namespace py = pybind11;

namespace posescope::python {

namespace {

py::dict recordDict(const ImageRecord& record) {
  const std::size_t N = record.people.size();
  const std::size_t J = N == 0 ? 0 : record.people.front().joints.size();
  std::vector<float> keypoints(N * J * 3), tags(N * J);
  std::vector<double> scores(N);
  for (std::size_t n = 0; n < N; ++n) {
    const PersonPrediction& person = record.people[n];
    if (person.joints.size() != J) {
      throw Error("record of image " + std::to_string(record.imageId) +
                  ": people with different joint counts");
    }
    for (std::size_t j = 0; j < J; ++j) {
      for (std::size_t c = 0; c < 3; ++c) keypoints[(n * J + j) * 3 + c] = person.joints[j][c];
      tags[n * J + j] = person.joints[j][3];
    }
    scores[n] = person.score;
  }
  py::dict times;
  for (std::size_t i = 0; i < stageNames().size(); ++i)
    times[py::str(stageNames()[i])] = stageValue(record.times, i);
  py::dict out;
  out["index"] = record.index;
  out["image_id"] = record.imageId;
  out["file"] = record.file;
  out["error"] = record.error;
  out["keypoints"] =
      arrayOf(std::move(keypoints), {static_cast<py::ssize_t>(N), static_cast<py::ssize_t>(J), 3});
  out["tags"] =
      arrayOf(std::move(tags), {static_cast<py::ssize_t>(N), static_cast<py::ssize_t>(J)});
  out["scores"] = arrayOf(std::move(scores));
  out["times_ms"] = times;
  return out;
}

py::dict statDict(const StatSummary& s) {
  py::dict out;
  out["count"] = s.count;
  out["mean"] = s.mean;
  out["p50"] = s.p50;
  out["p90"] = s.p90;
  out["max"] = s.max;
  return out;
}

py::dict timingDict(const LoadedRun& run) {
  const TimingStats stats = computeTimingStats(run.records);
  py::dict stages;
  for (std::size_t i = 0; i < stats.stages.size(); ++i)
    stages[py::str(stats.stages[i])] = statDict(stats.perStage[i]);
  py::dict out;
  out["stages"] = stages;
  out["total"] = statDict(stats.total);
  out["images"] = stats.images;
  out["failed"] = stats.failed;
  return out;
}

}  // namespace

void bindRuns(py::module_& m) {
  py::class_<LoadedRun, std::shared_ptr<LoadedRun>>(m, "LoadedRun", "A run folder, read back.")
      .def_property_readonly("dir", [](const LoadedRun& run) { return run.dir; })
      .def_property_readonly("summary_json",
                             [](const LoadedRun& run) { return summaryToJsonText(run.summary); })
      .def_property_readonly("config_yaml", [](const LoadedRun& run) { return run.configYaml; })
      .def_property_readonly("metrics",
                             [](const LoadedRun& run) -> py::object {
                               if (!run.metrics) return py::none();
                               py::dict out;
                               out["names"] = run.metrics->names;
                               out["stats"] = run.metrics->values;
                               return std::move(out);
                             })
      .def_property_readonly("metrics_markdown",
                             [](const LoadedRun& run) { return run.metricsMarkdown; })
      .def_property_readonly("notes", [](const LoadedRun& run) { return run.notes; })
      .def("records",
           [](const LoadedRun& run) {
             py::list out;
             for (const ImageRecord& record : run.records) out.append(recordDict(record));
             return out;
           })
      .def("timing", &timingDict)
      .def("evaluation_input", [](const LoadedRun& run) {
        RunEvaluationInput in = loadRunEvaluationInput(run);
        py::dict out;
        out["variant"] = variantName(in.variant);
        out["gt"] = std::make_shared<KeypointGroundTruth>(std::move(in.groundTruth));
        out["results"] = std::make_shared<ResultsList>(ResultsList{std::move(in.results)});
        out["annotation_file"] = in.annotationFile;
        out["results_file"] = in.resultsFile;
        return out;
      });
  m.def(
      "load_run",
      [](const std::string& dir) {
        py::gil_scoped_release released;
        return loadingFile(dir, [&] { return std::make_shared<LoadedRun>(loadRunFolder(dir)); });
      },
      py::arg("dir"));
}

}  // namespace posescope::python

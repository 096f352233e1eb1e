#include "report/run_view.h"

#include <nlohmann/json.hpp>

#include "analysis/analysis_params.h"
#include "common/errors.h"
#include "report/image_eval_reader.h"
#include "report/per_image_table.h"
#include "report/run_ground_truth.h"
#include "report/view_rows.h"
#include "report/view_tags.h"

namespace posescope {

namespace {

bool needsGroundTruth(const ViewQuery& query) {
  return query.hasPersonConditions() || query.usesProperty("has_crowd");
}

// The image id of one entry; throws EvalError naming the source and list when it has none.
std::int64_t imageIdOf(const nlohmann::json& entry, const std::string& source, const char* list,
                       const char* key) {
  if (!entry.is_object() || !entry.contains(key) || !entry.at(key).is_number_integer())
    throw EvalError(source + ": every entry of '" + list + "' needs an integer '" + key + "'");
  return entry.at(key).get<std::int64_t>();
}

nlohmann::json keptEntries(const nlohmann::json& list, const std::string& source, const char* name,
                           const char* key, const std::set<std::int64_t>& imageIds) {
  if (!list.is_array()) throw EvalError(source + ": '" + name + "' must be a list");
  nlohmann::json kept = nlohmann::json::array();
  for (const auto& entry : list)
    if (imageIds.count(imageIdOf(entry, source, name, key))) kept.push_back(entry);
  return kept;
}

}  // namespace

std::set<std::int64_t> runImagesInView(const LoadedRun& run, const ViewQuery& query) {
  const auto evaluations =
      RunImageEvaluations::loadFromRunFolder(run.dir, run.records, run.summary.categoryId);
  const std::vector<PerImageRow> rows = perImageRows(run.records, evaluations);
  std::vector<ViewImage> images;
  if (needsGroundTruth(query)) {
    const RunEvaluationInput in = loadRunEvaluationInput(run);
    KeypointAnalysis analysis;
    if (query.hasPersonConditions())
      analysis = analyzeKeypoints(in.groundTruth, in.results, analysisParamsFor(in.layout));
    images = viewImagesOf(rows, in.groundTruth, in.results, analysis);
  } else {
    images = viewImagesOf(rows, KeypointGroundTruth{}, {}, KeypointAnalysis{});
  }
  if (queryNamesTags(query)) attachTags(images, readRunTags(run.dir));
  std::set<std::int64_t> ids;
  for (const ViewImage* image : imagesInView(images, query)) ids.insert(image->id);
  return ids;
}

std::string cocoSubsetText(const std::string& text, const std::string& source,
                           const std::set<std::int64_t>& imageIds) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw EvalError(source + ": malformed JSON: " + e.what());
  }
  if (j.is_array()) return keptEntries(j, source, "results", "image_id", imageIds).dump() + "\n";
  if (!j.is_object() || !j.contains("images"))
    throw EvalError(source +
                    ": neither a COCO ground truth (an object with 'images') nor a "
                    "results list");
  j["images"] = keptEntries(j.at("images"), source, "images", "id", imageIds);
  if (j.contains("annotations"))
    j["annotations"] =
        keptEntries(j.at("annotations"), source, "annotations", "image_id", imageIds);
  return j.dump() + "\n";
}

}  // namespace posescope

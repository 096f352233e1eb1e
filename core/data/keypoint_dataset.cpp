#include "data/keypoint_dataset.h"

#include <filesystem>
#include <fstream>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "data/json_fields.h"
#include "eval/keypoint_layout.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

std::string joinPath(const std::string& a, const std::string& b) {
  return (fs::path(a) / b).string();
}

// Byte offset to 1-based line number, for JSON parse errors.
int lineAt(const std::string& text, size_t offset) {
  int line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

}  // namespace

DatasetKind datasetKindFromName(const std::string& name) {
  if (name == "coco") return DatasetKind::Coco;
  if (name == "crowd_pose" || name == "crowdpose") return DatasetKind::CrowdPose;
  throw DatasetError("DATASET.DATASET_TEST is '" + name +
                     "'; PoseScope evaluates 'coco' and 'crowd_pose' test sets");
}

std::string datasetKindName(DatasetKind kind) {
  return kind == DatasetKind::Coco ? "coco" : "crowd_pose";
}

const SkeletonSpec& skeletonFor(DatasetKind kind) {
  static const SkeletonSpec coco = skeletonSpecOf(referenceSkeleton(EvalVariant::Coco));
  static const SkeletonSpec crowdPose = skeletonSpecOf(referenceSkeleton(EvalVariant::CrowdPose));
  return kind == DatasetKind::Coco ? coco : crowdPose;
}

SkeletonSpec skeletonSpecOf(const Skeleton& skeleton) {
  return {skeleton.joints, skeleton.limbs, skeleton.limbColours};
}

std::string KeypointDataset::annotationPath(DatasetKind kind, const std::string& root,
                                            const std::string& split) {
  if (kind == DatasetKind::Coco)
    return joinPath(joinPath(root, "annotations"), "person_keypoints_" + split + ".json");
  return joinPath(joinPath(root, "json"), "crowdpose_" + split + ".json");
}

std::string KeypointDataset::imageDirectory(DatasetKind kind, const std::string& root,
                                            const std::string& split) {
  return kind == DatasetKind::Coco ? joinPath(joinPath(root, "images"), split)
                                   : joinPath(root, "images");
}

KeypointDataset::KeypointDataset(DatasetKind kind, const std::string& root,
                                 const std::string& split)
    : kind_(kind) {
  annotationFile_ = annotationPath(kind, root, split);
  const std::string imageDir = imageDirectory(kind, root, split);
  std::ifstream in(annotationFile_, std::ios::binary);
  if (!in) {
    throw DatasetError("annotation file '" + annotationFile_ + "' not found (DATASET.ROOT '" +
                       root + "', DATASET.TEST '" + split + "', " + datasetKindName(kind) +
                       " layout)");
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw DatasetError(annotationFile_ + ":" + std::to_string(lineAt(text, e.byte)) +
                       ": malformed JSON: " + e.what());
  } catch (const nlohmann::json::exception& e) {  // e.g. a number too large for a double
    throw DatasetError(annotationFile_ + ": malformed JSON: " + e.what());
  }
  // Every field is read through JsonFields: a wrong type or value is a DatasetError naming the
  // file, the entry (images[3], annotations[12], categories[0]) and the key.
  const JsonFields top(annotationFile_, "the top level", doc);
  if (!top.has("images")) throw DatasetError(annotationFile_ + ": no 'images' array");
  const nlohmann::json& categories = top.arrayOr("categories");
  for (size_t i = 0; i < categories.size(); ++i) {
    const JsonFields category(annotationFile_, "categories[" + std::to_string(i) + "]",
                              categories[i]);
    const nlohmann::json& keypoints = category.arrayOr("keypoints");
    if (keypoints.empty()) continue;
    numJoints_ = static_cast<int>(keypoints.size());
    personCategoryId_ = category.integer("id");
    break;
  }
  if (numJoints_ == 0)
    throw DatasetError(annotationFile_ + ": no category with 'keypoints' (not a keypoint file?)");
  std::unordered_map<std::int64_t, size_t> byId;
  const nlohmann::json& images = top.arrayOr("images");
  for (size_t i = 0; i < images.size(); ++i) {
    const JsonFields image(annotationFile_, "images[" + std::to_string(i) + "]", images[i]);
    DatasetImage d;
    d.id = image.int64("id");
    d.fileName = image.string("file_name");
    d.path = joinPath(imageDir, d.fileName);
    d.width = image.integerOr("width", 0);
    d.height = image.integerOr("height", 0);
    byId[d.id] = images_.size();
    images_.push_back(std::move(d));
  }
  const nlohmann::json& annotations = top.arrayOr("annotations");
  for (size_t i = 0; i < annotations.size(); ++i) {
    const JsonFields annotation(annotationFile_, "annotations[" + std::to_string(i) + "]",
                                annotations[i]);
    auto it = byId.find(annotation.int64("image_id"));
    if (it != byId.end()) ++images_[it->second].numAnnotations;
  }
}

}  // namespace posescope

#include "report/annotation_fixes.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/atomic_file.h"

namespace posescope {

namespace {

using Json = nlohmann::ordered_json;

std::string decisionsPath(const std::string& runDir) {
  return (std::filesystem::path(runDir) / kSuspectDecisionsFile).string();
}

// A coordinate as COCO files write them: whole numbers without a fraction.
Json number(double v) {
  if (std::floor(v) == v && std::abs(v) < 1e15) return static_cast<std::int64_t>(v);
  return v;
}

// Width and height of image `id` as the file lists it.
std::pair<double, double> imageSize(const Json& doc, std::int64_t id, const std::string& source) {
  if (doc.contains("images") && doc["images"].is_array())
    for (const Json& image : doc["images"])
      if (image.value("id", Json()).is_number() && image["id"].get<std::int64_t>() == id)
        return {image.value("width", 0.0), image.value("height", 0.0)};
  throw Error(source + ": image " + std::to_string(id) + " that a fix names is not in it");
}

Json keypointsJson(const std::vector<double>& keypoints) {
  Json list = Json::array();
  for (double v : keypoints) list.push_back(number(v));
  return list;
}

// The person an unannotated suspect adds, on an image `width` x `height`: the prediction's joints
// labelled visible, those outside the image left unlabelled (COCO's 0, 0, 0), their box as bbox
// and its area as area. numKeypoints 0 when no joint is inside.
GroundTruthPerson addedPerson(const AnnotationSuspect& s, double width, double height,
                              std::int64_t id, std::int64_t categoryId) {
  GroundTruthPerson p;
  p.id = id;
  p.imageId = s.imageId;
  p.categoryId = categoryId;
  p.keypoints = s.fixedKeypoints;
  double x0 = width, x1 = 0, y0 = height, y1 = 0;
  for (std::size_t k = 0; 3 * k + 2 < p.keypoints.size(); ++k) {
    const double x = p.keypoints[3 * k], y = p.keypoints[3 * k + 1];
    if (x < 0 || y < 0 || x >= width || y >= height) {
      p.keypoints[3 * k] = p.keypoints[3 * k + 1] = p.keypoints[3 * k + 2] = 0;
      continue;
    }
    x0 = std::min(x0, x);
    x1 = std::max(x1, x);
    y0 = std::min(y0, y);
    y1 = std::max(y1, y);
    p.numKeypoints += 1;
  }
  if (p.numKeypoints > 0) p.bbox = {x0, y0, x1 - x0, y1 - y0};
  p.area = p.bbox[2] * p.bbox[3];
  return p;
}

}  // namespace

SuspectDecisions readSuspectDecisions(const std::string& runDir) {
  const std::string path = decisionsPath(runDir);
  if (!std::filesystem::exists(path)) return {};
  SuspectDecisions decisions;
  try {
    const Json doc = Json::parse(readTextFile(path));
    for (const auto& [key, value] : doc.at("decisions").items()) {
      const std::string decision = value.get<std::string>();
      if (decision != "accepted" && decision != "rejected")
        throw Error("decision '" + decision + "' of '" + key + "' is not accepted or rejected");
      decisions[key] = decision == "accepted";
    }
  } catch (const Error& e) {
    throw Error(path + ": " + e.what());
  } catch (const std::exception& e) {
    throw Error(path +
                ": not {\"decisions\": {\"KEY\": \"accepted\" | \"rejected\"}}: " + e.what());
  }
  return decisions;
}

void writeSuspectDecisions(const std::string& runDir, const SuspectDecisions& decisions) {
  Json list = Json::object();
  for (const auto& [key, accepted] : decisions) list[key] = accepted ? "accepted" : "rejected";
  writeFileAtomically(decisionsPath(runDir), Json({{"decisions", list}}).dump(1) + "\n");
}

AnnotationFixes applyAnnotationFixes(const std::string& annotationText, const std::string& source,
                                     const std::vector<AnnotationSuspect>& fixes,
                                     std::int64_t categoryId) {
  Json doc;
  try {
    doc = Json::parse(annotationText);
  } catch (const std::exception& e) {
    throw Error(source + ": not JSON: " + e.what());
  }
  if (!doc.is_object() || !doc.contains("annotations") || !doc["annotations"].is_array())
    throw Error(source + ": no 'annotations' list");
  Json& annotations = doc["annotations"];
  const auto find = [&](std::int64_t id) -> Json& {
    for (Json& a : annotations)
      if (a.contains("id") && a["id"].is_number() && a["id"].get<std::int64_t>() == id) return a;
    throw Error(source + ": annotation " + std::to_string(id) + " that a fix names is not in it");
  };
  std::int64_t nextId = 1;
  for (const Json& a : annotations)
    if (a.contains("id") && a["id"].is_number())
      nextId = std::max(nextId, a["id"].get<std::int64_t>() + 1);

  AnnotationFixes out;
  std::vector<std::int64_t> removed;
  for (const AnnotationSuspect& s : fixes) {
    const std::string where =
        "image " + std::to_string(s.imageId) +
        (s.annotationId ? ", annotation " + std::to_string(s.annotationId) : std::string());
    switch (s.kind) {
      case SuspectKind::SwappedLeftRight:
      case SuspectKind::DisplacedJoint:
        find(s.annotationId)["keypoints"] = keypointsJson(s.fixedKeypoints);
        break;
      case SuspectKind::Duplicate:
        find(s.annotationId);  // it must be there
        removed.push_back(s.annotationId);
        break;
      case SuspectKind::UnannotatedPerson: {
        const auto [width, height] = imageSize(doc, s.imageId, source);
        const GroundTruthPerson p = addedPerson(s, width, height, nextId, categoryId);
        if (p.numKeypoints == 0) {
          out.changes.push_back(where + ": not added (every predicted joint outside the image)");
          continue;
        }
        Json person = Json::object();
        person["id"] = p.id;
        person["image_id"] = p.imageId;
        person["category_id"] = p.categoryId;
        person["iscrowd"] = 0;
        person["num_keypoints"] = static_cast<int>(p.numKeypoints);
        person["keypoints"] = keypointsJson(p.keypoints);
        person["bbox"] = Json::array({p.bbox[0], p.bbox[1], p.bbox[2], p.bbox[3]});
        person["area"] = *p.area;
        annotations.push_back(person);
        out.changes.push_back(where + ": added annotation " + std::to_string(nextId) + " (" +
                              s.fix + "; area from its keypoints' box)");
        ++nextId;
        continue;
      }
    }
    out.changes.push_back(where + ": " + s.fix);
  }
  annotations.erase(std::remove_if(annotations.begin(), annotations.end(),
                                   [&](const Json& a) {
                                     return a.contains("id") && a["id"].is_number() &&
                                            std::count(removed.begin(), removed.end(),
                                                       a["id"].get<std::int64_t>()) > 0;
                                   }),
                    annotations.end());
  out.json = doc.dump() + "\n";
  return out;
}

KeypointGroundTruth groundTruthWithFixes(const KeypointGroundTruth& gt,
                                         const std::vector<AnnotationSuspect>& fixes,
                                         std::int64_t categoryId, std::int64_t nextId) {
  KeypointGroundTruth fixed = gt;
  const auto find = [&fixed](std::int64_t id) {
    return std::find_if(fixed.annotations.begin(), fixed.annotations.end(),
                        [id](const GroundTruthPerson& p) { return p.id == id; });
  };
  for (const AnnotationSuspect& s : fixes) {
    switch (s.kind) {
      case SuspectKind::SwappedLeftRight:
      case SuspectKind::DisplacedJoint: {
        const auto p = find(s.annotationId);
        if (p != fixed.annotations.end()) p->keypoints = s.fixedKeypoints;
        break;
      }
      case SuspectKind::Duplicate: {
        const auto p = find(s.annotationId);
        if (p != fixed.annotations.end()) fixed.annotations.erase(p);
        break;
      }
      case SuspectKind::UnannotatedPerson: {
        const auto image =
            std::find_if(fixed.images.begin(), fixed.images.end(),
                         [&s](const GroundTruthImage& i) { return i.id == s.imageId; });
        if (image == fixed.images.end()) break;
        GroundTruthPerson p = addedPerson(s, image->width, image->height, nextId, categoryId);
        if (p.numKeypoints == 0) break;
        fixed.annotations.push_back(std::move(p));
        ++nextId;
        break;
      }
    }
  }
  return fixed;
}

std::int64_t nextAnnotationId(const KeypointGroundTruth& gt) {
  std::int64_t next = 1;
  for (const GroundTruthPerson& p : gt.annotations) next = std::max(next, p.id + 1);
  return next;
}

std::vector<AnnotationSuspect> acceptedSuspects(const AnnotationSuspects& found,
                                                const SuspectDecisions& decisions) {
  std::vector<AnnotationSuspect> accepted;
  for (const AnnotationSuspect& s : found.suspects) {
    const auto d = decisions.find(s.key);
    if (d != decisions.end() && d->second) accepted.push_back(s);
  }
  return accepted;
}

}  // namespace posescope

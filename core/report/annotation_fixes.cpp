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
        // A predicted joint outside its image is no annotated joint (COCO's 0, 0, 0).
        std::vector<double> keypoints = s.fixedKeypoints;
        const auto [width, height] = imageSize(doc, s.imageId, source);
        for (std::size_t k = 0; 3 * k + 2 < keypoints.size(); ++k) {
          const double x = keypoints[3 * k], y = keypoints[3 * k + 1];
          if (x < 0 || y < 0 || x >= width || y >= height)
            keypoints[3 * k] = keypoints[3 * k + 1] = keypoints[3 * k + 2] = 0;
        }
        double x0 = width, x1 = 0, y0 = height, y1 = 0;
        int labelled = 0;
        for (std::size_t k = 0; 3 * k + 2 < keypoints.size(); ++k) {
          if (!(keypoints[3 * k + 2] > 0)) continue;
          x0 = std::min(x0, keypoints[3 * k]);
          x1 = std::max(x1, keypoints[3 * k]);
          y0 = std::min(y0, keypoints[3 * k + 1]);
          y1 = std::max(y1, keypoints[3 * k + 1]);
          labelled += keypoints[3 * k + 2] > 0;
        }
        if (labelled == 0) {
          out.changes.push_back(where + ": not added (every predicted joint outside the image)");
          continue;
        }
        Json person = Json::object();
        person["id"] = nextId;
        person["image_id"] = s.imageId;
        person["category_id"] = categoryId;
        person["iscrowd"] = 0;
        person["num_keypoints"] = labelled;
        person["keypoints"] = keypointsJson(keypoints);
        person["bbox"] = Json::array({x0, y0, x1 - x0, y1 - y0});
        person["area"] = (x1 - x0) * (y1 - y0);
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

}  // namespace posescope

#include "synth/coco_writer.h"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace posescope::synth {

namespace {

nlohmann::json personCategory() {
  nlohmann::json c;
  c["supercategory"] = "person";
  c["id"] = 1;
  c["name"] = "person";
  c["keypoints"] = kJointNames;
  // COCO's limbs, 1-based joint numbers.
  c["skeleton"] = {{16, 14}, {14, 12}, {17, 15}, {15, 13}, {12, 13}, {6, 12}, {7, 13},
                   {6, 7},   {6, 8},   {7, 9},   {8, 10},  {9, 11},  {2, 3},  {1, 2},
                   {1, 3},   {2, 4},   {3, 5},   {4, 6},   {5, 7}};
  return c;
}

}  // namespace

std::string cocoFileName(std::int64_t id) {
  char name[32];
  std::snprintf(name, sizeof(name), "%012lld.jpg", static_cast<long long>(id));
  return name;
}

std::string cocoAnnotationJson(const std::vector<SynthImageEntry>& images,
                               const std::string& description) {
  nlohmann::json doc;
  doc["info"] = {{"description", description}, {"version", "1.0"}};
  doc["licenses"] = nlohmann::json::array();
  doc["images"] = nlohmann::json::array();
  doc["annotations"] = nlohmann::json::array();
  std::int64_t annotationId = 1;
  for (const auto& image : images) {
    doc["images"].push_back({{"id", image.id},
                             {"file_name", image.fileName},
                             {"width", image.width},
                             {"height", image.height}});
    for (const auto& person : image.people) {
      nlohmann::json keypoints = nlohmann::json::array();
      for (const auto& k : person.keypoints) {
        keypoints.push_back(k.x);
        keypoints.push_back(k.y);
        keypoints.push_back(k.v);
      }
      doc["annotations"].push_back({{"id", annotationId++},
                                    {"image_id", image.id},
                                    {"category_id", 1},
                                    {"iscrowd", 0},
                                    {"num_keypoints", person.numKeypoints},
                                    {"keypoints", keypoints},
                                    {"bbox", person.bbox},
                                    {"area", person.area},
                                    {"segmentation", nlohmann::json::array()}});
    }
  }
  doc["categories"] = nlohmann::json::array({personCategory()});
  return doc.dump(1) + "\n";
}

}  // namespace posescope::synth

#pragma once
// The generated benchmark set: a COCO-like ground truth of 5,000 images (~10,000 people) and
// ~15,000 keypoint results, deterministic (seed 12345). Shared by the eval and analysis benchmarks.

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/keypoint_layout.h"

namespace benchdata {

// Writes the set to gtPath / dtPath.
inline void writeData(const std::string& gtPath, const std::string& dtPath) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  nlohmann::json gt, dts = nlohmann::json::array();
  gt["images"] = nlohmann::json::array();
  gt["annotations"] = nlohmann::json::array();
  nlohmann::json names = nlohmann::json::array();
  // COCO's joints by name, so `metrics` scores the set as COCO without being told.
  for (const std::string& name : posescope::referenceSkeleton(posescope::EvalVariant::Coco).joints)
    names.push_back(name);
  gt["categories"] = {{{"id", 1},
                       {"name", "person"},
                       {"supercategory", "person"},
                       {"keypoints", names},
                       {"skeleton", nlohmann::json::array()}}};
  long annId = 1;
  for (int i = 0; i < 5000; ++i) {
    const int imageId = 100000 + i * 7;
    gt["images"].push_back({{"id", imageId},
                            {"file_name", std::to_string(imageId) + ".jpg"},
                            {"width", 640},
                            {"height", 480}});
    const int people = static_cast<int>(unit(rng) * 5);  // 0..4, ~2 per image
    for (int p = 0; p < people; ++p) {
      const double x = unit(rng) * 500, y = unit(rng) * 300;
      const double w = 20 + unit(rng) * 120, h = 40 + unit(rng) * 160;
      std::vector<double> kps;
      int visible = 0;
      for (int k = 0; k < 17; ++k) {
        const bool v = unit(rng) < 0.7;
        visible += v;
        kps.insert(kps.end(), {v ? x + unit(rng) * w : 0, v ? y + unit(rng) * h : 0, v ? 2.0 : 0});
      }
      std::vector<double> polygon;
      for (int s = 0; s < 24; ++s) polygon.push_back(x + unit(rng) * w);
      const bool crowd = unit(rng) < 0.02;
      gt["annotations"].push_back({{"id", annId++},
                                   {"image_id", imageId},
                                   {"category_id", 1},
                                   {"iscrowd", crowd ? 1 : 0},
                                   {"bbox", {x, y, w, h}},
                                   {"area", w * h * 0.7},
                                   {"num_keypoints", visible},
                                   {"keypoints", kps},
                                   {"segmentation", {polygon}}});
      // One or two results per person: a noisy copy, sometimes a false positive near it.
      const int results = 1 + static_cast<int>(unit(rng) * 2);
      for (int r = 0; r < results; ++r) {
        std::vector<double> det;
        const double noise = r == 0 ? 3 : 25 + 40 * unit(rng);
        for (int k = 0; k < 17; ++k) {
          const double bx = kps[3 * k + 2] > 0 ? kps[3 * k] : x + w / 2;
          const double by = kps[3 * k + 2] > 0 ? kps[3 * k + 1] : y + h / 2;
          det.insert(det.end(), {std::round((bx + (unit(rng) - .5) * noise) * 1000) / 1000,
                                 std::round((by + (unit(rng) - .5) * noise) * 1000) / 1000,
                                 std::round(unit(rng) * 1000) / 1000});
        }
        dts.push_back({{"image_id", imageId},
                       {"category_id", 1},
                       {"keypoints", det},
                       {"score", std::round(unit(rng) * 1e6) / 1e6}});
      }
    }
  }
  std::ofstream(gtPath) << gt.dump();
  std::ofstream(dtPath) << dts.dump();
}

// Writes the set into `dir` unless it is there; returns {gt path, results path}.
// Bumped whenever writeData's output changes, so a set left in /tmp by an older build (2: COCO's
// joint names instead of k0, k1, ...) is written again rather than read as it was.
inline constexpr const char* kDataVersion = "2";

inline std::pair<std::string, std::string> ensureData(const std::string& dir) {
  std::filesystem::create_directories(dir);
  const std::string gtPath = dir + "/bench.gt.json", dtPath = dir + "/bench.results.json";
  const std::string stampPath = dir + "/bench.version";
  std::string stamp;
  std::ifstream(stampPath) >> stamp;
  if (stamp != kDataVersion || !std::filesystem::exists(gtPath) ||
      !std::filesystem::exists(dtPath)) {
    writeData(gtPath, dtPath);
    std::ofstream(stampPath) << kDataVersion << "\n";
  }
  return {gtPath, dtPath};
}

}  // namespace benchdata

#include "synthetic_fixture.h"

#include <QDir>

#include <filesystem>
#include <fstream>
#include <vector>

#include <torch/torch.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "checkpoint/state_dict_writer.h"
#include "models/pose_net.h"

namespace posescope::test {

std::string makeSyntheticCoco(const QString& dir, int images, int joints, int missingIndex) {
  const std::string root = QDir(dir).filePath("coco").toStdString();
  std::filesystem::create_directories(root + "/annotations");
  std::filesystem::create_directories(root + "/images/val2017");
  nlohmann::json doc;
  nlohmann::json names = nlohmann::json::array();
  for (int j = 0; j < joints; ++j) names.push_back("j" + std::to_string(j));
  doc["categories"] = {{{"id", 1}, {"name", "person"}, {"keypoints", names}}};
  doc["images"] = nlohmann::json::array();
  doc["annotations"] = nlohmann::json::array();
  cv::RNG rng(7);
  for (int i = 0; i < images; ++i) {
    const std::string file = "img" + std::to_string(i) + ".jpg";
    doc["images"].push_back(
        {{"id", 100 + i}, {"file_name", file}, {"width", 160}, {"height", 120}});
    std::vector<double> kp;
    for (int j = 0; j < joints; ++j) kp.insert(kp.end(), {40.0 + 3 * j, 20.0 + 4 * j, 2.0});
    doc["annotations"].push_back({{"id", i + 1},
                                  {"image_id", 100 + i},
                                  {"category_id", 1},
                                  {"iscrowd", 0},
                                  {"num_keypoints", joints},
                                  {"keypoints", kp},
                                  {"area", 4000.0},
                                  {"bbox", {40, 20, 60, 70}}});
    if (i == missingIndex) continue;
    cv::Mat img(120, 160, CV_8UC3);
    rng.fill(img, cv::RNG::UNIFORM, 0, 255);
    cv::circle(img, {80, 60}, 25, cv::Scalar(0, 200, 255), -1);
    cv::imwrite(root + "/images/val2017/" + file, img);
  }
  std::ofstream(root + "/annotations/person_keypoints_val2017.json") << doc.dump();
  return root;
}

void writeRandomCheckpoint(const std::string& path, const ExperimentSpec& spec, int seed) {
  torch::manual_seed(seed);
  const Experiment experiment = loadExperiment(spec);
  auto net = createPoseNet(experiment);
  StateDict sd;
  for (const auto& p : net->module().named_parameters()) sd.emplace_back(p.key(), p.value());
  for (const auto& b : net->module().named_buffers()) sd.emplace_back(b.key(), b.value());
  writeStateDict(path, sd);
}

}  // namespace posescope::test

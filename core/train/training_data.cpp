#include "train/training_data.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "common/errors.h"
#include "config/config_node.h"
#include "data/image_prefetcher.h"

namespace posescope::train {

namespace fs = std::filesystem;

namespace {

double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0);
}

// numpy's randint(lo, hi): uniform integer in [lo, hi).
int randint(std::mt19937_64& rng, int lo, int hi) {
  if (hi <= lo) return lo;
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo));
}

std::vector<PersonJoints> transformJoints(const std::vector<PersonJoints>& people,
                                          const std::vector<double>& m) {
  std::vector<PersonJoints> out = people;
  for (auto& person : out)
    for (auto& j : person) {
      const double x = j[0], y = j[1];
      j[0] = m[0] * x + m[1] * y + m[2];
      j[1] = m[3] * x + m[4] * y + m[5];
    }
  return out;
}

cv::Mat toMat(const std::vector<double>& m) {
  cv::Mat out(2, 3, CV_64F);
  for (int i = 0; i < 6; ++i) out.at<double>(i / 3, i % 3) = m[i];
  return out;
}

}  // namespace

SampleOptions sampleOptionsFromConfig(const ConfigNode& cfg) {
  SampleOptions o;
  o.inputSize = static_cast<int>(cfg.getInt("DATASET.INPUT_SIZE"));
  o.outputSizes.clear();
  for (const auto v : cfg.getIntList("DATASET.OUTPUT_SIZE")) o.outputSizes.push_back(int(v));
  o.maxRotation = cfg.getDouble("DATASET.MAX_ROTATION");
  o.minScale = cfg.getDouble("DATASET.MIN_SCALE");
  o.maxScale = cfg.getDouble("DATASET.MAX_SCALE");
  o.maxTranslate = cfg.getDouble("DATASET.MAX_TRANSLATE");
  o.flip = cfg.getDouble("DATASET.FLIP");
  const std::string scaleType = cfg.getString("DATASET.SCALE_TYPE");
  if (scaleType != "short" && scaleType != "long")
    throw ConfigError("DATASET.SCALE_TYPE is '" + scaleType + "'; expected 'short' or 'long'");
  o.scaleShort = scaleType == "short";
  o.sigma = cfg.getDouble("DATASET.SIGMA");
  o.maxPeople = static_cast<int>(cfg.getInt("DATASET.MAX_NUM_PEOPLE"));
  o.numJoints = static_cast<int>(cfg.getInt("DATASET.NUM_JOINTS"));
  o.tagPerJoint = cfg.getBool("MODEL.TAG_PER_JOINT");
  const std::string family = cfg.getString("DATASET.DATASET");
  if (family.find("coco") != std::string::npos)
    o.flipIndex = {0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15};
  else if (family.find("crowd_pose") != std::string::npos)
    o.flipIndex = {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 12, 13};
  else
    throw ConfigError("DATASET.DATASET is '" + family + "'; training knows the flip index of " +
                      "coco and crowd_pose only");
  if (static_cast<int>(o.flipIndex.size()) != o.numJoints)
    throw ConfigError("DATASET.NUM_JOINTS is " + std::to_string(o.numJoints) +
                      " but the flip index of " + family + " has " +
                      std::to_string(o.flipIndex.size()) + " joints");
  return o;
}

std::vector<double> cropAffine(double cx, double cy, double scale, int res, double rotation) {
  const double h = 200 * scale;
  double t[3][3] = {
      {res / h, 0, res * (-cx / h + 0.5)}, {0, res / h, res * (-cy / h + 0.5)}, {0, 0, 1}};
  if (rotation != 0) {
    const double r = -rotation * M_PI / 180.0;
    const double sn = std::sin(r), cs = std::cos(r);
    // Rotate about the map's centre: T(+c) * R * T(-c) * t.
    const double c = res / 2.0;
    double out[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) out[i][j] = t[i][j];
    for (int j = 0; j < 3; ++j) {
      const double x = t[0][j] - c * t[2][j], y = t[1][j] - c * t[2][j];
      out[0][j] = cs * x - sn * y + c * t[2][j];
      out[1][j] = sn * x + cs * y + c * t[2][j];
    }
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) t[i][j] = out[i][j];
  }
  return {t[0][0], t[0][1], t[0][2], t[1][0], t[1][1], t[1][2]};
}

TrainingBatch collate(const std::vector<TrainingSample>& samples) {
  if (samples.empty()) throw std::invalid_argument("collate: no samples");
  TrainingBatch b;
  std::vector<torch::Tensor> images;
  for (const auto& s : samples) images.push_back(s.image);
  b.images = torch::stack(images);
  for (size_t st = 0; st < samples.front().heatmaps.size(); ++st) {
    std::vector<torch::Tensor> h, m, j;
    for (const auto& s : samples) {
      h.push_back(s.heatmaps.at(st));
      m.push_back(s.masks.at(st));
      j.push_back(s.joints.at(st));
    }
    b.heatmaps.push_back(torch::stack(h));
    b.masks.push_back(torch::stack(m));
    b.joints.push_back(torch::stack(j));
  }
  return b;
}

TrainingDataset::TrainingDataset(const std::string& root, const std::string& split) {
  const std::string file =
      (fs::path(root) / "annotations" / ("person_keypoints_" + split + ".json")).string();
  std::ifstream in(file);
  if (!in) throw DatasetError("cannot open annotation file '" + file + "'");
  nlohmann::json doc;
  try {
    in >> doc;
    std::map<std::int64_t, size_t> byId;
    for (const auto& im : doc.at("images")) {
      byId[im.at("id").get<std::int64_t>()] = images_.size();
      images_.push_back(
          {(fs::path(root) / "images" / split / im.at("file_name").get<std::string>()).string(),
           {}});
    }
    for (const auto& a : doc.at("annotations")) {
      if (a.value("iscrowd", 0) != 0 && a.value("num_keypoints", 0) == 0) continue;
      const auto it = byId.find(a.at("image_id").get<std::int64_t>());
      if (it == byId.end()) continue;
      const auto& k = a.at("keypoints");
      PersonJoints person(k.size() / 3);
      for (size_t j = 0; j < person.size(); ++j)
        person[j] = {k[3 * j].get<double>(), k[3 * j + 1].get<double>(),
                     k[3 * j + 2].get<double>()};
      images_[it->second].people.push_back(person);
    }
  } catch (const nlohmann::json::exception& e) {
    throw DatasetError("annotation file '" + file + "' is malformed: " + e.what());
  }
  if (images_.empty()) throw DatasetError("annotation file '" + file + "' lists no images");
}

TrainingSample TrainingDataset::sample(size_t index, std::mt19937_64& rng,
                                       const SampleOptions& o) const {
  const Entry& e = images_.at(index);
  // The evaluation's decoder: LitePose's CocoDataset reads training images the same way
  // (cv2.imread with IMREAD_IGNORE_ORIENTATION, then RGB), EXIF orientation not applied.
  DecodedImage decoded = decodeImage(e.path);
  if (!decoded.error.empty()) throw DatasetError(decoded.error);
  const cv::Mat rgb = std::move(decoded.rgb);

  // RandomAffineTransform's draws, in the reference's order.
  double cx = rgb.cols / 2.0, cy = rgb.rows / 2.0;
  double scale =
      (o.scaleShort ? std::min(rgb.rows, rgb.cols) : std::max(rgb.rows, rgb.cols)) / 200.0;
  double rotation = 0;
  if (o.augment) {
    scale *= uniform01(rng) * (o.maxScale - o.minScale) + o.minScale;
    rotation = (uniform01(rng) * 2 - 1) * o.maxRotation;
    if (o.maxTranslate > 0) {
      const int limit = static_cast<int>(o.maxTranslate * scale);
      cx += randint(rng, -limit, limit);
      cy += randint(rng, -limit, limit);
    }
  }
  const bool flip = o.augment && uniform01(rng) < o.flip;

  TrainingSample s;
  const cv::Mat ones(rgb.rows, rgb.cols, CV_8UC1, cv::Scalar(255));
  for (const int res : o.outputSizes) {
    const std::vector<double> m = cropAffine(cx, cy, scale, res, rotation);
    cv::Mat mask;
    if (o.maskPadding)
      cv::warpAffine(ones, mask, toMat(m), cv::Size(res, res));
    else
      mask = cv::Mat(res, res, CV_8UC1, cv::Scalar(255));
    std::vector<PersonJoints> joints = transformJoints(e.people, m);
    if (flip) {
      cv::flip(mask, mask, 1);
      for (auto& person : joints) {
        PersonJoints flipped(person.size());
        for (size_t j = 0; j < person.size(); ++j) flipped[j] = person.at(o.flipIndex.at(j));
        for (auto& j : flipped) j[0] = res - j[0] - 1;
        person = flipped;
      }
    }
    torch::Tensor maskT = torch::from_blob(mask.data, {res, res}, torch::kUInt8)
                              .to(torch::kFloat)
                              .div(255.0)
                              .gt(0.5)
                              .to(torch::kFloat);
    s.masks.push_back(maskT);
    const HeatmapGenerator heatmaps(res, o.numJoints, o.sigma);
    std::vector<float> hm = heatmaps(joints);
    s.heatmaps.push_back(
        torch::from_blob(hm.data(), {o.numJoints, res, res}, torch::kFloat).clone());
    const JointsGenerator tags(o.maxPeople, o.numJoints, res, o.tagPerJoint);
    std::vector<std::int64_t> jt = tags(joints);
    s.joints.push_back(
        torch::from_blob(jt.data(), {o.maxPeople, o.numJoints, 2}, torch::kLong).clone());
  }
  cv::Mat input;
  cv::warpAffine(rgb, input, toMat(cropAffine(cx, cy, scale, o.inputSize, rotation)),
                 cv::Size(o.inputSize, o.inputSize));
  if (flip) cv::flip(input, input, 1);
  torch::Tensor image = torch::from_blob(input.data, {o.inputSize, o.inputSize, 3}, torch::kUInt8)
                            .permute({2, 0, 1})
                            .to(torch::kFloat)
                            .div(255.0);
  const torch::Tensor mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
  const torch::Tensor stdev = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
  s.image = ((image - mean) / stdev).contiguous();
  return s;
}

}  // namespace posescope::train

#include "synth/synth_dataset.h"

#include <filesystem>
#include <fstream>

#include <opencv2/imgcodecs.hpp>

#include "common/errors.h"
#include "synth/coco_writer.h"
#include "synth/synth_image.h"
#include "synth/synth_random.h"

namespace posescope::synth {

namespace fs = std::filesystem;

namespace {

void makeFolder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw DatasetError("cannot create folder '" + dir.string() + "': " + ec.message());
}

}  // namespace

void SynthDatasetOptions::validate() const {
  if (root.empty()) throw ConfigError("make-dataset: --out is empty; give a folder to write into");
  if (images < 1)
    throw ConfigError("make-dataset: --images must be at least 1, got " + std::to_string(images));
  if (splits.empty()) throw ConfigError("make-dataset: no split to write");
  for (const auto& s : splits)
    if (s.empty() || s.find('/') != std::string::npos || s == "." || s == "..")
      throw ConfigError("make-dataset: split '" + s + "' is not a plain folder name");
}

std::string synthAnnotationPath(const std::string& root, const std::string& split) {
  return (fs::path(root) / "annotations" / ("person_keypoints_" + split + ".json")).string();
}

void writeSynthSplit(const std::string& root, const std::string& split, int images,
                     std::uint64_t seed) {
  const fs::path imageDir = fs::path(root) / "images" / split;
  makeFolder(imageDir);
  makeFolder(fs::path(root) / "annotations");
  std::vector<SynthImageEntry> entries;
  const std::vector<int> jpeg{cv::IMWRITE_JPEG_QUALITY, 92};
  for (int i = 0; i < images; ++i) {
    SynthImage image = renderSynthImage(imageSeed(seed, split, i));
    SynthImageEntry e;
    e.id = i + 1;
    e.fileName = cocoFileName(e.id);
    e.width = image.image.cols;
    e.height = image.image.rows;
    e.people = std::move(image.people);
    const std::string path = (imageDir / e.fileName).string();
    bool written = false;
    try {
      written = cv::imwrite(path, image.image, jpeg);
    } catch (const cv::Exception& ex) {
      throw DatasetError("cannot write image '" + path + "': " + ex.what());
    }
    if (!written) throw DatasetError("cannot write image '" + path + "'");
    entries.push_back(std::move(e));
  }
  const std::string annotationPath = synthAnnotationPath(root, split);
  std::ofstream out(annotationPath, std::ios::binary | std::ios::trunc);
  out << cocoAnnotationJson(
      entries, "PoseScope synthetic people, split " + split + ", seed " + std::to_string(seed));
  if (!out) throw DatasetError("cannot write annotation file '" + annotationPath + "'");
}

void makeSynthDataset(const SynthDatasetOptions& options) {
  options.validate();
  for (const auto& split : options.splits)
    writeSynthSplit(options.root, split, options.images, options.seed);
}

}  // namespace posescope::synth

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
  if (labelErrors.any() != !labelErrorsOut.empty())
    throw ConfigError(
        "make-dataset: --label-errors and --label-errors-out go together (the rates, and the file "
        "that says which people were altered)");
  if (labelErrors.any() && splits.size() != 1)
    throw ConfigError(
        "make-dataset: --label-errors alters one split: give --split val2017 or "
        "--split train2017");
}

std::string synthAnnotationPath(const std::string& root, const std::string& split) {
  return (fs::path(root) / "annotations" / ("person_keypoints_" + split + ".json")).string();
}

std::vector<InjectedLabelError> writeSynthSplit(const std::string& root, const std::string& split,
                                                int images, std::uint64_t seed,
                                                const LabelErrorRates& labelErrors) {
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
  std::vector<InjectedLabelError> injected;
  if (labelErrors.any()) injected = injectLabelErrors(entries, labelErrors, seed);
  const std::string annotationPath = synthAnnotationPath(root, split);
  std::ofstream out(annotationPath, std::ios::binary | std::ios::trunc);
  out << cocoAnnotationJson(
      entries, "PoseScope synthetic people, split " + split + ", seed " + std::to_string(seed));
  if (!out) throw DatasetError("cannot write annotation file '" + annotationPath + "'");
  return injected;
}

void makeSynthDataset(const SynthDatasetOptions& options) {
  options.validate();
  for (const auto& split : options.splits) {
    const std::vector<InjectedLabelError> injected =
        writeSynthSplit(options.root, split, options.images, options.seed, options.labelErrors);
    if (!options.labelErrors.any()) continue;
    std::ofstream truth(options.labelErrorsOut, std::ios::binary | std::ios::trunc);
    truth << labelErrorsJson(injected, options.labelErrors, options.seed, split);
    if (!truth)
      throw DatasetError("cannot write the label errors' truth '" + options.labelErrorsOut + "'");
  }
}

}  // namespace posescope::synth

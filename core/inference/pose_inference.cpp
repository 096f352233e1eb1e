#include "inference/pose_inference.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <utility>

#include <torch/cuda.h>
#include <torch/types.h>

#include "common/errors.h"
#include "inference/image_transforms.h"
#include "inference/multi_stage_outputs.h"
#include "models/pose_net.h"

namespace posescope {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

FloatArray toArray(const torch::Tensor& t) {
  const torch::Tensor cpu = t.to(torch::kCPU, torch::kFloat).contiguous();
  FloatArray a;
  a.shape.assign(cpu.sizes().begin(), cpu.sizes().end());
  a.values.assign(cpu.data_ptr<float>(), cpu.data_ptr<float>() + cpu.numel());
  return a;
}

InferenceOptions validated(InferenceOptions options) {
  options.validate();
  return options;
}

}  // namespace

PoseInference::PoseInference(PoseNet& net, InferenceOptions options, c10::Device device)
    : net_(net),
      options_(validated(std::move(options))),
      device_(device),
      parser_(options_.parser),
      scales_(options_.scaleFactors) {
  std::sort(scales_.begin(), scales_.end(), std::greater<double>());
  minScale_ = scales_.back();
}

InferenceResult PoseInference::run(const cv::Mat& rgbImage, bool keepMaps,
                                   const CancellationToken* cancel) {
  auto checkCancel = [cancel] {
    if (cancel && cancel->isCancelled()) throw CancelledError("cancelled");
  };
  if (rgbImage.empty() || rgbImage.type() != CV_8UC3) {
    throw std::invalid_argument("PoseInference::run: expected a non-empty 8-bit RGB image");
  }
  c10::InferenceMode inferenceMode;
  InferenceResult result;
  const bool cuda = device_.is_cuda();
  auto sync = [&] {
    if (cuda) torch::cuda::synchronize(device_.index());
  };

  const MultiScaleSize base =
      getMultiScaleSize(rgbImage.cols, rgbImage.rows, options_.inputSize, 1.0, minScale_);
  std::optional<ProjectSize> projectTo;
  if (options_.project2image) projectTo = ProjectSize{base.width, base.height};

  ScaleCenter frame;
  AggregatedMaps acc;
  for (double s : scales_) {
    checkCancel();
    auto start = Clock::now();
    const cv::Mat resized =
        resizeAlignMultiScale(rgbImage, options_.inputSize, s, minScale_, &frame);
    torch::Tensor input = imageToInput(resized, options_.normalize).to(device_);
    if (options_.fp16) input = input.to(torch::kHalf);
    result.times.preprocessMs += msSince(start);

    start = Clock::now();
    result.inputShapes.push_back(input.sizes().vec());
    const ScaleMaps maps = multiStageOutputs(net_, input, options_, projectTo);
    result.times.networkMs += maps.networkMs;
    aggregateResults(options_, s, acc, maps);
    sync();
    result.times.forwardMs += msSince(start);
  }

  auto start = Clock::now();
  auto [heatmaps, tags] = finalMaps(options_, acc);
  sync();
  result.times.forwardMs += msSince(start);

  checkCancel();
  start = Clock::now();
  const ParsedPeople parsed = parser_.parse(heatmaps, tags, options_.adjust, options_.refine);
  result.times.groupMs = msSince(start);

  start = Clock::now();
  const GroupedPeople& grouped = parsed.people;
  const double mapW = static_cast<double>(heatmaps.size(3));
  const double mapH = static_cast<double>(heatmaps.size(2));
  result.mapToImage = getAffineTransform(frame, mapW, mapH, true);
  std::vector<float> rows(grouped.data);
  transformPreds(rows.data(), grouped.count() * grouped.numJoints, grouped.rowSize(), frame, mapW,
                 mapH);
  result.people.resize(grouped.count());
  for (int64_t p = 0; p < grouped.count(); ++p) {
    PersonPose& person = result.people[p];
    person.score = parsed.scores[p];
    person.joints.resize(grouped.numJoints);
    for (int64_t j = 0; j < grouped.numJoints; ++j) {
      const float* row = rows.data() + (p * grouped.numJoints + j) * grouped.rowSize();
      person.joints[j] = Keypoint{row[0], row[1], row[2], row[3]};
    }
  }
  if (keepMaps) {
    result.heatmaps = toArray(heatmaps);
    result.tags = toArray(tags);
  }
  result.times.postprocessMs = msSince(start);
  return result;
}

}  // namespace posescope

#include "inference/multi_stage_outputs.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

#include "models/pose_net.h"

namespace posescope {

namespace {

torch::Tensor resizeBilinear(const torch::Tensor& t, int64_t height, int64_t width) {
  return at::upsample_bilinear2d(t, {height, width}, /*align_corners=*/false, c10::nullopt,
                                 c10::nullopt);
}

// torch::cat(parts, 4) of equally sized N x J x H x W x 1 tag maps. On the CPU in float32 a plain
// interleaving loop: LibTorch 1.13's strided copy into the last dimension took 7 ms a LitePose
// image, the loop 2.5 (the same values, bit for bit).
torch::Tensor stackedTags(const std::vector<torch::Tensor>& parts) {
  const torch::Tensor& first = parts.front();
  const bool plainCpu = std::all_of(parts.begin(), parts.end(), [&](const torch::Tensor& t) {
    return t.device().is_cpu() && t.scalar_type() == torch::kFloat && t.sizes() == first.sizes();
  });
  if (!plainCpu || first.size(-1) != 1) return torch::cat(parts, 4).contiguous();
  const auto depth = static_cast<int64_t>(parts.size());
  std::vector<int64_t> sizes = first.sizes().vec();
  sizes.back() = depth;
  torch::Tensor stacked = torch::empty(sizes, first.options());
  float* out = stacked.data_ptr<float>();
  for (int64_t d = 0; d < depth; ++d) {
    const torch::Tensor part = parts[static_cast<size_t>(d)].contiguous();
    const float* in = part.data_ptr<float>();
    const int64_t n = part.numel();
    for (int64_t i = 0; i < n; ++i) out[i * depth + d] = in[i];
  }
  return stacked;
}

}  // namespace

torch::Tensor imageToInput(const cv::Mat& rgb, bool normalize) {
  if (rgb.empty() || rgb.type() != CV_8UC3) {
    throw std::invalid_argument("imageToInput: expected a non-empty 8-bit, 3-channel RGB image");
  }
  const cv::Mat contiguous = rgb.isContinuous() ? rgb : rgb.clone();
  torch::Tensor t = torch::from_blob(const_cast<unsigned char*>(contiguous.ptr<unsigned char>()),
                                     {contiguous.rows, contiguous.cols, 3}, torch::kUInt8)
                        .permute({2, 0, 1})
                        .to(torch::kFloat)
                        .div(255);
  if (normalize) {
    const torch::Tensor mean = torch::tensor({0.485f, 0.456f, 0.406f}).view({3, 1, 1});
    const torch::Tensor stdev = torch::tensor({0.229f, 0.224f, 0.225f}).view({3, 1, 1});
    t = t.sub(mean).div(stdev);
  }
  return t.unsqueeze(0).contiguous();
}

ScaleMaps multiStageOutputs(PoseNet& net, const torch::Tensor& input, const InferenceOptions& o,
                            const std::optional<ProjectSize>& projectTo) {
  const int64_t J = o.numJoints;
  const torch::Tensor batch = o.flipTest ? torch::cat({input, input.flip({3})}, 0) : input;
  const auto networkStart = std::chrono::steady_clock::now();
  std::vector<torch::Tensor> outputs = net.forward(batch);
  const double networkMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - networkStart)
          .count();
  if (outputs.empty() || outputs.size() > o.lossWithHeatmaps.size()) {
    throw std::invalid_argument("network returned " + std::to_string(outputs.size()) +
                                " outputs for " + std::to_string(o.lossWithHeatmaps.size()) +
                                " configured stages (LOSS.NUM_STAGES)");
  }
  torch::Tensor flipIndex;
  if (o.flipTest) {
    flipIndex = torch::tensor(o.flipIndex, torch::kLong).to(outputs.back().device());
  }
  const int64_t outH = outputs.back().size(2);
  const int64_t outW = outputs.back().size(3);

  torch::Tensor sum;
  torch::Tensor sumFlip;
  int numHeatmaps = 0;
  std::vector<torch::Tensor> tags;
  std::vector<torch::Tensor> tagsFlip;
  for (size_t i = 0; i < outputs.size(); ++i) {
    torch::Tensor out = outputs[i].to(torch::kFloat);
    if (outputs.size() > 1 && i != outputs.size() - 1) out = resizeBilinear(out, outH, outW);
    const int64_t offset = o.lossWithHeatmaps[i] ? J : 0;
    if (out.size(1) < offset) {
      throw std::invalid_argument("network output " + std::to_string(i) + " has fewer than " +
                                  std::to_string(J) + " channels");
    }
    const torch::Tensor image = out.narrow(0, 0, 1);
    torch::Tensor flipped;
    if (o.flipTest) flipped = out.narrow(0, 1, 1).flip({3});
    if (o.lossWithHeatmaps[i] && o.testWithHeatmaps[i]) {
      const torch::Tensor hm = image.narrow(1, 0, J);
      sum = sum.defined() ? sum + hm : hm;
      if (o.flipTest) {
        const torch::Tensor hmFlip = flipped.narrow(1, 0, J).index_select(1, flipIndex);
        sumFlip = sumFlip.defined() ? sumFlip + hmFlip : hmFlip;
      }
      ++numHeatmaps;
    }
    if (o.lossWithAe[i] && o.testWithAe[i]) {
      tags.push_back(image.narrow(1, offset, out.size(1) - offset));
      if (o.flipTest) {
        torch::Tensor t = flipped.narrow(1, offset, out.size(1) - offset);
        if (o.tagPerJoint) t = t.index_select(1, flipIndex);
        tagsFlip.push_back(t);
      }
    }
  }

  ScaleMaps maps;
  maps.networkMs = networkMs;
  if (numHeatmaps > 0) {
    maps.heatmaps.push_back(sum / numHeatmaps);
    if (o.flipTest) maps.heatmaps.push_back(sumFlip / numHeatmaps);
  }
  maps.tags = tags;
  maps.tags.insert(maps.tags.end(), tagsFlip.begin(), tagsFlip.end());

  if (o.withCenter && o.ignoreCenter) {
    for (torch::Tensor& h : maps.heatmaps) h = h.narrow(1, 0, h.size(1) - 1);
    for (torch::Tensor& t : maps.tags) t = t.narrow(1, 0, t.size(1) - 1);
  }
  if (projectTo) {
    for (torch::Tensor& h : maps.heatmaps)
      h = resizeBilinear(h, projectTo->height, projectTo->width);
    for (torch::Tensor& t : maps.tags) t = resizeBilinear(t, projectTo->height, projectTo->width);
  }
  return maps;
}

void aggregateResults(const InferenceOptions& o, double scale, AggregatedMaps& acc,
                      const ScaleMaps& maps) {
  if (maps.heatmaps.empty() || (o.flipTest && maps.heatmaps.size() < 2)) {
    throw std::invalid_argument("aggregateResults: no heatmaps for this scale");
  }
  if (scale == 1.0 || o.scaleFactors.size() == 1) {
    for (const torch::Tensor& t : maps.tags) {
      torch::Tensor tag = t;
      if (acc.heatmaps.defined() && !o.project2image) {
        tag = resizeBilinear(tag, acc.heatmaps.size(2), acc.heatmaps.size(3));
      }
      acc.tags.push_back(tag.unsqueeze(4));
    }
  }
  const torch::Tensor average =
      o.flipTest ? (maps.heatmaps[0] + maps.heatmaps[1]) / 2.0 : maps.heatmaps[0];
  if (!acc.heatmaps.defined()) {
    acc.heatmaps = average;
  } else if (o.project2image) {
    acc.heatmaps = acc.heatmaps + average;
  } else {
    acc.heatmaps =
        acc.heatmaps + resizeBilinear(average, acc.heatmaps.size(2), acc.heatmaps.size(3));
  }
}

std::pair<torch::Tensor, torch::Tensor> finalMaps(const InferenceOptions& o,
                                                  const AggregatedMaps& acc) {
  if (!acc.heatmaps.defined() || acc.tags.empty()) {
    throw std::invalid_argument(
        "finalMaps: no tag maps were aggregated (TEST.SCALE_FACTOR needs 1)");
  }
  const torch::Tensor heatmaps = acc.heatmaps / static_cast<double>(o.scaleFactors.size());
  return {heatmaps.contiguous(), stackedTags(acc.tags)};
}

}  // namespace posescope

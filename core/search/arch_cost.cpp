#include "search/arch_cost.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/errors.h"
#include "models/layer_cost.h"

namespace posescope::search {

namespace {

struct FeatureMap {
  std::int64_t channels, height, width;
  std::int64_t elements() const { return channels * height * width; }
};

// Adds up the layers the built network runs, each costed as models/layer_cost.h costs the built
// network's layers; `map` follows the activations.
class CostCounter {
 public:
  FeatureMap conv(const FeatureMap& in, std::int64_t out, int kernel, int stride, bool depthwise) {
    const int padding = kernel / 2;
    const FeatureMap result{out, (in.height + 2 * padding - kernel) / stride + 1,
                            (in.width + 2 * padding - kernel) / stride + 1};
    const std::int64_t inPerGroup = depthwise ? 1 : in.channels;
    cost_.parameters += out * inPerGroup * kernel * kernel;
    add(models::convCost(result.elements(), inPerGroup, kernel * kernel, false));
    return result;
  }
  // ConvTranspose2d, stride 2.
  FeatureMap deconv(const FeatureMap& in, std::int64_t out, int kernel) {
    int padding = 0, outputPadding = 0;
    switch (kernel) {
      case 4:
        padding = 1;
        break;
      case 3:
        padding = 1;
        outputPadding = 1;
        break;
      case 2:
        break;
      default:
        throw ModelError("MODEL.EXTRA.NUM_DECONV_KERNELS: deconvolution kernel " +
                         std::to_string(kernel) +
                         " is not supported (the reference accepts 2, 3 and 4)");
    }
    const FeatureMap result{out, (in.height - 1) * 2 - 2 * padding + kernel + outputPadding,
                            (in.width - 1) * 2 - 2 * padding + kernel + outputPadding};
    cost_.parameters += in.channels * out * kernel * kernel;
    add(models::deconvCost(in.height * in.width, result.height * result.width, in.channels, out,
                           kernel * kernel, false));
    return result;
  }
  void batchNorm(const FeatureMap& map) {
    cost_.parameters += 2 * map.channels;
    add(models::batchNormCost(map.elements()));
  }
  void activation(const FeatureMap& map) { add(models::elementwiseCost(map.elements())); }

  FeatureMap convBnRelu6(const FeatureMap& in, std::int64_t out, int kernel, int stride,
                         bool depthwise) {
    const FeatureMap result = conv(in, out, kernel, stride, depthwise);
    batchNorm(result);
    activation(result);
    return result;
  }
  FeatureMap invertedBottleneck(const FeatureMap& in, std::int64_t out, int stride, int kernel,
                                int expansion) {
    const std::int64_t mid = makeDivisible(static_cast<double>(in.channels * expansion), 8);
    FeatureMap x = convBnRelu6(in, mid, 1, 1, false);
    x = convBnRelu6(x, mid, kernel, stride, true);
    x = conv(x, out, 1, 1, false);
    batchNorm(x);
    return x;
  }
  void separableConv(const FeatureMap& in, std::int64_t out) {
    const FeatureMap depth = conv(in, in.channels, 5, 1, true);
    batchNorm(depth);
    activation(depth);
    conv(depth, out, 1, 1, false);
  }
  const ArchCost& cost() const { return cost_; }

 private:
  void add(const models::LayerCost& layer) {
    cost_.ptflopsMacs += layer.ptflops;
    cost_.convMultiplyAdds += layer.convolution;
  }
  ArchCost cost_;
};

const FeatureMap& fromEnd(const std::vector<FeatureMap>& maps, std::size_t k) {
  return maps.at(maps.size() - k);
}

}  // namespace

double ArchCost::gmacs() const {
  // ptflops prints round(macs / 1e9, 2); printf rounds the same binary value the same way.
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(ptflopsMacs) / 1e9);
  return std::strtod(text, nullptr);
}

ArchCost poseMobilenetCost(const models::LitePoseOptions& options, int height, int width) {
  const ArchConfig& arch = options.arch;
  const auto stages = arch.backbone.size();
  const auto deconvLayers = static_cast<std::size_t>(options.numDeconvLayers);
  if (stages < 2 || deconvLayers < 1 || deconvLayers > stages - 1 ||
      arch.deconvSetting.size() < deconvLayers || options.deconvKernels.size() < deconvLayers)
    throw ModelError("arch has " + std::to_string(stages) + " stages and " +
                     std::to_string(arch.deconvSetting.size()) +
                     " deconv_setting entries: pose_mobilenet cannot be built with " +
                     std::to_string(deconvLayers) + " deconvolution layers");
  CostCounter count;
  FeatureMap x{3, height, width};
  x = count.convBnRelu6(x, 32, 3, 2, false);
  x = count.convBnRelu6(x, 32, 3, 1, true);
  x = count.conv(x, makeDivisible(arch.inputChannel, 8), 1, 1, false);
  count.batchNorm(x);
  std::vector<FeatureMap> features{x};
  for (const ArchStage& stage : arch.backbone) {
    const int channels = makeDivisible(stage.channel, 8);
    if (static_cast<int>(stage.blockSetting.size()) < stage.numBlocks)
      throw ModelError("arch stage has num_blocks " + std::to_string(stage.numBlocks) +
                       " but only " + std::to_string(stage.blockSetting.size()) +
                       " block_setting entries");
    for (int b = 0; b < stage.numBlocks; ++b) {
      const auto [expansion, kernel] = stage.blockSetting[static_cast<std::size_t>(b)];
      x = count.invertedBottleneck(x, channels, b == 0 ? stage.stride : 1, kernel, expansion);
    }
    features.push_back(x);
  }
  FeatureMap refined = features.back();
  for (std::size_t i = 0; i < deconvLayers; ++i) {
    const int filters = arch.deconvSetting[i];
    const int kernel = options.deconvKernels[i];
    refined = count.deconv(refined, filters, kernel);
    count.deconv(fromEnd(features, i + 2), filters, kernel);
    count.batchNorm(refined);
    count.activation(refined);
    if (i > 0) {
      const int outputs = options.head.outputChannels(i - 1);
      count.separableConv(refined, outputs);
      count.separableConv(fromEnd(features, i + 3), outputs);
    }
  }
  return count.cost();
}

ArchCost poseMobilenetCost(const models::LitePoseOptions& options) {
  return poseMobilenetCost(options, options.arch.imgSize, options.arch.imgSize);
}

}  // namespace posescope::search

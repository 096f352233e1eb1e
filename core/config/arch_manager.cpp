// The reference's arch_manager.py: _make_divisible, fixed_sample and random_sample.
#include <cmath>
#include <random>

#include "config/arch_config.h"

namespace posescope {

namespace {

// arch_manager.py's search space: {channel, num_blocks, stride} per stage; blocks are [6, 7].
struct StageSpace {
  int channel, numBlocks, stride;
};
constexpr StageSpace kArchSetting[] = {{32, 4, 2}, {64, 6, 2}, {96, 8, 2}, {160, 8, 1}};
constexpr int kInputChannel = 24;
constexpr double kWidthMult[] = {1.0, 0.75, 0.5, 0.25};
constexpr int kBlockExpansion = 6;
constexpr int kBlockKernel = 7;

// Floor division of Python ints.
long long floorDiv(long long a, long long b) {
  long long q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

ArchConfig buildArch(int reso, int inputChannel, std::vector<int> deconv,
                     const std::vector<int>& channels) {
  ArchConfig arch;
  arch.imgSize = reso;
  arch.inputChannel = inputChannel;
  arch.deconvSetting = std::move(deconv);
  for (std::size_t i = 0; i < std::size(kArchSetting); ++i) {
    ArchStage stage;
    stage.numBlocks = kArchSetting[i].numBlocks;
    stage.stride = kArchSetting[i].stride;
    stage.channel = channels[i];
    stage.blockSetting.assign(static_cast<std::size_t>(stage.numBlocks),
                              {kBlockExpansion, kBlockKernel});
    arch.backbone.push_back(std::move(stage));
  }
  return arch;
}

}  // namespace

int makeDivisible(double value, int divisor, int minValue) {
  if (minValue < 0) minValue = divisor;
  // int() truncates towards zero; // floors.
  const auto truncated = static_cast<long long>(std::trunc(value + divisor / 2.0));
  long long newValue = std::max<long long>(minValue, floorDiv(truncated, divisor) * divisor);
  if (static_cast<double>(newValue) < 0.9 * value) newValue += divisor;
  return static_cast<int>(newValue);
}

ArchManager::ArchManager(std::vector<int> deconvFilters)
    : deconvFilters_(std::move(deconvFilters)) {}

ArchConfig ArchManager::fixedSample(int reso, double ratio) const {
  std::vector<int> deconv, channels;
  for (int f : deconvFilters_) deconv.push_back(makeDivisible(f * ratio, 8));
  for (const auto& s : kArchSetting) channels.push_back(makeDivisible(s.channel * ratio, 8));
  return buildArch(reso, makeDivisible(kInputChannel * ratio, 8), deconv, channels);
}

ArchConfig ArchManager::randomSample(std::uint64_t seed) const {
  // mt19937_64's output is fixed by the standard; the bounded draw below is ours (rejection
  // sampling), so the same seed gives the same arch with every standard library.
  std::mt19937_64 gen(seed);
  auto rand = [&gen](std::uint64_t n) {
    const std::uint64_t limit = std::mt19937_64::max() - (std::mt19937_64::max() % n + 1) % n;
    std::uint64_t x;
    do {
      x = gen();
    } while (x > limit);
    return static_cast<int>(x % n);
  };
  auto randChannel = [&](int c) {
    return makeDivisible(c * kWidthMult[rand(std::size(kWidthMult))], 8);
  };
  // Same draw order as random_sample: size, input channel, deconvs, stage channels.
  const int reso = 256 + 64 * rand(5);
  const int inputChannel = randChannel(kInputChannel);
  std::vector<int> deconv, channels;
  for (int f : deconvFilters_) deconv.push_back(randChannel(f));
  for (const auto& s : kArchSetting) channels.push_back(randChannel(s.channel));
  return buildArch(reso, inputChannel, deconv, channels);
}

}  // namespace posescope

// The reference's arch_manager.py: _make_divisible, fixed_sample and random_sample.
#include <cmath>

#include "common/python_random.h"

#include "config/arch_config.h"

namespace posescope {

namespace {

// arch_manager.py's width multipliers and blocks ([6, 7]); the rest of the space is SearchSpace.
constexpr double kWidthMult[] = {1.0, 0.75, 0.5, 0.25};
constexpr int kBlockExpansion = 6;
constexpr int kBlockKernel = 7;

// Floor division of Python ints.
long long floorDiv(long long a, long long b) {
  long long q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

ArchConfig buildArch(const std::vector<StageSpace>& stages, int reso, int inputChannel,
                     std::vector<int> deconv, const std::vector<int>& channels) {
  ArchConfig arch;
  arch.imgSize = reso;
  arch.inputChannel = inputChannel;
  arch.deconvSetting = std::move(deconv);
  for (std::size_t i = 0; i < stages.size(); ++i) {
    ArchStage stage;
    stage.numBlocks = stages[i].numBlocks;
    stage.stride = stages[i].stride;
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

ArchManager::ArchManager(std::vector<int> deconvFilters, SearchSpace space)
    : deconvFilters_(std::move(deconvFilters)), space_(std::move(space)) {}

ArchConfig ArchManager::fixedSample(int reso, double ratio) const {
  std::vector<int> deconv, channels;
  for (int f : deconvFilters_) deconv.push_back(makeDivisible(f * ratio, 8));
  for (const auto& s : space_.stages) channels.push_back(makeDivisible(s.channel * ratio, 8));
  return buildArch(space_.stages, reso, makeDivisible(space_.inputChannel * ratio, 8), deconv,
                   channels);
}

int ArchManager::randomChannel(int channel, PythonRandom& random) const {
  const auto multiplier = kWidthMult[random.randint(0, std::size(kWidthMult) - 1)];
  return makeDivisible(channel * multiplier, 8);
}

int ArchManager::randomInputSize(PythonRandom& random) const {
  const auto last = static_cast<long long>(space_.inputSizes.size()) - 1;
  return space_.inputSizes.at(static_cast<std::size_t>(random.randint(0, last)));
}

ArchConfig ArchManager::randomSample(PythonRandom& random) const {
  // random_sample's draw order: size, input channel, deconvolutions, stage channels.
  const int reso = randomInputSize(random);
  const int inputChannel = randomChannel(space_.inputChannel, random);
  std::vector<int> deconv, channels;
  for (int f : deconvFilters_) deconv.push_back(randomChannel(f, random));
  for (const auto& s : space_.stages) channels.push_back(randomChannel(s.channel, random));
  return buildArch(space_.stages, reso, inputChannel, deconv, channels);
}

int ArchManager::baseInputChannel() const {
  return space_.inputChannel;
}

const std::vector<StageSpace>& ArchManager::stages() const {
  return space_.stages;
}

}  // namespace posescope

#pragma once
// LitePose architecture description (the `--superconfig` JSON) and the reference's ArchManager.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace posescope {

class PythonRandom;  // common/python_random.h

/// One backbone stage of a LitePose arch: `num_blocks` inverted-residual blocks.
struct ArchStage {
  int numBlocks = 0;
  int stride = 1;
  int channel = 0;
  /// Per block: {expansion ratio, kernel size}.
  std::vector<std::pair<int, int>> blockSetting;
};

/// An arch JSON: {img_size, input_channel, deconv_setting, backbone_setting}.
struct ArchConfig {
  int imgSize = 256;
  int inputChannel = 16;
  std::vector<int> deconvSetting;
  std::vector<ArchStage> backbone;
};

/// Parses and validates an arch JSON file; throws ConfigError naming the file and field.
ArchConfig loadArchJson(const std::string& path);
/// Same from a parsed document; `source` names it in errors.
ArchConfig archFromJson(const nlohmann::json& doc, const std::string& source);
/// The arch as a JSON document (nlohmann::json sorts keys; values as the reference's).
nlohmann::json archToJson(const ArchConfig& arch);
/// The text Python's json.dumps writes for this arch (the reference's key order and spacing).
std::string archToJsonText(const ArchConfig& arch);

/// The reference's `_make_divisible` (MobileNetV2 channel rounding), exactly.
int makeDivisible(double value, int divisor, int minValue = -1);

/// One backbone stage of ArchManager's search space: channels before width scaling, blocks, stride.
struct StageSpace {
  int channel, numBlocks, stride;
};

/// What ArchManager draws from: the stem and stage widths before width scaling (each drawn as
/// x1 / .75 / .5 / .25), each stage's blocks (always all of them, expansion 6, kernel 7) and the
/// input sizes. The defaults are arch_manager.py's; config/search_space.h reads other ones.
struct SearchSpace {
  int inputChannel = 24;
  std::vector<StageSpace> stages{{32, 4, 2}, {64, 6, 2}, {96, 8, 2}, {160, 8, 1}};
  std::vector<int> inputSizes{256, 320, 384, 448, 512};
};

/// The reference's ArchManager (arch_manager.py): LitePose's search space by default. Random
/// draws come from a port of Python's `random`, in the reference's order, so a seeded
/// generator gives the reference's architectures (in any space: the draws are indices).
class ArchManager {
 public:
  /// `deconvFilters` is MODEL.EXTRA.NUM_DECONV_FILTERS.
  explicit ArchManager(std::vector<int> deconvFilters, SearchSpace space = {});
  /// fixed_sample(reso, ratio): every width scaled by `ratio`, blocks [6, 7].
  ArchConfig fixedSample(int reso = 256, double ratio = 0.5) const;
  /// random_sample(): input size, input channel, deconvolutions, stage channels.
  ArchConfig randomSample(PythonRandom& random) const;
  /// rand_channel(c): `c` scaled by a random width multiplier, made divisible by 8.
  int randomChannel(int channel, PythonRandom& random) const;
  /// `256 + 64 * rand(5)` in the reference's space: one of the space's input sizes.
  int randomInputSize(PythonRandom& random) const;

  int baseInputChannel() const;
  const std::vector<int>& baseDeconvFilters() const { return deconvFilters_; }
  const std::vector<StageSpace>& stages() const;
  const std::vector<int>& inputSizes() const { return space_.inputSizes; }

 private:
  std::vector<int> deconvFilters_;
  SearchSpace space_;
};

}  // namespace posescope

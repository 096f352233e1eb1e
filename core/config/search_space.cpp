#include "config/search_space.h"

#include "common/errors.h"

namespace posescope {

namespace {

constexpr int kStrides[] = {2, 2, 2, 1};  // pose_supermobilenet's and arch_manager.py's

std::vector<int> positiveInts(const ConfigNode& cfg, const std::string& key,
                              std::vector<int> fallback, std::size_t length) {
  if (!cfg.has(key)) return fallback;
  std::vector<int> out;
  for (const auto v : cfg.getIntList(key)) {
    if (v < 1 || v > 100000)
      throw ConfigError(key + ": every entry must be from 1 to 100000, got " + std::to_string(v));
    out.push_back(static_cast<int>(v));
  }
  if (length > 0 && out.size() != length)
    throw ConfigError(key + ": expected " + std::to_string(length) + " entries, got " +
                      std::to_string(out.size()));
  if (out.empty()) throw ConfigError(key + ": must not be empty");
  return out;
}

}  // namespace

SupernetShape supernetShapeFromConfig(const ConfigNode& cfg) {
  SupernetShape shape;
  const std::string stem = "MODEL.EXTRA.SUPERNET_INPUT_CHANNEL";
  if (cfg.has(stem)) {
    const auto v = cfg.getInt(stem);
    if (v < 1 || v > 100000)
      throw ConfigError(stem + ": must be from 1 to 100000, got " + std::to_string(v));
    shape.inputChannel = static_cast<int>(v);
  }
  const std::size_t stages = std::size(kStrides);
  shape.stageChannels =
      positiveInts(cfg, "MODEL.EXTRA.SUPERNET_STAGE_CHANNELS", shape.stageChannels, stages);
  shape.stageBlocks =
      positiveInts(cfg, "MODEL.EXTRA.SUPERNET_STAGE_BLOCKS", shape.stageBlocks, stages);
  return shape;
}

SearchSpace searchSpaceFromConfig(const ConfigNode& cfg) {
  const SupernetShape shape = supernetShapeFromConfig(cfg);
  const std::string blocksKey = "MODEL.EXTRA.SEARCH_STAGE_BLOCKS";
  SearchSpace space;
  std::vector<int> blocks;
  for (const auto& s : space.stages) blocks.push_back(s.numBlocks);
  blocks = positiveInts(cfg, blocksKey, blocks, std::size(kStrides));
  space.inputChannel = shape.inputChannel;
  space.stages.clear();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (blocks[i] > shape.stageBlocks[i])
      throw ConfigError(blocksKey + "[" + std::to_string(i) + "] " + std::to_string(blocks[i]) +
                        " exceeds the supernet's " + std::to_string(shape.stageBlocks[i]) +
                        " (MODEL.EXTRA.SUPERNET_STAGE_BLOCKS)");
    space.stages.push_back({shape.stageChannels[i], blocks[i], kStrides[i]});
  }
  space.inputSizes = positiveInts(cfg, "MODEL.EXTRA.SEARCH_INPUT_SIZES", space.inputSizes, 0);
  return space;
}

ArchManager archManagerFromConfig(const ConfigNode& cfg) {
  std::vector<int> filters;
  for (const auto f : cfg.getIntList("MODEL.EXTRA.NUM_DECONV_FILTERS"))
    filters.push_back(static_cast<int>(f));
  return ArchManager(std::move(filters), searchSpaceFromConfig(cfg));
}

}  // namespace posescope

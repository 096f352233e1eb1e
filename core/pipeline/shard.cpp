#include "pipeline/shard.h"

#include <cctype>

#include <nlohmann/json.hpp>

#include "common/errors.h"

namespace posescope {

namespace {

// A non-negative decimal without sign or spaces; false when `text` is not one.
bool parseCount(const std::string& text, size_t& value) {
  if (text.empty() || text.size() > 9) return false;
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  value = std::stoul(text);
  return true;
}

}  // namespace

ShardSpec parseShardSpec(const std::string& text) {
  const size_t slash = text.find('/');
  ShardSpec shard;
  if (slash == std::string::npos || !parseCount(text.substr(0, slash), shard.index) ||
      !parseCount(text.substr(slash + 1), shard.count))
    throw ConfigError("--shard '" + text + "': expected K/N, e.g. 0/4 (K counts from 0)");
  if (shard.count == 0 || shard.index >= shard.count)
    throw ConfigError(
        "--shard '" + text + "': K must be in 0.." +
        (shard.count == 0 ? std::string("N-1 and N at least 1") : std::to_string(shard.count - 1)));
  return shard;
}

std::string shardSpecText(const ShardSpec& shard) {
  return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

std::vector<size_t> shardPositions(const ShardSpec& shard, size_t total) {
  std::vector<size_t> positions;
  for (size_t p = shard.index; p < total; p += shard.count) positions.push_back(p);
  return positions;
}

nlohmann::json shardIdentityToJson(const ShardIdentity& shard) {
  return {{"index", shard.index},
          {"count", shard.count},
          {"selected_images", shard.selectedImages},
          {"dataset_images", shard.datasetImages}};
}

ShardIdentity shardIdentityFromJson(const nlohmann::json& json, const std::string& source) {
  ShardIdentity shard;
  try {
    shard.index = json.at("index").get<size_t>();
    shard.count = json.at("count").get<size_t>();
    shard.selectedImages = json.at("selected_images").get<size_t>();
    shard.datasetImages = json.at("dataset_images").get<size_t>();
  } catch (const nlohmann::json::exception& e) {
    throw Error(source + ": malformed 'shard': " + e.what());
  }
  if (shard.count == 0 || shard.index >= shard.count)
    throw Error(source + ": 'shard' says shard " + std::to_string(shard.index) + " of " +
                std::to_string(shard.count) + " (the index must be below the count)");
  return shard;
}

}  // namespace posescope

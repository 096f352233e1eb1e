#pragma once
// Shards: one evaluation split into N independent runs (a Slurm array task, a Kubernetes indexed
// job, a process on another machine) that `posescope-cli merge` joins into one run folder.

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace posescope {

/// Which shard of how many: K in [0, N). 0-based, as $SLURM_ARRAY_TASK_ID (--array=0-N-1) and
/// $JOB_COMPLETION_INDEX count.
struct ShardSpec {
  size_t index = 0;
  size_t count = 1;
};

/// Parses "K/N" (0 <= K < N); throws ConfigError naming `text` otherwise.
ShardSpec parseShardSpec(const std::string& text);
/// "K/N".
std::string shardSpecText(const ShardSpec& shard);

/// The positions of the evaluation's image list (0 .. total-1) that shard K of N evaluates:
/// every N-th one starting at K. Interleaving (rather than blocks) spreads crowded and quiet parts
/// of a dataset evenly over the shards. Deterministic: depends on K, N and total only.
std::vector<size_t> shardPositions(const ShardSpec& shard, size_t total);

/// What a shard's run.json says about it (`shard` object): enough for merge to check that shards
/// belong together and to put their records back in the unsharded order.
struct ShardIdentity {
  size_t index = 0;
  size_t count = 1;
  size_t selectedImages = 0;  // images of the whole (unsharded) evaluation, after --limit
  size_t datasetImages = 0;   // images in the dataset's annotation file
};

nlohmann::json shardIdentityToJson(const ShardIdentity& shard);
/// Reads shardIdentityToJson's output; throws Error naming `source` when a field is missing or
/// the numbers are impossible (K >= N).
ShardIdentity shardIdentityFromJson(const nlohmann::json& json, const std::string& source);

}  // namespace posescope

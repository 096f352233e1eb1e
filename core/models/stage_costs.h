#pragma once
// Parameters and multiply-adds of a LitePose-family network grouped the way the arch table shows
// it: stem, each backbone stage, head.

#include <cstdint>
#include <vector>

namespace posescope {

struct ModelSummary;  // models/pose_net.h; not included, so this header stays free of LibTorch

/// Cost of one group of layers.
struct GroupCost {
  std::int64_t parameters = 0;
  std::int64_t multiplyAdds = 0;  // ptflops' count, as LitePose reports it
};

/// Stem, backbone stages (in order) and head, plus totals.
struct StageCosts {
  GroupCost stem;
  std::vector<GroupCost> stages;
  GroupCost head;
  GroupCost total;
};

/// Groups `summary.layers` by state_dict prefix: "first" is the stem, "stage.K" is stage K, any
/// other layer is the head. `numStages` sizes `stages`; layers of higher stages count as head.
/// Never fails.
StageCosts groupStageCosts(const ModelSummary& summary, int numStages);

}  // namespace posescope

#pragma once
// Which of several results lists on one ground truth is best, and is it really better than the
// second best (a checkpoint sweep's question: is the "best" epoch noise)?

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "analysis/paired_bootstrap.h"
#include "analysis/resampled_metrics.h"

namespace posescope {

/// The best list against the second best on one stat.
struct BestAgainstSecond {
  std::size_t best = 0, second = 0;  // positions in the lists given
  StatDifference difference;         // B = best, A = second: delta = best - second
};

/// Ranks `lists` by the stat named `stat` over every image (higher is better; a tie goes to the
/// earlier list; an undefined stat, -1, ranks last and never best) and compares the best with the
/// second best by pairedBootstrap(second, best, options). Unset with fewer than two lists on which
/// the stat is defined. Throws EvalError when no stat is named `stat`, or as pairedBootstrap.
std::optional<BestAgainstSecond> bestAgainstSecond(
    const std::vector<const ResampledMetrics*>& lists, const std::string& stat,
    const BootstrapOptions& options = {});

}  // namespace posescope

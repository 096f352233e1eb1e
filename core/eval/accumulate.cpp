#include "eval/accumulate_in_order.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace posescope {

ScoreOrder scoreOrderOf(const std::vector<const ImageAreaMatch*>& images) {
  struct Scored {
    ScoreOrder::Entry entry;
    double score;
  };
  std::vector<Scored> scored;
  for (std::size_t i = 0; i < images.size(); ++i) {
    const ImageAreaMatch* e = images[i];
    if (!e) continue;
    for (std::size_t d = 0; d < e->numDets; ++d) {
      scored.push_back(
          {{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(d)}, e->dtScores[d]});
    }
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const Scored& a, const Scored& b) { return a.score > b.score; });
  ScoreOrder order;
  order.entries.reserve(scored.size());
  for (const Scored& s : scored) order.entries.push_back(s.entry);
  return order;
}

PrecisionRecall accumulateInOrder(const std::vector<const ImageAreaMatch*>& images,
                                  const EvalParams& params, const ScoreOrder& order,
                                  std::optional<std::size_t> onlyThreshold) {
  const std::size_t T = params.iouThrs.size(), R = params.recThrs.size();
  PrecisionRecall out;
  out.precision.assign(T * R, -1.0);
  out.scores.assign(T * R, -1.0);
  out.recall.assign(T, -1.0);

  std::size_t npig = 0, detections = 0;
  bool any = false;
  for (const ImageAreaMatch* e : images) {
    if (!e) continue;
    any = true;
    npig += e->numRegularGts;
    detections += e->numDets;
  }
  const std::size_t nd = order.entries.size();
  if (nd != detections) {
    throw std::logic_error("accumulate: the score order holds " + std::to_string(nd) +
                           " detections, the images " + std::to_string(detections));
  }
  if (!any || npig == 0) return out;

  // Each detection's verdict at every threshold computed is read in one visit (an image's rows lie
  // close together), in score order; each threshold's pass is then contiguous.
  const std::size_t first = onlyThreshold ? *onlyThreshold : 0;
  const std::size_t count = onlyThreshold ? (*onlyThreshold < T ? 1 : 0) : T;
  enum : std::uint8_t { Ignored, TruePositive, FalsePositive };
  std::vector<std::uint8_t> verdicts(count * nd);
  std::vector<double> sortedScores(nd);
  double previous = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < nd; ++i) {
    const ImageAreaMatch& e = *images[order.entries[i].image];
    const std::size_t d = order.entries[i].detection;
    if (e.dtScores[d] > previous) {
      throw std::logic_error("accumulate: the score order is not these scores'");
    }
    previous = sortedScores[i] = e.dtScores[d];
    for (std::size_t c = 0; c < count; ++c) {
      const std::size_t at = (first + c) * e.numDets + d;
      verdicts[c * nd + i] = e.dtIgnore[at]           ? Ignored
                             : e.dtMatchGtId[at] != 0 ? TruePositive
                                                      : FalsePositive;
    }
  }

  const double eps = std::numeric_limits<double>::epsilon();
  std::vector<double> rc(nd), pr(nd);
  for (std::size_t c = 0; c < count; ++c) {
    const std::size_t t = first + c;
    const std::uint8_t* verdict = verdicts.data() + c * nd;
    double tp = 0, fp = 0;
    for (std::size_t i = 0; i < nd; ++i) {
      tp += verdict[i] == TruePositive;
      fp += verdict[i] == FalsePositive;
      rc[i] = tp / static_cast<double>(npig);
      pr[i] = tp / (fp + tp + eps);
    }
    out.recall[t] = nd ? rc[nd - 1] : 0.0;
    for (std::size_t i = nd; i-- > 1;) {
      if (pr[i] > pr[i - 1]) pr[i - 1] = pr[i];
    }
    for (std::size_t r = 0; r < R; ++r) {
      const auto it = std::lower_bound(rc.begin(), rc.end(), params.recThrs[r]);
      const std::size_t pi = static_cast<std::size_t>(it - rc.begin());
      out.precision[t * R + r] = pi < nd ? pr[pi] : 0.0;
      out.scores[t * R + r] = pi < nd ? sortedScores[pi] : 0.0;
    }
  }
  return out;
}

PrecisionRecall accumulateMatches(const std::vector<const ImageAreaMatch*>& images,
                                  const EvalParams& params,
                                  std::optional<std::size_t> onlyThreshold) {
  return accumulateInOrder(images, params, scoreOrderOf(images), onlyThreshold);
}

}  // namespace posescope

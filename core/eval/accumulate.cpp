#include "eval/accumulate.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace posescope {

PrecisionRecall accumulateMatches(const std::vector<const ImageAreaMatch*>& images,
                                  const EvalParams& params,
                                  std::optional<std::size_t> onlyThreshold) {
  const std::size_t T = params.iouThrs.size(), R = params.recThrs.size();
  PrecisionRecall out;
  out.precision.assign(T * R, -1.0);
  out.recall.assign(T, -1.0);

  // Concatenate the images' detections in image order, then order by score (stable).
  struct Ref {
    const ImageAreaMatch* image;
    std::size_t d;
    double score;
  };
  std::vector<Ref> dets;
  std::size_t npig = 0;
  bool any = false;
  for (const ImageAreaMatch* e : images) {
    if (!e) continue;
    any = true;
    npig += e->numRegularGts;
    for (std::size_t d = 0; d < e->numDets; ++d) dets.push_back({e, d, e->dtScores[d]});
  }
  if (!any || npig == 0) return out;
  std::stable_sort(dets.begin(), dets.end(),
                   [](const Ref& a, const Ref& b) { return a.score > b.score; });

  const std::size_t nd = dets.size();
  const double eps = std::numeric_limits<double>::epsilon();
  std::vector<double> rc(nd), pr(nd);
  for (std::size_t t = 0; t < T; ++t) {
    if (onlyThreshold && t != *onlyThreshold) continue;
    double tp = 0, fp = 0;
    for (std::size_t i = 0; i < nd; ++i) {
      const ImageAreaMatch& e = *dets[i].image;
      const std::size_t at = t * e.numDets + dets[i].d;
      if (!e.dtIgnore[at]) {
        if (e.dtMatchGtId[at] != 0) {
          tp += 1;
        } else {
          fp += 1;
        }
      }
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
    }
  }
  return out;
}

}  // namespace posescope

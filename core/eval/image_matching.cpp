#include "eval/image_matching.h"

#include <algorithm>
#include <numeric>

#include "eval/oks.h"

namespace posescope {

bool isIgnoredPerson(const GroundTruthPerson& gt) {
  return gt.isCrowd || gt.numKeypoints == 0;
}

bool isIgnoredInArea(const GroundTruthPerson& gt, const AreaRange& area, EvalVariant variant) {
  const double a = groundTruthArea(gt, variant);
  return isIgnoredPerson(gt) || a < area.lo || a > area.hi;
}

ImageAreaMatch matchImage(const ImageInput& in, const EvalParams& params, const AreaRange& area) {
  const std::size_t T = params.iouThrs.size(), G = in.gts.size(), D = in.dts.size();
  ImageAreaMatch out;
  out.numDets = D;
  out.dtScores.resize(D);
  for (std::size_t d = 0; d < D; ++d) out.dtScores[d] = in.dts[d]->score;
  out.dtMatchGtId.assign(T * D, 0);
  out.dtMatchGt.assign(T * D, -1);
  out.dtIgnore.assign(T * D, 0);
  out.gtIgnore.resize(G);
  for (std::size_t g = 0; g < G; ++g) {
    out.gtIgnore[g] = isIgnoredInArea(*in.gts[g], area, params.variant);
    out.numRegularGts += !out.gtIgnore[g];
  }
  // Regular ground truths first, ignored ones last, keeping file order within each group.
  std::vector<std::size_t> order(G);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return out.gtIgnore[a] < out.gtIgnore[b]; });

  if (!in.oks.empty()) {
    std::vector<std::int64_t> gtMatchDtId(G);
    for (std::size_t t = 0; t < T; ++t) {
      std::fill(gtMatchDtId.begin(), gtMatchDtId.end(), 0);
      for (std::size_t d = 0; d < D; ++d) {
        double best = std::min(params.iouThrs[t], 1 - 1e-10);
        long m = -1;  // position in `order`
        for (std::size_t s = 0; s < G; ++s) {
          const std::size_t g = order[s];
          if (gtMatchDtId[g] > 0 && !in.gts[g]->isCrowd) continue;
          if (m > -1 && !out.gtIgnore[order[m]] && out.gtIgnore[g]) break;
          const double value = in.oks[d * G + g];
          if (value < best) continue;
          best = value;
          m = static_cast<long>(s);
        }
        if (m == -1) continue;
        const std::size_t g = order[m];
        out.dtIgnore[t * D + d] = out.gtIgnore[g];
        out.dtMatchGtId[t * D + d] = in.gts[g]->id;
        out.dtMatchGt[t * D + d] = static_cast<int>(g);
        gtMatchDtId[g] = in.dtIds[d];
      }
    }
  }
  // Unmatched detections outside the area range are ignored too ("matched" means a non-zero
  // annotation id, as in the reference).
  for (std::size_t d = 0; d < D; ++d) {
    const double a = detectionArea(*in.dts[d]);
    if (!(a < area.lo || a > area.hi)) continue;
    for (std::size_t t = 0; t < T; ++t) {
      if (out.dtMatchGtId[t * D + d] == 0) out.dtIgnore[t * D + d] = 1;
    }
  }
  return out;
}

}  // namespace posescope

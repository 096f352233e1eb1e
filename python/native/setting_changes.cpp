#include "setting_changes.h"

#include "common/errors.h"

namespace posescope::python {

EvalVariant variantOf(const KeypointGroundTruth& gt, const SettingChanges& changes) {
  if (!changes.dataset) return variantForGroundTruth(gt);
  try {
    return variantFromDatasetName(*changes.dataset);
  } catch (const EvalError& e) {
    throw EvalError(std::string("dataset: ") + e.what());
  }
}

void applySettingChanges(EvalParams& params, const SettingChanges& changes) {
  if (changes.sigmas) {
    // As pycocotools' kpt_oks_sigmas: another count scores a skeleton of that many joints (the
    // evaluation then checks the ground truth has them).
    const bool sameJoints = changes.sigmas->size() == params.sigmas.size();
    params.sigmas = changes.snapSigmas && sameJoints
                        ? snapToReference(*changes.sigmas, params.sigmas)
                        : *changes.sigmas;
  }
  if (changes.oksThresholds) params.iouThrs = *changes.oksThresholds;
  if (changes.recallPoints) params.recThrs = *changes.recallPoints;
  if (changes.areas) {
    params.areas.clear();
    for (const auto& [label, lo, hi] : *changes.areas) params.areas.push_back({lo, hi, label});
  }
  if (changes.areaUpdates) {
    for (const auto& [label, lo, hi] : *changes.areaUpdates) {
      bool known = false;
      for (AreaRange& area : params.areas) {
        if (area.label != label) continue;
        area.lo = lo;
        area.hi = hi;
        known = true;
      }
      if (!known) {
        std::string names;
        for (const AreaRange& a : params.areas) names += (names.empty() ? "" : ", ") + a.label;
        throw EvalError("areas: unknown area range '" + label + "' (known: " + names + ")");
      }
    }
  }
  if (changes.maxDets) {
    if (*changes.maxDets < 1) throw EvalError("max_dets must be 1 or more");
    params.maxDets = *changes.maxDets;
  }
  if (changes.minScore) params.minScore = *changes.minScore;
  params.validate();
}

}  // namespace posescope::python

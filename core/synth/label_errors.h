#pragma once
// Annotation errors injected into a synthetic split on purpose (make-dataset --label-errors): the
// truth against which `posescope-cli suspects` is measured (scripts/bench-suspects). The images
// are untouched; only the annotation file lies.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "synth/coco_writer.h"

namespace posescope::synth {

/// The fraction of a split's people given each kind of error (0 to 1, together at most 1).
struct LabelErrorRates {
  double swap = 0, unannotated = 0, displaced = 0, duplicate = 0;
  bool any() const { return swap > 0 || unannotated > 0 || displaced > 0 || duplicate > 0; }
};

/// Parses "swap=0.03,unannotated=0.02,displaced=0.05,duplicate=0.02" (any subset, any order).
/// Throws ConfigError naming the part that is not KIND=RATE with a known kind and a rate in
/// [0, 1], or rates adding up to more than 1.
LabelErrorRates parseLabelErrorRates(const std::string& text);

/// One injected error, with the ids of the annotation file as written.
struct InjectedLabelError {
  std::string kind;  // "swap", "unannotated", "displaced", "duplicate"
  std::int64_t imageId = 0;
  std::int64_t annotationId = 0;  // the altered or added annotation; 0: the removed person's
  std::int64_t originalId = 0;    // a duplicate's original
  int joint = -1;                 // the displaced joint
  std::array<int, 4> bbox{};      // the person's box (a removed person's is nowhere else)
  std::string detail;
};

/// Alters `images` (a split's, before it is written): round(rate × people) people of each kind,
/// chosen seeded among those the kind can show (swap: 4+ labelled left-right pairs whose mirrors
/// lie apart, on average, by 0.3 × sqrt(area) or more; displaced: a visible joint of a person with
/// 8+ labelled joints, moved 0.5-0.8 × sqrt(area) away inside the image; unannotated: a person
/// with 8+ labelled joints, whose annotation is dropped; duplicate: a second annotation of a
/// person with 8+ labelled joints, each joint moved by at most half a pixel). A person gets one
/// error at most. Returns what was done, in image order; fewer than asked when too few people
/// qualify. Deterministic in `seed`.
std::vector<InjectedLabelError> injectLabelErrors(std::vector<SynthImageEntry>& images,
                                                  const LabelErrorRates& rates, std::uint64_t seed);

/// The truth file: {"split", "seed", "rates": {kind: rate}, "errors": [{"kind",
/// "image_id", "annotation_id", "original_id", "joint", "bbox", "detail"}]}.
std::string labelErrorsJson(const std::vector<InjectedLabelError>& errors,
                            const LabelErrorRates& rates, std::uint64_t seed,
                            const std::string& split);

}  // namespace posescope::synth

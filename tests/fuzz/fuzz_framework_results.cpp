// Fuzz target: a results JSON whose image ids may be file name stems (Ultralytics'
// predictions.json), read keeping them and resolved against a ground truth whose file names
// cover the stem rules (folders, several dots, a leading or trailing dot, digits, a shared stem).
// Every stem resolved must name one of its images.

#include <algorithm>
#include <cstdlib>

#include "eval/results_io.h"
#include "fuzz_support.h"

namespace {

posescope::KeypointGroundTruth stemGroundTruth() {
  posescope::KeypointGroundTruth gt;
  gt.source = "gt.json";
  const char* names[] = {"val/street_01.jpg", "a/b/market.day.jpg", "000000000042.jpg", ".hidden",
                         "trailing.",         "day/shared.jpg",     "night/shared.png"};
  std::int64_t id = 10;
  for (const char* name : names) gt.images.push_back({id++, name, 640, 480, std::nullopt});
  return gt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  static const posescope::KeypointGroundTruth gt = stemGroundTruth();
  static posescope::fuzz::MemoryFile file;
  file.set(data, size);
  return posescope::fuzz::runOneInput([&] {
    posescope::ResultsWithImageNames read = posescope::loadResultsWithImageNames(file.path());
    const auto named = read.imageNames;
    const auto detections = posescope::resolveImageNames(std::move(read), gt);
    for (const auto& entry : named) {
      const std::int64_t id = detections.at(entry.first).imageId;
      const bool known = std::any_of(gt.images.begin(), gt.images.end(),
                                     [&](const auto& image) { return image.id == id; });
      if (!known) std::abort();
    }
  });
}

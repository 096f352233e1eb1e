// Fuzz target: a run folder's views.json and tags.json (saved views, tags with notes), each read,
// written back and read again to the same values.

#include "fuzz_support.h"
#include "report/run_views.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  posescope::fuzz::runOneInput([&] {
    const auto views = posescope::parseSavedViews(text, "views.json");
    if (posescope::parseSavedViews(posescope::savedViewsJson(views), "views.json") != views)
      std::abort();
  });
  return posescope::fuzz::runOneInput([&] {
    const auto tags = posescope::parseRunTags(text, "tags.json");
    if (posescope::parseRunTags(posescope::runTagsJson(tags), "tags.json") != tags) std::abort();
  });
}

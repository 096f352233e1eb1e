// Fuzz target: a view query (--where, the GUI's query bar), parsed, written back and parsed
// again to the same text, then matched against an image with every kind of person.

#include "fuzz_support.h"
#include "report/view_query.h"

namespace {

posescope::ViewImage sampleImage() {
  posescope::ViewImage image;
  image.id = 7;
  image.file = "000000000007.jpg";
  image.people = 2;
  image.predicted = 2;
  image.ap = 0.25;
  for (const char* match : {"matched", "missed", "background", "crowd"}) {
    posescope::ViewPerson person;
    person.match = match;
    person.area = 9000;
    if (person.match != "missed") person.score = 0.5;
    if (person.match == "matched") person.oks = 0.7;
    person.swaps = 1;
    image.persons.push_back(person);
  }
  return image;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  static const posescope::ViewImage image = sampleImage();
  return posescope::fuzz::runOneInput([&] {
    const posescope::ViewQuery query = posescope::ViewQuery::parse(text);
    // The normalised text is what a saved view keeps: it must parse to itself.
    if (posescope::ViewQuery::parse(query.text()).text() != query.text()) std::abort();
    const bool kept = query.matchesImage(image);
    if (kept != posescope::ViewQuery::parse(query.text()).matchesImage(image)) std::abort();
  });
}

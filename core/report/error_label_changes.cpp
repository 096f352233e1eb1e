#include "report/error_label_changes.h"

namespace posescope {

std::string errorLabelChanges(const ImageTriage* a, const ImageTriage* b) {
  const ImageTriage none;
  const ImageTriage& x = a ? *a : none;
  const ImageTriage& y = b ? *b : none;
  struct Count {
    int a, b;
    const char *one, *many;
  };
  const Count counts[] = {
      {x.swaps, y.swaps, "swap", "swaps"},
      {x.inversions, y.inversions, "inversion", "inversions"},
      {x.misses, y.misses, "miss", "misses"},
      {x.jitters, y.jitters, "jitter", "jitters"},
      {x.backgroundFalsePositives, y.backgroundFalsePositives, "background FP", "background FPs"},
      {x.missedPeople, y.missedPeople, "missed person", "missed people"},
  };
  std::string text;
  for (const Count& c : counts) {
    const int d = c.b - c.a;
    if (d == 0) continue;
    const int n = d > 0 ? d : -d;
    text += text.empty() ? "B: " : ", ";
    text += std::to_string(n) + (d > 0 ? " new " : " ") + (n == 1 ? c.one : c.many) +
            (d > 0 ? "" : " fewer");
  }
  return text;
}

std::map<std::int64_t, std::string> errorLabelChangesByImage(const Triage& a, const Triage& b) {
  std::map<std::int64_t, std::pair<const ImageTriage*, const ImageTriage*>> images;
  for (const ImageTriage& i : a.images) images[i.imageId].first = &i;
  for (const ImageTriage& i : b.images) images[i.imageId].second = &i;
  std::map<std::int64_t, std::string> changes;
  for (const auto& [id, sides] : images) {
    std::string text = errorLabelChanges(sides.first, sides.second);
    if (!text.empty()) changes.emplace(id, std::move(text));
  }
  return changes;
}

}  // namespace posescope

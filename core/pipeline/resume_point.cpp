#include "pipeline/resume_point.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "common/errors.h"

namespace posescope {

std::vector<size_t> indicesLeftToEvaluate(const std::vector<size_t>& selection,
                                          const std::vector<ImageRecord>& done,
                                          const std::function<std::int64_t(size_t)>& imageIdAt,
                                          const std::string& source) {
  const std::unordered_set<size_t> selected(selection.begin(), selection.end());
  std::unordered_set<size_t> covered;
  for (const auto& record : done) {
    const std::string image =
        "image " + std::to_string(record.imageId) + " ('" + record.file + "')";
    if (!selected.count(record.index))
      throw Error(source + ": " + image + " at dataset index " + std::to_string(record.index) +
                  " is not one of the images this run evaluates");
    if (imageIdAt(record.index) != record.imageId)
      throw Error(source + ": " + image + " is not the dataset's image at index " +
                  std::to_string(record.index) + " (the annotation file changed?)");
    if (!covered.insert(record.index).second)
      throw Error(source + ": " + image + " is recorded twice");
  }
  std::vector<size_t> left;
  for (size_t index : selection)
    if (!covered.count(index)) left.push_back(index);
  return left;
}

void sortRecordsBySelection(std::vector<ImageRecord>& records,
                            const std::vector<size_t>& selection) {
  std::unordered_map<size_t, size_t> position;
  for (size_t i = 0; i < selection.size(); ++i) position.emplace(selection[i], i);
  std::stable_sort(records.begin(), records.end(), [&](const auto& a, const auto& b) {
    return position.at(a.index) < position.at(b.index);
  });
}

}  // namespace posescope

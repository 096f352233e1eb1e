#include "report/view_tags.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>

namespace posescope {

namespace {

void addOnce(std::vector<std::string>& names, const std::string& name) {
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

bool tagsPerson(const RunTag& tag, const ViewPerson& person) {
  return (tag.annotationId && tag.annotationId == person.groundTruthId) ||
         (tag.detection && tag.detection == person.detectionIndex);
}

}  // namespace

void attachTags(std::vector<ViewImage>& images, const std::vector<RunTag>& tags) {
  std::map<std::int64_t, std::vector<const RunTag*>> byImage;
  for (const RunTag& tag : tags) byImage[tag.imageId].push_back(&tag);
  for (ViewImage& image : images) {
    const auto it = byImage.find(image.id);
    if (it == byImage.end()) continue;
    for (const RunTag* tag : it->second) {
      addOnce(image.tags, tag->tag);
      for (ViewPerson& person : image.persons)
        if (tagsPerson(*tag, person)) addOnce(person.tags, tag->tag);
    }
  }
}

bool queryNamesTags(const ViewQuery& query) {
  return query.usesProperty("tag") || query.usesProperty("tagged") ||
         query.usesProperty("person_tag") || query.usesProperty("person_tagged");
}

}  // namespace posescope

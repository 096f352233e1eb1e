#include "widgets/session/maps_cache.h"

#include <algorithm>

namespace posescope {

MapsCache::MapsCache(std::size_t capacity) : capacity_(std::max<std::size_t>(1, capacity)) {}

std::shared_ptr<const ImageMaps> MapsCache::get(std::size_t index) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->first != index) continue;
    entries_.splice(entries_.begin(), entries_, it);
    return entries_.front().second;
  }
  return nullptr;
}

bool MapsCache::contains(std::size_t index) const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [index](const auto& e) { return e.first == index; });
}

void MapsCache::put(std::size_t index, std::shared_ptr<const ImageMaps> maps) {
  entries_.remove_if([index](const auto& e) { return e.first == index; });
  entries_.emplace_front(index, std::move(maps));
  while (entries_.size() > capacity_) entries_.pop_back();
}

}  // namespace posescope

#pragma once
// A small least-recently-used cache of recomputed image maps, so memory stays bounded however
// large the dataset.

#include <cstddef>
#include <list>
#include <memory>
#include <utility>

#include "pipeline/image_maps.h"

namespace posescope {

/// Maps by dataset index, at most capacity() entries; inserting into a full cache evicts the
/// least recently used. Not thread-safe (the GUI thread owns it).
class MapsCache {
 public:
  /// A cache of `capacity` images (at least 1; 0 is taken as 1).
  explicit MapsCache(std::size_t capacity = 8);

  /// The maps of `index` (now the most recently used), or nullptr when not cached.
  std::shared_ptr<const ImageMaps> get(std::size_t index);
  /// Whether `index` is cached, without touching its recency.
  bool contains(std::size_t index) const;
  /// Stores (or replaces) the maps of `index` as the most recently used; evicts as needed.
  void put(std::size_t index, std::shared_ptr<const ImageMaps> maps);
  void clear() { entries_.clear(); }
  std::size_t size() const { return entries_.size(); }
  std::size_t capacity() const { return capacity_; }

 private:
  std::size_t capacity_;
  std::list<std::pair<std::size_t, std::shared_ptr<const ImageMaps>>> entries_;  // newest first
};

}  // namespace posescope

#pragma once
// Several network replicas evaluating one run: images are dealt to whichever replica is free and
// their records come back in the run's order, so the run folder is the same as with one replica.

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "data/image_prefetcher.h"
#include "pipeline/image_record.h"

namespace posescope {

/// Takes decoded images from `source` in order and evaluates each on one of `replicas` workers;
/// next() hands the records back in the source's order. With one replica nothing runs on a thread
/// of its own: next() evaluates on the caller's thread, as a plain loop would.
class ReplicaDispatch {
 public:
  /// Evaluates one image on replica `replica` (0-based); may throw (CancelledError to stop).
  using EvaluateFn = std::function<ImageRecord(size_t replica, DecodedImage& image)>;

  ReplicaDispatch(size_t replicas, ImagePrefetcher& source, EvaluateFn evaluate);
  /// Stops and joins the workers.
  ~ReplicaDispatch();
  ReplicaDispatch(const ReplicaDispatch&) = delete;
  ReplicaDispatch& operator=(const ReplicaDispatch&) = delete;

  /// The next record in order; false after the last one. Rethrows what evaluating that image
  /// threw (the images after it are then dropped).
  bool next(ImageRecord& record);
  /// Lets the workers finish the image in hand and end; later next() calls return false.
  void stop();

 private:
  struct Outcome {
    ImageRecord record;
    std::exception_ptr error;
  };
  void work(size_t replica);

  ImagePrefetcher& source_;
  EvaluateFn evaluate_;
  std::mutex sourceMutex_;  // one worker at a time takes from the source
  size_t taken_ = 0;        // images taken from the source so far (guarded by sourceMutex_)
  std::mutex mutex_;
  std::condition_variable ready_;
  std::map<size_t, Outcome> done_;  // evaluated, not yet handed out, by position
  size_t nextToDeliver_ = 0;
  size_t end_ = static_cast<size_t>(-1);  // number of images once the source ran dry
  bool stopped_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace posescope

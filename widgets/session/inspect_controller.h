#pragma once
// The viewer's access to heatmaps and tag maps: an LRU cache on the GUI thread in front of one
// InspectWorker on its own thread.

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

#include "widgets/session/inspect_worker.h"
#include "widgets/session/maps_cache.h"

class QThread;

namespace posescope {

/// Lives on the GUI thread. request() answers from the cache or asks the worker; at most one
/// computation is in flight, and while it runs only the latest request is remembered (browsing
/// quickly does not queue every image passed). The destructor interrupts, quits and waits for the
/// worker's thread (finishing the image in progress).
class InspectController : public QObject {
  Q_OBJECT
 public:
  /// Starts the worker's thread; `cacheCapacity` images are kept (8 by default).
  explicit InspectController(std::size_t cacheCapacity = 8, QObject* parent = nullptr);
  ~InspectController() override;

  /// Hands `provider` to the worker (nullptr: none), clears the cache and forgets requests in
  /// flight (their results are dropped). Never fails.
  void setProvider(std::unique_ptr<MapsProvider> provider);
  bool hasProvider() const { return hasProvider_; }

  /// The maps of `index` when cached (no signal follows); otherwise nullptr, and mapsReady() or
  /// mapsFailed() follows for it unless another image is requested first.
  ImageMapsPtr request(std::size_t index);
  /// The maps of `index` when cached, else nullptr; computes nothing.
  ImageMapsPtr cached(std::size_t index);
  /// Drops every cached image (the next request recomputes).
  void clearCache() { cache_.clear(); }
  const MapsCache& cache() const { return cache_; }
  /// Whether a computation is in flight.
  bool busy() const { return inFlight_.has_value(); }

 Q_SIGNALS:
  /// The maps of `index` were computed (and cached).
  void mapsReady(qulonglong index, posescope::ImageMapsPtr maps);
  void mapsFailed(qulonglong index, const QString& message);
  void busyChanged(bool busy);
  /// Internal: hands a request to the worker's thread.
  void computeRequested(quint64 generation, qulonglong index);

 private:
  void send(std::size_t index);
  void onComputed(quint64 generation, qulonglong index, const ImageMapsPtr& maps);
  void onFailed(quint64 generation, qulonglong index, const QString& message);
  void sendWanted();

  QThread* thread_ = nullptr;
  InspectWorker* worker_ = nullptr;
  MapsCache cache_;
  quint64 generation_ = 0;
  bool hasProvider_ = false;
  std::optional<std::size_t> inFlight_;
  std::optional<std::size_t> wanted_;
};

}  // namespace posescope

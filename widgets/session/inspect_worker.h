#pragma once
// The background half of the viewer: recomputes one image's maps at a time on its own thread.

#include <QObject>
#include <QString>
#include <memory>

#include "widgets/session/maps_provider.h"

namespace posescope {

/// Shared, immutable maps of one image: built once on the worker's thread and never changed
/// after, so handing them to the GUI thread hands over a value (like an implicitly shared QImage).
using ImageMapsPtr = std::shared_ptr<const ImageMaps>;

/// A QObject meant to live on its own QThread, owning the MapsProvider (and so its Evaluator,
/// a second one next to the run's). Requests come in by queued call and are served one at a time;
/// results leave by signal. Never throws: a failure becomes failed(...).
class InspectWorker : public QObject {
  Q_OBJECT
 public:
  explicit InspectWorker(QObject* parent = nullptr);
  ~InspectWorker() override;

  /// Replaces the provider; results of later compute() calls carry `generation`. Call on the
  /// worker's thread (a queued call). Never fails.
  void setProvider(std::shared_ptr<MapsProvider> provider, quint64 generation);

 public Q_SLOTS:
  /// Computes the maps of `index` when `generation` is the current one; emits computed(), or
  /// failed() (also for a stale generation, without computing).
  void compute(quint64 generation, qulonglong index);

 Q_SIGNALS:
  void computed(quint64 generation, qulonglong index, posescope::ImageMapsPtr maps);
  /// `message` says what went wrong (no provider, the Evaluator could not be built, ...).
  void failed(quint64 generation, qulonglong index, const QString& message);

 private:
  std::shared_ptr<MapsProvider> provider_;
  quint64 generation_ = 0;
};

/// Registers ImageMapsPtr for queued connections; idempotent, never fails.
void registerInspectMetaTypes();

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::ImageMapsPtr)

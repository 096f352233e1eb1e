#include "widgets/session/inspect_worker.h"

namespace posescope {

InspectWorker::InspectWorker(QObject* parent) : QObject(parent) {}

InspectWorker::~InspectWorker() = default;

void InspectWorker::setProvider(std::shared_ptr<MapsProvider> provider, quint64 generation) {
  provider_ = std::move(provider);
  generation_ = generation;
}

void InspectWorker::compute(quint64 generation, qulonglong index) {
  if (generation != generation_) {  // the run changed since this was asked for
    Q_EMIT failed(generation, index, tr("The request is out of date."));
    return;
  }
  if (!provider_) {
    Q_EMIT failed(generation, index, tr("No model to recompute the maps with."));
    return;
  }
  try {
    auto maps = std::make_shared<ImageMaps>(provider_->computeMaps(static_cast<size_t>(index)));
    Q_EMIT computed(generation, index, std::move(maps));
  } catch (const std::exception& e) {
    Q_EMIT failed(generation, index, QString::fromStdString(e.what()));
  } catch (...) {
    Q_EMIT failed(generation, index, tr("Unexpected error while recomputing the maps."));
  }
}

void registerInspectMetaTypes() {
  qRegisterMetaType<posescope::ImageMapsPtr>();
}

}  // namespace posescope

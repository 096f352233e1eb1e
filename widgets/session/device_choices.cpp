#include "widgets/session/device_choices.h"

#include <QThreadPool>
#include <QTimer>

#include "widgets/session/background_job.h"
#include "widgets/session/network_engine.h"

namespace posescope {

QStringList baseDevices() {
  return {QStringLiteral("auto"), QStringLiteral("cpu")};
}

QStringList availableDevices() {
  QStringList devices = baseDevices();
  int count = 0;
  try {
    count = networkEngine().cudaDeviceCount();
  } catch (const std::exception&) {
    count = 0;  // no engine, no CUDA: a run says why the engine is missing
  }
  for (int i = 0; i < count; ++i) devices << QStringLiteral("cuda:%1").arg(i);
  return devices;
}

DeviceProbe::DeviceProbe(QObject* parent) : QObject(parent) {
  // A thread of its own: the probe may wait a second or more for LibTorch, which neither Qt's
  // global pool (its paint engine waits on it) nor the background pool (run folders being read)
  // should.
  pool_ = new QThreadPool(this);
  pool_->setMaxThreadCount(1);
  // From the event loop: a window built with a probe shows before LibTorch starts loading.
  QTimer::singleShot(0, this, &DeviceProbe::start);
}

void DeviceProbe::start() {
  inBackground(
      this, availableDevices,
      [this](const QStringList& devices) {
        devices_ = devices;
        known_ = true;
        Q_EMIT answered(devices_);
      },
      pool_);
}

}  // namespace posescope

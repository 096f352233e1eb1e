#pragma once
// The devices a run can be given: "auto", "cpu" and every CUDA device LibTorch sees. LibTorch is
// asked through the network engine, in the background: until it answers, the choices are the
// two every machine has.

#include <QObject>
#include <QStringList>

class QThreadPool;

namespace posescope {

/// "auto" and "cpu": every machine has them, known without LibTorch.
QStringList baseDevices();

/// baseDevices(), then "cuda:0" ... "cuda:N-1" for the CUDA devices LibTorch reports; a LibTorch
/// without CUDA, a machine without a GPU or an engine that cannot load gives baseDevices(). Waits
/// for the network engine: call it off the GUI thread. Never throws.
QStringList availableDevices();

/// Asks availableDevices() once, in the background, for the GUI thread.
class DeviceProbe : public QObject {
  Q_OBJECT
 public:
  /// Starts the probe once the event loop runs.
  explicit DeviceProbe(QObject* parent = nullptr);

  /// availableDevices() once known, else baseDevices().
  QStringList devices() const { return devices_; }
  /// What checkRunSetup takes: the devices once the probe has answered, else an empty list (not
  /// known yet: a CUDA device cannot be ruled out).
  QStringList knownDevices() const { return known_ ? devices_ : QStringList(); }

 Q_SIGNALS:
  /// The probe answered with `devices`.
  void answered(const QStringList& devices);

 private:
  void start();

  QThreadPool* pool_ = nullptr;
  QStringList devices_ = baseDevices();
  bool known_ = false;
};

}  // namespace posescope

#pragma once
// The run setup's background check: does the checkpoint load into the network the setup builds?
// The same strict load a run (and posescope-cli verify-model) makes, found before Run is pressed.

#include <QObject>
#include <QString>
#include <optional>

#include "config/experiment.h"

class QThreadPool;
class QTimer;

namespace posescope {

/// Builds the network of `experiment` and loads its TEST.MODEL_FILE strictly (a TorchScript file
/// is loaded as the network), as the Evaluator does; returns "" when it loads, else what is
/// wrong (the message names the file and the first mismatching tensor). Slow (seconds for large
/// networks): call it off the GUI thread. Never throws.
QString checkpointFitError(const Experiment& experiment);

/// Runs checkpointFitError in the background once the inputs settle: request() (re)starts a
/// short pause, then one check runs on its own thread; requests made meanwhile supersede it, so
/// only the answer for the latest experiment arrives (checked). While paused (a run builds its
/// own network: building two at once stalled the GUI thread) nothing starts; a pending check
/// starts when resumed. Lives on the GUI thread; never throws.
class CheckpointCheck : public QObject {
  Q_OBJECT
 public:
  explicit CheckpointCheck(QObject* parent = nullptr);
  ~CheckpointCheck() override;

  /// Checks `experiment` after the settling pause; nullopt cancels the pending check (and the
  /// answer of one in flight is dropped).
  void request(const std::optional<Experiment>& experiment);
  void setPaused(bool paused);
  /// Whether a check is pending or in flight.
  bool isBusy() const { return pending_.has_value() || inFlight_; }
  /// The settling pause in milliseconds (tests shorten it).
  void setSettleMs(int ms);

 Q_SIGNALS:
  /// The checkpoint of the experiment last requested loads ("" ) or not (`error`).
  void checked(const QString& error);
  /// A check started (the form says it is checking).
  void checking();

 private:
  void startPending();

  QTimer* settle_ = nullptr;
  QThreadPool* pool_ = nullptr;  // one thread: one network built at a time
  std::optional<Experiment> pending_;
  bool paused_ = false;
  bool inFlight_ = false;
  int generation_ = 0;
};

}  // namespace posescope

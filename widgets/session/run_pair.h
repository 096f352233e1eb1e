#pragma once
// Two run setups evaluated one after the other on the same dataset, to compare them (A, B).

#include <QDateTime>
#include <QString>
#include <vector>

#include "widgets/session/run_queue.h"
#include "widgets/session/run_setup.h"

namespace posescope {

/// The checks of both setups and whether they can be compared.
struct RunPairCheck {
  SetupCheck a, b;
  /// Why the two cannot be compared although each is valid ("" when they can).
  QString pairError;
  bool ok() const { return a.ok() && b.ok() && pairError.isEmpty(); }
  /// One message for everything to fix, each line prefixed with the side ("A: ...").
  QString describe() const;
};

/// "" when `a` and `b` evaluate the same images (the same DATASET.DATASET_TEST, and the same
/// annotation file or one with the same bytes), else a message naming both datasets.
QString datasetDifference(const Experiment& a, const Experiment& b);

/// checkRunSetup on each side, then datasetDifference; never throws.
RunPairCheck checkRunPair(const RunSetup& a, const RunSetup& b, const QStringList& devices);

/// The two queued runs, A then B, into new run folders tagged A-<name> and B-<name>: the arch
/// JSON's stem (the config's without one), or the checkpoint's when A and B share the arch.
std::vector<QueuedRun> queuedRunPair(const RunSetup& a, const RunSetup& b,
                                     const QDateTime& now = QDateTime::currentDateTime());

}  // namespace posescope

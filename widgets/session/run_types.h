#pragma once
// Values that cross from the evaluation thread to the GUI thread, registered with QMetaType.

#include <QMetaType>
#include <memory>
#include <optional>
#include <string>

#include "common/cancellation.h"
#include "config/experiment.h"
#include "eval/metric_table.h"
#include "pipeline/evaluator_options.h"
#include "pipeline/image_record.h"
#include "pipeline/run_folder.h"

namespace posescope {

/// Everything a worker needs to start one evaluation; copied into the worker's thread.
struct RunRequest {
  ExperimentSpec spec;
  EvaluatorOptions options;
  /// Shared with whoever may cancel; the worker only reads it.
  CancellationTokenPtr cancel;
};

/// How a run ended (complete or cancelled); records arrive one by one before it.
struct RunOutcome {
  RunSummary summary;
  std::optional<MetricTable> metrics;
  std::string metricsMarkdown;
  std::string runDir;
};

/// Registers the types above and the core structs they carry; idempotent, never fails.
void registerRunMetaTypes();

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::RunRequest)
Q_DECLARE_METATYPE(posescope::RunOutcome)
Q_DECLARE_METATYPE(posescope::RunSummary)
Q_DECLARE_METATYPE(posescope::ImageRecord)

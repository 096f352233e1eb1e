#pragma once
// What the user sets up for a run, and its validation (the same core checks the CLI makes).

#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

#include "config/experiment.h"
#include "pipeline/evaluator_options.h"

class QSettings;

namespace posescope {

/// The run-setup form's values, as plain data.
struct RunSetup {
  QString configFile;
  QString archFile;       // optional (--superconfig)
  QString checkpoint;     // TEST.MODEL_FILE override when not empty
  QString datasetRoot;    // DATASET.ROOT override when not empty
  QStringList overrides;  // flat KEY VALUE list, before the two above
  QString device = QStringLiteral("auto");
  QString outputDir;  // folder that receives one run folder per run
};

/// The form fields validation can blame.
enum class SetupField { Config, Arch, Checkpoint, DatasetRoot, Overrides, Device, Output };

/// Result of checking a setup: the loaded experiment (when the config loads) and one message
/// per field that must be fixed.
struct SetupCheck {
  std::optional<Experiment> experiment;
  QMap<SetupField, QString> errors;
  bool ok() const { return experiment.has_value() && errors.isEmpty(); }
  QString error(SetupField field) const { return errors.value(field); }
};

/// The experiment spec the CLI would get: --cfg, --superconfig, the table's KEY VALUE pairs, then
/// DATASET.ROOT and TEST.MODEL_FILE from their fields when set.
ExperimentSpec experimentSpecFor(const RunSetup& setup);

/// Loads the experiment with loadExperiment and checks the checkpoint, the dataset's annotation
/// file, the device (EvaluatorOptions::validate and, unless `devices` is empty because they are
/// not known yet, the devices present) and the output folder; never throws: each problem becomes
/// a message on the field to fix.
SetupCheck checkRunSetup(const RunSetup& setup, const QStringList& devices);

/// A new, not yet existing run folder under setup.outputDir: <cfg stem>_<yyyyMMdd-hhmmss>[_tag]
/// [-n], distinct from the folders in `reserved` too (chosen for runs that have not started yet).
QString newRunFolder(const RunSetup& setup, const QDateTime& now = QDateTime::currentDateTime(),
                     const QString& tag = QString(), const QStringList& reserved = {});

/// Evaluator options for a GUI run into `runDir`: the setup's device, LibTorch threads leaving
/// one core to the window.
EvaluatorOptions evaluatorOptionsFor(const RunSetup& setup, const QString& runDir);

/// Writes `setup` under `group` of `settings` (group/config, group/arch, ...).
void saveRunSetup(QSettings& settings, const QString& group, const RunSetup& setup);
/// The setup saved under `group`, fields missing there taken from `defaults`; nullopt when no
/// setup was saved there.
std::optional<RunSetup> loadRunSetup(const QSettings& settings, const QString& group,
                                     const RunSetup& defaults);

}  // namespace posescope

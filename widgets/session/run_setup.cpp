#include "widgets/session/run_setup.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <filesystem>

#include "common/errors.h"
#include "config/arch_config.h"
#include "data/keypoint_dataset.h"

namespace posescope {

namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

// Loads `spec`, returning the error text ("" when it loads).
QString loadError(const ExperimentSpec& spec) {
  try {
    loadExperiment(spec);
    return {};
  } catch (const std::exception& e) {
    return q(e.what());
  }
}

// A folder that exists and is writable, or can be created under the nearest existing parent.
QString outputError(const QString& dir) {
  if (dir.trimmed().isEmpty()) return QObject::tr("Choose a folder for the run folders.");
  QFileInfo info(dir);
  if (info.exists()) {
    if (!info.isDir()) return QObject::tr("%1 is a file, not a folder.").arg(dir);
    if (!info.isWritable()) return QObject::tr("%1 is not writable.").arg(dir);
    return {};
  }
  QDir parent = QFileInfo(QDir::cleanPath(QDir(dir).absolutePath())).dir();
  while (!parent.exists() && !parent.isRoot()) parent = QFileInfo(parent.absolutePath()).dir();
  if (!QFileInfo(parent.absolutePath()).isWritable())
    return QObject::tr("%1 cannot be created (%2 is not writable).")
        .arg(dir, parent.absolutePath());
  return {};
}

}  // namespace

ExperimentSpec experimentSpecFor(const RunSetup& setup) {
  ExperimentSpec spec;
  spec.cfgFile = setup.configFile.trimmed().toStdString();
  spec.archFile = setup.archFile.trimmed().toStdString();
  for (const QString& word : setup.overrides) spec.overrides.push_back(word.toStdString());
  if (!setup.datasetRoot.trimmed().isEmpty()) {
    spec.overrides.emplace_back("DATASET.ROOT");
    spec.overrides.push_back(setup.datasetRoot.trimmed().toStdString());
  }
  if (!setup.checkpoint.trimmed().isEmpty()) {
    spec.overrides.emplace_back("TEST.MODEL_FILE");
    spec.overrides.push_back(setup.checkpoint.trimmed().toStdString());
  }
  return spec;
}

SetupCheck checkRunSetup(const RunSetup& setup, const QStringList& devices) {
  SetupCheck check;
  const ExperimentSpec spec = experimentSpecFor(setup);

  // Fields that can be checked on their own first, so their message lands on the right field.
  if (spec.cfgFile.empty())
    check.errors[SetupField::Config] = QObject::tr("Choose the experiment YAML (--cfg).");
  else if (!QFileInfo(q(spec.cfgFile)).isFile())
    check.errors[SetupField::Config] = QObject::tr("%1: file not found.").arg(q(spec.cfgFile));
  if (!spec.archFile.empty()) {
    try {
      loadArchJson(spec.archFile);
    } catch (const std::exception& e) {
      check.errors[SetupField::Arch] = q(e.what());
    }
  }
  for (int i = 0; i + 1 < setup.overrides.size(); i += 2) {
    if (setup.overrides[i].isEmpty()) {
      check.errors[SetupField::Overrides] = QObject::tr("Row %1: the key is empty (value %2).")
                                                .arg(i / 2 + 1)
                                                .arg(setup.overrides[i + 1]);
      break;
    }
    if (setup.overrides[i + 1].isEmpty()) {
      check.errors[SetupField::Overrides] =
          QObject::tr("Row %1: %2 has no value.").arg(i / 2 + 1).arg(setup.overrides[i]);
      break;
    }
  }

  if (!check.errors.contains(SetupField::Config) && !check.errors.contains(SetupField::Arch) &&
      !check.errors.contains(SetupField::Overrides)) {
    try {
      check.experiment = loadExperiment(spec);
    } catch (const std::exception& e) {
      // Blame the YAML when it fails alone, else the overrides (the arch was checked above).
      ExperimentSpec yamlOnly;
      yamlOnly.cfgFile = spec.cfgFile;
      const QString yamlError = loadError(yamlOnly);
      if (!yamlError.isEmpty())
        check.errors[SetupField::Config] = yamlError;
      else
        check.errors[SetupField::Overrides] = q(e.what());
    }
  }

  if (check.experiment) {
    const ConfigNode& cfg = check.experiment->cfg;
    try {
      const std::string modelFile = cfg.value("TEST.MODEL_FILE").type() == ConfigValue::Type::None
                                        ? std::string()
                                        : cfg.getString("TEST.MODEL_FILE");
      if (modelFile.empty())
        check.errors[SetupField::Checkpoint] =
            QObject::tr("Choose the checkpoint to evaluate (TEST.MODEL_FILE is empty).");
      else if (!QFileInfo(q(modelFile)).isFile())
        check.errors[SetupField::Checkpoint] =
            QObject::tr("%1: checkpoint file not found.").arg(q(modelFile));
    } catch (const std::exception& e) {
      check.errors[SetupField::Checkpoint] = q(e.what());
    }
    try {
      const std::string root = cfg.getString("DATASET.ROOT");
      const std::string annotations = KeypointDataset::annotationPath(
          datasetKindFromName(cfg.getString("DATASET.DATASET_TEST")), root,
          cfg.getString("DATASET.TEST"));
      if (!QFileInfo(q(annotations)).isFile())
        check.errors[SetupField::DatasetRoot] =
            QObject::tr("%1: annotation file not found; choose the dataset root that holds it.")
                .arg(q(annotations));
    } catch (const std::exception& e) {
      check.errors[SetupField::DatasetRoot] = q(e.what());
    }
  }

  if (!check.experiment) {
    // Without a config the effective values are unknown; still check what the fields say.
    if (!setup.checkpoint.trimmed().isEmpty() && !QFileInfo(setup.checkpoint.trimmed()).isFile())
      check.errors[SetupField::Checkpoint] =
          QObject::tr("%1: checkpoint file not found.").arg(setup.checkpoint.trimmed());
    if (!setup.datasetRoot.trimmed().isEmpty() && !QFileInfo(setup.datasetRoot.trimmed()).isDir())
      check.errors[SetupField::DatasetRoot] =
          QObject::tr("%1: folder not found.").arg(setup.datasetRoot.trimmed());
  }

  EvaluatorOptions options;
  options.device = setup.device.toStdString();
  try {
    options.validate();
    if (!devices.isEmpty() && !devices.contains(setup.device))
      check.errors[SetupField::Device] =
          QObject::tr("%1 is not available on this machine (choose one of %2).")
              .arg(setup.device, devices.join(QStringLiteral(", ")));
  } catch (const std::exception& e) {
    check.errors[SetupField::Device] = q(e.what());
  }

  const QString out = outputError(setup.outputDir);
  if (!out.isEmpty()) check.errors[SetupField::Output] = out;
  return check;
}

QString newRunFolder(const RunSetup& setup, const QDateTime& now, const QString& tag,
                     const QStringList& reserved) {
  const QString stem = QFileInfo(setup.configFile).completeBaseName();
  QString name = QStringLiteral("%1_%2").arg(stem.isEmpty() ? QStringLiteral("run") : stem,
                                             now.toString(QStringLiteral("yyyyMMdd-hhmmss")));
  if (!tag.isEmpty()) name += QLatin1Char('_') + tag;
  const QString base = QDir(setup.outputDir).filePath(name);
  QString candidate = base;
  for (int n = 2; QFileInfo::exists(candidate) || reserved.contains(candidate); ++n)
    candidate = QStringLiteral("%1-%2").arg(base).arg(n);
  return candidate;
}

void saveRunSetup(QSettings& settings, const QString& group, const RunSetup& s) {
  settings.beginGroup(group);
  settings.setValue("config", s.configFile);
  settings.setValue("arch", s.archFile);
  settings.setValue("checkpoint", s.checkpoint);
  settings.setValue("datasetRoot", s.datasetRoot);
  settings.setValue("overrides", s.overrides);
  settings.setValue("device", s.device);
  settings.setValue("outputDir", s.outputDir);
  settings.endGroup();
}

std::optional<RunSetup> loadRunSetup(const QSettings& settings, const QString& group,
                                     const RunSetup& defaults) {
  const auto key = [&group](const char* name) { return group + QLatin1Char('/') + name; };
  if (!settings.contains(key("config"))) return std::nullopt;
  RunSetup s = defaults;
  s.configFile = settings.value(key("config")).toString();
  s.archFile = settings.value(key("arch")).toString();
  s.checkpoint = settings.value(key("checkpoint")).toString();
  s.datasetRoot = settings.value(key("datasetRoot")).toString();
  s.overrides = settings.value(key("overrides")).toStringList();
  s.device = settings.value(key("device"), s.device).toString();
  s.outputDir = settings.value(key("outputDir"), s.outputDir).toString();
  return s;
}

EvaluatorOptions evaluatorOptionsFor(const RunSetup& setup, const QString& runDir) {
  EvaluatorOptions options;
  options.device = setup.device.toStdString();
  options.outDir = runDir.toStdString();
  // The CLI's default (on the CPU one network replica per core): OpenMP workers wait passively
  // (the GUI restarts itself with OMP_WAIT_POLICY=PASSIVE), so they leave the GUI thread its turn.
  options.torchThreads = 0;
  return options;
}

}  // namespace posescope

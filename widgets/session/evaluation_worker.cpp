#include "widgets/session/evaluation_worker.h"

#include <filesystem>

#include "common/errors.h"
#include "pipeline/run_resume.h"
#include "widgets/session/network_engine.h"
#include "widgets/session/run_setup.h"

namespace posescope {

namespace {

// Forwards the Evaluator's callbacks (on this thread) as the worker's signals.
class SignalObserver : public EvaluationObserver {
 public:
  explicit SignalObserver(EvaluationWorker& worker) : worker_(worker) {}
  bool hasStarted() const { return started_; }

  void onLog(const std::string& line) override {
    Q_EMIT worker_.logLine(QString::fromStdString(line));
  }
  void onStarted(const RunSummary& summary) override {
    started_ = true;
    Q_EMIT worker_.started(summary);
  }
  void onImage(const ImageRecord& record, size_t done, size_t total) override {
    // The CLI reports each failed image as it happens; so does the log pane.
    if (record.failed())
      Q_EMIT worker_.logLine(
          QString::fromStdString("image " + record.file + " failed: " + record.error));
    Q_EMIT worker_.imageDone(record, done, total);
  }

 private:
  EvaluationWorker& worker_;
  bool started_ = false;
};

}  // namespace

QString describeRunFailure(const std::exception& error) {
  QString what = QString::fromStdString(error.what());
  if (dynamic_cast<const CheckpointError*>(&error))
    return QObject::tr(
               "The checkpoint cannot be used: %1\nChoose the checkpoint that was trained for "
               "this architecture (arch JSON and MODEL settings), or fix the architecture.")
        .arg(what);
  if (dynamic_cast<const ModelError*>(&error))
    return QObject::tr(
               "The network cannot be built: %1\nFix MODEL.* in the experiment YAML or the "
               "overrides.")
        .arg(what);
  if (dynamic_cast<const DatasetError*>(&error))
    return QObject::tr(
               "The dataset cannot be used: %1\nCheck the dataset root (DATASET.ROOT) and the "
               "split (DATASET.TEST).")
        .arg(what);
  if (dynamic_cast<const ConfigError*>(&error))
    return QObject::tr("The experiment settings are invalid: %1\nFix the setting named above.")
        .arg(what);
  if (dynamic_cast<const Error*>(&error)) return what;
  return QObject::tr("Unexpected error: %1").arg(what);
}

int runFailureField(const std::exception& error) {
  if (dynamic_cast<const CheckpointError*>(&error)) return static_cast<int>(SetupField::Checkpoint);
  if (dynamic_cast<const DatasetError*>(&error)) return static_cast<int>(SetupField::DatasetRoot);
  if (dynamic_cast<const ModelError*>(&error)) return static_cast<int>(SetupField::Arch);
  return static_cast<int>(SetupField::Overrides);
}

EvaluationWorker::EvaluationWorker(QObject* parent) : QObject(parent) {}

void EvaluationWorker::evaluate(const RunRequest& request) {
  run(request, false);
}

void EvaluationWorker::resume(const RunRequest& request) {
  run(request, true);
}

void EvaluationWorker::run(const RunRequest& request, bool resuming) {
  namespace fs = std::filesystem;
  const std::string& runDir = request.options.outDir;
  std::error_code ec;
  const bool folderExisted = !runDir.empty() && fs::exists(runDir, ec);
  SignalObserver observer(*this);
  // A run that fails before its first image leaves the view and the disk as they were: its new
  // run folder (nothing but a log and settings in it) is removed.
  auto failBeforeStart = [&](int field, const QString& message) {
    if (observer.hasStarted() || resuming) return;
    if (!runDir.empty() && !folderExisted) fs::remove_all(runDir, ec);
    Q_EMIT startFailed(field, message);
  };
  try {
    Q_EMIT preparing();
    Experiment experiment;
    EvaluatorOptions options = request.options;
    if (resuming) {  // the same plan and options as posescope-cli eval --resume
      ResumePlan plan = planResume(runDir);
      for (const auto& note : plan.notes) Q_EMIT logLine(QString::fromStdString("note: " + note));
      options = resumeOptions(runDir, plan);
      experiment = std::move(plan.experiment);
    } else {
      experiment = loadExperiment(request.spec);
    }
    for (const auto& w : experiment.warnings)
      Q_EMIT logLine(QString::fromStdString(formatConfigWarning(w)));
    const auto evaluation = networkEngine().openEvaluation(experiment, options);
    EvaluationResult result = evaluation->run(&observer, request.cancel.get());

    RunOutcome outcome;
    outcome.summary = result.summary;
    outcome.metrics = result.metrics;
    outcome.metricsMarkdown = result.metricsMarkdown;
    outcome.runDir = request.options.outDir;
    if (!outcome.runDir.empty())
      Q_EMIT logLine(QString::fromStdString("run folder: " + outcome.runDir));
    if (result.summary.state == RunState::Cancelled) {
      Q_EMIT logLine(tr("cancelled after %1 of %2 images")
                         .arg(result.summary.imagesDone)
                         .arg(result.summary.imagesTotal));
    } else {
      if (result.summary.imagesFailed > 0)
        Q_EMIT logLine(
            tr("%1 image(s) failed; see records.jsonl").arg(result.summary.imagesFailed));
      // The table the CLI prints on stdout, one line per log entry.
      QString table = QString::fromStdString(result.metricsMarkdown);
      if (table.endsWith('\n')) table.chop(1);
      for (const QString& line : table.split('\n')) Q_EMIT logLine(line);
    }
    Q_EMIT finished(outcome);
  } catch (const std::exception& e) {
    const QString message = describeRunFailure(e);
    failBeforeStart(runFailureField(e), message);
    Q_EMIT failed(message);
  } catch (...) {
    const QString message = tr("Unexpected error of unknown type; the run stopped.");
    failBeforeStart(static_cast<int>(SetupField::Overrides), message);
    Q_EMIT failed(message);
  }
}

void EvaluationWorker::check(const RunRequest& request, int tag) {
  try {
    const Experiment experiment = loadExperiment(request.spec);
    networkEngine().openEvaluation(experiment, request.options);
    Q_EMIT checked(tag, QString());
  } catch (const std::exception& e) {
    Q_EMIT checked(tag, describeRunFailure(e));
  } catch (...) {
    Q_EMIT checked(tag, tr("Unexpected error of unknown type."));
  }
}

}  // namespace posescope

#include "widgets/session/run_analysis_session.h"

#include <QThread>
#include <optional>

#include "widgets/session/run_analysis_worker.h"

namespace posescope {

void registerRunAnalysisMetaTypes() {
  qRegisterMetaType<posescope::RunAnalysisPtr>();
  qRegisterMetaType<posescope::AnalysisParams>();
  qRegisterMetaType<posescope::RunReevaluationPtr>();
  qRegisterMetaType<posescope::EvalParams>();
}

RunAnalysisSession::RunAnalysisSession(QObject* parent) : QObject(parent) {
  registerRunAnalysisMetaTypes();
  thread_ = new QThread(this);
  thread_->setObjectName(QStringLiteral("posescope-analysis"));
  worker_ = new RunAnalysisWorker(latest_);  // no parent: it moves to the thread
  worker_->moveToThread(thread_);
  connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(worker_, &RunAnalysisWorker::analysed, this, &RunAnalysisSession::onAnalysed);
  connect(worker_, &RunAnalysisWorker::failed, this, &RunAnalysisSession::onFailed);
  connect(worker_, &RunAnalysisWorker::reevaluated, this, &RunAnalysisSession::onReevaluated);
  connect(worker_, &RunAnalysisWorker::served, this, [this] { ++served_; });
  thread_->start();
}

RunAnalysisSession::~RunAnalysisSession() {
  thread_->quit();
  thread_->wait();
}

quint64 RunAnalysisSession::nextGeneration() {
  ++asked_;
  return ++*latest_;  // the worker skips every request older than this one
}

void RunAnalysisSession::analyzeRun(const LoadedRunPtr& run) {
  const quint64 generation = nextGeneration();
  runDir_ = QString::fromStdString(run->dir);
  current_.reset();
  RunAnalysisWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker_, [worker, generation, run] { worker->load(generation, run, std::nullopt); },
      Qt::QueuedConnection);
  setBusy(true);
}

bool RunAnalysisSession::reanalyze(const AnalysisParams& params) {
  if (runDir_.isEmpty()) return false;
  const quint64 generation = nextGeneration();
  RunAnalysisWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker_, [worker, generation, params] { worker->reanalyze(generation, params); },
      Qt::QueuedConnection);
  setBusy(true);
  return true;
}

bool RunAnalysisSession::reevaluate(const EvalParams& params) {
  if (runDir_.isEmpty()) return false;
  const quint64 generation = nextGeneration();
  RunAnalysisWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker_, [worker, generation, params] { worker->reevaluate(generation, params); },
      Qt::QueuedConnection);
  setBusy(true);
  return true;
}

void RunAnalysisSession::clear() {
  nextGeneration();
  runDir_.clear();
  current_.reset();
  RunAnalysisWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker_, [worker] { worker->forget(); }, Qt::QueuedConnection);
  setBusy(false);
  Q_EMIT analysisCleared();
}

void RunAnalysisSession::setBusy(bool busy) {
  if (busy_ == busy) return;
  busy_ = busy;
  Q_EMIT busyChanged(busy);
}

void RunAnalysisSession::onAnalysed(quint64 generation, const RunAnalysisPtr& analysis) {
  if (generation != latest_->load()) return;  // asked for again meanwhile
  current_ = analysis;
  setBusy(false);
  Q_EMIT analysisReady(analysis);
}

void RunAnalysisSession::onReevaluated(quint64 generation, const RunReevaluationPtr& reevaluation) {
  if (generation != latest_->load()) return;  // asked for again meanwhile
  Q_EMIT reevaluated(reevaluation);
}

void RunAnalysisSession::onFailed(quint64 generation, const QString& message) {
  if (generation != latest_->load()) return;
  current_.reset();
  setBusy(false);
  Q_EMIT analysisFailed(message);
}

}  // namespace posescope

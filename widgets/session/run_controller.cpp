#include "widgets/session/run_controller.h"

#include <QThread>

#include "widgets/session/evaluation_worker.h"

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace posescope {

namespace {

// A run's threads yield the cores to the GUI thread when both are busy (issue 39: the monkey's
// window stalled for a third of a second waiting for a core while a run's threads held them).
// On Linux a nice value belongs to one thread, and the threads it starts (LibTorch's OpenMP
// workers) inherit it.
constexpr int kEvaluationNice = 10;

void yieldToTheGuiThread() {
#ifdef Q_OS_LINUX
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kEvaluationNice);
#endif
}

}  // namespace

RunController::RunController(QObject* parent) : QObject(parent) {
  registerRunMetaTypes();
  thread_ = new QThread(this);
  thread_->setObjectName(QStringLiteral("posescope-evaluation"));
  // Emitted on the new thread: the direct call lowers that thread's priority.
  connect(thread_, &QThread::started, thread_, &yieldToTheGuiThread, Qt::DirectConnection);
  worker_ = new EvaluationWorker;  // no parent: it moves to the thread
  worker_->moveToThread(thread_);
  connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(this, &RunController::requestEvaluation, worker_, &EvaluationWorker::evaluate);
  connect(this, &RunController::requestResume, worker_, &EvaluationWorker::resume);
  connect(this, &RunController::requestCheck, worker_, &EvaluationWorker::check);

  connect(worker_, &EvaluationWorker::preparing, this, &RunController::preparing);
  connect(worker_, &EvaluationWorker::logLine, this, &RunController::logLine);
  connect(worker_, &EvaluationWorker::started, this, &RunController::started);
  connect(worker_, &EvaluationWorker::imageDone, this, &RunController::imageDone);
  // Running ends before listeners hear of it, so they may start the next run right away.
  connect(worker_, &EvaluationWorker::finished, this, [this](const RunOutcome& outcome) {
    setRunning(false);
    Q_EMIT finished(outcome);
  });
  connect(worker_, &EvaluationWorker::startFailed, this, &RunController::startFailed);
  connect(worker_, &EvaluationWorker::failed, this, [this](const QString& message) {
    setRunning(false);
    Q_EMIT failed(message);
  });
  connect(worker_, &EvaluationWorker::checked, this, [this](int tag, const QString& error) {
    setRunning(false);
    Q_EMIT checked(tag, error);
  });
  thread_->start();
}

RunController::~RunController() {
  if (cancel_) cancel_->cancel();
  thread_->requestInterruption();
  thread_->quit();
  thread_->wait();
}

bool RunController::start(const ExperimentSpec& spec, const EvaluatorOptions& options) {
  RunRequest request;
  request.spec = spec;
  request.options = options;
  return send(std::move(request), &RunController::requestEvaluation);
}

bool RunController::resume(const QString& runDir) {
  RunRequest request;
  request.options.outDir = runDir.toStdString();
  return send(std::move(request), &RunController::requestResume);
}

bool RunController::send(RunRequest request, void (RunController::*signal)(const RunRequest&)) {
  if (running_) return false;
  request.cancel = std::make_shared<CancellationToken>();
  cancel_ = request.cancel;
  runDir_ = QString::fromStdString(request.options.outDir);
  setRunning(true);
  Q_EMIT(this->*signal)(request);
  return true;
}

bool RunController::check(const ExperimentSpec& spec, const EvaluatorOptions& options, int tag) {
  if (running_) return false;
  RunRequest request;
  request.spec = spec;
  request.options = options;
  setRunning(true);
  Q_EMIT requestCheck(request, tag);
  return true;
}

void RunController::cancel() {
  if (running_ && cancel_) cancel_->cancel();
}

void RunController::setRunning(bool running) {
  if (running_ == running) return;
  running_ = running;
  Q_EMIT runningChanged(running);
}

}  // namespace posescope

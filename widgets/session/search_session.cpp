#include "widgets/session/search_session.h"

#include <QDir>
#include <QFileInfo>
#include <csignal>

#include "common/errors.h"

namespace posescope {

void SearchFolderReader::read(quint64 request, const QString& dir) {
  try {
    auto snapshot =
        std::make_shared<const search::SearchSnapshot>(search::readSearchFolder(dir.toStdString()));
    Q_EMIT snapshotRead(request, snapshot);
  } catch (const std::exception& e) {
    Q_EMIT readFailed(request, QString::fromStdString(e.what()));
  }
}

void registerSearchMetaTypes() {
  qRegisterMetaType<SearchSnapshotPtr>();
}

SearchSession::SearchSession(QString cliProgram, QObject* parent)
    : QObject(parent), cliProgram_(std::move(cliProgram)), reader_(new SearchFolderReader) {
  registerSearchMetaTypes();
  reader_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, reader_, &QObject::deleteLater);
  connect(reader_, &SearchFolderReader::snapshotRead, this, &SearchSession::onRead);
  connect(reader_, &SearchFolderReader::readFailed, this,
          [this](quint64 request, const QString& m) {
            if (request != request_) return;
            readInFlight_ = false;
            if (isRunning()) return;  // a search just started has not written its folder yet
            poll_.stop();
            Q_EMIT failed(m);
          });
  thread_.start();
  poll_.setInterval(1000);
  connect(&poll_, &QTimer::timeout, this, &SearchSession::requestRead);
  process_.setProcessChannelMode(QProcess::MergedChannels);
  connect(&process_, &QProcess::readyRead, this, [this] {
    while (process_.canReadLine()) Q_EMIT logLine(QString::fromUtf8(process_.readLine()).trimmed());
  });
  connect(&process_, &QProcess::finished, this, &SearchSession::onProcessFinished);
  connect(&process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart) {
      Q_EMIT failed(tr("Cannot start %1: %2").arg(cliProgram_, process_.errorString()));
      Q_EMIT runningChanged(false);
    }
  });
}

SearchSession::~SearchSession() {
  if (isRunning()) {
    ::kill(static_cast<pid_t>(process_.processId()), SIGINT);
    if (!process_.waitForFinished(10000)) process_.kill();
    process_.waitForFinished();
  }
  thread_.quit();
  thread_.wait();
}

QString SearchSession::cliNextTo(const QString& applicationDir) {
  // Installed: bin/posescope next to bin/posescope-cli; build tree: app/gui and app/cli.
  for (const QString& candidate :
       {applicationDir + "/posescope-cli", applicationDir + "/../cli/posescope-cli"})
    if (QFileInfo(candidate).isExecutable()) return QDir::cleanPath(candidate);
  return {};
}

void SearchSession::openFolder(const QString& dir) {
  folder_ = dir;
  snapshot_.reset();
  ++request_;  // a read of the previous folder still in flight is dropped
  readInFlight_ = false;
  requestRead();
  poll_.start();
}

void SearchSession::requestRead() {
  if (folder_.isEmpty() || readInFlight_) return;
  readInFlight_ = true;
  QMetaObject::invokeMethod(reader_, "read", Qt::QueuedConnection, Q_ARG(quint64, request_),
                            Q_ARG(QString, folder_));
}

void SearchSession::onRead(quint64 request, SearchSnapshotPtr snapshot) {
  if (request != request_) return;
  readInFlight_ = false;
  // Scores are only ever added, never rewritten: the same counts are the same folder, and the
  // pages are left alone (no model reset, selection and scroll position kept) between changes.
  const bool changed = !snapshot_ || snapshot_->candidates.size() != snapshot->candidates.size() ||
                       snapshot_->generations.size() != snapshot->generations.size() ||
                       snapshot_->finished != snapshot->finished;
  snapshot_ = std::move(snapshot);
  if (snapshot_->finished && !isRunning()) poll_.stop();
  if (changed) Q_EMIT snapshotChanged();
}

void SearchSession::start(const QStringList& arguments, const QString& dir) {
  if (isRunning()) return;
  if (cliProgram_.isEmpty()) {
    Q_EMIT failed(tr("posescope-cli was not found next to PoseScope: cannot run the search"));
    return;
  }
  cancelled_ = false;
  process_.start(cliProgram_, arguments);
  Q_EMIT runningChanged(true);
  openFolder(dir);
}

void SearchSession::resume() {
  if (!folder_.isEmpty()) start({"search", "--resume", folder_}, folder_);
}

void SearchSession::cancel() {
  if (!isRunning()) return;
  cancelled_ = true;
  ::kill(static_cast<pid_t>(process_.processId()), SIGINT);
}

void SearchSession::onProcessFinished(int exitCode, QProcess::ExitStatus status) {
  while (process_.canReadLine()) Q_EMIT logLine(QString::fromUtf8(process_.readLine()).trimmed());
  if (status != QProcess::NormalExit || exitCode != 0)
    Q_EMIT failed(tr("The search stopped (exit code %1); its scores are kept: Resume continues it")
                      .arg(exitCode));
  Q_EMIT runningChanged(false);
  requestRead();
}

}  // namespace posescope

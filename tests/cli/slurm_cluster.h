#pragma once
// A real single-node Slurm for a test: munged, slurmctld -D and slurmd -D from Debian's packages
// (slurm-wlm, munge), configured for localhost in a folder of the test's own, on free ports, with
// no cgroups (proctrack/linuxproc, task/none), and stopped when the object goes (jobs cancelled
// first). The daemons also get SIGTERM if the test process dies (PR_SET_PDEATHSIG).

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QThread>

#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>

namespace posescope::test {

class SlurmCluster {
 public:
  /// Uses `dir` (created by the caller) for keys, sockets, state, spool and logs.
  explicit SlurmCluster(const QString& dir) : dir_(dir) {}
  ~SlurmCluster() { stop(); }
  SlurmCluster(const SlurmCluster&) = delete;
  SlurmCluster& operator=(const SlurmCluster&) = delete;

  /// Why no cluster can start on this machine (not root, a program missing), or "" when one
  /// can. Only this is a reason to skip: once it is "", a cluster that does not come up is a
  /// failure.
  static QString unavailable() {
    if (geteuid() != 0)
      return "slurmd must run as root to start jobs (this test runs as uid " +
             QString::number(geteuid()) + ")";
    for (const char* program : {"munged", "mungekey", "slurmctld", "slurmd", "sbatch", "scontrol",
                                "sinfo", "scancel", "squeue"})
      if (executable(program).isEmpty())
        return QString("%1 not found (scripts/install-deps installs slurm-wlm and munge)")
            .arg(program);
    return {};
  }

  /// Starts the daemons and waits until the node takes jobs. Returns "" when it does, else why
  /// not (a daemon that exited or a node not idle within 120 s, with the logs' tails). Call
  /// only when unavailable() is "".
  QString start() {
    if (const QString why = unavailable(); !why.isEmpty()) return why;
    for (const char* sub : {"munge", "state", "spool"}) QDir(dir_).mkpath(sub);
    QFile::setPermissions(dir_ + "/munge", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                               QFile::ReadGroup | QFile::ExeGroup |
                                               QFile::ReadOther | QFile::ExeOther);
    QProcess key;
    key.start(executable("mungekey"), {"--create", "--keyfile", dir_ + "/munge/munge.key"});
    if (!key.waitForFinished(30000) || key.exitCode() != 0)
      return "mungekey failed: " + QString::fromUtf8(key.readAllStandardError());

    startDaemon(
        munged_, "munged",
        {"--foreground", "--force", "--key-file=" + dir_ + "/munge/munge.key",
         "--socket=" + socket(), "--pid-file=" + dir_ + "/munge/munged.pid",
         "--log-file=" + dir_ + "/munge/munged.log", "--seed-file=" + dir_ + "/munge/munged.seed"},
        dir_ + "/munge/munged.out");
    if (!waitFor([&] { return QFile::exists(socket()); }, 30000))
      return "munged did not start:\n" + tail(dir_ + "/munge/munged.out");

    writeConfig();
    startDaemon(controller_, "slurmctld", {"-D", "-i"}, dir_ + "/slurmctld.out");
    startDaemon(node_, "slurmd", {"-D", "-N", "localhost"}, dir_ + "/slurmd.out");
    const bool idle = waitFor(
        [&] {
          if (controller_.state() == QProcess::NotRunning || node_.state() == QProcess::NotRunning)
            return true;
          return run("sinfo", {"-h", "-o", "%T"}).trimmed() == "idle";
        },
        120000);
    if (!idle || controller_.state() == QProcess::NotRunning ||
        node_.state() == QProcess::NotRunning)
      return "slurmctld / slurmd did not bring the node up:\n" + logs();
    return {};
  }

  /// Cancels every job, then stops slurmd, slurmctld and munged. Safe to call twice.
  void stop() {
    if (node_.state() != QProcess::NotRunning && controller_.state() != QProcess::NotRunning) {
      run("scancel", {"--full", "--user=" + QString::number(geteuid())});
      waitFor([&] { return run("squeue", {"-h"}).trimmed().isEmpty(); }, 30000);
    }
    for (QProcess* p : {&node_, &controller_, &munged_}) {
      if (p->state() == QProcess::NotRunning) continue;
      p->terminate();
      if (!p->waitForFinished(20000)) {
        p->kill();
        p->waitForFinished(5000);
      }
    }
  }

  /// The slurm.conf clients must use (SLURM_CONF).
  QString config() const { return dir_ + "/slurm.conf"; }

  /// A client command's stdout (SLURM_CONF set); empty when it fails.
  QString run(const QString& program, const QStringList& args) const {
    QProcess p;
    p.setProcessEnvironment(environment());
    p.start(executable(program), args);
    if (!p.waitForFinished(60000)) {
      p.kill();
      p.waitForFinished();
      return {};
    }
    return p.exitCode() == 0 ? QString::fromUtf8(p.readAllStandardOutput()) : QString();
  }

  /// The tails of the daemons' logs, for failure messages.
  QString logs() const {
    QString text;
    for (const char* log : {"slurmctld.log", "slurmd.log", "slurmctld.out", "slurmd.out"})
      text += QString("--- %1\n%2\n").arg(log, tail(dir_ + "/" + log));
    return text;
  }

  /// Polls `done` every 200 ms until it holds or `timeoutMs` passes (a guard against hanging,
  /// not a timing check); true when it held.
  template <typename F>
  static bool waitFor(F done, int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
      if (timer.elapsed() > timeoutMs) return false;
      QThread::msleep(200);
    }
    return true;
  }

 private:
  static QString executable(const QString& name) {
    const QString found = QStandardPaths::findExecutable(name);
    return found.isEmpty() ? QStandardPaths::findExecutable(name, {"/usr/sbin", "/sbin"}) : found;
  }

  static QString tail(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return "(no " + path + ")";
    const QByteArray all = f.readAll();
    return QString::fromUtf8(all.right(3000));
  }

  // A TCP port nobody listens on now (bound to 0, then released).
  static int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t length = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length) == 0)
      port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
  }

  QString socket() const { return dir_ + "/munge/munge.sock"; }

  QProcessEnvironment environment() const {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("SLURM_CONF", config());
    return env;
  }

  void startDaemon(QProcess& p, const QString& program, const QStringList& args,
                   const QString& output) {
    p.setProcessEnvironment(environment());
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setStandardOutputFile(output);
    p.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    p.start(executable(program), args);
  }

  void writeConfig() const {
    const int cpus = std::max(1, QThread::idealThreadCount());
    QFile f(config());
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    const QString d = dir_;
    f.write(QString("ClusterName=posescopetest\n"
                    "SlurmctldHost=localhost(127.0.0.1)\n"
                    "SlurmUser=root\nSlurmdUser=root\n"
                    "SlurmctldPort=%1\nSlurmdPort=%2\n"
                    "AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=%3\n"
                    "StateSaveLocation=%4/state\nSlurmdSpoolDir=%4/spool\n"
                    "SlurmctldPidFile=%4/slurmctld.pid\nSlurmdPidFile=%4/slurmd.pid\n"
                    "SlurmctldLogFile=%4/slurmctld.log\nSlurmdLogFile=%4/slurmd.log\n"
                    // No cgroups in a container: plain process tracking, no task binding.
                    "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
                    "JobAcctGatherType=jobacct_gather/none\n"
                    "AccountingStorageType=accounting_storage/none\nJobCompType=jobcomp/none\n"
                    "SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n"
                    "SchedulerType=sched/backfill\nMpiDefault=none\nMailProg=/bin/true\n"
                    "ReturnToService=2\n"
                    "NodeName=localhost NodeAddr=127.0.0.1 CPUs=%5 State=UNKNOWN\n"
                    "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n")
                .arg(freePort())
                .arg(freePort())
                .arg(socket(), d)
                .arg(cpus)
                .toUtf8());
  }

  QString dir_;
  QProcess munged_, controller_, node_;
};

}  // namespace posescope::test

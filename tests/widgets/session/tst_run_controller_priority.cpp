// The evaluation thread yields the cores to the GUI thread (issue 39): it runs at a lower
// priority (a higher nice value) than the thread that made the RunController, and the threads it
// starts (LibTorch's workers) inherit that.

#include <QDir>
#include <QFile>
#include <QtTest>
#include <cerrno>
#include <optional>

#include "widgets/session/run_controller.h"

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

using namespace posescope;

namespace {

// The nice value of the thread named `name` in this process (/proc/self/task/*/comm), or
// nothing while no thread has that name.
std::optional<int> niceOfThreadNamed(const QByteArray& name) {
  for (const QString& tid : QDir("/proc/self/task").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    QFile comm("/proc/self/task/" + tid + "/comm");
    if (!comm.open(QIODevice::ReadOnly) || comm.readAll().trimmed() != name) continue;
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, static_cast<id_t>(tid.toInt()));
    if (errno == 0) return nice;
  }
  return std::nullopt;
}

}  // namespace

class TestRunControllerPriority : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void evaluationThreadRunsBelowTheGuiThread() {
#ifndef Q_OS_LINUX
    QSKIP("per-thread nice values are Linux's");
#else
    const int guiNice = getpriority(PRIO_PROCESS, 0);
    RunController controller;
    // Linux keeps 15 characters of a thread's name; the thread is named before it lowers itself.
    QTRY_VERIFY(niceOfThreadNamed("posescope-evalu").value_or(guiNice) > guiNice);
    QCOMPARE(getpriority(PRIO_PROCESS, 0), guiNice);  // the GUI thread's own is unchanged
#endif
  }
};

QTEST_GUILESS_MAIN(TestRunControllerPriority)
#include "tst_run_controller_priority.moc"

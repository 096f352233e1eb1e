// The window gives back what a one-off read freed (issue 39, "big runs stay light"): TCMalloc
// keeps freed pages resident until releaseFreeMemory hands them to the system.

#include <QFile>
#include <QtTest>
#include <cstring>
#include <memory>
#include <vector>

#include "widgets/session/free_memory.h"

using namespace posescope;

namespace {

// Resident memory of this process in MB (VmRSS of /proc/self/status).
double residentMb() {
  QFile status(QStringLiteral("/proc/self/status"));
  if (!status.open(QIODevice::ReadOnly)) return -1;
  for (const QByteArray& line : status.readAll().split('\n'))
    if (line.startsWith("VmRSS:"))
      return line.mid(6).trimmed().split(' ').first().toDouble() / 1024;
  return -1;
}

}  // namespace

class TestFreeMemory : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void freedPagesLeaveTheProcess() {
    constexpr std::size_t kBlocks = 64, kBlockBytes = 4u << 20;  // 256 MB, as a large run's parse
    const double before = residentMb();
    QVERIFY(before > 0);
    {
      std::vector<std::unique_ptr<char[]>> blocks;
      for (std::size_t i = 0; i < kBlocks; ++i) {
        blocks.emplace_back(new char[kBlockBytes]);
        std::memset(blocks.back().get(), 1, kBlockBytes);  // resident, not just reserved
      }
      QVERIFY(residentMb() > before + 200);
    }
    // The control: freed, the pages are still the process's (TCMalloc keeps them), so a
    // release that did nothing could not pass what follows.
    const double freed = residentMb();
    QVERIFY2(freed > before + 200, qPrintable(QStringLiteral("%1 MB resident before, %2 MB once "
                                                             "freed: the allocator gave them back "
                                                             "itself, nothing is checked")
                                                  .arg(before)
                                                  .arg(freed)));
    releaseFreeMemory();
    const double after = residentMb();
    QVERIFY2(after < before + 50, qPrintable(QStringLiteral("%1 MB resident before, %2 MB after "
                                                            "the blocks were freed and released")
                                                 .arg(before)
                                                 .arg(after)));
  }
};

QTEST_GUILESS_MAIN(TestFreeMemory)
#include "tst_free_memory.moc"

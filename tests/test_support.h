#pragma once
// Helpers shared by the Qt Test suites: where the parity data and the sources are, and how a
// suite says that a check could not run here.
//
// A check that needs something this machine may lack (the reference's parity data, a Slurm that
// can start) skips with POSESCOPE_SKIP_UNCHECKED. Such a suite's main is POSESCOPE_TEST_MAIN (or
// POSESCOPE_TEST_GUILESS_MAIN): when nothing failed but a check was skipped, the process exits
// with kSkippedExitCode, which CTest (SKIP_RETURN_CODE, tests/CMakeLists.txt) counts as "Not Run"
// rather than "Passed". POSESCOPE_PARITY_REQUIRED=1 (set by .ci/run when ../shared/parity is beside
// the clone) turns a missing parity folder into a failure.

#include <QFileInfo>
#include <QString>
#include <QTest>
#include <QtGlobal>

#include <string>

namespace posescope::test {

/// The exit status of a suite in which nothing failed but a check was skipped (automake's).
constexpr int kSkippedExitCode = 77;

/// Whether the running suite's main reports skips (set by POSESCOPE_TEST_MAIN), and whether a
/// check was skipped.
inline bool suiteReportsSkips = false;
inline bool checkWasSkipped = false;

/// ../shared/parity when present, else empty (callers skip with POSESCOPE_REQUIRE_PARITY).
inline std::string parityDir() {
  const QString dir = qEnvironmentVariable("POSESCOPE_PARITY_DIR");
  if (dir.isEmpty() || !QFileInfo::exists(dir + "/README.md")) return {};
  return dir.toStdString();
}

/// Whether a missing parity folder is a failure (POSESCOPE_PARITY_REQUIRED=1).
inline bool parityRequired() {
  return qEnvironmentVariable("POSESCOPE_PARITY_REQUIRED") == "1";
}

/// Why the parity data is missing, for the skip or failure message.
inline QString parityMissingReason() {
  return "parity data not found at POSESCOPE_PARITY_DIR='" +
         qEnvironmentVariable("POSESCOPE_PARITY_DIR") +
         "' (../shared/parity is absent on a user's clone; set POSESCOPE_PARITY_DIR to run "
         "this parity test)";
}

/// The repository root (configs/ lives there).
inline std::string sourceDir() {
  return qEnvironmentVariable("POSESCOPE_SOURCE_DIR").toStdString();
}

/// The process's exit status: the failures when any, else kSkippedExitCode when a check was
/// skipped, else 0.
inline int suiteExitCode(int failures) {
  if (failures != 0) return failures;
  return checkWasSkipped ? kSkippedExitCode : 0;
}

}  // namespace posescope::test

/// Skips the current test function because what it checks cannot be checked here, and makes the
/// suite's exit status say so. A suite whose main would hide the skip fails instead.
#define POSESCOPE_SKIP_UNCHECKED(reason)                                                     \
  do {                                                                                       \
    if (!posescope::test::suiteReportsSkips)                                                 \
      QFAIL(                                                                                 \
          "this suite skips checks: its main must be POSESCOPE_TEST_MAIN or "                \
          "POSESCOPE_TEST_GUILESS_MAIN (tests/test_support.h), or CTest reports it passed"); \
    posescope::test::checkWasSkipped = true;                                                 \
    QSKIP(qPrintable(reason));                                                               \
  } while (false)

/// Declares `dirVar`, the parity folder; skips the current test when it is absent (fails when
/// POSESCOPE_PARITY_REQUIRED=1).
#define POSESCOPE_REQUIRE_PARITY(dirVar)                              \
  const std::string dirVar = posescope::test::parityDir();            \
  if (dirVar.empty()) {                                               \
    if (posescope::test::parityRequired())                            \
      QFAIL(qPrintable("POSESCOPE_PARITY_REQUIRED=1 but " +           \
                       posescope::test::parityMissingReason()));      \
    POSESCOPE_SKIP_UNCHECKED(posescope::test::parityMissingReason()); \
  }

// Qt Test's QTEST_MAIN and QTEST_GUILESS_MAIN, with the exit status of suiteExitCode.
#define POSESCOPE_TEST_MAIN_WRAPPER(TestObject, ...)                      \
  int main(int argc, char* argv[]) {                                      \
    QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();    \
    __VA_ARGS__                                                           \
    posescope::test::suiteReportsSkips = true;                            \
    TestObject tc;                                                        \
    QTEST_SET_MAIN_SOURCE_PATH                                            \
    return posescope::test::suiteExitCode(QTest::qExec(&tc, argc, argv)); \
  }
#define POSESCOPE_TEST_MAIN(TestObject) POSESCOPE_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
#define POSESCOPE_TEST_GUILESS_MAIN(TestObject) \
  POSESCOPE_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))

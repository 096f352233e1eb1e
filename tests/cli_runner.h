#pragma once
// Runs posescope-cli as a separate process, as users and scripts do, for the CLI test suites.

#include <QProcess>
#include <QString>
#include <QStringList>

#include "built_programs.h"

namespace posescope::test {

/// Exit code (-1 on a crash or timeout) and the two output streams of one CLI run.
struct CliRun {
  int exitCode = -1;
  QString out;
  QString err;
};

/// Runs the CLI with `args` in `environment`; kills it after `timeoutMs` and says "timed out" in
/// `err`.
inline CliRun runCliIn(const QProcessEnvironment& environment, const QStringList& args,
                       int timeoutMs = 600000) {
  QProcess p;
  p.setProcessEnvironment(environment);
  p.start(posescope::test::cliPath(), args);
  CliRun r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.err = QStringLiteral("timed out");
    return r;
  }
  r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

/// Runs the CLI with `args` in the test's own environment.
inline CliRun runCli(const QStringList& args, int timeoutMs = 600000) {
  return runCliIn(QProcessEnvironment::systemEnvironment(), args, timeoutMs);
}

}  // namespace posescope::test

#pragma once
// Helpers shared by the Qt Test suites: where the parity data and the sources are.

#include <QFileInfo>
#include <QString>
#include <QtGlobal>

#include <string>

namespace posescope::test {

/// ../shared/parity when present, else empty (callers QSKIP with a reason).
inline std::string parityDir() {
  const QString dir = qEnvironmentVariable("POSESCOPE_PARITY_DIR");
  if (dir.isEmpty() || !QFileInfo::exists(dir + "/README.md")) return {};
  return dir.toStdString();
}

/// The repository root (configs/ lives there).
inline std::string sourceDir() {
  return qEnvironmentVariable("POSESCOPE_SOURCE_DIR").toStdString();
}

}  // namespace posescope::test

/// Skips the current test with a clear reason when the parity data is absent.
#define POSESCOPE_REQUIRE_PARITY(dirVar)                                           \
  const std::string dirVar = posescope::test::parityDir();                         \
  if (dirVar.empty())                                                              \
  QSKIP(                                                                           \
      "parity data not found (../shared/parity is absent on a user's clone); set " \
      "POSESCOPE_PARITY_DIR to run this parity test")

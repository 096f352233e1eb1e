#pragma once
// Where the programs a test runs were built. CTest passes the paths in the environment
// (tests/CMakeLists.txt) instead of compiling them in: a path in a compile definition would make
// every such test's object differ between build trees, and ccache could not serve the headless
// tree's build from the GUI tree's objects.

#include <QByteArray>
#include <QString>
#include <QtGlobal>

namespace posescope::test {

inline QString builtProgram(const char* variable) {
  const QString path = qEnvironmentVariable(variable);
  if (path.isEmpty()) qFatal("%s is not set: run the test through ctest", variable);
  return path;
}

/// posescope-cli of this build.
inline QString cliPath() {
  return builtProgram("POSESCOPE_CLI_PATH");
}
/// posescope (the GUI) of this build.
inline QString guiPath() {
  return builtProgram("POSESCOPE_GUI_PATH");
}

}  // namespace posescope::test

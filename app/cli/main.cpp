// posescope-cli: the headless front end (valid.py's arguments, plus a few subcommands). It links
// neither LibTorch nor OpenCV: the commands that need them are handed to posescope-cli-full.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli_args.h"
#include "cli_main.h"
#include "common/openmp_wait.h"

namespace {

// posescope-cli-full next to this executable (build tree) or where it is installed (libexec);
// empty when this executable cannot tell where it is.
std::filesystem::path fullExecutable() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  auto beside = self.parent_path() / "posescope-cli-full";
  if (std::filesystem::exists(beside)) return beside;
  return (self.parent_path() / POSESCOPE_CLI_FULL_FROM_BIN / "posescope-cli-full")
      .lexically_normal();
}

int runInFullExecutable(const char* name, char** argv) {
  const std::filesystem::path path = fullExecutable();
  if (path.empty()) {
    std::cerr << "error: posescope-cli " << name
              << " cannot locate posescope-cli-full (/proc/self/exe is unreadable)\n";
    return posescope::cli::kFailed;
  }
  posescope::preferPassiveOpenMpWait();  // before LibTorch's libgomp loads in the new process
  std::error_code ec;
  if (const auto self = std::filesystem::read_symlink("/proc/self/exe", ec); !ec)
    setenv("POSESCOPE_FRONT_END", self.c_str(), 1);  // bench --sweep times the front end
  execv(path.c_str(), argv);                         // returns only on failure
  std::cerr << "error: posescope-cli " << name << " needs " << path.string()
            << ", which cannot be started: " << std::strerror(errno) << "\n";
  return posescope::cli::kFailed;
}

}  // namespace

int main(int argc, char** argv) {
  return posescope::cli::dispatch(argc, argv, posescope::cli::commandTable(), runInFullExecutable);
}

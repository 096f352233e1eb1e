#include "sbatch.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "common/errors.h"

namespace posescope::cli {

namespace fs = std::filesystem;

std::string selfExecutable() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw Error("cannot tell where posescope-cli is (/proc/self/exe): " + ec.message());
  return self.string();
}

void writeBatchScript(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw Error("cannot write '" + path.string() + "'");
}

SbatchOutcome runSbatch(const std::vector<std::string>& args) {
  int out[2];
  if (pipe(out) != 0) throw Error(std::string("cannot run sbatch: ") + std::strerror(errno));
  const pid_t pid = fork();
  if (pid < 0) throw Error(std::string("cannot run sbatch: ") + std::strerror(errno));
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv = {const_cast<char*>("sbatch"), const_cast<char*>("--parsable")};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp("sbatch", argv.data());
    std::cerr << "error: cannot run sbatch: " << std::strerror(errno)
              << " (is this a Slurm login node?)\n";
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char buffer[256];
  ssize_t n;
  while ((n = read(out[0], buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) text.append(buffer, static_cast<std::size_t>(n));
  close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  SbatchOutcome outcome;
  outcome.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  // --parsable prints "ID" or "ID;CLUSTER" once the job is accepted.
  outcome.jobId = text.substr(0, text.find_first_of(";\n"));
  const std::string command = "sbatch " + args.front() + " ... " + args.back();
  if (outcome.jobId.empty() || outcome.jobId.find_first_not_of("0123456789") != std::string::npos)
    throw Error(command + " printed '" + text + "', not a job id (exit " +
                std::to_string(outcome.exitCode) + "); its message is above");
  return outcome;
}

std::string submitBatch(const std::vector<std::string>& args) {
  const SbatchOutcome outcome = runSbatch(args);
  if (outcome.exitCode != 0)
    throw Error("sbatch " + args.front() + " ... " + args.back() + " failed (exit " +
                std::to_string(outcome.exitCode) + "); its message is above");
  return outcome.jobId;
}

}  // namespace posescope::cli

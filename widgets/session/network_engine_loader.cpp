// Loads the network engine module once per process, on a thread of its own (network_engine.h).

#include <QLibrary>
#include <QString>
#include <filesystem>
#include <future>
#include <mutex>

#include "common/errors.h"
#include "widgets/session/network_engine.h"

namespace posescope {

namespace {

// The module's one exported function (widgets/engine/network_engine_module.cpp).
using EngineEntry = const NetworkEngine* (*)();
constexpr const char* kEntryName = "posescope_network_engine";

}  // namespace

const NetworkEngine& loadNetworkEngine(const std::vector<std::string>& candidates) {
  std::string looked;
  for (const std::string& path : candidates) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
      looked += (looked.empty() ? "" : ", ") + path;
      continue;
    }
    // Never unloaded: evaluations and their results live until the process ends.
    QLibrary library(QString::fromStdString(path));
    if (!library.load())
      throw Error("cannot load the network engine '" + path +
                  "': " + library.errorString().toStdString());
    const auto entry = reinterpret_cast<EngineEntry>(library.resolve(kEntryName));
    if (!entry) {
      library.unload();
      throw Error("'" + path + "' is not PoseScope's network engine (it has no " + kEntryName +
                  ")");
    }
    return *entry();
  }
  throw Error(std::string("the network engine ") + kNetworkEngineModule +
              " is missing, so runs and network checks cannot work (looked for " + looked +
              "); reinstall PoseScope");
}

namespace {

struct EngineLoad {
  std::once_flag started;
  std::shared_future<const NetworkEngine*> engine;
};

EngineLoad& engineLoad() {
  static EngineLoad load;
  return load;
}

}  // namespace

std::vector<std::string> networkEngineCandidates(const std::string& binDir) {
  std::vector<std::string> candidates;
  const QString fromEnvironment = qEnvironmentVariable("POSESCOPE_NETWORK_ENGINE");
  if (!fromEnvironment.isEmpty()) candidates.push_back(fromEnvironment.toStdString());
  if (!binDir.empty()) {
    const std::filesystem::path bin(binDir);
    candidates.push_back((bin / kNetworkEngineModule).string());
    candidates.push_back(
        (bin / POSESCOPE_ENGINE_FROM_BIN / kNetworkEngineModule).lexically_normal().string());
  }
  return candidates;
}

std::string executableFolder() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string() : self.parent_path().string();
}

void startLoadingNetworkEngine() {
  EngineLoad& load = engineLoad();
  std::call_once(load.started, [&load] {
    load.engine = std::async(std::launch::async, [] {
                    return &loadNetworkEngine(networkEngineCandidates(executableFolder()));
                  }).share();
  });
}

const NetworkEngine& networkEngine() {
  startLoadingNetworkEngine();
  return *engineLoad().engine.get();
}

}  // namespace posescope

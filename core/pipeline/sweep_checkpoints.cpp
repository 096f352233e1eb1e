#include "pipeline/sweep_checkpoints.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "common/errors.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::vector<std::string> trainingCheckpointFiles(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Error("checkpoint folder '" + dir + "' does not exist or is not a folder");
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file(ec) && (endsWith(name, ".pth") || endsWith(name, ".pth.tar")))
      files.push_back(fs::absolute(entry.path()).lexically_normal().string());
  }
  if (ec) throw Error("cannot list checkpoint folder '" + dir + "': " + ec.message());
  if (files.empty())
    throw Error("checkpoint folder '" + dir + "' holds no *.pth or *.pth.tar file");
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> sweepRunNames(const std::vector<std::string>& checkpoints) {
  std::vector<std::string> names;
  std::set<std::string> taken;
  for (const std::string& checkpoint : checkpoints) {
    std::string stem = fs::path(checkpoint).filename().string();
    for (const char* suffix : {".pth.tar", ".pth", ".pt", ".tar"})
      if (endsWith(stem, suffix) && stem.size() > std::string(suffix).size()) {
        stem.resize(stem.size() - std::string(suffix).size());
        break;
      }
    std::string name = stem;
    for (int n = 2; taken.count(name); ++n) name = stem + "-" + std::to_string(n);
    taken.insert(name);
    names.push_back(name);
  }
  return names;
}

void sortByEpoch(std::vector<SweepCheckpoint>& checkpoints) {
  std::stable_sort(checkpoints.begin(), checkpoints.end(),
                   [](const SweepCheckpoint& a, const SweepCheckpoint& b) {
                     if (a.epoch && b.epoch) return *a.epoch < *b.epoch;
                     return a.epoch.has_value() && !b.epoch.has_value();
                   });
}

}  // namespace posescope

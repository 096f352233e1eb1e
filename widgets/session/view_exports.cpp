#include "widgets/session/view_exports.h"

#include <exception>
#include <filesystem>
#include <string>

#include "common/strings.h"
#include "pipeline/atomic_file.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"
#include "report/run_view.h"

namespace posescope {

QString writeViewSubset(const QString& runDir, const std::set<std::int64_t>& imageIds,
                        const QString& outDir) {
  try {
    const LoadedRun run = loadRunFolder(runDir.toStdString());
    const RunEvaluationInput in = loadRunEvaluationInput(run);
    const std::filesystem::path dir(outDir.toStdString());
    std::filesystem::create_directories(dir);
    writeFileAtomically((dir / "gt.json").string(), cocoSubsetText(readTextFile(in.annotationFile),
                                                                   in.annotationFile, imageIds));
    const std::string results = (std::filesystem::path(run.dir) / runfiles::kResults).string();
    writeFileAtomically((dir / "results.json").string(),
                        cocoSubsetText(readTextFile(results), results, imageIds));
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

QString writeViewImageIds(const std::set<std::int64_t>& imageIds, const QString& path) {
  std::string text;
  for (std::int64_t id : imageIds) text += std::to_string(id) + "\n";
  try {
    writeFileAtomically(path.toStdString(), text);
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace posescope

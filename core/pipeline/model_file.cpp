#include "pipeline/model_file.h"

#include <algorithm>
#include <filesystem>

#include "common/errors.h"

namespace posescope {

namespace fs = std::filesystem;

std::string validPyOutputDir(const ConfigNode& cfg, const std::string& cfgFile) {
  std::string dataset = cfg.getString("DATASET.DATASET");
  std::replace(dataset.begin(), dataset.end(), ':', '_');
  // os.path.basename(cfg_name).split('.')[0]: the name up to its first dot.
  std::string cfgName = fs::path(cfgFile).filename().string();
  cfgName = cfgName.substr(0, cfgName.find('.'));
  // Path('') is '.', so an empty OUTPUT_DIR means the working directory.
  const std::string outputDir = cfg.getString("OUTPUT_DIR");
  const fs::path root = outputDir.empty() ? fs::path(".") : fs::path(outputDir);
  return (root / dataset / cfg.getString("MODEL.NAME") / cfgName).lexically_normal().string();
}

std::string resolveModelFile(const ConfigNode& cfg, const std::string& cfgFile) {
  // valid.py tests `if cfg.TEST.MODEL_FILE:`, so None counts as empty too.
  const bool none = cfg.value("TEST.MODEL_FILE").type() == ConfigValue::Type::None;
  std::string modelFile = none ? std::string() : cfg.getString("TEST.MODEL_FILE");
  if (!modelFile.empty()) return modelFile;
  // Absolute, so the run's config.yaml names the file whatever directory reopens the run.
  std::string best =
      fs::absolute(fs::path(validPyOutputDir(cfg, cfgFile)) / "model_best.pth.tar").string();
  if (!fs::exists(best))
    throw CheckpointError(
        "TEST.MODEL_FILE is empty, so valid.py's checkpoint '" + best +
        "' (OUTPUT_DIR/DATASET.DATASET/MODEL.NAME/<cfg name>/model_best.pth.tar) is loaded, "
        "but it does not exist; give the checkpoint with TEST.MODEL_FILE path/to/model.pth");
  return best;
}

}  // namespace posescope

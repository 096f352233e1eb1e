#include "config/experiment.h"

#include <filesystem>

#include "common/errors.h"
#include "common/strings.h"
#include "config/config_merge.h"
#include "config/search_space.h"
#include "config/yaml_reader.h"

namespace posescope {

namespace {

// The per-stage lists check_config compares with LOSS.NUM_STAGES, in its order.
const char* const kPerStageKeys[] = {
    "LOSS.WITH_HEATMAPS_LOSS",
    "LOSS.HEATMAPS_LOSS_FACTOR",
    "LOSS.WITH_AE_LOSS",
    "LOSS.PUSH_LOSS_FACTOR",
    "LOSS.PULL_LOSS_FACTOR",
    "TEST.WITH_HEATMAPS",
    "TEST.WITH_AE",
};

std::string keyAt(const std::string& source, const std::map<std::string, int>* lines,
                  const std::string& key) {
  if (lines) {
    auto it = lines->find(key);
    if (it != lines->end() && it->second > 0) return source + ":" + std::to_string(it->second);
  }
  return source;
}

void checkConfigWithLines(const ConfigNode& cfg, const std::string& source,
                          const std::map<std::string, int>* lines) {
  const ConfigValue& stagesValue = cfg.value("LOSS.NUM_STAGES");
  if (stagesValue.type() != ConfigValue::Type::Int)
    throw ConfigError(keyAt(source, lines, "LOSS.NUM_STAGES") +
                      ": LOSS.NUM_STAGES must be an int, got " + stagesValue.toLiteral());
  const auto stages = std::get<std::int64_t>(stagesValue.data);
  for (const char* key : kPerStageKeys) {
    const ConfigValue& v = cfg.value(key);
    const std::string at = keyAt(source, lines, key);
    if (v.type() != ConfigValue::Type::List)
      throw ConfigError(at + ": " + key + " must be a list with LOSS.NUM_STAGES (" +
                        std::to_string(stages) + ") entries, got " + v.toLiteral());
    const auto n = std::get<ConfigValue::List>(v.data).size();
    if (static_cast<std::int64_t>(n) != stages)
      throw ConfigError(at + ": " + key + " has " + std::to_string(n) +
                        (n == 1 ? " entry" : " entries") + " but LOSS.NUM_STAGES is " +
                        std::to_string(stages) +
                        "; every per-stage list needs one entry per stage");
  }
}

}  // namespace

std::string pythonPathJoin(const std::string& a, const std::string& b) {
  if (!b.empty() && b[0] == '/') return b;
  if (a.empty() || a.back() == '/') return a + b;
  return a + "/" + b;
}

void applyUpdateConfig(ConfigNode& cfg, const std::string& source) {
  try {
    const std::string dataDir = cfg.getString("DATA_DIR");
    const std::string root = cfg.getString("DATASET.ROOT");
    std::error_code ec;
    if (!std::filesystem::exists(root, ec))
      cfg.set("DATASET.ROOT", ConfigValue{pythonPathJoin(dataDir, root)});
    cfg.set("MODEL.PRETRAINED",
            ConfigValue{pythonPathJoin(dataDir, cfg.getString("MODEL.PRETRAINED"))});
    // `if cfg.TEST.MODEL_FILE:` skips None as well as ''.
    const bool noModelFile = cfg.value("TEST.MODEL_FILE").type() == ConfigValue::Type::None;
    const std::string modelFile = noModelFile ? std::string() : cfg.getString("TEST.MODEL_FILE");
    if (!modelFile.empty())
      cfg.set("TEST.MODEL_FILE", ConfigValue{pythonPathJoin(dataDir, modelFile)});
    if (cfg.getBool("DATASET.WITH_CENTER")) {
      const std::int64_t joints = cfg.getInt("DATASET.NUM_JOINTS") + 1;
      cfg.set("DATASET.NUM_JOINTS", ConfigValue{joints});
      cfg.set("MODEL.NUM_JOINTS", ConfigValue{joints});
    }
  } catch (const ConfigError& e) {
    throw ConfigError(source + ": " + e.what());
  }
  // OUTPUT_SIZE becomes a list; the reference's LOSS "promotions" are `(x)`, not tuples, so they
  // leave scalars alone and check_config reports them.
  const ConfigValue outputSize = cfg.value("DATASET.OUTPUT_SIZE");
  if (outputSize.type() != ConfigValue::Type::List)
    cfg.set("DATASET.OUTPUT_SIZE", ConfigValue{ConfigValue::List{outputSize}});
}

void applyArchResolution(ConfigNode& cfg, const ArchConfig& arch) {
  const std::int64_t reso = arch.imgSize;
  cfg.set("DATASET.INPUT_SIZE", ConfigValue{reso});
  cfg.set("DATASET.OUTPUT_SIZE",
          ConfigValue{ConfigValue::List{ConfigValue{reso / 4}, ConfigValue{reso / 2}}});
}

ConfigNode mergeConfigText(const std::string& yamlText, const std::string& source,
                           std::vector<ConfigWarning>* warnings) {
  ConfigNode cfg = defaultConfig();
  const YamlItem root = parseYaml(yamlText, source);
  MergeLog log;
  mergeYaml(cfg, root, source, log);
  if (warnings) *warnings = unknownKeyWarnings(cfg, log, source);
  return cfg;
}

Experiment loadExperiment(const ExperimentSpec& spec) {
  Experiment exp;
  exp.spec = spec;
  if (spec.cfgFile.empty()) throw ConfigError("no experiment config given (--cfg FILE)");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(spec.cfgFile, ec))
    throw ConfigError(spec.cfgFile + ": experiment config not found (or not a file)");
  std::string text;
  try {
    text = readTextFile(spec.cfgFile);
  } catch (const Error&) {
    throw ConfigError(spec.cfgFile + ": experiment config cannot be read");
  }
  exp.cfg = defaultConfig();
  const YamlItem root = parseYaml(text, spec.cfgFile);
  MergeLog log;
  mergeYaml(exp.cfg, root, spec.cfgFile, log);
  exp.warnings = unknownKeyWarnings(exp.cfg, log, spec.cfgFile);
  mergeOverrides(exp.cfg, spec.overrides);
  if (!spec.updateConfigApplied) applyUpdateConfig(exp.cfg, spec.cfgFile);
  checkConfigWithLines(exp.cfg, spec.cfgFile, &log.lines);
  // A supernet's shape and search space keys are checked here, where the file is known.
  if (exp.cfg.getString("MODEL.NAME") == "pose_supermobilenet") {
    try {
      searchSpaceFromConfig(exp.cfg);
    } catch (const ConfigError& e) {
      throw ConfigError(spec.cfgFile + ": " + e.what());
    }
  }
  if (!spec.archFile.empty()) {
    exp.arch = loadArchJson(spec.archFile);
    applyArchResolution(exp.cfg, *exp.arch);
  }
  return exp;
}

std::optional<ArchConfig> Experiment::effectiveArch() const {
  if (arch) return arch;
  const std::string name = cfg.getString("MODEL.NAME");
  if (name != "pose_mobilenet" && name != "pose_simplenet" && name != "pose_supermobilenet")
    return std::nullopt;
  if (!cfg.has("MODEL.EXTRA.NUM_DECONV_FILTERS"))
    throw ConfigError(spec.cfgFile + ": MODEL.EXTRA.NUM_DECONV_FILTERS is missing; " + name +
                      " without --superconfig builds ArchManager.fixed_sample() from it");
  try {
    return archManagerFromConfig(cfg).fixedSample();
  } catch (const ConfigError& e) {
    throw ConfigError(spec.cfgFile + ": " + e.what());
  }
}

std::string formatConfigWarning(const ConfigWarning& warning) {
  std::string text = "warning: " + warning.file;
  if (warning.line > 0) text += ":" + std::to_string(warning.line);
  return text + ": " + warning.message;
}

}  // namespace posescope

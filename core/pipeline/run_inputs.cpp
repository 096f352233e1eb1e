#include "pipeline/run_inputs.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include <openssl/evp.h>

#include "common/errors.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  return ec ? path : absolute.lexically_normal().string();
}

RunInput fileInput(const std::string& role, const std::string& path) {
  RunInput input{role, absolutePath(path), ""};
  input.sha256 = sha256OfFile(input.path);
  return input;
}

}  // namespace

const RunInput* recordedInput(const std::vector<RunInput>& inputs, const std::string& role) {
  for (const RunInput& input : inputs)
    if (input.role == role) return &input;
  return nullptr;
}

std::string sha256OfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read '" + path + "' to compute its SHA-256");
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
    throw Error("SHA-256 unavailable (OpenSSL) for '" + path + "'");
  std::array<char, 1 << 16> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    if (in.gcount() > 0)
      EVP_DigestUpdate(ctx.get(), buffer.data(), static_cast<size_t>(in.gcount()));
  }
  if (in.bad()) throw Error("cannot read '" + path + "' to compute its SHA-256");
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_DigestFinal_ex(ctx.get(), digest.data(), &length);
  std::string hex;
  hex.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    char byte[3];
    std::snprintf(byte, sizeof byte, "%02x", digest[i]);
    hex += byte;
  }
  return hex;
}

std::vector<RunInput> recordRunInputs(const Experiment& experiment,
                                      const std::string& annotationFile) {
  std::vector<RunInput> inputs;
  if (!experiment.spec.cfgFile.empty())
    inputs.push_back(fileInput("experiment", experiment.spec.cfgFile));
  if (!experiment.spec.archFile.empty())
    inputs.push_back(fileInput("arch", experiment.spec.archFile));
  const ConfigNode& cfg = experiment.cfg;
  const std::string modelFile = cfg.value("TEST.MODEL_FILE").type() == ConfigValue::Type::String
                                    ? cfg.getString("TEST.MODEL_FILE")
                                    : "";
  if (!modelFile.empty()) inputs.push_back(fileInput("checkpoint", modelFile));
  inputs.push_back(fileInput("annotations", annotationFile));
  inputs.push_back({"dataset_root", absolutePath(experiment.cfg.getString("DATASET.ROOT")), ""});
  return inputs;
}

ConfigNode withAbsoluteInputPaths(const ConfigNode& cfg) {
  ConfigNode copy = cfg.clone();  // copies share their leaves
  for (const char* key : {"TEST.MODEL_FILE", "DATASET.ROOT"}) {
    if (!copy.has(key) || copy.value(key).type() != ConfigValue::Type::String) continue;
    const std::string path = copy.getString(key);
    if (!path.empty()) copy.set(key, ConfigValue{absolutePath(path)});
  }
  return copy;
}

std::vector<ChangedInput> changedRunInputs(const std::vector<RunInput>& inputs) {
  std::vector<ChangedInput> changed;
  for (const auto& input : inputs) {
    if (input.sha256.empty()) continue;
    std::error_code ec;
    if (!fs::is_regular_file(input.path, ec)) {
      changed.push_back({input, "is missing"});
      continue;
    }
    try {
      if (sha256OfFile(input.path) != input.sha256)
        changed.push_back({input, "has changed since the run (SHA-256 differs)"});
    } catch (const Error&) {
      changed.push_back({input, "cannot be read"});
    }
  }
  return changed;
}

std::string describeChangedInputs(const std::vector<ChangedInput>& changed) {
  std::string text;
  for (const auto& c : changed) {
    if (!text.empty()) text += "; ";
    text += c.recorded.role + " " + c.recorded.path + " " + c.problem;
  }
  return text;
}

}  // namespace posescope

#include "config/arch_config.h"

#include <nlohmann/json.hpp>

#include <filesystem>

#include "common/errors.h"
#include "common/strings.h"

namespace posescope {

namespace {

using nlohmann::json;

class ArchReader {
 public:
  explicit ArchReader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw ConfigError(source_ + ": " + field + " " + what);
  }

  const json& field(const json& obj, const std::string& parent, const char* name) const {
    const std::string path = parent.empty() ? name : parent + "." + name;
    if (!obj.contains(name)) fail(path, "is missing");
    return obj.at(name);
  }

  int integer(const json& v, const std::string& path) const {
    if (!v.is_number_integer()) fail(path, "must be an integer, got " + v.dump());
    const auto value = v.get<std::int64_t>();
    if (value > 1000000 || value < -1000000) fail(path, "is out of range: " + v.dump());
    return static_cast<int>(value);
  }

  int positive(const json& v, const std::string& path) const {
    const int value = integer(v, path);
    if (value <= 0) fail(path, "must be positive, got " + std::to_string(value));
    return value;
  }

  const json& array(const json& v, const std::string& path) const {
    if (!v.is_array()) fail(path, "must be a list, got " + v.dump());
    return v;
  }

 private:
  std::string source_;
};

// Byte offset (nlohmann counts from 1, pointing after the last byte read) to line and column.
std::pair<int, int> lineColumn(const std::string& text, std::size_t byte) {
  int line = 1, column = 1;
  const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

}  // namespace

ArchConfig archFromJson(const json& doc, const std::string& source) {
  ArchReader r(source);
  if (!doc.is_object()) throw ConfigError(source + ": an arch must be a JSON object");
  ArchConfig arch;
  arch.imgSize = r.positive(r.field(doc, "", "img_size"), "img_size");
  arch.inputChannel = r.positive(r.field(doc, "", "input_channel"), "input_channel");
  const json& deconv = r.array(r.field(doc, "", "deconv_setting"), "deconv_setting");
  if (deconv.empty()) r.fail("deconv_setting", "must list at least one deconvolution width");
  for (std::size_t i = 0; i < deconv.size(); ++i)
    arch.deconvSetting.push_back(
        r.positive(deconv[i], "deconv_setting[" + std::to_string(i) + "]"));
  const json& backbone = r.array(r.field(doc, "", "backbone_setting"), "backbone_setting");
  if (backbone.empty()) r.fail("backbone_setting", "must list at least one stage");
  int totalStride = 2;  // the stem convolution of the LitePose networks has stride 2
  for (std::size_t s = 0; s < backbone.size(); ++s) {
    const std::string sp = "backbone_setting[" + std::to_string(s) + "]";
    const json& st = backbone[s];
    if (!st.is_object()) r.fail(sp, "must be an object, got " + st.dump());
    ArchStage stage;
    stage.numBlocks = r.positive(r.field(st, sp, "num_blocks"), sp + ".num_blocks");
    stage.stride = r.integer(r.field(st, sp, "stride"), sp + ".stride");
    if (stage.stride != 1 && stage.stride != 2)
      r.fail(sp + ".stride", "must be 1 or 2, got " + std::to_string(stage.stride));
    totalStride *= stage.stride;
    stage.channel = r.positive(r.field(st, sp, "channel"), sp + ".channel");
    const json& blocks = r.array(r.field(st, sp, "block_setting"), sp + ".block_setting");
    if (static_cast<int>(blocks.size()) != stage.numBlocks)
      r.fail(sp + ".block_setting", "has " + std::to_string(blocks.size()) +
                                        " entries but num_blocks is " +
                                        std::to_string(stage.numBlocks));
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const std::string bp = sp + ".block_setting[" + std::to_string(b) + "]";
      const json& block = blocks[b];
      if (!block.is_array() || block.size() != 2)
        r.fail(bp, "must be [expansion, kernel_size], got " + block.dump());
      const int expansion = r.positive(block[0], bp + "[0] (expansion)");
      const int kernel = r.positive(block[1], bp + "[1] (kernel_size)");
      if (kernel % 2 == 0)
        r.fail(bp + "[1] (kernel_size)", "must be odd, got " + std::to_string(kernel));
      stage.blockSetting.emplace_back(expansion, kernel);
    }
    arch.backbone.push_back(std::move(stage));
  }
  // The network's outputs are img/4 and img/2 (valid.py's OUTPUT_SIZE) only when the input is a
  // multiple of the backbone's total stride.
  if (arch.imgSize % totalStride != 0)
    r.fail("img_size", "must be a multiple of the backbone's total stride " +
                           std::to_string(totalStride) + ", got " + std::to_string(arch.imgSize));
  return arch;
}

ArchConfig loadArchJson(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw ConfigError(path + ": arch JSON not found (or not a file)");
  std::string text;
  try {
    text = readTextFile(path);
  } catch (const Error&) {
    throw ConfigError(path + ": arch JSON cannot be read");
  }
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    const auto [line, column] = lineColumn(text, e.byte);
    std::string reason = e.what();
    const auto colon = reason.find(": ", reason.find("parse error"));
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    throw ConfigError(path + ":" + std::to_string(line) + ":" + std::to_string(column) +
                      ": malformed JSON: " + reason);
  } catch (const json::exception& e) {  // e.g. a number too large for a double (out_of_range)
    throw ConfigError(path + ": malformed JSON: " + e.what());
  }
  return archFromJson(doc, path);
}

json archToJson(const ArchConfig& arch) {
  json doc;
  doc["img_size"] = arch.imgSize;
  doc["input_channel"] = arch.inputChannel;
  doc["deconv_setting"] = arch.deconvSetting;
  json stages = json::array();
  for (const auto& s : arch.backbone) {
    json blocks = json::array();
    for (const auto& [e, k] : s.blockSetting) blocks.push_back({e, k});
    stages.push_back({{"num_blocks", s.numBlocks},
                      {"stride", s.stride},
                      {"channel", s.channel},
                      {"block_setting", blocks}});
  }
  doc["backbone_setting"] = stages;
  return doc;
}

std::string archToJsonText(const ArchConfig& arch) {
  auto ints = [](const std::vector<int>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
    return out + "]";
  };
  std::string out = "{\"img_size\": " + std::to_string(arch.imgSize) +
                    ", \"input_channel\": " + std::to_string(arch.inputChannel) +
                    ", \"deconv_setting\": " + ints(arch.deconvSetting) +
                    ", \"backbone_setting\": [";
  for (std::size_t s = 0; s < arch.backbone.size(); ++s) {
    const auto& st = arch.backbone[s];
    out += (s ? ", " : "");
    out += "{\"num_blocks\": " + std::to_string(st.numBlocks) +
           ", \"stride\": " + std::to_string(st.stride) +
           ", \"channel\": " + std::to_string(st.channel) + ", \"block_setting\": [";
    for (std::size_t b = 0; b < st.blockSetting.size(); ++b)
      out += (b ? ", " : "") + ints({st.blockSetting[b].first, st.blockSetting[b].second});
    out += "]}";
  }
  return out + "]}";
}

}  // namespace posescope

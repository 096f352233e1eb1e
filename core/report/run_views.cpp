#include "report/run_views.h"

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/atomic_file.h"

namespace posescope {

namespace {

using nlohmann::json;

json parseObject(const std::string& text, const std::string& source) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw Error(source + ": malformed JSON: " + e.what());
  }
  if (!j.is_object()) throw Error(source + ": must be a JSON object");
  return j;
}

// The one key `key` of `object`, which must hold nothing else.
const json& onlyKey(const json& object, const char* key, const std::string& source) {
  for (const auto& item : object.items())
    if (item.key() != key)
      throw Error(source + ": unknown key '" + item.key() + "' (expected '" + key + "')");
  if (!object.contains(key)) throw Error(source + ": missing key '" + key + "'");
  return object.at(key);
}

std::string fileIn(const std::string& runDir, const char* name) {
  return (std::filesystem::path(runDir) / name).string();
}

// The text of `path`, or nullopt when there is no such file.
std::optional<std::string> textIfPresent(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  return readTextFile(path);
}

}  // namespace

std::vector<SavedView> parseSavedViews(const std::string& text, const std::string& source) {
  const json j = parseObject(text, source);
  const json& views = onlyKey(j, "views", source);
  if (!views.is_object()) throw Error(source + ": 'views' must be an object of name: query");
  std::vector<SavedView> out;
  for (const auto& item : views.items()) {
    if (item.key().empty()) throw Error(source + ": views: a view needs a name");
    if (!item.value().is_string())
      throw Error(source + ": views: '" + item.key() + "' must be a query text");
    out.push_back({item.key(), item.value().get<std::string>()});
  }
  return out;  // nlohmann's objects are sorted by key
}

std::string savedViewsJson(const std::vector<SavedView>& views) {
  json byName = json::object();
  for (const SavedView& view : views) byName[view.name] = view.query;
  return json{{"views", byName}}.dump(2) + "\n";
}

std::vector<RunTag> parseRunTags(const std::string& text, const std::string& source) {
  const json j = parseObject(text, source);
  const json& tags = onlyKey(j, "tags", source);
  if (!tags.is_array()) throw Error(source + ": 'tags' must be a list");
  std::vector<RunTag> out;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const json& entry = tags[i];
    const std::string where = source + ": tags[" + std::to_string(i) + "]";
    if (!entry.is_object()) throw Error(where + ": must be an object");
    for (const auto& item : entry.items())
      if (item.key() != "image_id" && item.key() != "annotation_id" && item.key() != "detection" &&
          item.key() != "tag" && item.key() != "note")
        throw Error(where + ": unknown key '" + item.key() + "'");
    RunTag tag;
    if (!entry.contains("image_id") || !entry.at("image_id").is_number_integer())
      throw Error(where + ": 'image_id' must be an integer");
    tag.imageId = entry.at("image_id").get<std::int64_t>();
    if (entry.contains("annotation_id")) {
      if (!entry.at("annotation_id").is_number_integer())
        throw Error(where + ": 'annotation_id' must be an integer");
      tag.annotationId = entry.at("annotation_id").get<std::int64_t>();
    }
    if (entry.contains("detection")) {
      if (!entry.at("detection").is_number_unsigned())
        throw Error(where + ": 'detection' must be a position in results.json (0 or more)");
      tag.detection = entry.at("detection").get<std::size_t>();
    }
    if (tag.annotationId && tag.detection)
      throw Error(where + ": either 'annotation_id' or 'detection', not both");
    if (!entry.contains("tag") || !entry.at("tag").is_string() ||
        entry.at("tag").get<std::string>().empty())
      throw Error(where + ": 'tag' must be a non-empty text");
    tag.tag = entry.at("tag").get<std::string>();
    if (entry.contains("note")) {
      if (!entry.at("note").is_string()) throw Error(where + ": 'note' must be a text");
      tag.note = entry.at("note").get<std::string>();
    }
    out.push_back(std::move(tag));
  }
  return out;
}

std::string runTagsJson(const std::vector<RunTag>& tags) {
  json list = json::array();
  for (const RunTag& tag : tags) {
    json entry = {{"image_id", tag.imageId}};
    if (tag.annotationId) entry["annotation_id"] = *tag.annotationId;
    if (tag.detection) entry["detection"] = *tag.detection;
    entry["tag"] = tag.tag;
    entry["note"] = tag.note;
    list.push_back(std::move(entry));
  }
  return json{{"tags", list}}.dump(2) + "\n";
}

std::vector<SavedView> readSavedViews(const std::string& runDir) {
  const std::string path = fileIn(runDir, kSavedViewsFile);
  const std::optional<std::string> text = textIfPresent(path);
  return text ? parseSavedViews(*text, path) : std::vector<SavedView>{};
}

void writeSavedViews(const std::string& runDir, const std::vector<SavedView>& views) {
  writeFileAtomically(fileIn(runDir, kSavedViewsFile), savedViewsJson(views));
}

std::vector<RunTag> readRunTags(const std::string& runDir) {
  const std::string path = fileIn(runDir, kRunTagsFile);
  const std::optional<std::string> text = textIfPresent(path);
  return text ? parseRunTags(*text, path) : std::vector<RunTag>{};
}

void writeRunTags(const std::string& runDir, const std::vector<RunTag>& tags) {
  writeFileAtomically(fileIn(runDir, kRunTagsFile), runTagsJson(tags));
}

}  // namespace posescope

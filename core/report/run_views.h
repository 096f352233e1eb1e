#pragma once
// What a person keeps in a run folder about its views: saved views (views.json: a name for each
// query text) and tags (tags.json: an image or one of its people, a tag name and a note). Both
// files are read strictly (errors name the file and the key) and written atomically.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace posescope {

/// The files in a run folder.
inline constexpr const char* kSavedViewsFile = "views.json";
inline constexpr const char* kRunTagsFile = "tags.json";

/// A query kept under a name (the query's text as typed; it is parsed when applied).
struct SavedView {
  std::string name;
  std::string query;
  bool operator==(const SavedView& other) const {
    return name == other.name && query == other.query;
  }
};

/// A tag on an image or on one of its people: a ground-truth person (annotationId) or a
/// prediction (detection: its position in the run's results.json); neither: the image itself.
struct RunTag {
  std::int64_t imageId = 0;
  std::optional<std::int64_t> annotationId;
  std::optional<std::size_t> detection;
  std::string tag;
  std::string note;
  bool operator==(const RunTag& other) const {
    return imageId == other.imageId && annotationId == other.annotationId &&
           detection == other.detection && tag == other.tag && note == other.note;
  }
};

/// The saved views of views.json's text {"views": {"NAME": "QUERY", ...}}, sorted by name.
/// Throws Error naming `source` and the key that is wrong (not an object, an unknown key, an empty
/// name, a query that is not text).
std::vector<SavedView> parseSavedViews(const std::string& text, const std::string& source);
/// views.json's text for `views` (the last of equal names kept); parseSavedViews reads it back.
std::string savedViewsJson(const std::vector<SavedView>& views);

/// The tags of tags.json's text {"tags": [{"image_id", "annotation_id"?, "detection"?, "tag",
/// "note"?}, ...]}, in the file's order. Throws Error naming `source`, the entry and the key that
/// is wrong (missing, unknown, of the wrong type, an empty tag, both a person's keys).
std::vector<RunTag> parseRunTags(const std::string& text, const std::string& source);
/// tags.json's text for `tags`; parseRunTags reads it back.
std::string runTagsJson(const std::vector<RunTag>& tags);

/// The saved views of run folder `runDir` (none when it has no views.json). Throws Error as
/// parseSavedViews, or naming the file that cannot be read.
std::vector<SavedView> readSavedViews(const std::string& runDir);
/// Replaces `runDir`'s views.json atomically. Throws Error naming the file.
void writeSavedViews(const std::string& runDir, const std::vector<SavedView>& views);
/// The tags of run folder `runDir` (none when it has no tags.json). Throws Error as parseRunTags.
std::vector<RunTag> readRunTags(const std::string& runDir);
/// Replaces `runDir`'s tags.json atomically. Throws Error naming the file.
void writeRunTags(const std::string& runDir, const std::vector<RunTag>& tags);

}  // namespace posescope

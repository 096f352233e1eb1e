#include "simdjson_loaders.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_set>
#include <utility>

#include "common/errors.h"

namespace simdjsonloaders {

using posescope::EvalError;
namespace od = simdjson::ondemand;

namespace {

// The parsed text and its name, for messages: syntax errors give line and column.
class Source {
 public:
  Source(const simdjson::padded_string& text, std::string name)
      : text_(text.data(), text.size()), name_(std::move(name)) {}
  const std::string& name() const { return name_; }

  [[noreturn]] void malformed(const char* at, const std::string& message) const {
    std::size_t line = 1, column = 1;
    const std::size_t end = at ? std::min<std::size_t>(at - text_.data(), text_.size()) : 0;
    for (std::size_t i = 0; i < end; ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    throw EvalError(name_ + ": malformed JSON at line " + std::to_string(line) + ", column " +
                    std::to_string(column) + ": " + message);
  }
  // A failed iteration step: the document's position names the place.
  void check(simdjson::error_code error, od::document& doc) const {
    if (!error) return;
    const char* at = nullptr;
    if (doc.current_location().get(at)) at = text_.data() + text_.size();
    malformed(at, simdjson::error_message(error));
  }

 private:
  std::string_view text_;
  std::string name_;
};

// Where a record sits: "FILE: annotations[3]".
struct Context {
  const Source& source;
  od::document& doc;
  std::string record;
  std::string where() const { return source.name() + ": " + record; }
};

enum class Kind { Object, Array, String, Number, Bool, Null };

const char* kindName(Kind kind) {
  switch (kind) {
    case Kind::Object:
      return "an object";
    case Kind::Array:
      return "a list";
    case Kind::String:
      return "a string";
    case Kind::Bool:
      return "a boolean";
    case Kind::Null:
      return "null";
    case Kind::Number:
      return "a number";
  }
  return "a value";
}

std::string_view token(od::value& v) {
  std::string_view raw = v.raw_json_token();
  while (!raw.empty() &&
         (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t')) {
    raw.remove_suffix(1);
  }
  return raw;
}

// The kind from the first character, so that Python's NaN / Infinity count as numbers.
Kind kindOf(od::value& v, const Context& ctx) {
  const std::string_view t = token(v);
  const char c = t.empty() ? '\0' : t[0];
  switch (c) {
    case '{':
      return Kind::Object;
    case '[':
      return Kind::Array;
    case '"':
      return Kind::String;
    case 't':
    case 'f':
      return Kind::Bool;
    case 'n':
      return Kind::Null;
    default:
      if ((c >= '0' && c <= '9') || c == '-' || c == 'N' || c == 'I') return Kind::Number;
      ctx.source.malformed(t.data(), "expected a value");
  }
}

struct Number {
  double value = 0;
  bool integer = false;
  std::int64_t asInt = 0;
};

// A number token; simdjson refuses Python's NaN / Infinity and overflowing exponents, which
// json.load reads, so those are read from the token here.
Number number(od::value& v, const Context& ctx) {
  Number n;
  od::number parsed;
  if (!v.get_number().get(parsed)) {
    switch (parsed.get_number_type()) {
      case od::number_type::signed_integer:
        n.integer = true;
        n.asInt = parsed.get_int64();
        n.value = static_cast<double>(n.asInt);
        return n;
      case od::number_type::unsigned_integer:
        n.value = static_cast<double>(parsed.get_uint64());
        return n;
      case od::number_type::floating_point_number:
        n.value = parsed.get_double();
        return n;
    }
  }
  const std::string_view t = token(v);
  const double inf = std::numeric_limits<double>::infinity();
  if (t == "NaN" || t == "Infinity" || t == "-Infinity") {
    n.value = t == "NaN" ? std::nan("") : t[0] == '-' ? -inf : inf;
    return n;
  }
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n.value);
  if (end != t.data() + t.size() || ec != std::errc::result_out_of_range || t[0] == '+') {
    ctx.source.malformed(t.data(), "invalid number");
  }
  // Overflow gives infinity as Python does; underflow gives zero.
  const bool negative = t[0] == '-';
  bool bigExponent = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == 'e' || t[i] == 'E') bigExponent = i + 1 < t.size() && t[i + 1] != '-';
  }
  n.value = bigExponent ? (negative ? -inf : inf) : (negative ? -0.0 : 0.0);
  return n;
}

double finiteNumber(od::value& v, const char* key, long index, const Context& ctx) {
  double x = 0;
  if (!v.get_double().get(x)) return x;  // simdjson yields finite values only
  auto what = [&] {
    return index < 0 ? std::string("field '") + key + "'"
                     : std::string(key) + "[" + std::to_string(index) + "]";
  };
  const Kind kind = kindOf(v, ctx);
  if (kind != Kind::Number) {
    throw EvalError(ctx.where() + ": " + what() + " must be a number, not " + kindName(kind));
  }
  x = number(v, ctx).value;
  if (!std::isfinite(x)) throw EvalError(ctx.where() + ": " + what() + " is not finite");
  return x;
}

double readNumber(od::value& v, const char* key, const Context& ctx) {
  return finiteNumber(v, key, -1, ctx);
}

std::int64_t readInt(od::value& v, const char* key, const Context& ctx) {
  std::int64_t i = 0;
  if (!v.get_int64().get(i)) return i;
  if (kindOf(v, ctx) == Kind::Number) {
    const Number n = number(v, ctx);
    if (n.integer) return n.asInt;
    if (std::isfinite(n.value) && n.value == std::trunc(n.value) && std::fabs(n.value) < 9.0e15) {
      return static_cast<std::int64_t>(n.value);
    }
  }
  throw EvalError(ctx.where() + ": field '" + key + "' must be an integer");
}

std::vector<double> readNumbers(od::value& v, const char* key, const Context& ctx) {
  if (kindOf(v, ctx) != Kind::Array) {
    throw EvalError(ctx.where() + ": field '" + key + "' must be a list of numbers");
  }
  std::vector<double> values;
  od::array array;
  ctx.source.check(v.get_array().get(array), ctx.doc);
  for (auto element : array) {
    od::value e;
    ctx.source.check(std::move(element).get(e), ctx.doc);
    values.push_back(finiteNumber(e, key, static_cast<long>(values.size()), ctx));
  }
  return values;
}

std::string readString(od::value& v, const Context& ctx) {
  std::string_view s;
  ctx.source.check(v.get_string().get(s), ctx.doc);
  return std::string(s);
}

void skipChecked(od::value& v, const Context& ctx);

// Calls `each(key, value)` for every field of the object `v`; `each` returns false for a field
// it does not read, which is then checked as JSON (On-Demand alone would skip it unchecked).
template <typename F>
void forEachField(od::value& v, const Context& ctx, F&& each) {
  if (kindOf(v, ctx) != Kind::Object) throw EvalError(ctx.where() + " is not a JSON object");
  od::object object;
  ctx.source.check(v.get_object().get(object), ctx.doc);
  for (auto f : object) {
    od::field field;
    ctx.source.check(std::move(f).get(field), ctx.doc);
    std::string_view key;
    ctx.source.check(field.unescaped_key().get(key), ctx.doc);
    od::value value = field.value();
    if (!each(key, value)) skipChecked(value, ctx);
  }
}

// Reads a value nobody needs, so that malformed JSON anywhere in the file is an error.
void skipChecked(od::value& v, const Context& ctx) {
  switch (kindOf(v, ctx)) {
    case Kind::Object:
      forEachField(v, ctx, [](std::string_view, od::value&) { return false; });
      return;
    case Kind::Array: {
      od::array array;
      ctx.source.check(v.get_array().get(array), ctx.doc);
      for (auto element : array) {
        od::value e;
        ctx.source.check(std::move(element).get(e), ctx.doc);
        skipChecked(e, ctx);
      }
      return;
    }
    case Kind::String: {
      std::string_view s;
      ctx.source.check(v.get_string().get(s), ctx.doc);
      return;
    }
    case Kind::Bool: {
      bool b = false;
      ctx.source.check(v.get_bool().get(b), ctx.doc);
      return;
    }
    case Kind::Null: {
      bool null = false;
      ctx.source.check(v.is_null().get(null), ctx.doc);
      if (!null) ctx.source.malformed(token(v).data(), "expected null");
      return;
    }
    case Kind::Number:
      number(v, ctx);
      return;
  }
}

// Calls `each(index, element)` for every element of the list `v`.
template <typename F>
void forEachElement(od::value& v, const Context& ctx, const char* what, F&& each) {
  if (kindOf(v, ctx) != Kind::Array) {
    throw EvalError(ctx.source.name() + ": '" + what + "' must be a list");
  }
  od::array array;
  ctx.source.check(v.get_array().get(array), ctx.doc);
  std::size_t i = 0;
  for (auto element : array) {
    od::value e;
    ctx.source.check(std::move(element).get(e), ctx.doc);
    each(i++, e);
  }
}

std::string recordName(const char* list, std::size_t index) {
  return std::string(list) + "[" + std::to_string(index) + "]";
}

void missing(const Context& ctx, const char* key) {
  throw EvalError(ctx.where() + " has no field '" + key + "'");
}

posescope::GroundTruthImage parseImage(od::value& v, const Context& ctx) {
  posescope::GroundTruthImage image;
  bool hasId = false;
  forEachField(v, ctx, [&](std::string_view key, od::value& value) {
    if (key == "id") {
      image.id = readInt(value, "id", ctx);
      hasId = true;
    } else if (key == "file_name" && kindOf(value, ctx) == Kind::String) {
      image.fileName = readString(value, ctx);
    } else if ((key == "width" || key == "height") && kindOf(value, ctx) == Kind::Number) {
      const auto n = number(value, ctx);
      (key == "width" ? image.width : image.height) = n.integer ? static_cast<int>(n.asInt) : 0;
    } else if (key == "crowdIndex") {
      image.crowdIndex = readNumber(value, "crowdIndex", ctx);
    } else {
      return false;
    }
    return true;
  });
  if (!hasId) missing(ctx, "id");
  return image;
}

bool readCrowdFlag(od::value& v, const Context& ctx) {
  const Kind kind = kindOf(v, ctx);
  if (kind == Kind::Bool) {
    bool flag = false;
    ctx.source.check(v.get_bool().get(flag), ctx.doc);
    return flag;
  }
  if (kind == Kind::Number) {
    const auto n = number(v, ctx);
    if (n.integer) return n.asInt != 0;
  }
  throw EvalError(ctx.where() + ": field 'iscrowd' must be 0, 1 or a boolean");
}

posescope::GroundTruthPerson parseAnnotation(od::value& v, const Context& ctx) {
  posescope::GroundTruthPerson person;
  enum { kId = 1, kImage = 2, kCategory = 4, kKeypoints = 8, kBox = 16, kNum = 32, kCrowd = 64 };
  int seen = 0;
  forEachField(v, ctx, [&](std::string_view key, od::value& value) {
    if (key == "id") {
      person.id = readInt(value, "id", ctx);
      seen |= kId;
    } else if (key == "image_id") {
      person.imageId = readInt(value, "image_id", ctx);
      seen |= kImage;
    } else if (key == "category_id") {
      person.categoryId = readInt(value, "category_id", ctx);
      seen |= kCategory;
    } else if (key == "keypoints") {
      person.keypoints = readNumbers(value, "keypoints", ctx);
      seen |= kKeypoints;
    } else if (key == "bbox") {
      const auto box = readNumbers(value, "bbox", ctx);
      if (box.size() != 4) {
        throw EvalError(ctx.where() + ": field 'bbox' must hold 4 numbers, not " +
                        std::to_string(box.size()));
      }
      for (int i = 0; i < 4; ++i) person.bbox[i] = box[i];
      seen |= kBox;
    } else if (key == "area") {
      person.area = readNumber(value, "area", ctx);
    } else if (key == "num_keypoints") {
      person.numKeypoints = readNumber(value, "num_keypoints", ctx);
      seen |= kNum;
    } else if (key == "iscrowd") {
      person.isCrowd = readCrowdFlag(value, ctx);
      seen |= kCrowd;
    } else {
      return false;
    }
    return true;
  });
  const std::pair<int, const char*> required[] = {{kId, "id"},
                                                  {kImage, "image_id"},
                                                  {kCategory, "category_id"},
                                                  {kKeypoints, "keypoints"},
                                                  {kBox, "bbox"},
                                                  {kNum, "num_keypoints"},
                                                  {kCrowd, "iscrowd"}};
  for (const auto& [flag, name] : required) {
    if (!(seen & flag)) missing(ctx, name);
  }
  if (person.keypoints.size() % 3 != 0) {
    throw EvalError(ctx.where() + ": field 'keypoints' must hold x, y, v triples, not " +
                    std::to_string(person.keypoints.size()) + " numbers");
  }
  return person;
}

posescope::KeypointCategory parseCategory(od::value& v, const Context& ctx) {
  posescope::KeypointCategory category;
  bool hasId = false;
  forEachField(v, ctx, [&](std::string_view key, od::value& value) {
    if (key == "id") {
      category.id = readInt(value, "id", ctx);
      hasId = true;
    } else if (key == "name" && kindOf(value, ctx) == Kind::String) {
      category.name = readString(value, ctx);
    } else if (key == "keypoints") {
      if (kindOf(value, ctx) != Kind::Array) {
        throw EvalError(ctx.where() + ": field 'keypoints' must be a list");
      }
      forEachElement(value, ctx, "keypoints", [&](std::size_t, od::value& name) {
        if (kindOf(name, ctx) == Kind::String) {
          category.keypoints.push_back(readString(name, ctx));
        } else {
          skipChecked(name, ctx);
          category.keypoints.push_back("?");
        }
      });
    } else {
      return false;
    }
    return true;
  });
  if (!hasId) missing(ctx, "id");
  return category;
}

simdjson::padded_string readFile(const std::string& path) {
  simdjson::padded_string text;
  if (simdjson::padded_string::load(path).get(text)) {
    throw EvalError(path + ": cannot open the file for reading");
  }
  return text;
}

// Starts iterating `text`; `root` is the document's top value, typed by `kindOf`.
od::document iterate(od::parser& parser, const simdjson::padded_string& text,
                     const Source& source) {
  od::document doc;
  const auto error = parser.iterate(text).get(doc);
  if (error) source.malformed(text.data(), simdjson::error_message(error));
  return doc;
}

// Requires that nothing but whitespace follows the root value.
void finish(od::document& doc, const Source& source) {
  const char* at = nullptr;
  if (!doc.current_location().get(at)) source.malformed(at, "unexpected text after the JSON value");
}

}  // namespace

posescope::KeypointGroundTruth loadGroundTruth(const std::string& path) {
  const simdjson::padded_string text = readFile(path);
  const Source source(text, path);
  od::parser parser;
  od::document doc = iterate(parser, text, source);
  posescope::KeypointGroundTruth gt;
  gt.source = path;
  od::value root;
  source.check(doc.get_value().get(root), doc);
  Context top{source, doc, ""};
  if (kindOf(root, top) != Kind::Object) {
    throw EvalError(path + ": the ground truth must be a JSON object");
  }
  bool hasImages = false, hasAnnotations = false, hasCategories = false;
  forEachField(root, top, [&](std::string_view key, od::value& value) {
    if (key == "images") {
      hasImages = true;
      forEachElement(value, top, "images", [&](std::size_t i, od::value& e) {
        gt.images.push_back(parseImage(e, Context{source, doc, recordName("images", i)}));
      });
    } else if (key == "annotations") {
      hasAnnotations = true;
      forEachElement(value, top, "annotations", [&](std::size_t i, od::value& e) {
        gt.annotations.push_back(
            parseAnnotation(e, Context{source, doc, recordName("annotations", i)}));
      });
    } else if (key == "categories") {
      hasCategories = true;
      forEachElement(value, top, "categories", [&](std::size_t i, od::value& e) {
        gt.categories.push_back(
            parseCategory(e, Context{source, doc, recordName("categories", i)}));
      });
    } else {
      return false;
    }
    return true;
  });
  finish(doc, source);
  if (!hasImages) throw EvalError(path + ": the ground truth has no 'images' list");
  if (!hasAnnotations) throw EvalError(path + ": the ground truth has no 'annotations' list");
  if (!hasCategories) throw EvalError(path + ": the ground truth has no 'categories' list");

  // The same cross-checks as core/eval's loader, so both do equal work.
  std::unordered_set<std::int64_t> imageIds, categoryIds, annotationIds;
  for (std::size_t i = 0; i < gt.images.size(); ++i) {
    if (!imageIds.insert(gt.images[i].id).second) {
      throw EvalError(path + ": " + recordName("images", i) + ": duplicate image id");
    }
  }
  for (std::size_t i = 0; i < gt.categories.size(); ++i) {
    if (!categoryIds.insert(gt.categories[i].id).second) {
      throw EvalError(path + ": " + recordName("categories", i) + ": duplicate category id");
    }
  }
  for (std::size_t i = 0; i < gt.annotations.size(); ++i) {
    const auto& person = gt.annotations[i];
    const std::string where = path + ": " + recordName("annotations", i);
    if (!annotationIds.insert(person.id).second) throw EvalError(where + ": duplicate id");
    if (!imageIds.count(person.imageId)) throw EvalError(where + ": unknown image_id");
    if (!categoryIds.count(person.categoryId)) throw EvalError(where + ": unknown category_id");
  }
  return gt;
}

std::vector<posescope::KeypointDetection> loadResults(const std::string& path) {
  const simdjson::padded_string text = readFile(path);
  const Source source(text, path);
  od::parser parser;
  od::document doc = iterate(parser, text, source);
  od::value root;
  source.check(doc.get_value().get(root), doc);
  Context top{source, doc, ""};
  if (kindOf(root, top) != Kind::Array) {
    throw EvalError(path + ": keypoint results must be a JSON list of objects");
  }
  std::vector<posescope::KeypointDetection> detections;
  std::vector<std::vector<double>> boxes;
  std::vector<bool> hasBox;
  forEachElement(root, top, "results", [&](std::size_t i, od::value& e) {
    const Context ctx{source, doc, "result[" + std::to_string(i) + "]"};
    posescope::KeypointDetection d;
    std::vector<double> box;
    int seen = 0;
    bool boxSeen = false;
    forEachField(e, ctx, [&](std::string_view key, od::value& value) {
      if (key == "image_id") {
        d.imageId = readInt(value, "image_id", ctx);
        seen |= 1;
      } else if (key == "category_id") {
        d.categoryId = readInt(value, "category_id", ctx);
        seen |= 2;
      } else if (key == "keypoints") {
        d.keypoints = readNumbers(value, "keypoints", ctx);
        seen |= 4;
      } else if (key == "score") {
        d.score = readNumber(value, "score", ctx);
        seen |= 8;
      } else if (key == "bbox") {
        box = readNumbers(value, "bbox", ctx);
        boxSeen = true;
      } else {
        return false;
      }
      return true;
    });
    const char* names[] = {"image_id", "category_id", "keypoints", "score"};
    for (int b = 0; b < 4; ++b) {
      if (!(seen & (1 << b))) throw EvalError(ctx.where() + " has no field '" + names[b] + "'");
    }
    if (d.keypoints.empty() || d.keypoints.size() % 3 != 0) {
      throw EvalError(ctx.where() + ": field 'keypoints' must hold x, y, score triples");
    }
    detections.push_back(std::move(d));
    boxes.push_back(std::move(box));
    hasBox.push_back(boxSeen);
  });
  finish(doc, source);
  if (!detections.empty() && hasBox[0] && !boxes[0].empty()) {
    for (std::size_t i = 0; i < detections.size(); ++i) {
      if (boxes[i].size() < 4) throw EvalError(path + ": result[" + std::to_string(i) + "]: bbox");
      detections[i].area = boxes[i][2] * boxes[i][3];
    }
  }
  return detections;
}

}  // namespace simdjsonloaders

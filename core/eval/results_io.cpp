#include "eval/results_io.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "common/errors.h"
#include "eval/json_file.h"
#include "eval/json_values.h"

#include <nlohmann/json.hpp>

namespace posescope {

namespace {

using ImageNames = std::vector<std::pair<std::size_t, std::string>>;

// The error for a top value that is no list; a COCO ground truth is named as such, the likeliest
// mix-up of the two files.
[[noreturn]] void failNotAResultsList(evaljson::od::value& root, const evaljson::Context& top) {
  const std::string& source = top.source.name();
  std::string message = source +
                        ": keypoint results must be a JSON list of objects, a list of results "
                        "[{image_id, category_id, keypoints, score}, ...]";
  if (evaljson::kindOf(root, top) == evaljson::Kind::Object) {
    std::string groundTruthKey;
    evaljson::forEachField(root, top, [&](std::string_view key, evaljson::od::value&) {
      if (groundTruthKey.empty() && (key == "annotations" || key == "images")) {
        groundTruthKey = key;
      }
      return false;
    });
    if (!groundTruthKey.empty()) {
      message += "; this looks like a COCO ground-truth file (it has '" + groundTruthKey +
                 "'): give it as the ground truth";
    }
  }
  throw EvalError(message);
}

// `imageNames` null: a string image id is an error (no ground truth to resolve it against).
std::vector<KeypointDetection> parseResultsText(simdjson::padded_string_view text,
                                                const std::string& source, ImageNames* imageNames) {
  using evaljson::Context;
  using evaljson::od::value;
  const evaljson::Source json(text, source);
  evaljson::od::parser parser;
  evaljson::od::document doc = evaljson::iterate(parser, text, json);
  value root = evaljson::rootValue(doc, json);
  const Context top{json, doc};
  if (evaljson::kindOf(root, top) != evaljson::Kind::Array) failNotAResultsList(root, top);
  std::vector<KeypointDetection> detections;
  // Per entry, what loadRes needs of "bbox": whether it is there, its length, its w * h.
  struct Box {
    bool seen = false;
    std::size_t size = 0;
    double area = 0;
  };
  std::vector<Box> boxes;
  std::vector<double> box;
  evaljson::forEachElement(root, top, "", [&](std::size_t i, value& entry) {
    const Context ctx{json, doc, "result", i};
    KeypointDetection d;
    Box b;
    int seen = 0;
    bool named = false;  // the (last) image_id is a string, kept in `name`
    std::string name;
    evaljson::forEachField(entry, ctx, [&](std::string_view key, value& field) {
      if (key == "image_id") {
        named = evaljson::kindOf(field, ctx) == evaljson::Kind::String;
        if (named) {
          name = evaljson::readString(field, ctx);
        } else {
          d.imageId = evaljson::readInt(field, "image_id", ctx);
        }
        seen |= 1;
      } else if (key == "category_id") {
        d.categoryId = evaljson::readInt(field, "category_id", ctx);
        seen |= 2;
      } else if (key == "keypoints") {
        d.keypoints = evaljson::readNumbers(field, "keypoints", ctx);
        seen |= 4;
      } else if (key == "score") {
        d.score = evaljson::readNumber(field, "score", ctx);
        seen |= 8;
      } else if (key == "bbox") {
        evaljson::readNumbersInto(field, "bbox", ctx, box);
        b.seen = true;
        b.size = box.size();
        if (box.size() >= 4) b.area = box[2] * box[3];
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
      throw EvalError(ctx.where() + ": field 'keypoints' must hold x, y, score triples, not " +
                      std::to_string(d.keypoints.size()) + " numbers");
    }
    if (named) {
      if (!imageNames) {
        throw EvalError(ctx.where() + ": image_id \"" + name +
                        "\" is a string (an image file name stem, as Ultralytics writes it): "
                        "reading it needs the ground truth, to find the image of that name");
      }
      imageNames->emplace_back(i, std::move(name));
    }
    detections.push_back(std::move(d));
    boxes.push_back(b);
  });
  evaljson::finish(doc, json);
  // loadRes decides from the first entry whether every area is bbox w*h.
  if (!detections.empty() && boxes[0].seen && boxes[0].size > 0) {
    for (std::size_t i = 0; i < detections.size(); ++i) {
      if (boxes[i].size < 4) {
        throw EvalError(source + ": result[" + std::to_string(i) +
                        "]: field 'bbox' must hold 4 numbers (the first result has one)");
      }
      detections[i].area = boxes[i].area;
    }
  }
  return detections;
}

// Python's PurePosixPath(fileName).stem: the last component without its last suffix (a leading
// dot starts no suffix, a trailing dot ends none).
std::string_view fileNameStem(std::string_view fileName) {
  const std::size_t slash = fileName.rfind('/');
  if (slash != std::string_view::npos) fileName.remove_prefix(slash + 1);
  const std::size_t dot = fileName.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == fileName.size()) return fileName;
  return fileName.substr(0, dot);
}

}  // namespace

std::vector<KeypointDetection> parseResults(const std::string& jsonText,
                                            const std::string& source) {
  return parseResultsText(simdjson::padded_string(jsonText), source, nullptr);
}

std::vector<KeypointDetection> loadResults(const std::string& path) {
  return parseResultsText(evaljson::JsonFile::load(path).text(), path, nullptr);
}

ResultsWithImageNames loadResultsWithImageNames(const std::string& path) {
  ResultsWithImageNames results;
  results.source = path;
  results.detections =
      parseResultsText(evaljson::JsonFile::load(path).text(), path, &results.imageNames);
  return results;
}

std::vector<KeypointDetection> resolveImageNames(ResultsWithImageNames results,
                                                 const KeypointGroundTruth& gt) {
  if (results.imageNames.empty()) return std::move(results.detections);
  // Stem -> index of its image; a second image with the stem is remembered for the message.
  std::unordered_map<std::string_view, std::size_t> imageOfStem;
  std::unordered_map<std::string_view, std::size_t> secondImageOfStem;
  imageOfStem.reserve(gt.images.size());
  for (std::size_t i = 0; i < gt.images.size(); ++i) {
    const std::string_view stem = fileNameStem(gt.images[i].fileName);
    if (!imageOfStem.emplace(stem, i).second) secondImageOfStem.emplace(stem, i);
  }
  const auto describe = [&](std::size_t image) {
    return "'" + gt.images[image].fileName + "' (id " + std::to_string(gt.images[image].id) + ")";
  };
  for (const auto& [index, name] : results.imageNames) {
    const std::string where =
        results.source + ": result[" + std::to_string(index) + "]: image_id \"" + name + "\"";
    const auto found = imageOfStem.find(name);
    if (found == imageOfStem.end()) {
      throw EvalError(where + " is the file name stem of no image of the ground truth " +
                      gt.source);
    }
    const auto second = secondImageOfStem.find(name);
    if (second != secondImageOfStem.end()) {
      throw EvalError(where + " is ambiguous: images " + describe(found->second) + " and " +
                      describe(second->second) + " of the ground truth " + gt.source +
                      " share that file name stem");
    }
    results.detections[index].imageId = gt.images[found->second].id;
  }
  return std::move(results.detections);
}

std::vector<KeypointDetection> loadResultsFor(const std::string& path,
                                              const KeypointGroundTruth& gt) {
  return resolveImageNames(loadResultsWithImageNames(path), gt);
}

std::vector<KeypointDetection> parseResultsFor(const std::string& jsonText,
                                               const std::string& source,
                                               const KeypointGroundTruth& gt) {
  ResultsWithImageNames results;
  results.source = source;
  results.detections =
      parseResultsText(simdjson::padded_string(jsonText), source, &results.imageNames);
  return resolveImageNames(std::move(results), gt);
}

std::string formatResultsJson(const std::vector<KeypointDetection>& detections) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : detections) {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (std::size_t k = 0; k + 2 < d.keypoints.size(); k += 3) {
      const double x = d.keypoints[k], y = d.keypoints[k + 1];
      if (k == 0) {
        x0 = x1 = x;
        y0 = y1 = y;
      }
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    }
    list.push_back({{"image_id", d.imageId},
                    {"category_id", d.categoryId},
                    {"keypoints", d.keypoints},
                    {"score", d.score},
                    {"bbox", {x0, y0, x1 - x0, y1 - y0}}});
  }
  return list.dump(4);
}

}  // namespace posescope

#include "eval/results_io.h"

#include <algorithm>

#include "common/errors.h"
#include "eval/json_file.h"
#include "eval/json_values.h"

#include <nlohmann/json.hpp>

namespace posescope {

namespace {

std::vector<KeypointDetection> parseResultsText(simdjson::padded_string_view text,
                                                const std::string& source) {
  using evaljson::Context;
  using evaljson::od::value;
  const evaljson::Source json(text, source);
  evaljson::od::parser parser;
  evaljson::od::document doc = evaljson::iterate(parser, text, json);
  value root = evaljson::rootValue(doc, json);
  const Context top{json, doc};
  if (evaljson::kindOf(root, top) != evaljson::Kind::Array) {
    throw EvalError(source + ": keypoint results must be a JSON list of objects");
  }
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
    evaljson::forEachField(entry, ctx, [&](std::string_view key, value& field) {
      if (key == "image_id") {
        d.imageId = evaljson::readInt(field, "image_id", ctx);
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

}  // namespace

std::vector<KeypointDetection> parseResults(const std::string& jsonText,
                                            const std::string& source) {
  return parseResultsText(simdjson::padded_string(jsonText), source);
}

std::vector<KeypointDetection> loadResults(const std::string& path) {
  return parseResultsText(evaljson::JsonFile::load(path).text(), path);
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

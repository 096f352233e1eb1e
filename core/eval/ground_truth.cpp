#include "eval/ground_truth.h"

#include <unordered_set>

#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/json_reader.h"

namespace posescope {

using evaljson::Context;
using evaljson::Kind;
using evaljson::Reader;

namespace {

std::string recordName(const char* list, std::size_t index) {
  return std::string(list) + "[" + std::to_string(index) + "]";
}

void requireObject(Reader& r, const Context& ctx) {
  if (r.peek() != Kind::Object) throw EvalError(ctx.where() + " is not a JSON object");
  r.beginObject();
}

void missing(const Context& ctx, const char* key) {
  throw EvalError(ctx.where() + " has no field '" + key + "'");
}

GroundTruthImage parseImage(Reader& r, const Context& ctx) {
  GroundTruthImage image;
  bool hasId = false;
  requireObject(r, ctx);
  for (std::string key; r.nextKey(key);) {
    if (key == "id") {
      image.id = evaljson::readInt(r, "id", ctx);
      hasId = true;
    } else if (key == "file_name" && r.peek() == Kind::String) {
      image.fileName = r.string();
    } else if ((key == "width" || key == "height") && r.peek() == Kind::Number) {
      const auto n = r.number();
      (key == "width" ? image.width : image.height) = n.integer ? static_cast<int>(n.asInt) : 0;
    } else if (key == "crowdIndex") {
      image.crowdIndex = evaljson::readNumber(r, "crowdIndex", ctx);
    } else {
      r.skip();
    }
  }
  if (!hasId) missing(ctx, "id");
  return image;
}

bool readCrowdFlag(Reader& r, const Context& ctx) {
  if (r.peek() == Kind::Bool) return r.boolean();
  if (r.peek() == Kind::Number) {
    const auto n = r.number();
    if (n.integer) return n.asInt != 0;
  }
  throw EvalError(ctx.where() + ": field 'iscrowd' must be 0, 1 or a boolean");
}

GroundTruthPerson parseAnnotation(Reader& r, const Context& ctx) {
  GroundTruthPerson person;
  enum { kId = 1, kImage = 2, kCategory = 4, kKeypoints = 8, kBox = 16, kNum = 32, kCrowd = 64 };
  int seen = 0;
  requireObject(r, ctx);
  for (std::string key; r.nextKey(key);) {
    if (key == "id") {
      person.id = evaljson::readInt(r, "id", ctx);
      seen |= kId;
    } else if (key == "image_id") {
      person.imageId = evaljson::readInt(r, "image_id", ctx);
      seen |= kImage;
    } else if (key == "category_id") {
      person.categoryId = evaljson::readInt(r, "category_id", ctx);
      seen |= kCategory;
    } else if (key == "keypoints") {
      person.keypoints = evaljson::readNumbers(r, "keypoints", ctx);
      seen |= kKeypoints;
    } else if (key == "bbox") {
      const auto box = evaljson::readNumbers(r, "bbox", ctx);
      if (box.size() != 4) {
        throw EvalError(ctx.where() + ": field 'bbox' must hold 4 numbers, not " +
                        std::to_string(box.size()));
      }
      for (int i = 0; i < 4; ++i) person.bbox[i] = box[i];
      seen |= kBox;
    } else if (key == "area") {
      person.area = evaljson::readNumber(r, "area", ctx);
    } else if (key == "num_keypoints") {
      person.numKeypoints = evaljson::readNumber(r, "num_keypoints", ctx);
      seen |= kNum;
    } else if (key == "iscrowd") {
      person.isCrowd = readCrowdFlag(r, ctx);
      seen |= kCrowd;
    } else {
      r.skip();
    }
  }
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

KeypointCategory parseCategory(Reader& r, const Context& ctx) {
  KeypointCategory category;
  bool hasId = false;
  requireObject(r, ctx);
  for (std::string key; r.nextKey(key);) {
    if (key == "id") {
      category.id = evaljson::readInt(r, "id", ctx);
      hasId = true;
    } else if (key == "name" && r.peek() == Kind::String) {
      category.name = r.string();
    } else if (key == "keypoints") {
      if (r.peek() != Kind::Array)
        throw EvalError(ctx.where() + ": field 'keypoints' must be a list");
      r.beginArray();
      while (r.nextElement()) {
        if (r.peek() == Kind::String) {
          category.keypoints.push_back(r.string());
        } else {
          r.skip();
          category.keypoints.push_back("?");
        }
      }
    } else {
      r.skip();
    }
  }
  if (!hasId) missing(ctx, "id");
  return category;
}

// Reads the list under `key`, calling `each(reader, index)` per element.
template <typename F>
void readList(Reader& r, const char* key, F&& each) {
  if (r.peek() != Kind::Array) throw EvalError(r.source() + ": '" + key + "' must be a list");
  r.beginArray();
  for (std::size_t i = 0; r.nextElement(); ++i) each(i);
}

}  // namespace

KeypointGroundTruth parseGroundTruth(const std::string& jsonText, const std::string& source) {
  Reader r(jsonText, source);
  KeypointGroundTruth gt;
  gt.source = source;
  if (r.peek() != Kind::Object)
    throw EvalError(source + ": the ground truth must be a JSON object");
  bool hasImages = false, hasAnnotations = false, hasCategories = false;
  r.beginObject();
  for (std::string key; r.nextKey(key);) {
    if (key == "images") {
      hasImages = true;
      readList(r, "images", [&](std::size_t i) {
        gt.images.push_back(parseImage(r, Context{source, recordName("images", i)}));
      });
    } else if (key == "annotations") {
      hasAnnotations = true;
      readList(r, "annotations", [&](std::size_t i) {
        gt.annotations.push_back(parseAnnotation(r, Context{source, recordName("annotations", i)}));
      });
    } else if (key == "categories") {
      hasCategories = true;
      readList(r, "categories", [&](std::size_t i) {
        gt.categories.push_back(parseCategory(r, Context{source, recordName("categories", i)}));
      });
    } else {
      r.skip();
    }
  }
  r.finish();
  if (!hasImages) throw EvalError(source + ": the ground truth has no 'images' list");
  if (!hasAnnotations) throw EvalError(source + ": the ground truth has no 'annotations' list");
  if (!hasCategories) throw EvalError(source + ": the ground truth has no 'categories' list");

  std::unordered_set<std::int64_t> imageIds, categoryIds, annotationIds;
  for (std::size_t i = 0; i < gt.images.size(); ++i) {
    if (!imageIds.insert(gt.images[i].id).second) {
      throw EvalError(source + ": " + recordName("images", i) + ": duplicate image id " +
                      std::to_string(gt.images[i].id));
    }
  }
  for (std::size_t i = 0; i < gt.categories.size(); ++i) {
    if (!categoryIds.insert(gt.categories[i].id).second) {
      throw EvalError(source + ": " + recordName("categories", i) + ": duplicate category id " +
                      std::to_string(gt.categories[i].id));
    }
  }
  for (std::size_t i = 0; i < gt.annotations.size(); ++i) {
    const GroundTruthPerson& person = gt.annotations[i];
    const std::string where = source + ": " + recordName("annotations", i);
    if (!annotationIds.insert(person.id).second) {
      throw EvalError(where + ": duplicate annotation id " + std::to_string(person.id));
    }
    if (!imageIds.count(person.imageId)) {
      throw EvalError(where + ": image_id " + std::to_string(person.imageId) +
                      " is not in 'images'");
    }
    if (!categoryIds.count(person.categoryId)) {
      throw EvalError(where + ": category_id " + std::to_string(person.categoryId) +
                      " is not in 'categories'");
    }
  }
  return gt;
}

KeypointGroundTruth loadGroundTruth(const std::string& path) {
  return parseGroundTruth(evaljson::readFile(path), path);
}

void checkGroundTruthFor(const KeypointGroundTruth& gt, EvalVariant variant) {
  const std::size_t joints = evalParamsFor(variant).sigmas.size();
  const std::string name = variantName(variant);
  bool hasPoseCategory = false;
  for (const auto& c : gt.categories) {
    if (c.keypoints.empty()) continue;
    if (c.keypoints.size() != joints) {
      throw EvalError(gt.source + ": category " + std::to_string(c.id) + " ('" + c.name +
                      "') has " + std::to_string(c.keypoints.size()) + " keypoints but the " +
                      name + " evaluation needs " + std::to_string(joints));
    }
    hasPoseCategory = true;
  }
  if (!hasPoseCategory) {
    throw EvalError(gt.source +
                    ": no category has 'keypoints'; this is not a keypoint ground truth");
  }
  for (std::size_t i = 0; i < gt.annotations.size(); ++i) {
    const auto& a = gt.annotations[i];
    const std::string where =
        gt.source + ": annotations[" + std::to_string(i) + "] (id " + std::to_string(a.id) + ")";
    if (a.keypoints.size() != 3 * joints) {
      throw EvalError(where + " has " + std::to_string(a.keypoints.size()) +
                      " keypoint values; the " + name + " evaluation needs " +
                      std::to_string(3 * joints));
    }
    if (variant == EvalVariant::Coco && !a.area) {
      throw EvalError(where + " has no field 'area' (COCO evaluation uses it)");
    }
  }
  if (variant == EvalVariant::CrowdPose) {
    for (std::size_t i = 0; i < gt.images.size(); ++i) {
      if (!gt.images[i].crowdIndex) {
        throw EvalError(gt.source + ": images[" + std::to_string(i) + "] (id " +
                        std::to_string(gt.images[i].id) +
                        ") has no field 'crowdIndex' (CrowdPose evaluation uses it)");
      }
    }
  }
}

KeypointGroundTruth restrictToImages(const KeypointGroundTruth& gt,
                                     const std::vector<std::int64_t>& imageIds) {
  const std::unordered_set<std::int64_t> keep(imageIds.begin(), imageIds.end());
  KeypointGroundTruth out;
  out.source = gt.source;
  out.categories = gt.categories;
  for (const auto& image : gt.images) {
    if (keep.count(image.id)) out.images.push_back(image);
  }
  for (const auto& person : gt.annotations) {
    if (keep.count(person.imageId)) out.annotations.push_back(person);
  }
  return out;
}

}  // namespace posescope

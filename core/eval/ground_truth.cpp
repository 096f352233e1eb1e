#include "eval/ground_truth.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/json_file.h"
#include "eval/json_values.h"

namespace posescope {

using evaljson::Context;
using evaljson::Kind;
using evaljson::od::value;

namespace {

std::string recordName(const char* list, std::size_t index) {
  return std::string(list) + "[" + std::to_string(index) + "]";
}

void missing(const Context& ctx, const char* key) {
  throw EvalError(ctx.where() + " has no field '" + key + "'");
}

GroundTruthImage parseImage(value& v, const Context& ctx) {
  GroundTruthImage image;
  bool hasId = false;
  evaljson::forEachField(v, ctx, [&](std::string_view key, value& field) {
    if (key == "id") {
      image.id = evaljson::readInt(field, "id", ctx);
      hasId = true;
    } else if (key == "file_name" && evaljson::kindOf(field, ctx) == Kind::String) {
      image.fileName = evaljson::readString(field, ctx);
    } else if ((key == "width" || key == "height") &&
               evaljson::kindOf(field, ctx) == Kind::Number) {
      const auto n = evaljson::number(field, ctx);
      (key == "width" ? image.width : image.height) = n.integer ? static_cast<int>(n.asInt) : 0;
    } else if (key == "crowdIndex") {
      image.crowdIndex = evaljson::readNumber(field, "crowdIndex", ctx);
    } else {
      return false;
    }
    return true;
  });
  if (!hasId) missing(ctx, "id");
  return image;
}

bool readCrowdFlag(value& v, const Context& ctx) {
  const Kind kind = evaljson::kindOf(v, ctx);
  if (kind == Kind::Bool) return evaljson::readBool(v, ctx);
  if (kind == Kind::Number) {
    const auto n = evaljson::number(v, ctx);
    if (n.integer) return n.asInt != 0;
  }
  throw EvalError(ctx.where() + ": field 'iscrowd' must be 0, 1 or a boolean");
}

GroundTruthPerson parseAnnotation(value& v, const Context& ctx) {
  GroundTruthPerson person;
  enum { kId = 1, kImage = 2, kCategory = 4, kKeypoints = 8, kBox = 16, kNum = 32, kCrowd = 64 };
  int seen = 0;
  evaljson::forEachField(v, ctx, [&](std::string_view key, value& field) {
    if (key == "id") {
      person.id = evaljson::readInt(field, "id", ctx);
      seen |= kId;
    } else if (key == "image_id") {
      person.imageId = evaljson::readInt(field, "image_id", ctx);
      seen |= kImage;
    } else if (key == "category_id") {
      person.categoryId = evaljson::readInt(field, "category_id", ctx);
      seen |= kCategory;
    } else if (key == "keypoints") {
      person.keypoints = evaljson::readNumbers(field, "keypoints", ctx);
      seen |= kKeypoints;
    } else if (key == "bbox") {
      thread_local std::vector<double> box;
      evaljson::readNumbersInto(field, "bbox", ctx, box);
      if (box.size() != 4) {
        throw EvalError(ctx.where() + ": field 'bbox' must hold 4 numbers, not " +
                        std::to_string(box.size()));
      }
      for (int i = 0; i < 4; ++i) person.bbox[i] = box[i];
      seen |= kBox;
    } else if (key == "area") {
      person.area = evaljson::readNumber(field, "area", ctx);
    } else if (key == "num_keypoints") {
      person.numKeypoints = evaljson::readNumber(field, "num_keypoints", ctx);
      seen |= kNum;
    } else if (key == "iscrowd") {
      person.isCrowd = readCrowdFlag(field, ctx);
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

// A category's `skeleton`: 1-based joint pairs, made 0-based. pycocotools and crowdposetools never
// read it, so anything else in it is a problem to warn about, not a reason to refuse the file.
std::vector<std::pair<int, int>> readLimbs(value& field, const Context& ctx,
                                           std::vector<std::string>& problems) {
  std::vector<std::pair<int, int>> limbs;
  if (evaljson::kindOf(field, ctx) != Kind::Array) {
    evaljson::skipChecked(field, ctx);
    problems.emplace_back("not a list of joint pairs");
    return limbs;
  }
  std::size_t malformed = 0;
  evaljson::forEachElement(field, ctx, "skeleton", [&](std::size_t, value& pair) {
    std::vector<double> ends;
    bool numbers = evaljson::kindOf(pair, ctx) == Kind::Array;
    if (numbers) {
      evaljson::forEachElement(pair, ctx, "skeleton", [&](std::size_t, value& end) {
        if (evaljson::kindOf(end, ctx) == Kind::Number) {
          ends.push_back(evaljson::number(end, ctx).value);
        } else {
          evaljson::skipChecked(end, ctx);
          numbers = false;
        }
      });
    } else {
      evaljson::skipChecked(pair, ctx);
    }
    // Range-checked before the cast to int: a joint number past int's range is undefined. Joint 0
    // stays (as -1) so that the check against the joints names it.
    const auto isJointNumber = [](double n) {
      return n == std::floor(n) && n >= 0 && n <= std::numeric_limits<int>::max();
    };
    if (!numbers || ends.size() != 2 || !isJointNumber(ends[0]) || !isJointNumber(ends[1])) {
      ++malformed;
      return;
    }
    limbs.emplace_back(static_cast<int>(ends[0]) - 1, static_cast<int>(ends[1]) - 1);
  });
  if (malformed > 0) {
    problems.push_back(std::to_string(malformed) + " entr" + (malformed == 1 ? "y" : "ies") +
                       " not a pair of 1-based joint numbers");
  }
  return limbs;
}

KeypointCategory parseCategory(value& v, const Context& ctx, std::vector<std::string>& warnings) {
  KeypointCategory category;
  std::vector<std::string> limbProblems;
  bool hasId = false;
  evaljson::forEachField(v, ctx, [&](std::string_view key, value& field) {
    if (key == "id") {
      category.id = evaljson::readInt(field, "id", ctx);
      hasId = true;
    } else if (key == "name" && evaljson::kindOf(field, ctx) == Kind::String) {
      category.name = evaljson::readString(field, ctx);
    } else if (key == "keypoints") {
      if (evaljson::kindOf(field, ctx) != Kind::Array) {
        throw EvalError(ctx.where() + ": field 'keypoints' must be a list");
      }
      evaljson::forEachElement(field, ctx, "keypoints", [&](std::size_t, value& name) {
        if (evaljson::kindOf(name, ctx) == Kind::String) {
          category.keypoints.push_back(evaljson::readString(name, ctx));
        } else {
          evaljson::skipChecked(name, ctx);
          category.keypoints.emplace_back("?");
        }
      });
    } else if (key == "skeleton") {
      category.limbs = readLimbs(field, ctx, limbProblems);
    } else {
      return false;
    }
    return true;
  });
  if (!hasId) missing(ctx, "id");
  // A category without joints is not evaluated nor drawn: its skeleton means nothing.
  const int joints = static_cast<int>(category.keypoints.size());
  if (joints == 0) {
    category.limbs.clear();
    return category;
  }
  // Limbs are checked against the joints once both are read (the file may list either first).
  const auto fits = [&](const std::pair<int, int>& limb) {
    return limb.first >= 0 && limb.second >= 0 && limb.first < joints && limb.second < joints;
  };
  std::size_t outside = 0;
  std::string first;
  for (const auto& limb : category.limbs) {
    if (fits(limb)) continue;
    if (outside++ == 0)
      first = "joins joints " + std::to_string(limb.first + 1) + " and " +
              std::to_string(limb.second + 1);
  }
  category.limbs.erase(std::remove_if(category.limbs.begin(), category.limbs.end(),
                                      [&](const auto& limb) { return !fits(limb); }),
                       category.limbs.end());
  if (outside > 0) {
    limbProblems.push_back(std::to_string(outside) + " limb" + (outside == 1 ? "" : "s") +
                           " outside its " + std::to_string(joints) + " keypoints (the first " +
                           first + ")");
  }
  if (!limbProblems.empty()) {
    category.skeletonDoesNotFit = true;
    std::string joined;
    for (const std::string& problem : limbProblems)
      joined += (joined.empty() ? "" : "; ") + problem;
    warnings.push_back(ctx.where() + ": field 'skeleton': " + joined +
                       "; those limbs are not drawn (no reference reads the skeleton to score)");
  }
  return category;
}

KeypointGroundTruth parseGroundTruthText(simdjson::padded_string_view text,
                                         const std::string& source) {
  const evaljson::Source json(text, source);
  evaljson::od::parser parser;
  evaljson::od::document doc = evaljson::iterate(parser, text, json);
  value root = evaljson::rootValue(doc, json);
  const Context top{json, doc};
  KeypointGroundTruth gt;
  gt.source = source;
  if (evaljson::kindOf(root, top) != Kind::Object) {
    throw EvalError(source + ": the ground truth must be a JSON object");
  }
  bool hasImages = false, hasAnnotations = false, hasCategories = false;
  evaljson::forEachField(root, top, [&](std::string_view key, value& list) {
    if (key == "images") {
      hasImages = true;
      evaljson::forEachElement(list, top, "images", [&](std::size_t i, value& e) {
        gt.images.push_back(parseImage(e, Context{json, doc, "images", i}));
      });
    } else if (key == "annotations") {
      hasAnnotations = true;
      evaljson::forEachElement(list, top, "annotations", [&](std::size_t i, value& e) {
        gt.annotations.push_back(parseAnnotation(e, Context{json, doc, "annotations", i}));
      });
    } else if (key == "categories") {
      hasCategories = true;
      evaljson::forEachElement(list, top, "categories", [&](std::size_t i, value& e) {
        gt.categories.push_back(parseCategory(e, Context{json, doc, "categories", i}, gt.warnings));
      });
    } else {
      return false;
    }
    return true;
  });
  evaljson::finish(doc, json);
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
  // pycocotools evaluates the listed images and categories only: a person of another image or
  // category is never scored, so it is left out with a warning. Two annotations with one id are
  // refused: pycocotools' index keeps the last, and would score it twice without a word.
  std::size_t unlisted = 0;
  std::string firstUnlisted;
  std::vector<GroundTruthPerson> listed;
  listed.reserve(gt.annotations.size());
  for (std::size_t i = 0; i < gt.annotations.size(); ++i) {
    GroundTruthPerson& person = gt.annotations[i];
    if (!annotationIds.insert(person.id).second) {
      throw EvalError(source + ": " + recordName("annotations", i) + ": duplicate annotation id " +
                      std::to_string(person.id));
    }
    const bool imageListed = imageIds.count(person.imageId) > 0;
    if (imageListed && categoryIds.count(person.categoryId)) {
      listed.push_back(std::move(person));
      continue;
    }
    if (unlisted++ == 0) {
      firstUnlisted =
          recordName("annotations", i) +
          (imageListed
               ? ": category_id " + std::to_string(person.categoryId) + " is not in 'categories'"
               : ": image_id " + std::to_string(person.imageId) + " is not in 'images'");
    }
  }
  gt.annotations = std::move(listed);
  if (unlisted > 0) {
    gt.warnings.push_back(
        source + ": " + std::to_string(unlisted) + " annotation" + (unlisted == 1 ? "" : "s") +
        " of an image or category the file does not list (the first: " + firstUnlisted +
        "); left out, as pycocotools never evaluates them");
  }
  return gt;
}

}  // namespace

KeypointGroundTruth parseGroundTruth(const std::string& jsonText, const std::string& source) {
  return parseGroundTruthText(simdjson::padded_string(jsonText), source);
}

KeypointGroundTruth loadGroundTruth(const std::string& path) {
  return parseGroundTruthText(evaljson::JsonFile::load(path).text(), path);
}

void checkGroundTruthFor(const KeypointGroundTruth& gt, EvalVariant variant) {
  checkGroundTruthFor(gt, variant, evalParamsFor(variant).sigmas.size());
}

void checkGroundTruthFor(const KeypointGroundTruth& gt, EvalVariant variant, std::size_t joints) {
  const std::string name = variantName(variant);
  bool hasPoseCategory = false;
  for (const auto& c : gt.categories) {
    if (c.keypoints.empty()) continue;
    if (c.keypoints.size() != joints) {
      const bool ownSkeleton = joints != evalParamsFor(variant).sigmas.size();
      throw EvalError(gt.source + ": category " + std::to_string(c.id) + " ('" + c.name +
                      "') has " + std::to_string(c.keypoints.size()) + " keypoints but the " +
                      name + " evaluation needs " + std::to_string(joints) +
                      (ownSkeleton ? " (one per sigma; " + std::to_string(joints) + " sigmas given)"
                                   : std::string()));
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
  out.warnings = gt.warnings;
  for (const auto& image : gt.images) {
    if (keep.count(image.id)) out.images.push_back(image);
  }
  for (const auto& person : gt.annotations) {
    if (keep.count(person.imageId)) out.annotations.push_back(person);
  }
  return out;
}

}  // namespace posescope

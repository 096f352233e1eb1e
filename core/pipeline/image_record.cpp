#include "pipeline/image_record.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "pipeline/json_numbers.h"

namespace posescope {

const std::vector<std::string>& stageNames() {
  static const std::vector<std::string> names = {"decode", "preprocess", "forward", "group",
                                                 "postprocess"};
  return names;
}

double stageValue(const StageTimings& t, size_t i) {
  switch (i) {
    case 0:
      return t.decodeMs;
    case 1:
      return t.preprocessMs;
    case 2:
      return t.forwardMs;
    case 3:
      return t.groupMs;
    case 4:
      return t.postprocessMs;
  }
  return 0;
}

ImageRecord recordWithoutPeople(const ImageRecord& record) {
  ImageRecord out;
  out.index = record.index;
  out.imageId = record.imageId;
  out.file = record.file;
  out.times = record.times;
  out.error = record.error;
  out.warmUp = record.warmUp;
  return out;
}

nlohmann::json recordToJson(const ImageRecord& r) {
  nlohmann::json people = nlohmann::json::array();
  for (const auto& p : r.people) {
    nlohmann::json joints = nlohmann::json::array();
    for (const auto& j : p.joints) joints.push_back({j[0], j[1], j[2], j[3]});
    people.push_back({{"score", p.score}, {"joints", std::move(joints)}});
  }
  nlohmann::json times = nlohmann::json::object();
  for (size_t i = 0; i < stageNames().size(); ++i) times[stageNames()[i]] = stageValue(r.times, i);
  nlohmann::json j = {{"index", r.index},
                      {"image_id", r.imageId},
                      {"file", r.file},
                      {"people", std::move(people)},
                      {"ms", std::move(times)}};
  if (r.failed()) j["error"] = r.error;
  if (!r.warmUp.empty()) j["warm_up"] = r.warmUp;
  return j;
}

ImageRecord recordFromJson(const nlohmann::json& j, const std::string& source) {
  ImageRecord r;
  try {
    r.index = jsonInteger<size_t>(j.at("index"), source + ": index");
    r.imageId = jsonInteger<std::int64_t>(j.at("image_id"), source + ": image_id");
    r.file = j.at("file").get<std::string>();
    r.error = j.value("error", std::string());
    r.warmUp = j.value("warm_up", std::string());
    for (const auto& p : j.at("people")) {
      PersonPrediction person;
      person.score = p.at("score").get<double>();
      for (const auto& joint : p.at("joints")) {
        const std::string what = source + ": joint";
        person.joints.push_back({jsonFloat(joint.at(0), what), jsonFloat(joint.at(1), what),
                                 jsonFloat(joint.at(2), what), jsonFloat(joint.at(3), what)});
      }
      r.people.push_back(std::move(person));
    }
    const auto& ms = j.at("ms");
    r.times.decodeMs = ms.value("decode", 0.0);
    r.times.preprocessMs = ms.value("preprocess", 0.0);
    r.times.forwardMs = ms.value("forward", 0.0);
    r.times.groupMs = ms.value("group", 0.0);
    r.times.postprocessMs = ms.value("postprocess", 0.0);
  } catch (const nlohmann::json::exception& e) {
    throw Error(source + ": bad image record: " + e.what());
  }
  return r;
}

nlohmann::json recordToResults(const ImageRecord& r, int categoryId) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : r.people) {
    if (p.joints.empty()) continue;
    std::vector<double> keypoints;
    keypoints.reserve(p.joints.size() * 3);
    double minX = p.joints[0][0], maxX = minX, minY = p.joints[0][1], maxY = minY;
    for (const auto& j : p.joints) {
      keypoints.insert(keypoints.end(), {double(j[0]), double(j[1]), double(j[2])});
      minX = std::min<double>(minX, j[0]);
      maxX = std::max<double>(maxX, j[0]);
      minY = std::min<double>(minY, j[1]);
      maxY = std::max<double>(maxY, j[1]);
    }
    out.push_back({{"bbox", {minX, minY, maxX - minX, maxY - minY}},
                   {"category_id", categoryId},
                   {"image_id", r.imageId},
                   {"keypoints", std::move(keypoints)},
                   {"score", p.score}});
  }
  return out;
}

}  // namespace posescope

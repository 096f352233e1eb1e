#include "pipeline/sweep_summary.h"

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "pipeline/json_numbers.h"

namespace posescope {

namespace {

using nlohmann::json;

// JSON has no NaN: an interval that could not be computed is written as null and read back NaN.
json numberOrNull(double v) {
  return std::isfinite(v) ? json(v) : json(nullptr);
}

double numberOrNaN(const json& v, const std::string& what) {
  if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) throw Error(what + " must be a number, got " + v.dump());
  return v.get<double>();
}

json numbers(const std::vector<double>& values) {
  json out = json::array();
  for (double v : values) out.push_back(numberOrNull(v));
  return out;
}

const json& member(const json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end()) throw Error(where + ": missing key '" + key + "'");
  return *it;
}

std::string stringValue(const json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_string()) throw Error(where + ": " + key + " must be a string, got " + it->dump());
  return it->get<std::string>();
}

// A list of stats that is either empty (no metrics) or one number per stat name.
std::vector<double> statList(const json& j, const char* key, std::size_t statCount,
                             const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end()) return {};
  const std::string what = where + ": " + key;
  if (!it->is_array()) throw Error(what + " must be a list of numbers, got " + it->dump());
  if (!it->empty() && it->size() != statCount)
    throw Error(what + " has " + std::to_string(it->size()) + " values for " +
                std::to_string(statCount) + " stat names");
  std::vector<double> out;
  for (std::size_t i = 0; i < it->size(); ++i)
    out.push_back(numberOrNaN((*it)[i], what + "[" + std::to_string(i) + "]"));
  return out;
}

std::size_t position(const json& j, const char* key, std::size_t count, const std::string& where) {
  const auto value = jsonInteger<std::size_t>(member(j, key, where), where + ": " + key);
  if (value >= count)
    throw Error(where + ": " + key + " = " + std::to_string(value) + " names no checkpoint (" +
                std::to_string(count) + " in the sweep)");
  return value;
}

SweepCheckpoint checkpointFromJson(const json& j, std::size_t statCount, const std::string& where) {
  if (!j.is_object()) throw Error(where + " must be an object, got " + j.dump());
  SweepCheckpoint c;
  c.checkpoint = stringValue(j, "checkpoint", where);
  if (c.checkpoint.empty()) throw Error(where + ": missing key 'checkpoint'");
  if (j.contains("epoch")) c.epoch = jsonInteger<int>(j.at("epoch"), where + ": epoch");
  c.runDir = stringValue(j, "run", where);
  c.state = stringValue(j, "state", where);
  c.problem = stringValue(j, "problem", where);
  c.stats = statList(j, "stats", statCount, where);
  c.low = statList(j, "low", statCount, where);
  c.high = statList(j, "high", statCount, where);
  return c;
}

}  // namespace

std::string sweepSummaryToJsonText(const SweepSummary& summary) {
  json checkpoints = json::array();
  for (const auto& c : summary.checkpoints) {
    json entry = {{"checkpoint", c.checkpoint}, {"run", c.runDir}, {"state", c.state}};
    if (c.epoch) entry["epoch"] = *c.epoch;
    if (!c.problem.empty()) entry["problem"] = c.problem;
    entry["stats"] = numbers(c.stats);
    entry["low"] = numbers(c.low);
    entry["high"] = numbers(c.high);
    checkpoints.push_back(std::move(entry));
  }
  json j = {{"ranked_by", summary.rankedBy},
            {"stat_names", summary.statNames},
            {"bootstrap",
             {{"resamples", summary.resamples}, {"seed", summary.seed}, {"level", summary.level}}},
            {"limit", summary.limit},
            {"checkpoints", std::move(checkpoints)}};
  if (!summary.shard.empty()) j["shard"] = summary.shard;
  if (summary.bestVsSecond) {
    const BestVsSecond& b = *summary.bestVsSecond;
    j["best_vs_second"] = {{"best", b.best},
                           {"second", b.second},
                           {"delta", numberOrNull(b.delta)},
                           {"low", numberOrNull(b.low)},
                           {"high", numberOrNull(b.high)},
                           {"significant", b.significant}};
  }
  return j.dump(2);
}

SweepSummary sweepSummaryFromJsonText(const std::string& text, const std::string& source) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw Error(source + ": not a sweep summary: " + e.what());
  }
  if (!j.is_object()) throw Error(source + ": not a sweep summary (expected a JSON object)");
  SweepSummary s;
  try {
    s.rankedBy = j.value("ranked_by", s.rankedBy);
    s.statNames = member(j, "stat_names", source).get<std::vector<std::string>>();
    if (j.contains("bootstrap")) {
      const json& b = j.at("bootstrap");
      const std::string where = source + ": bootstrap";
      s.resamples = jsonInteger(b, "resamples", s.resamples, where);
      s.seed = jsonInteger(b, "seed", s.seed, where);
      if (b.contains("level")) s.level = numberOrNaN(b.at("level"), where + ": level");
    }
    s.limit = jsonInteger(j, "limit", s.limit, source);
    s.shard = stringValue(j, "shard", source);
    const json& list = member(j, "checkpoints", source);
    if (!list.is_array()) throw Error(source + ": checkpoints must be a list");
    for (std::size_t i = 0; i < list.size(); ++i)
      s.checkpoints.push_back(checkpointFromJson(
          list[i], s.statNames.size(), source + ": checkpoints[" + std::to_string(i) + "]"));
    if (j.contains("best_vs_second")) {
      const json& b = j.at("best_vs_second");
      const std::string where = source + ": best_vs_second";
      BestVsSecond best;
      best.best = position(b, "best", s.checkpoints.size(), where);
      best.second = position(b, "second", s.checkpoints.size(), where);
      best.delta = numberOrNaN(member(b, "delta", where), where + ": delta");
      best.low = numberOrNaN(member(b, "low", where), where + ": low");
      best.high = numberOrNaN(member(b, "high", where), where + ": high");
      best.significant = b.value("significant", false);
      s.bestVsSecond = best;
    }
  } catch (const json::exception& e) {
    throw Error(source + ": not a sweep summary: " + e.what());
  }
  return s;
}

}  // namespace posescope

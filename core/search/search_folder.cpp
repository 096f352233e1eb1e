#include "search/search_folder.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/errors.h"
#include "config/experiment.h"
#include "config/search_space.h"
#include "pipeline/atomic_file.h"

namespace posescope::search {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

json readJson(const fs::path& path) {
  try {
    return json::parse(readText(path));
  } catch (const json::exception& e) {
    throw Error(path.string() + ": not valid JSON (" + e.what() + ")");
  }
}

// The first key (dotted) whose values differ, or "" when the documents are equal.
std::string firstDifference(const json& a, const json& b, const std::string& prefix = "") {
  if (a.is_object() && b.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
      if (!b.contains(it.key())) return key;
      std::string inner = firstDifference(*it, b.at(it.key()), key);
      if (!inner.empty()) return inner;
    }
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) return prefix.empty() ? it.key() : prefix + "." + it.key();
    return "";
  }
  return a == b ? "" : (prefix.empty() ? "(the whole document)" : prefix);
}

const json& valueAt(const json& doc, const std::string& dotted) {
  const json* node = &doc;
  std::istringstream parts(dotted);
  for (std::string part; std::getline(parts, part, '.');) {
    if (!node->is_object() || !node->contains(part)) {
      static const json missing = "(missing)";
      return missing;
    }
    node = &node->at(part);
  }
  return *node;
}

json memberJson(const Member& m) {
  return {{"key", candidateKey(m.arch)}, {"accuracy", m.accuracy}, {"efficiency", m.efficiency}};
}

}  // namespace

std::string candidateKey(const ArchConfig& arch) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : archToJsonText(arch)) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

json scoreToJson(const CandidateScore& s) {
  return {{"key", candidateKey(s.arch)},
          {"arch", archToJson(s.arch)},
          {"accuracy", s.accuracy},
          {"parameters", s.cost.parameters},
          {"conv_macs", s.cost.convMultiplyAdds},
          {"ptflops_macs", s.cost.ptflopsMacs},
          {"gmacs", s.cost.gmacs()},
          {"latency_ms", s.latencyMs},
          {"generation", s.generation},
          {"seconds", s.seconds}};
}

CandidateScore scoreFromJson(const json& doc, const std::string& source) {
  if (doc.is_object() && doc.contains("macs") && !doc.contains("ptflops_macs"))
    throw Error(source +
                ": scored by an earlier PoseScope, whose \"macs\" were not ptflops' count (as "
                "LitePose's search compares them); start a new search (--out) so that every "
                "candidate's cost is counted one way");
  CandidateScore s;
  try {
    s.arch = archFromJson(doc.at("arch"), source + ": arch");
    s.accuracy = doc.at("accuracy").get<double>();
    s.cost.parameters = doc.at("parameters").get<std::int64_t>();
    s.cost.convMultiplyAdds = doc.at("conv_macs").get<std::int64_t>();
    s.cost.ptflopsMacs = doc.at("ptflops_macs").get<std::int64_t>();
    s.latencyMs = doc.at("latency_ms").get<double>();
    s.generation = doc.at("generation").get<int>();
    s.seconds = doc.at("seconds").get<double>();
  } catch (const json::exception& e) {
    throw Error(source + ": not a candidate score (" + e.what() + ")");
  }
  return s;
}

SearchFolder::SearchFolder(std::string dir, const json& settings)
    : dir_(std::move(dir)), settings_(settings) {
  const fs::path settingsFile = fs::path(dir_) / "search.json";
  std::error_code ec;
  fs::create_directories(fs::path(dir_) / "candidates", ec);
  if (ec) throw Error("cannot create " + dir_ + ": " + ec.message());
  if (fs::exists(settingsFile)) {
    const json stored = readJson(settingsFile);
    const std::string differs = firstDifference(stored, settings_);
    if (!differs.empty())
      throw ConfigError(settingsFile.string() + " was made with other settings: " + differs +
                        " is " + valueAt(stored, differs).dump() + " there and " +
                        valueAt(settings_, differs).dump() +
                        " now; resume with the same settings or use another --out folder");
  } else {
    writeFileAtomically(settingsFile.string(), settings_.dump(2) + "\n");
  }
  reload();
}

std::string SearchFolder::candidateDir(const std::string& key) const {
  return (fs::path(dir_) / "candidates" / key).string();
}

void SearchFolder::reload() {
  scores_.clear();
  indexByKey_.clear();
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(fs::path(dir_) / "candidates")) {
    const fs::path score = entry.path() / "score.json";
    if (entry.is_directory() && fs::exists(score)) files.push_back(score);
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    CandidateScore score = scoreFromJson(readJson(file), file.string());
    indexByKey_[candidateKey(score.arch)] = scores_.size();
    scores_.push_back(std::move(score));
  }
}

std::optional<CandidateScore> SearchFolder::cached(const std::string& key) const {
  const auto it = indexByKey_.find(key);
  if (it == indexByKey_.end()) return std::nullopt;
  return scores_[it->second];
}

void SearchFolder::store(const CandidateScore& score) {
  const std::string key = candidateKey(score.arch);
  const fs::path folder = candidateDir(key);
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error("cannot create " + folder.string() + ": " + ec.message());
  writeFileAtomically((folder / "arch.json").string(), archToJsonText(score.arch) + "\n");
  writeFileAtomically((folder / "score.json").string(), scoreToJson(score).dump(2) + "\n");
  if (indexByKey_.count(key)) return;
  indexByKey_[key] = scores_.size();
  scores_.push_back(score);
}

void SearchFolder::writePending(int generation, const std::vector<ArchConfig>& archs) const {
  const fs::path folder = fs::path(dir_) / "pending";
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw Error("cannot create " + folder.string() + ": " + ec.message());
  json list = json::array();
  for (const ArchConfig& a : archs) list.push_back(archToJson(a));
  writeFileAtomically((folder / ("generation-" + std::to_string(generation) + ".json")).string(),
                      json{{"generation", generation}, {"archs", list}}.dump() + "\n");
}

std::vector<ArchConfig> SearchFolder::readPending(int generation) const {
  const fs::path file =
      fs::path(dir_) / "pending" / ("generation-" + std::to_string(generation) + ".json");
  const json doc = readJson(file);
  std::vector<ArchConfig> archs;
  if (!doc.contains("archs") || !doc.at("archs").is_array())
    throw Error(file.string() + ": no \"archs\" list");
  for (const json& a : doc.at("archs")) archs.push_back(archFromJson(a, file.string()));
  return archs;
}

void SearchFolder::recordGeneration(int generation, const std::vector<Member>& ranked,
                                    double elapsedSeconds) {
  const fs::path file = fs::path(dir_) / "generations.jsonl";
  LineAppender out(file.string(), generation == 0);
  json population = json::array();
  for (const Member& m : ranked) population.push_back(memberJson(m));
  out.append(json{{"generation", generation},
                  {"best_accuracy", ranked.empty() ? 0.0 : ranked.front().accuracy},
                  {"evaluated", scores_.size()},
                  {"elapsed_s", elapsedSeconds},
                  {"population", population}}
                 .dump());
  out.sync();
}

std::vector<CandidateScore> paretoFront(std::vector<CandidateScore> candidates) {
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
    if (a.cost.ptflopsMacs != b.cost.ptflopsMacs) return a.cost.ptflopsMacs < b.cost.ptflopsMacs;
    return a.accuracy > b.accuracy;
  });
  std::vector<CandidateScore> front;
  for (CandidateScore& c : candidates)
    if (front.empty() || c.accuracy > front.back().accuracy) front.push_back(std::move(c));
  return front;
}

SearchSnapshot readSearchFolder(const std::string& dir) {
  SearchSnapshot snapshot;
  const fs::path root(dir);
  if (!fs::exists(root / "search.json"))
    throw Error(dir + " is not a search folder: it has no search.json");
  snapshot.settings = readJson(root / "search.json");
  if (fs::exists(root / "candidates"))
    for (const auto& entry : fs::directory_iterator(root / "candidates")) {
      const fs::path score = entry.path() / "score.json";
      if (entry.is_directory() && fs::exists(score))
        snapshot.candidates.push_back(scoreFromJson(readJson(score), score.string()));
    }
  std::sort(
      snapshot.candidates.begin(), snapshot.candidates.end(),
      [](const auto& a, const auto& b) { return candidateKey(a.arch) < candidateKey(b.arch); });
  const fs::path lines = root / "generations.jsonl";
  if (fs::exists(lines)) {
    const std::string text = readText(lines);
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
      const json line = json::parse(text.substr(start, end - start), nullptr, false);
      if (line.is_discarded() || !line.is_object())
        throw Error(lines.string() + ": a line is not a generation record");
      GenerationLine g;
      g.generation = line.value("generation", 0);
      g.bestAccuracy = line.value("best_accuracy", 0.0);
      g.evaluated = line.value("evaluated", std::size_t{0});
      g.elapsedSeconds = line.value("elapsed_s", 0.0);
      snapshot.generations.push_back(g);
    }
  }
  snapshot.finished = fs::exists(root / "result.json");
  try {
    ExperimentSpec spec;
    spec.cfgFile = snapshot.settings.at("cfg").get<std::string>();
    spec.overrides = snapshot.settings.value("overrides", std::vector<std::string>{});
    const Experiment supernet = loadExperiment(spec);
    snapshot.space = archManagerFromConfig(supernet.cfg);  // first: network set means both are
    snapshot.network = models::litePoseOptionsFromConfig(supernet.cfg, *supernet.effectiveArch());
  } catch (const std::exception& e) {
    snapshot.networkError = e.what();
  }
  return snapshot;
}

void SearchFolder::writeResult(const EvolutionResult& result) const {
  json population = json::array();
  for (const Member& m : rankedPopulation(result.population)) population.push_back(memberJson(m));
  json front = json::array();
  for (const CandidateScore& s : paretoFront(scores_)) front.push_back(scoreToJson(s));
  const json doc = {{"best",
                     {{"key", candidateKey(result.best.arch)},
                      {"accuracy", result.best.accuracy},
                      {"efficiency", result.best.efficiency},
                      {"arch", archToJson(result.best.arch)}}},
                    {"cancelled", result.cancelled},
                    {"evaluated", scores_.size()},
                    {"population", population},
                    {"pareto_front", front}};
  writeFileAtomically((fs::path(dir_) / "result.json").string(), doc.dump(2) + "\n");
}

}  // namespace posescope::search

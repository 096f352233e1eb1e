#pragma once
// A search's folder: its settings (search.json), one folder per evaluated candidate with its arch
// and score, the ranked population after each generation, the result. Scores are written whole
// (temporary file and rename) the moment a candidate is evaluated, by the search or by a shard
// worker, and are the cache a resumed search replays from.

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "config/arch_config.h"
#include "search/arch_cost.h"
#include "search/evolution.h"

namespace posescope::search {

/// One evaluated architecture.
struct CandidateScore {
  ArchConfig arch;
  double accuracy = 0;    // AP on the search's images
  ArchCost cost;          // parameters and multiply-adds
  double latencyMs = -1;  // forward at batch 1 on this machine, median; -1 when not measured
  int generation = 0;     // the generation that first drew it (0: the random population)
  double seconds = 0;     // wall time of its evaluation
};

/// A short stable name for an arch: 16 hex digits of the FNV-1a hash of its JSON text.
std::string candidateKey(const ArchConfig& arch);

class SearchFolder {
 public:
  /// Creates `dir` with `settings` as search.json, or reopens it to resume: the stored settings
  /// must equal `settings`, else ConfigError naming search.json, the first differing key and both
  /// values. Reads every stored score (an unreadable score.json is an Error naming it).
  SearchFolder(std::string dir, const nlohmann::json& settings);

  const std::string& dir() const { return dir_; }
  const nlohmann::json& settings() const { return settings_; }
  std::string candidateDir(const std::string& key) const;

  std::optional<CandidateScore> cached(const std::string& key) const;
  /// Writes the candidate's arch.json and score.json and adds it to the cache.
  void store(const CandidateScore& score);
  /// Re-reads the scores on disk (written meanwhile by shard workers).
  void reload();
  const std::vector<CandidateScore>& candidates() const { return scores_; }

  /// The architectures a generation leaves to shard workers: pending/generation-G.json.
  void writePending(int generation, const std::vector<ArchConfig>& archs) const;
  std::vector<ArchConfig> readPending(int generation) const;

  /// Appends the ranked population of a generation to generations.jsonl; generation 0 starts
  /// the file afresh (a resumed search replays every generation).
  void recordGeneration(int generation, const std::vector<Member>& ranked, double elapsedSeconds);
  /// result.json: the reference's best, the final population and the accuracy / MACs Pareto front.
  void writeResult(const EvolutionResult& result) const;

 private:
  std::string dir_;
  nlohmann::json settings_;
  std::vector<CandidateScore> scores_;
  std::map<std::string, std::size_t> indexByKey_;
};

nlohmann::json scoreToJson(const CandidateScore& score);
/// Throws Error naming `source` and the field.
CandidateScore scoreFromJson(const nlohmann::json& doc, const std::string& source);

/// One line of generations.jsonl: where the search stood after a generation.
struct GenerationLine {
  int generation = 0;
  double bestAccuracy = 0;
  std::size_t evaluated = 0;
  double elapsedSeconds = 0;
};

/// A search folder as a viewer reads it, possibly while the search writes it.
// clang-tidy 14 takes a throw inside the members' library code for one that escapes the
// implicit move constructor.
struct SearchSnapshot {                     // NOLINT(bugprone-exception-escape)
  nlohmann::json settings;                  // search.json
  std::vector<CandidateScore> candidates;   // every stored score, by key
  std::vector<GenerationLine> generations;  // whole lines only (one being written is skipped)
  bool finished = false;                    // result.json written
  /// The supernet's heads and deconvolutions (from search.json's config), to cost edited archs;
  /// nullopt with `networkError` set when the config cannot be read any more.
  std::optional<models::LitePoseOptions> network;
  std::optional<ArchManager> space;  // the search space, from the same config
  std::string networkError;
};

/// Reads `dir` without changing it. Throws Error naming the file when search.json is missing or
/// a stored file is not what the search writes.
SearchSnapshot readSearchFolder(const std::string& dir);

/// The candidates no other candidate beats on both accuracy (higher) and MACs (fewer), by MACs.
std::vector<CandidateScore> paretoFront(std::vector<CandidateScore> candidates);

}  // namespace posescope::search

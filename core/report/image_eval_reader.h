#pragma once
// Reads back a run's image_eval.jsonl (per-image evaluation) and ties it to the run's records.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "eval/keypoint_eval.h"
#include "pipeline/image_record.h"

namespace posescope {

/// Parses formatImageEvaluationsJsonl's output (blank lines skipped); throws EvalError naming
/// `source` and the line for malformed JSON or a missing or mistyped field.
std::vector<ImageEvaluation> parseImageEvaluationsJsonl(const std::string& text,
                                                        const std::string& source);

/// Reads an image_eval.jsonl file; throws EvalError naming the file when it cannot be read or
/// parsed (see parseImageEvaluationsJsonl).
std::vector<ImageEvaluation> loadImageEvaluations(const std::string& path);

/// One predicted person of a record matched to a ground-truth person at one OKS threshold.
struct PredictionMatch {
  std::size_t person = 0;          // index into ImageRecord::people
  std::int64_t groundTruthId = 0;  // annotation id
  double oks = 0;
  bool groundTruthIgnored = false;  // matched to a crowd region or unlabelled person
};

/// A run's per-image evaluations by image id, with the detection numbering of its results.json
/// (records in order, each person with joints one detection), so matches map back to people.
class RunImageEvaluations {
 public:
  RunImageEvaluations() = default;
  /// Indexes `evaluations` (person category only: `categoryId`) against `records`. Never fails;
  /// evaluations of images without a record are kept for find() only.
  RunImageEvaluations(const std::vector<ImageRecord>& records,
                      std::vector<ImageEvaluation> evaluations, std::int64_t categoryId);

  /// The run folder's image_eval.jsonl indexed against `records`; empty when the file is absent
  /// (cancelled or failed run); throws EvalError naming the file when it is malformed.
  static RunImageEvaluations loadFromRunFolder(const std::string& dir,
                                               const std::vector<ImageRecord>& records,
                                               std::int64_t categoryId);

  bool empty() const { return byImage_.empty(); }
  /// The evaluation of image `imageId`, or nullptr when it has none.
  const ImageEvaluation* find(std::int64_t imageId) const;
  /// Matches of `record`'s people at the threshold nearest `threshold` (0.50 by default), in
  /// match order; empty when the image has no evaluation. Never fails.
  std::vector<PredictionMatch> matchesFor(const ImageRecord& record, double threshold = 0.5) const;
  /// Ground-truth people of `imageId` that are not ignored (crowd / unlabelled); 0 for an image
  /// the evaluation does not list, -1 when there are no evaluations at all.
  int regularGroundTruthCount(std::int64_t imageId) const;

 private:
  std::vector<ImageEvaluation> evaluations_;
  std::map<std::int64_t, std::size_t> byImage_;         // image id -> evaluations_ index
  std::map<std::int64_t, std::size_t> firstDetection_;  // image id -> first detection index
  std::map<std::int64_t, std::vector<std::size_t>> detectionPeople_;  // image id -> person index
};

}  // namespace posescope

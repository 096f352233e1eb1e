#pragma once
// The per-image table of a run (one row per record) and its CSV export.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/image_record.h"
#include "report/image_eval_reader.h"

namespace posescope {

/// One image of a run: what the per-image table shows.
struct PerImageRow {
  std::size_t index = 0;  // dataset position
  std::int64_t imageId = 0;
  std::string file;
  std::size_t people = 0;         // predicted people
  int groundTruthPeople = -1;     // regular ground-truth people; -1 when unknown (no evaluation)
  std::optional<double> ap;       // per-image AP; nullopt without evaluation or regular person
  std::optional<double> meanOks;  // mean OKS at .50; nullopt when nothing matched
  StageTimings times;
  std::string error;  // failure reason, "" when evaluated
};

/// Rows for `records` in record order, with AP / OKS / ground-truth counts from `evaluations`
/// (may be empty). Never fails.
std::vector<PerImageRow> perImageRows(const std::vector<ImageRecord>& records,
                                      const RunImageEvaluations& evaluations);

/// CSV with a header line: image_id, file, people, gt_people, ap, mean_oks, total_ms, <stage>_ms
/// for each stage, error. Unknown values are empty fields; numbers in round-trip precision;
/// fields with commas, quotes or line breaks are quoted. Never fails.
std::string formatPerImageCsv(const std::vector<PerImageRow>& rows);
/// The same for rows evaluated with settings that are not valid.py's (`settingChanges`, one phrase
/// each): a last column "settings" holds them joined by "; " on every row. With no changes:
/// exactly formatPerImageCsv(rows).
std::string formatPerImageCsv(const std::vector<PerImageRow>& rows,
                              const std::vector<std::string>& settingChanges);

/// A CSV field: quoted (quotes doubled) when it holds a comma, quote or line break.
std::string csvField(const std::string& text);

/// A number with the fewest digits that round-trip (shortestRoundTrip), or "" for nullopt.
std::string csvNumber(std::optional<double> value);

}  // namespace posescope

#include "report/per_image_table.h"

#include "common/number_text.h"
#include "eval/metric_table.h"

#include <cstdio>

namespace posescope {

namespace {

std::optional<double> definedOrNone(double value) {
  if (value < 0) return std::nullopt;  // the evaluation's -1: undefined for this image
  return value;
}

}  // namespace

std::vector<PerImageRow> perImageRows(const std::vector<ImageRecord>& records,
                                      const RunImageEvaluations& evaluations) {
  std::vector<PerImageRow> rows;
  rows.reserve(records.size());
  for (const auto& r : records) {
    PerImageRow row;
    row.index = r.index;
    row.imageId = r.imageId;
    row.file = r.file;
    row.people = r.people.size();
    row.times = r.times;
    row.error = r.error;
    row.groundTruthPeople = evaluations.regularGroundTruthCount(r.imageId);
    if (const ImageEvaluation* e = evaluations.find(r.imageId)) {
      row.ap = definedOrNone(e->ap);
      row.meanOks = definedOrNone(e->meanOks);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string csvNumber(std::optional<double> value) {
  if (!value) return {};
  return shortestRoundTrip(*value);
}

std::string formatPerImageCsv(const std::vector<PerImageRow>& rows) {
  return formatPerImageCsv(rows, {});
}

std::string formatPerImageCsv(const std::vector<PerImageRow>& rows,
                              const std::vector<std::string>& settingChanges) {
  const std::string settings =
      settingChanges.empty() ? std::string() : "," + csvField(joinSettingChanges(settingChanges));
  std::string out = "image_id,file,people,gt_people,ap,mean_oks,total_ms";
  for (const auto& stage : stageNames()) out += "," + stage + "_ms";
  out += settingChanges.empty() ? ",error\n" : ",error,settings\n";
  for (const auto& row : rows) {
    out += std::to_string(row.imageId) + "," + csvField(row.file) + "," +
           std::to_string(row.people) + "," +
           (row.groundTruthPeople < 0 ? std::string() : std::to_string(row.groundTruthPeople)) +
           "," + csvNumber(row.ap) + "," + csvNumber(row.meanOks) + "," +
           csvNumber(row.times.totalMs());
    for (std::size_t i = 0; i < stageNames().size(); ++i)
      out += "," + csvNumber(stageValue(row.times, i));
    out += "," + csvField(row.error) + settings + "\n";
  }
  return out;
}

}  // namespace posescope

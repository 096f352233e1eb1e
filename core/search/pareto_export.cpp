#include "search/pareto_export.h"

#include <filesystem>

#include "common/errors.h"
#include "common/number_text.h"
#include "pipeline/atomic_file.h"
#include "report/per_image_table.h"

namespace posescope::search {

namespace fs = std::filesystem;

namespace {}  // namespace

std::string paretoFrontCsv(const std::vector<CandidateScore>& candidates) {
  std::string csv = "candidate,ap,gmacs,macs,parameters,latency_ms,generation,arch\n";
  for (const CandidateScore& c : paretoFront(candidates)) {
    csv += candidateKey(c.arch) + "," + shortestRoundTrip(c.accuracy) + "," +
           fixedText(c.cost.gmacs(), 2) + "," + std::to_string(c.cost.ptflopsMacs) + "," +
           std::to_string(c.cost.parameters) + "," +
           (c.latencyMs < 0 ? std::string() : fixedText(c.latencyMs, 3)) + "," +
           std::to_string(c.generation) + "," + csvField(archToJsonText(c.arch)) + "\n";
  }
  return csv;
}

nlohmann::json paretoFrontJson(const std::vector<CandidateScore>& candidates) {
  nlohmann::json doc = nlohmann::json::array();
  for (const CandidateScore& c : paretoFront(candidates)) doc.push_back(scoreToJson(c));
  return doc;
}

std::vector<std::string> writeParetoFront(const std::vector<CandidateScore>& candidates,
                                          const std::string& csvPath) {
  const std::string jsonPath = fs::path(csvPath).replace_extension(".json").string();
  writeFileAtomically(csvPath, paretoFrontCsv(candidates));
  writeFileAtomically(jsonPath, paretoFrontJson(candidates).dump(2) + "\n");
  return {csvPath, jsonPath};
}

std::vector<std::string> exportCandidate(const std::string& searchFolder, const std::string& key,
                                         const std::string& outDir) {
  const fs::path from = fs::path(searchFolder) / "candidates" / key;
  std::vector<std::string> written;
  for (const auto& [name, suffix] :
       {std::pair{"arch.json", ".json"}, std::pair{"weights.pth", ".pth"}}) {
    const fs::path source = from / name;
    if (!fs::exists(source)) {
      if (std::string(suffix) == ".pth") continue;  // a search that kept no weights
      throw Error(source.string() + ": no such file (is " + key + " a candidate of this search?)");
    }
    const fs::path target = fs::path(outDir) / (key + suffix);
    std::error_code ec;
    fs::copy_file(source, target, fs::copy_options::overwrite_existing, ec);
    if (ec) throw Error(target.string() + ": cannot write (" + ec.message() + ")");
    written.push_back(target.string());
  }
  return written;
}

}  // namespace posescope::search

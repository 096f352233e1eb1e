// posescope-cli runs: the run library, every run folder under some folders as one row, printed
// as a Markdown table, CSV or JSON. Reads run folders only, so it runs in the front end.

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "common/number_text.h"
#include "pipeline/run_inputs.h"
#include "pipeline/run_library.h"
#include "report/per_image_table.h"

namespace posescope::cli {

namespace {

constexpr const char* kUnknown = "–";

// The stats of all rows, in the order they first appear (the metric table's).
std::vector<std::string> statColumns(const std::vector<LibraryRun>& rows) {
  std::vector<std::string> names;
  for (const auto& row : rows)
    for (const auto& name : row.statNames)
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return names;
}

std::string fileName(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string stateText(const LibraryRun& row) {
  return row.shard.empty() ? row.state : row.state + ", shard " + row.shard;
}

std::string modelText(const LibraryRun& row) {
  if (row.imported) return row.arch + " (imported)";
  if (row.model.empty() || row.model == row.arch) return row.arch;
  return row.arch + " (" + row.model + ")";
}

std::string datasetText(const LibraryRun& row) {
  if (row.annotationFile.empty()) return "";
  const std::string name = fileName(row.annotationFile);
  return row.annotationSha256.empty() ? name
                                      : name + " (" + shortSha256(row.annotationSha256) + ")";
}

// Images done, "done/total" while a run is incomplete; unknown for an unreadable folder.
std::string imagesText(const LibraryRun& row) {
  if (row.state == "unreadable") return kUnknown;
  if (row.imagesTotal > 0 && row.images != row.imagesTotal)
    return std::to_string(row.images) + "/" + std::to_string(row.imagesTotal);
  return std::to_string(row.images);
}

std::string orUnknown(const std::string& text) {
  return text.empty() ? kUnknown : text;
}

// A Markdown table cell: a '|' inside would end the cell.
std::string cell(std::string text) {
  for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2))
    text.replace(at, 1, "\\|");
  return text;
}

std::string markdownLibrary(const std::vector<LibraryRun>& rows) {
  const std::vector<std::string> stats = statColumns(rows);
  std::vector<std::string> header = {"run",   "state",   "model", "checkpoint",
                                     "epoch", "dataset", "images"};
  header.insert(header.end(), stats.begin(), stats.end());
  header.insert(header.end(), {"params", "MACs", "ms/image", "date"});
  std::string out = "|";
  for (const auto& name : header) out += " " + cell(name) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < header.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& row : rows) {
    std::vector<std::string> cells = {row.name,
                                      stateText(row),
                                      orUnknown(modelText(row)),
                                      orUnknown(row.checkpoint),
                                      row.epoch ? std::to_string(*row.epoch) : kUnknown,
                                      orUnknown(datasetText(row)),
                                      imagesText(row)};
    for (const auto& name : stats) {
      const auto value = row.stat(name);
      cells.push_back(value ? fixedText(*value, 3) : kUnknown);
    }
    cells.push_back(row.parameters > 0 ? countText(double(row.parameters)) : kUnknown);
    cells.push_back(row.multiplyAdds > 0 ? countText(double(row.multiplyAdds)) : kUnknown);
    cells.push_back(row.msPerImage ? fixedText(*row.msPerImage, 1) : kUnknown);
    cells.push_back(orUnknown(row.startedAt));
    out += "|";
    for (const auto& text : cells) out += " " + cell(text) + " |";
    out += "\n";
  }
  // The reasons below the table, where a cell would be too narrow for them.
  bool first = true;
  for (const auto& row : rows) {
    if (row.problem.empty()) continue;
    out += std::string(first ? "\n" : "") + "- " + row.name + " (" + row.state +
           "): " + row.problem + "\n";
    first = false;
  }
  return out;
}

std::string csvCount(std::int64_t value) {
  return value > 0 ? std::to_string(value) : "";
}

std::string csvLibrary(const std::vector<LibraryRun>& rows) {
  const std::vector<std::string> stats = statColumns(rows);
  std::vector<std::string> header = {
      "run",      "name",       "state", "shard",   "problem",        "model",  "arch",
      "imported", "checkpoint", "epoch", "dataset", "dataset_sha256", "images", "images_total"};
  header.insert(header.end(), stats.begin(), stats.end());
  header.insert(header.end(), {"params", "macs", "ms_per_image", "date", "sweep"});
  std::string out;
  for (std::size_t i = 0; i < header.size(); ++i) out += (i ? "," : "") + csvField(header[i]);
  out += "\n";
  for (const auto& row : rows) {
    std::vector<std::string> fields = {row.dir,
                                       row.name,
                                       row.state,
                                       row.shard,
                                       row.problem,
                                       row.model,
                                       row.arch,
                                       row.imported ? "true" : "false",
                                       row.checkpoint,
                                       row.epoch ? std::to_string(*row.epoch) : "",
                                       row.annotationFile,
                                       row.annotationSha256,
                                       std::to_string(row.images),
                                       std::to_string(row.imagesTotal)};
    for (const auto& name : stats) fields.push_back(csvNumber(row.stat(name)));
    fields.insert(fields.end(), {csvCount(row.parameters), csvCount(row.multiplyAdds),
                                 csvNumber(row.msPerImage), row.startedAt, row.sweep});
    for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + csvField(fields[i]);
    out += "\n";
  }
  return out;
}

// Keys in the order written here and stats in the metric table's, not sorted by name.
using Json = nlohmann::ordered_json;

// A text that is empty when unknown, as JSON null then.
Json textOrNull(const std::string& text) {
  return text.empty() ? Json() : Json(text);
}

Json countOrNull(std::int64_t value) {
  return value > 0 ? Json(value) : Json();
}

std::string jsonLibrary(const std::vector<LibraryRun>& rows) {
  Json list = Json::array();
  for (const auto& row : rows) {
    Json stats = Json::object();
    for (std::size_t i = 0; i < row.statNames.size() && i < row.stats.size(); ++i)
      stats[row.statNames[i]] = row.stats[i];
    list.push_back({
        {"run", row.dir},
        {"name", row.name},
        {"state", row.state},
        {"shard", textOrNull(row.shard)},
        {"problem", textOrNull(row.problem)},
        {"model", textOrNull(row.model)},
        {"arch", textOrNull(row.arch)},
        {"imported", row.imported},
        {"checkpoint", textOrNull(row.checkpoint)},
        {"epoch", row.epoch ? Json(*row.epoch) : Json()},
        {"dataset",
         {{"file", textOrNull(row.annotationFile)}, {"sha256", textOrNull(row.annotationSha256)}}},
        {"images", row.images},
        {"images_total", row.imagesTotal},
        {"stats", std::move(stats)},
        {"params", countOrNull(row.parameters)},
        {"macs", countOrNull(row.multiplyAdds)},
        {"ms_per_image", row.msPerImage ? Json(*row.msPerImage) : Json()},
        {"date", textOrNull(row.startedAt)},
        {"sweep", textOrNull(row.sweep)},
    });
  }
  return list.dump(1) + "\n";
}

// --dataset: the rows scored on that ground truth (its SHA-256 as the runs recorded it); says on
// stderr how many others were left out.
std::vector<LibraryRun> onGroundTruth(std::vector<LibraryRun> rows, const std::string& gtFile) {
  const std::string sha256 = sha256OfFile(gtFile);
  std::vector<LibraryRun> kept;
  std::size_t other = 0, unknown = 0;
  for (auto& row : rows) {
    if (row.annotationSha256 == sha256)
      kept.push_back(std::move(row));
    else
      ++(row.annotationSha256.empty() ? unknown : other);
  }
  std::vector<std::string> leftOut;
  if (other > 0) leftOut.push_back(std::to_string(other) + " run(s) scored on other ground truths");
  if (unknown > 0)
    leftOut.push_back(std::to_string(unknown) +
                      " run(s) whose ground truth is unknown (unreadable, or no SHA-256 recorded)");
  for (std::size_t i = 0; i < leftOut.size(); ++i)
    std::cerr << (i == 0 ? "--dataset " + gtFile + ": left out " : " and ") << leftOut[i];
  if (!leftOut.empty()) std::cerr << "\n";
  return kept;
}

}  // namespace

int runRuns(const ParsedArgs& args) {
  if (args.positional.empty()) throw UsageError{"expected the folders to list"};
  const std::string format = args.get("--format", "md");
  if (format != "md" && format != "csv" && format != "json")
    throw UsageError{"--format must be md, csv or json, got '" + format + "'"};
  std::vector<LibraryRun> rows = scanRunLibrary(args.positional);
  if (args.has("--sort")) {
    try {
      sortLibrary(rows, args.get("--sort"));
    } catch (const Error& e) {
      throw UsageError{std::string("--sort: ") + e.what()};
    }
  }
  if (args.has("--dataset")) rows = onGroundTruth(std::move(rows), args.get("--dataset"));
  if (format == "json")
    std::cout << jsonLibrary(rows);
  else if (format == "csv")
    std::cout << csvLibrary(rows);
  else
    std::cout << markdownLibrary(rows);
  if (rows.empty()) std::cerr << "no runs found\n";
  return kOk;
}

}  // namespace posescope::cli

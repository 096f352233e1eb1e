#include "pipeline/run_records.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"

namespace posescope {

RecordsFile readRecordsFile(const std::string& path) {
  RecordsFile file;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return file;
  const std::string text = readTextFile(path);
  size_t start = 0;
  int lineNo = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      if (!trim(text.substr(start)).empty())
        file.note = path + ":" + std::to_string(lineNo + 1) +
                    ": unterminated last line ignored (the run was stopped while writing it)";
      break;
    }
    ++lineNo;
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    file.wholeLinesBytes = start;
    if (trim(line).empty()) continue;
    const std::string where = path + ":" + std::to_string(lineNo);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {  // parse errors, numbers out of range
      throw Error(where + ": malformed record: " + e.what());
    }
    file.records.push_back(recordFromJson(j, where));
  }
  return file;
}

void cutToWholeLines(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;
  const std::string text = readTextFile(path);
  const size_t lastNewline = text.rfind('\n');
  const size_t whole = lastNewline == std::string::npos ? 0 : lastNewline + 1;
  if (whole == text.size()) return;
  std::filesystem::resize_file(path, whole, ec);
  if (ec) throw Error("cannot cut the torn last line of '" + path + "': " + ec.message());
}

}  // namespace posescope

#include "eval/metric_table.h"

#include "common/number_text.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace posescope {

namespace {

// Python's '{:.3f}'.format: the binary value rounded half-even to 3 decimals, as printf does.
std::string threeDecimals(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  return buffer;
}

std::string roundTrip(double value) {
  return shortestRoundTrip(value);
}

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

// Byte length of the first `count` UTF-8 characters of `text` (whole string if shorter).
std::size_t utf8Prefix(const std::string& text, std::size_t count, std::size_t* characters) {
  std::size_t bytes = 0, seen = 0;
  while (bytes < text.size() && seen < count) {
    ++bytes;
    while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) {
      ++bytes;
    }
    ++seen;
  }
  if (characters) *characters = seen;
  return bytes;
}

}  // namespace

std::string shortenArchName(const std::string& archName) {
  std::size_t characters = 0;
  utf8Prefix(archName, 16, &characters);
  if (characters <= 15) return archName;
  return archName.substr(0, utf8Prefix(archName, 8, nullptr)) + "...";
}

std::string formatMarkdownTable(const MetricTable& table, const std::string& archName) {
  std::string header = "| Arch ";
  for (std::size_t i = 0; i < table.names.size(); ++i) {
    if (i) header += ' ';
    header += "| " + table.names[i];
  }
  header += " |\n";
  std::string rule;
  for (std::size_t i = 0; i <= table.names.size(); ++i) rule += "|---";
  rule += "|\n";
  std::string values = "| " + shortenArchName(archName) + " ";
  for (std::size_t i = 0; i < table.values.size(); ++i) {
    if (i) values += ' ';
    values += "| " + threeDecimals(table.values[i]);
  }
  values += " |\n";
  return header + rule + values;
}

std::string formatCsvTable(const MetricTable& table, const std::string& archName) {
  std::string header = "Arch", values = csvField(archName);
  for (const auto& name : table.names) header += "," + csvField(name);
  for (double v : table.values) values += "," + roundTrip(v);
  return header + "\n" + values + "\n";
}

std::string formatJsonTable(const MetricTable& table, const std::string& archName) {
  // nlohmann prints doubles with the shortest round-trip digits.
  const nlohmann::json j = {{"arch", archName}, {"names", table.names}, {"stats", table.values}};
  return j.dump(1) + "\n";
}

std::string joinSettingChanges(const std::vector<std::string>& settingChanges) {
  std::string out;
  for (const auto& change : settingChanges) out += (out.empty() ? "" : "; ") + change;
  return out;
}

std::string formatMarkdownTable(const MetricTable& table, const std::string& archName,
                                const std::vector<std::string>& settingChanges) {
  std::string out = formatMarkdownTable(table, archName);
  if (!settingChanges.empty())
    out += "\nEvaluation settings (not valid.py's): " + joinSettingChanges(settingChanges) + "\n";
  return out;
}

std::string formatCsvTable(const MetricTable& table, const std::string& archName,
                           const std::vector<std::string>& settingChanges) {
  std::string out = formatCsvTable(table, archName);
  if (settingChanges.empty()) return out;
  // One more column: "settings" after the header's names, the changes after the values.
  const std::size_t headerEnd = out.find('\n');
  out.insert(headerEnd, ",settings");
  out.insert(out.size() - 1, "," + csvField(joinSettingChanges(settingChanges)));
  return out;
}

std::string formatJsonTable(const MetricTable& table, const std::string& archName,
                            const std::vector<std::string>& settingChanges) {
  if (settingChanges.empty()) return formatJsonTable(table, archName);
  const nlohmann::json j = {{"arch", archName},
                            {"names", table.names},
                            {"stats", table.values},
                            {"settings", settingChanges}};
  return j.dump(1) + "\n";
}

}  // namespace posescope

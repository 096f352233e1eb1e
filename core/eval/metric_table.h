#pragma once
// The metric table valid.py prints, and its CSV / JSON exports.

#include <string>
#include <vector>

namespace posescope {

/// Named stats in valid.py's order (COCO: AP, Ap .5, ... AR (L); CrowdPose: AP ... AP (hard)).
struct MetricTable {
  std::vector<std::string> names;
  std::vector<double> values;
};

/// The three Markdown lines valid.py's _print_name_value logs (header, |---| rule, values with
/// three decimals; an arch name longer than 15 characters becomes its first 8 and "..."), each
/// ending in '\n'. Never fails.
std::string formatMarkdownTable(const MetricTable& table, const std::string& archName);

/// valid.py's arch-name shortening on its own (counted in characters, not bytes).
std::string shortenArchName(const std::string& archName);

/// Two CSV lines, "Arch,<names>" and "<arch>,<values>", values with the fewest digits that
/// round-trip; fields with commas or quotes are quoted. Never fails.
std::string formatCsvTable(const MetricTable& table, const std::string& archName);

/// {"arch": ..., "names": [...], "stats": [...]} with values in round-trip precision. Never fails.
std::string formatJsonTable(const MetricTable& table, const std::string& archName);

/// The same three formats for a table evaluated with settings that are not valid.py's, saying so:
/// `settingChanges` holds one phrase per changed setting (differencesFromReference). Markdown adds
/// a line "Evaluation settings (not valid.py's): a; b", CSV a last column "settings" with the
/// phrases joined by "; ", JSON a "settings" list. With no changes: exactly the formats above.
std::string formatMarkdownTable(const MetricTable& table, const std::string& archName,
                                const std::vector<std::string>& settingChanges);
std::string formatCsvTable(const MetricTable& table, const std::string& archName,
                           const std::vector<std::string>& settingChanges);
std::string formatJsonTable(const MetricTable& table, const std::string& archName,
                            const std::vector<std::string>& settingChanges);

/// "a; b": the phrases of settingChanges as one line. Never fails.
std::string joinSettingChanges(const std::vector<std::string>& settingChanges);

}  // namespace posescope

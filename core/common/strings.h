#pragma once
// Small string helpers shared by core areas.

#include <string>
#include <vector>

namespace posescope {

/// Levenshtein distance, used for did-you-mean suggestions.
int editDistance(const std::string& a, const std::string& b);

/// The candidate closest to `word` within a small edit distance, or "" if none is close.
std::string closestMatch(const std::string& word, const std::vector<std::string>& candidates);

/// Splits on a single character, keeping empty fields.
std::vector<std::string> split(const std::string& text, char sep);

/// Removes leading and trailing ASCII whitespace.
std::string trim(const std::string& text);

/// `text` between two `quote` characters with the backslash escapes Python's str literals and
/// YAML's double-quoted scalars share: \\, the quote, \n, \r, \t, and \xNN for the other control
/// characters. Never fails.
std::string backslashQuoted(const std::string& text, char quote);

/// Reads a whole file; throws posescope::Error naming the path when it cannot be opened.
std::string readTextFile(const std::string& path);

}  // namespace posescope

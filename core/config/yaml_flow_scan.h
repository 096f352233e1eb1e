#pragma once
// Where an unclosed YAML flow collection ('[' or '{') opened: yaml-cpp reports a missing ']'
// where it noticed, often dozens of lines later; the user needs the line that opened it.

#include <optional>
#include <string>

namespace posescope {

/// The opening bracket of a flow collection and where it is (1-based line and column).
struct FlowOpener {
  char bracket = '[';
  int line = 0;
  int column = 0;
};

/// Scans `text` up to (not including) 0-based line `untilLine` and returns the innermost '[' or
/// '{' still open there, skipping quoted scalars and comments; nullopt when none is open. Never
/// throws.
std::optional<FlowOpener> unclosedFlowOpener(const std::string& text, int untilLine);

}  // namespace posescope

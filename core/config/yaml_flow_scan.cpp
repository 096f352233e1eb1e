#include "config/yaml_flow_scan.h"

#include <vector>

namespace posescope {

std::optional<FlowOpener> unclosedFlowOpener(const std::string& text, int untilLine) {
  std::vector<FlowOpener> open;
  int line = 0, column = 0;
  char quote = 0;          // inside '...' or "..." (either may span lines in flow context)
  bool comment = false;    // from '#' to the end of the line
  bool afterSpace = true;  // '#' starts a comment only at a line start or after white space
  for (std::size_t i = 0; i < text.size() && line < untilLine; ++i, ++column) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      column = -1;
      comment = false;
      afterSpace = true;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (quote == '"' && c == '\\') {
        ++i;  // the escaped character
        ++column;
      } else if (c == quote) {
        if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
          ++i;  // '' is a quote inside a single-quoted scalar
          ++column;
        } else {
          quote = 0;
        }
      }
      afterSpace = false;
      continue;
    }
    if (c == '#' && afterSpace) {
      comment = true;
      continue;
    }
    if ((c == '\'' || c == '"') && (afterSpace || !open.empty())) {
      quote = c;
    } else if (c == '[' || c == '{') {
      open.push_back({c, line + 1, column + 1});
    } else if ((c == ']' || c == '}') && !open.empty()) {
      open.pop_back();
    }
    afterSpace = c == ' ' || c == '\t' || c == '[' || c == '{' || c == ',' || c == ':';
  }
  if (open.empty()) return std::nullopt;
  return open.back();
}

}  // namespace posescope

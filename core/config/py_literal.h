#pragma once
// Python's ast.literal_eval, as yacs applies it to string values and command-line overrides.

#include <optional>
#include <string>

#include "config/config_node.h"

namespace posescope {

/// Outcome of decoding one string as a Python literal.
struct LiteralResult {
  enum class Kind {
    Value,        // `value` holds the decoded literal
    NotLiteral,   // literal_eval fails: yacs keeps the text as a string
    Unsupported,  // a literal PoseScope cannot hold (dict, set, complex, bytes, huge int)
  };
  Kind kind = Kind::NotLiteral;
  ConfigValue value;
  std::string reason;  // for NotLiteral: what did not parse; for Unsupported: what it is
};

/// Decodes `text` as literal_eval would (numbers, strings, tuples and lists as lists, True,
/// False, None, unary signs); never throws.
LiteralResult decodePythonLiteral(const std::string& text);

}  // namespace posescope

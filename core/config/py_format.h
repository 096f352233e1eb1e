#pragma once
// Python-style spellings of values (repr of floats and strings), used when printing configs.

#include <string>

namespace posescope {

/// Python's repr() of a float: shortest round-trip digits ("0.001", "1e-05", "1.0", "inf").
std::string pythonFloatRepr(double value);

/// Python's repr() of a str: single-quoted unless the text holds a single quote and no double.
std::string pythonStringRepr(const std::string& text);

}  // namespace posescope

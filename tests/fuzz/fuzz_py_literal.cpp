// Fuzz target: the Python-literal decoder (yacs' literal_eval of string values and overrides).
// It never throws, whatever the text.

#include "config/py_literal.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)posescope::decodePythonLiteral(text);
  } catch (...) {
    std::fprintf(stderr, "decodePythonLiteral threw\n");
    std::abort();
  }
  return 0;
}

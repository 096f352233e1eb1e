// Fuzz target: an architecture JSON (--superconfig), read as loadExperiment reads it.

#include "config/arch_config.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  static posescope::fuzz::MemoryFile file;
  file.set(data, size);
  return posescope::fuzz::runOneInput([&] {
    const posescope::ArchConfig arch = posescope::loadArchJson(file.path());
    (void)posescope::archToJsonText(arch);
  });
}

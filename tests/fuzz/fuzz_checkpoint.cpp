// Fuzz target: the checkpoint reader (torch.save zip and legacy pickle formats, format detection,
// the restricted unpickler, the state_dict unwrapping).

#include "checkpoint/checkpoint_reader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  static posescope::fuzz::MemoryFile file;
  file.set(data, size);
  return posescope::fuzz::runOneInput([&] { (void)posescope::readStateDict(file.path()); });
}

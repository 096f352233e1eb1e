#include "checkpoint/checkpoint_file.h"

#include <cstring>
#include <fstream>

#include "checkpoint/checkpoint_formats.h"
#include "common/errors.h"

namespace posescope {

CheckpointFormat detectCheckpointFormat(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CheckpointError("cannot open checkpoint '" + path + "'");
  char head[4] = {0, 0, 0, 0};
  in.read(head, sizeof head);
  const std::streamsize got = in.gcount();
  if (got == 0) throw CheckpointError("checkpoint '" + path + "' is empty");
  if (got == 4 && std::memcmp(head, "PK\x03\x04", 4) == 0) {
    return detail::isTorchScriptArchive(path) ? CheckpointFormat::TorchScript
                                              : CheckpointFormat::Zip;
  }
  if (static_cast<unsigned char>(head[0]) == 0x80) return CheckpointFormat::Legacy;
  throw CheckpointError("'" + path +
                        "' is not a PyTorch checkpoint (neither a torch.save zip archive nor a "
                        "legacy torch.save stream)");
}

PickleRef readCheckpointObject(const std::string& path) {
  switch (detectCheckpointFormat(path)) {
    case CheckpointFormat::Zip:
      return detail::readZipCheckpoint(path);
    case CheckpointFormat::Legacy:
      return detail::readLegacyCheckpoint(path);
    case CheckpointFormat::TorchScript:
      break;
  }
  throw CheckpointError("'" + path +
                        "' is a TorchScript file (torch.jit.save), not a state_dict; give it as "
                        "TEST.MODEL_FILE with MODEL.NAME torchscript");
}

}  // namespace posescope

// `extract`'s options and help (command_declarations.h); cmd_extract.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec extractCommand() {
  return {
      "extract",
      "write a sub-network's weights out of a LitePose supernet",
      {"--cfg SUPER.yaml --superconfig ARCH.json\n"
       "                            --checkpoint SUPERNET.pth --out SUB.pth\n"
       "                            [--calibration N] [--calibration-split SPLIT] [KEY VALUE ...]"},
      "Writes the weights of the sub-network ARCH.json of a pose_supermobilenet checkpoint as a\n"
      "pose_mobilenet state_dict (torch.save's format), as LitePose's weight_transfer.py does: "
      "valid.py\n"
      "and PoseScope load it with the same ARCH.json and MODEL.NAME pose_mobilenet. Depthwise "
      "kernels\n"
      "smaller than 7 are extracted as the supernet uses them (the centre of its 7x7 kernel "
      "through\n"
      "the block's kernel transform); weight_transfer.py copies the whole 7x7 kernel there.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)"},
         {"--superconfig", "ARCH", "the sub-network's arch JSON"},
         {"--checkpoint", "FILE", "the supernet's weights (state_dict or LitePose checkpoint)"},
         {"--out", "FILE", "where to write the sub-network's state_dict"},
         {"--calibration", "N",
          "re-estimate the BatchNorm running statistics on N images first (the\n"
          "supernet's statistics were gathered over many sub-networks): each image\n"
          "resized as valid.py does at scale 1, one pass, no augmentation, the\n"
          "cumulative average of the batch statistics. calibrate_test.py instead\n"
          "runs its training loader (augmented) in train mode with momentum 0.1."},
         {"--calibration-split", "S",
          "the dataset split the calibration images come from (default\nDATASET.TRAIN)"}}}},
      "",
  };
}

}  // namespace posescope::cli

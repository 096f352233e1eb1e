// `embed`'s options and help (command_declarations.h); cmd_embed.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec embedCommand() {
  return {
      "embed",
      "write a trained sub-network's weights into a LitePose supernet",
      {"--cfg SUPER.yaml --superconfig ARCH.json --weights SUB.pth\n"
       "                          --out SUPERNET.pth [--seed S] [KEY VALUE ...]"},
      "Writes a pose_supermobilenet state_dict that holds the pose_mobilenet weights SUB.pth of\n"
      "architecture ARCH.json, where `extract` takes them back (each tensor the leading slice of "
      "the\n"
      "supernet's), to start the supernet's training (posescope-train --init) from a trained "
      "network.\n"
      "The rest of the supernet is freshly initialised (seed S), except that the weights from "
      "extra\n"
      "channels into the embedded ones are zero and extra blocks of a stage end in a BatchNorm "
      "with\n"
      "zero weight and bias (their residual block is the identity): every sub-network that "
      "contains\n"
      "the embedded one (as wide or wider, as deep or deeper, a larger expansion) computes what "
      "it\n"
      "computes. Depthwise kernels must be 7x7.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)"},
         {"--superconfig", "ARCH", "the sub-network's arch JSON"},
         {"--weights", "FILE", "the sub-network's weights (state_dict or checkpoint)"},
         {"--out", "FILE", "where to write the supernet's state_dict"},
         {"--seed", "S", "seed of the fresh initialisation", "1"}}}},
      "",
  };
}

}  // namespace posescope::cli

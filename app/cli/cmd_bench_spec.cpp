// `bench`'s options and help (command_declarations.h); cmd_bench.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec benchCommand() {
  return {
      "bench",
      "time the evaluation pipeline per stage",
      {"--cfg FILE [--superconfig ARCH] [--images N]\n"
       "                           [--repeat R] [--device D] [--threads N] [--random-weights]\n"
       "                           [--no-fold-bn] [--exact] [--sweep [--sweep-runs K]]\n"
       "                           [KEY VALUE ...]"},
      "Times the evaluation pipeline on the first N images of the config's test set "
      "(DATASET.ROOT),\n"
      "each evaluated R times, and prints images per second, wall time (process start included) "
      "and\n"
      "the mean milliseconds of each stage: decode, preprocess, forward, group, postprocess.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "ARCH", "architecture JSON"},
         {"--images", "N", "images timed, the first of the test set", "4"},
         {"--repeat", "R", "evaluations of each image", "10"},
         {"--device", "D", "auto (default), cpu or cuda:N"},
         {"--threads", "N", "LibTorch intra-op threads (default: eval's choice)"},
         {"--random-weights", "",
          "without TEST.MODEL_FILE, time the network with seeded random weights"},
         {"--no-fold-bn", "", "keep each BatchNorm a separate pass, as eval --no-fold-bn"},
         {"--exact", "", "the eager forward, as eval --exact"},
         {"--sweep", "",
          "run the same benchmark in child processes for every thread count and for\n"
          "libgomp's spinning wait, on a quiet machine and beside one busy process\n"
          "(`yes > /dev/null`), and time the start-up of a Torch-free and of a network\n"
          "command"},
         {"--sweep-runs", "K", "runs of each --sweep setting, the median kept", "3"}}}},
      "",
  };
}

}  // namespace posescope::cli

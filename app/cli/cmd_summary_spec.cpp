// `summary`'s options and help (command_declarations.h); cmd_summary.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec summaryCommand() {
  return {
      "summary",
      "build the network and print parameters and multiply-adds",
      {"--cfg FILE [--superconfig ARCH.json] [--size N] [--totals] [KEY VALUE ...]"},
      "Builds the network of the experiment (MODEL.NAME, MODEL.EXTRA, the arch JSON) and runs it\n"
      "once on a 1x3xNxN input, N = DATASET.INPUT_SIZE as valid.py does (the arch's img_size with\n"
      "--superconfig). Prints one line per layer (output size, parameters, multiply-adds), then\n"
      "the totals: parameters, convolution + deconvolution multiply-adds, and ptflops' count of\n"
      "multiply-adds (the layers' lines add up to it), the figure LitePose reports for its models\n"
      "and its search budgets.\n"
      "For pose_supermobilenet the supernet's parameters and the active sub-network's are shown.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "FILE", "LitePose arch JSON (e.g. configs/arch/search-XS.json)"},
         {"--size", "N", "input height and width instead of DATASET.INPUT_SIZE"},
         {"--totals", "", "print only the totals"}}}},
      "exit status: 0 ok, 2 bad command line, 3 bad config, arch or network settings.\n",
  };
}

}  // namespace posescope::cli

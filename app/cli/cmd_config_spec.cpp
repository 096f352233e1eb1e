// `config`'s options and help (command_declarations.h); cmd_config.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec configCommand() {
  return {
      "config",
      "print the merged experiment config as YAML",
      {"--cfg FILE [--superconfig ARCH.json] [KEY VALUE ...]"},
      "Prints the merged experiment config as YAML, as valid.py would use it: the reference's\n"
      "defaults, the YAML file (yacs merge rules), the KEY VALUE overrides (values are Python\n"
      "literals, e.g. TEST.SCALE_FACTOR \"[0.5, 1, 2]\" TEST.FLIP_TEST False), update_config and,\n"
      "with --superconfig, the arch's img_size as DATASET.INPUT_SIZE and OUTPUT_SIZE.\n"
      "Unknown keys are accepted and reported on stderr with a suggestion.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "FILE", "LitePose arch JSON (e.g. configs/arch/search-XS.json)"}}}},
      "exit status: 0 ok, 2 bad command line, 3 bad config, override or arch.\n",
  };
}

}  // namespace posescope::cli

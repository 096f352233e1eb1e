// `verify-model`'s options and help (command_declarations.h); cmd_verify_model.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec verifyModelCommand() {
  return {
      "verify-model",
      "compare the network's outputs with outputs recorded in Python",
      {"--cfg FILE [--superconfig ARCH.json] --checkpoint CK --io IO.pth [--tol 1e-4]\n"
       "                                  [--device cpu] [KEY VALUE ...]"},
      "Checks the native network against Python. Builds the network of the experiment, loads the\n"
      "checkpoint strictly (as load_state_dict(strict=True)), runs it in eval mode on io['input']\n"
      "and prints, for every recorded output 'output0', 'output1', ..., the maximum absolute\n"
      "difference. IO.pth is a torch.save'd dict, recorded in Python with e.g.\n"
      "  outs = model(x); torch.save({'input': x, **{f'output{i}': o for i, o in "
      "enumerate(outs)}}, p)\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "FILE", "LitePose arch JSON"},
         {"--checkpoint", "FILE", "state_dict or checkpoint written by torch.save (required)"},
         {"--io", "FILE", "recorded input and outputs (required)"},
         {"--tol", "X", "largest accepted absolute difference", "1e-4"},
         {"--device", "D", "cpu (default) or cuda, cuda:N"}}}},
      "exit status: 0 all outputs within the tolerance, 1 an output differs (or its shape or the\n"
      "number of outputs), 2 bad command line, 3 unreadable config, checkpoint or IO file.\n",
  };
}

}  // namespace posescope::cli

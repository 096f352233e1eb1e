// `eval`'s options and help (command_declarations.h); cmd_eval.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec evalCommand() {
  return {
      "eval",
      "evaluate a model on a dataset, as valid.py does",
      {"--cfg FILE [--superconfig ARCH] [--out DIR [--overwrite]]\n"
       "                          [--device auto|cpu|cuda:N[,...]] [--limit N] [--shard K/N]\n"
       "                          [--workers N] [--threads N] [--no-fold-bn] [--exact]\n"
       "                          [--quiet] [KEY VALUE ...]",
       "--resume RUN_DIR [--device D] [--workers N] [--threads N] [--quiet]"},
      "Evaluates the model of an experiment on its test set exactly as LitePose's valid.py does\n"
      "(multi-scale and flip testing, associative-embedding grouping, COCO / CrowdPose keypoint\n"
      "metrics), writes a run folder and prints valid.py's metric table on stdout.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (as valid.py --cfg)"},
         {"--superconfig", "ARCH", "architecture JSON (as valid.py --superconfig)"},
         {"--out", "DIR",
          "run folder (default: runs/<cfg name>_<date-time>); a folder that holds a\n"
          "run already is refused, naming it: continue it with --resume or\n"
          "replace it with --overwrite"},
         {"--overwrite", "",
          "replace the run in --out: its results go; views.json is kept, tags.json\n"
          "too when every tag names an image of the new run and none a prediction,\n"
          "else it is moved aside (the log says where, and stderr unless --quiet)"},
         kDeviceOption,
         kLimitOption,
         {"--shard", "K/N",
          "evaluate only shard K (0..N-1) of N: every N-th image from the K-th;\n"
          "the run folder is partial (no metrics) until posescope-cli merge\n"
          "joins the N shard folders"},
         kWorkersOption,
         kThreadsOption,
         kNoFoldBnOption,
         kExactOption,
         kQuietOption,
         {"--resume", "RUN_DIR",
          "continue an interrupted (killed, failed, cancelled) run from its last\n"
          "whole record, with the folder's config.yaml and arch.json, on the device\n"
          "it ran on unless --device says otherwise; refused when the checkpoint or\n"
          "annotation file changed since. The results equal an uninterrupted run's.\n"
          "A complete run is left as it is (exit 0, 'nothing to resume'); a folder\n"
          "holding no run is refused."}}}},
      "The run folder holds config.yaml, arch.json, run.json, records.jsonl, results.json, "
      "log.txt,\n"
      "metrics.json, metrics.md and image_eval.jsonl. Ctrl-C cancels: the folder keeps the images "
      "done\n"
      "and says 'cancelled'; a killed run's folder reads as 'interrupted' (run.lock is no longer "
      "held).\n",
  };
}

}  // namespace posescope::cli

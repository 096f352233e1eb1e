// `sweep`'s options and help (command_declarations.h); cmd_sweep.cpp runs it.

#include <string>

#include "analysis/paired_bootstrap.h"
#include "command_declarations.h"
#include "data/image_cache_bound.h"

namespace posescope::cli {

CommandSpec sweepCommand() {
  return {
      "sweep",
      "evaluate every checkpoint of a training, and say which is best",
      {"--cfg FILE [--superconfig ARCH]\n"
       "                           (--checkpoints CK... | --checkpoint-dir DIR) --out SWEEP_DIR\n"
       "                           [--device D] [--limit N] [--shard K/N] [--image-cache-mb MB]\n"
       "                           [--resamples N] [--workers N] [--threads N] [--no-fold-bn]\n"
       "                           [--exact] [--quiet] [KEY VALUE ...]",
       "--resume SWEEP_DIR [--device D] [--image-cache-mb MB]\n"
       "                           [--resamples N] [--workers N] [--threads N] [--quiet]"},
      "Evaluates each checkpoint as 'posescope-cli eval --cfg FILE TEST.MODEL_FILE CK' would (the\n"
      "same numbers), each into its own run folder SWEEP_DIR/<checkpoint name>, decoding each\n"
      "image once for all checkpoints: the first checkpoint's pass keeps the decoded images, up "
      "to\n"
      "--image-cache-mb, for the others (images beyond the bound are decoded again). Then prints "
      "a\n"
      "table (checkpoint, epoch, AP, the half-width of its bootstrap interval over images, state)\n"
      "and names the best checkpoint with its AP difference and paired-bootstrap interval against\n"
      "the second best, so a 'best' epoch that is noise shows; writes it all to\n"
      "SWEEP_DIR/sweep.json.\n"
      "\n"
      "LitePose's training output is recognised: checkpoint.pth.tar (its 'state_dict', and the\n"
      "epoch it records), model_best.pth.tar and final_state*.pth.tar (bare state_dicts, no\n"
      "epoch). Checkpoints are ordered by epoch where known, the others after them.\n",
      {{"CK...", "", "checkpoint files after --checkpoints, up to the next option or KEY"},
       kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (as valid.py --cfg)"},
         {"--superconfig", "ARCH", "architecture JSON (as valid.py --superconfig)"},
         {"--checkpoints", "CK...", "the checkpoint files (torch.save state_dicts or checkpoints)"},
         {"--checkpoint-dir", "DIR", "a training output folder: its *.pth and *.pth.tar files"},
         {"--out", "SWEEP_DIR", "the sweep folder (new or empty; required)"},
         kDeviceOption,
         kLimitOption,
         {"--shard", "K/N",
          "evaluate only shard K of N of every checkpoint (as eval --shard);\n"
          "posescope-cli merge joins the N shards' sweep folders"},
         {"--image-cache-mb", "MB",
          "memory for decoded images shared by the checkpoints, about 2,200 COCO\n"
          "images by default; 0 decodes each checkpoint's images anew",
          std::to_string(kDefaultImageCacheBytes >> 20)},
         {"--resamples", "N", "bootstrap resamples of the intervals",
          std::to_string(BootstrapOptions{}.resamples)},
         kWorkersOption,
         kThreadsOption,
         kNoFoldBnOption,
         kExactOption,
         kQuietOption,
         {"--resume", "SWEEP_DIR",
          "continue a killed or cancelled sweep: complete checkpoints are kept,\n"
          "an interrupted one continues as eval --resume, the rest are evaluated"}}}},
      "A checkpoint that cannot be read or does not fit the architecture is a failed row naming\n"
      "the file and the first mismatching keys; the other checkpoints are evaluated.\n"
      "\n"
      "Sharded: run 'sweep --shard K/N --out DIR/shards/K' for K = 0..N-1 (the same checkpoints\n"
      "and options), then 'posescope-cli merge DIR/shards/* --out DIR' joins every checkpoint's\n"
      "shards and scores the sweep; or 'posescope-cli slurm --shards N -- sweep ...' does both.\n"
      "\n"
      "exit codes: 0 ok, 1 cancelled (Ctrl-C; continue with --resume), 2 bad command line, 3 bad\n"
      "input (a checkpoint failed, unreadable config or dataset).\n",
  };
}

}  // namespace posescope::cli

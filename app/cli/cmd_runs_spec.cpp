// `runs`'s options and help (command_declarations.h); cmd_runs.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec runsCommand() {
  return {
      "runs",
      "list every run folder under some folders: state, checkpoint, stats and costs",
      {"DIR... [--format md|csv|json] [--sort KEY] [--dataset GT.json]"},
      "The run library: every run folder under the folders, searched recursively, one row each:\n"
      "the run folder, its state (complete, running, interrupted, cancelled, failed, or\n"
      "unreadable with the file and what is wrong with it), model and arch, checkpoint file name\n"
      "and the epoch it records, the ground truth (file name and a short SHA-256), images done,\n"
      "every stat of metrics.json, parameters, multiply-adds (ptflops' count), the median forward\n"
      "milliseconds per image (flip included) and the date. A sweep's and a merge's runs are\n"
      "rows; imported predictions are rows without costs. Nothing is recomputed: the folders'\n"
      "files are read (records.jsonl only for its forward times).\n"
      "\n"
      "A run folder holds run.json, records.jsonl or run.lock; a folder that is none is not\n"
      "listed but searched below; hidden folders are not searched. A shard folder (eval --shard)\n"
      "is left out when the merged run made from it is listed (its log.txt names the shard\n"
      "folders; moved since, a merged run of the same evaluation), otherwise shown as 'shard\n"
      "K/N'.\n",
      {{"DIR...", "", "folders to search (a run folder itself too)"}},
      {{"options",
        {{"--format", "F",
          "md (default: a table, with each run's problem below it), csv, or json:\n"
          "a list of objects with run, name, state, shard, problem, model, arch,\n"
          "imported, checkpoint, epoch, dataset {file, sha256}, images,\n"
          "images_total, stats {name: value, named as metrics --json names them},\n"
          "params, macs, ms_per_image, date and sweep (null where unknown)"},
         {"--sort", "KEY",
          "order of the rows: a stat (AP, 'AR .5', ...; best first) or run, state,\n"
          "epoch, images, params, macs, ms, date (ascending); rows without the\n"
          "value last. Default: path order"},
         {"--dataset", "GT.json",
          "only the runs scored on this ground truth (compared by the file's\n"
          "SHA-256 as the runs recorded it); stderr says how many were left out"}}}},
      "exit codes: 0 ok (unreadable run folders are rows, not errors), 2 bad command line or\n"
      "unknown sort key, 3 a folder that does not exist or an unreadable --dataset file.\n",
  };
}

}  // namespace posescope::cli

// `compare`'s options and help (command_declarations.h); cmd_compare.cpp runs it.

#include <string>

#include "analysis/paired_bootstrap.h"
#include "command_declarations.h"

namespace posescope::cli {

CommandSpec compareCommand() {
  return {
      "compare",
      "compare two runs: metrics with confidence intervals, timing, per-image deltas",
      {"RUN_A RUN_B [--out DIR] [--format md|csv|json]\n"
       "                             [--order ap|oks] [--resamples N] [--seed S] [--no-bootstrap]\n"
       "                             [--shared-images]"},
      "Compares two run folders of the same dataset (e.g. two architectures): the metric table "
      "with\n"
      "A, B and B - A, the runs' summaries side by side (parameters, multiply-adds, device, "
      "images,\n"
      "wall time, mean milliseconds per stage), and per-image deltas of AP and mean OKS (from "
      "each\n"
      "run's image_eval.jsonl) ordered so the images where B loses most come first.\n",
      {{"RUN_A RUN_B", "", "the two run folders"}},
      {{"options",
        {{"--out", "DIR",
          "also write comparison.md, comparison.csv, comparison.json and\n"
          "per_image_deltas.csv into DIR"},
         {"--format", "F", "what is printed on stdout: md (default), csv or json"},
         {"--order", "O", "order of the per-image deltas: ap (default) or oks"},
         {"--resamples", "N", "bootstrap resamples for the confidence intervals",
          std::to_string(BootstrapOptions{}.resamples)},
         {"--seed", "S", "seed of the bootstrap's generator",
          std::to_string(BootstrapOptions{}.seed)},
         {"--no-bootstrap", "", "skip the intervals and the error-profile comparison"},
         {"--shared-images", "",
          "runs scored on different annotation files (refused without it):\n"
          "compare them on the images both files annotate identically, the\n"
          "metric tables recomputed there"}}}},
      "Is the difference real? Each stat's B - A gets a 95 % confidence interval from a paired\n"
      "bootstrap over images: every resample draws as many images as the ground truth has, "
      "uniformly\n"
      "with replacement (mt19937_64 seeded with the seed and the resample number), evaluates A "
      "and B\n"
      "on that same draw and keeps B - A; the interval is the 2.5 and 97.5 percentiles (linear\n"
      "interpolation). A '*' marks an interval that excludes 0; below 30 images the footnote "
      "says\n"
      "that such an interval is rough and its star a hint. The error profiles (coco-analyze's "
      "AP\n"
      "gain if each error type were fixed, joint labels, background errors) of A and B are "
      "compared\n"
      "too. Both need the runs' results.json and the annotation file named in run.json (same "
      "ground\n"
      "truth for both).\n"
      "\n"
      "Runs whose metric tables have different stats (COCO vs CrowdPose) cannot be compared (exit "
      "3).\n",
  };
}

}  // namespace posescope::cli

// `metrics`'s options and help (command_declarations.h); cmd_metrics.cpp runs it.

#include "analysis/match_accuracy.h"
#include "command_declarations.h"
#include "common/number_text.h"
#include "eval_settings_args.h"

namespace posescope::cli {

CommandSpec metricsCommand() {
  return {
      "metrics",
      "compute keypoint metrics of a results file against ground truth",
      {"--gt GT.json --dt RESULTS.json [options]"},
      "Computes the keypoint metrics of a COCO keypoint results file, identical to pycocotools\n"
      "(COCO) or crowdposetools (CrowdPose), and prints valid.py's Markdown table.\n",
      {},
      {{"options",
        {kGroundTruthFile,
         kResultsFile,
         kDatasetName,
         {"--arch", "NAME", "name in the table's first column", "pose"},
         {"--json", "", "print the table as JSON (full precision) instead of Markdown"},
         {"--csv", "", "print the table as CSV (full precision) instead of Markdown"},
         {"--per-image", "FILE", "write the per-image evaluation (matches, OKS, AP) as JSON Lines"},
         {"--curves", "FILE",
          "write pycocotools' accumulate arrays as JSON: precision and scores\n"
          "[area][threshold][recall point], recall [area][threshold], stats"},
         {"--accuracy", "FILE",
          "write, as JSON, what the matching at --accuracy-oks (area 'all') shows:\n"
          "per joint the mean ks, PCK at ks >= 0.5 and >= 0.75 over the labelled\n"
          "joints of matched people and the normalised distances d / (2 sigma\n"
          "sqrt(area)); OKS histograms of the matches and of each person's best\n"
          "detection; true and false positives per score bin, precision per bin,\n"
          "expected calibration error and ranking AUC"},
         {"--accuracy-csv", "FILE", "write the per-joint table (mean ks, PCK) as CSV"},
         {"--accuracy-oks", "T",
          "the OKS threshold of --accuracy and --accuracy-csv, any in (0, 1]",
          shortestRoundTrip(AccuracySettings{}.oksThreshold)},
         {"--threads", "N", "worker threads (default: all cores)"},
         {"--time", "", "print the evaluation time, JSON loading included, to stderr"}}},
       layoutGroup(),
       evalSettingsGroup()},
      "CrowdPose's AP (easy/medium/hard) are crowdposetools' values: images split by crowdIndex\n"
      "at 0.2 and 0.8, each the mean of the whole precision array (-1 entries included),\n"
      "rounded to 4 decimals.\n"
      "\n"
      "exit codes: 0 ok, 2 bad command line, 3 bad input file.\n",
  };
}

}  // namespace posescope::cli

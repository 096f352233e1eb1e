// `analyze`'s options and help (command_declarations.h); cmd_analyze.cpp runs it.

#include <string>

#include "analysis/analysis_report.h"
#include "command_declarations.h"
#include "eval_settings_args.h"

namespace posescope::cli {

CommandSpec analyzeCommand() {
  return {
      "analyze",
      "explain the metrics: keypoint error analysis, AP if fixed, triage",
      {"--gt GT.json --dt RESULTS.json [--dataset coco|crowdpose] [options]", "RUN_DIR [options]"},
      "Explains the keypoint metrics of a results file (or of a run folder's results.json against "
      "the\n"
      "annotation file it was evaluated on) with the error analysis of Ronchi & Perona (ICCV "
      "2017), as\n"
      "coco-analyze computes it:\n"
      "  - each detection matched to a person at OKS 0.1 gets a label per joint: good (ks > .85 "
      "at the\n"
      "    own joint), jitter (.5 <= ks < .85), inversion (ks >= .5 at the mirrored joint), swap "
      "(ks >= .5\n"
      "    at another person's joint), miss (ks < .5), unlabelled;\n"
      "  - AP and recall at every OKS threshold and area range (all from 32², medium, large) for "
      "the\n"
      "    baseline, each keypoint error type fixed alone, optimal scores, background false "
      "positives\n"
      "    removed, then false negatives removed;\n"
      "  - background false positives / false negatives per threshold (after fixing keypoints and "
      "scores),\n"
      "    joint labels per joint, and triage lists (worst OKS, confident false positives, missed "
      "people,\n"
      "    swaps, inversions, per-image counts).\n"
      "Note the baseline is coco-analyze's (area 'all' starts at 32²), not valid.py's AP.\n",
      {{"RUN_DIR", "", "a run folder (instead of --gt and --dt)"}},
      {{"options",
        {kGroundTruthFile,
         kResultsFile,
         kDatasetName,
         {"--json", "",
          "print the analysis as JSON (detections, ap_if_fixed, curves: the precision,\n"
          "scores and recall arrays of the baseline and of each error fixed, counts,\n"
          "joints, triage, settings) instead of the report"},
         {"--out", "FILE", "also write the JSON to FILE"},
         {"--worst", "N", "rows in the report's worst-image table",
          std::to_string(AnalysisReportContext{}.worstImages)},
         {"--worst-by", "KEY",
          "order of that table: ap-lost (default: how much higher the\n"
          "dataset's AP is without the image) or image-ap (the image's own AP)"},
         {"--threads", "N", "worker threads (default: all cores)"},
         {"--time", "", "print the analysis time, JSON loading included, to stderr"}}},
       layoutGroup(),
       evalSettingsGroup()},
      "",
  };
}

}  // namespace posescope::cli

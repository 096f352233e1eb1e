// `import`'s options and help (command_declarations.h); cmd_import.cpp runs it.

#include "command_declarations.h"
#include "eval_settings_args.h"

namespace posescope::cli {

CommandSpec importCommand() {
  return {
      "import",
      "keep another framework's predictions as a run folder",
      {"--gt GT.json --dt RESULTS.json --out RUN_DIR [--images DIR] [--name NAME]\n"
       "                            [--sigmas LIST | --skeleton FILE.json] [--category ID]\n"
       "                            [--dataset coco|crowdpose] [--quiet]"},
      "Writes a run folder for predictions made elsewhere (MMPose, Ultralytics, Detectron2, your\n"
      "own code), given as a COCO keypoint results file: no network, no timings. metrics, analyze\n"
      "RUN_DIR, compare (e.g. against a LitePose eval run on the same ground truth), export and\n"
      "the GUI open it like an evaluation's run folder. results.json is the given file, so the\n"
      "run's metrics are 'posescope-cli metrics' on the same files (pycocotools' numbers);\n"
      "records.jsonl holds each ground-truth image's detections, skeleton.json the joints and\n"
      "OKS sigmas it is scored with, run.json says imported. No image is read.\n",
      {},
      {{"options",
        {kGroundTruthFile,
         kResultsFile,
         {"--out", "RUN_DIR", "the run folder to write (new or empty)"},
         {"--images", "DIR", "where the images are, for the GUI's pages (not read at import)"},
         {"--name", "NAME", "the run's name in tables (default: the results file's stem)"},
         kDatasetName,
         {"--sigmas", "LIST",
          "per-joint OKS sigmas, comma separated, as the evaluator uses them\n"
          "(COCO's nose is 0.026); needed for keypoints other than COCO's and\n"
          "CrowdPose's unless --skeleton gives them"},
         {"--quiet", "", "no notes on stderr"}}},
       layoutGroup()},
      "Prints the run's metric table (valid.py's Markdown) on stdout. Nothing is left behind when\n"
      "the import fails: the folder is written beside RUN_DIR and renamed into place at the end.\n"
      "\n"
      "exit codes: 0 ok, 2 bad command line, 3 bad input file (results on images the ground truth\n"
      "lacks, unknown sigmas, RUN_DIR not empty).\n",
  };
}

}  // namespace posescope::cli

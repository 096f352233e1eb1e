// `make-dataset`'s options and help (command_declarations.h); cmd_make_dataset.cpp runs it.

#include <string>

#include "command_declarations.h"
#include "synth/synth_defaults.h"

namespace posescope::cli {

CommandSpec makeDatasetCommand() {
  return {
      "make-dataset",
      "write the synthetic people dataset (COCO layout)",
      {"--out DIR [--images N] [--seed S] [--split SPLIT]\n"
       "                            [--label-errors KIND=RATE,... --label-errors-out TRUTH.json]"},
      "Writes a synthetic people dataset: images with 1-4 articulated mannequins (17 COCO joints)\n"
      "on varied backgrounds, with COCO person-keypoint annotations, in the COCO layout:\n"
      "  DIR/annotations/person_keypoints_<split>.json, DIR/images/<split>/<id>.jpg\n"
      "Evaluate on it with DATASET.ROOT DIR (DATASET_TEST coco). The same seed gives the same\n"
      "files; image i depends only on the seed, the split and i.\n"
      "\n"
      "--label-errors makes the annotation file lie on purpose, to measure `suspects` against\n"
      "(scripts/bench-suspects): RATE is the fraction of the split's people given each KIND,\n"
      "chosen seeded among the people that can show it, one error per person at most:\n"
      "  swap         every left and right joint exchanged (people with 4+ labelled pairs\n"
      "               whose mirrors lie apart);\n"
      "  displaced    one visible joint moved 0.5-0.8 x sqrt(area) away, inside the image;\n"
      "  unannotated  a person with 8+ labelled joints left out of the file (still drawn);\n"
      "  duplicate    a person with 8+ labelled joints annotated twice (the copy's joints\n"
      "               within half a pixel).\n"
      "The images are the same as without. TRUTH.json lists each error: kind, image_id,\n"
      "annotation_id (as written; 0 for a person left out), original_id (a duplicate's\n"
      "first annotation), joint (0-based, displaced), bbox and a detail. One split only.\n",
      {},
      {{"options",
        {{"--out", "DIR", "dataset root (created when absent)"},
         {"--images", "N", "images per split", std::to_string(synth::kDefaultSynthImages)},
         {"--seed", "S", "random seed", std::to_string(synth::kDefaultSynthSeed)},
         {"--split", "SPLIT", "val2017, train2017 or both", "both"},
         {"--label-errors", "LIST",
          "KIND=RATE,... with KIND swap, unannotated, displaced or duplicate\n"
          "and RATE a fraction of the people in [0, 1]"},
         {"--label-errors-out", "FILE", "where the truth of the injected errors goes (JSON)"}}}},
      "exit codes: 0 ok, 2 bad command line, 3 cannot write.\n",
  };
}

}  // namespace posescope::cli

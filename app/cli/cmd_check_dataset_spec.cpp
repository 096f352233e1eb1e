// `check-dataset`'s options and help (command_declarations.h); cmd_check_dataset.cpp runs it.

#include "command_declarations.h"
#include "eval_settings_args.h"

namespace posescope::cli {

CommandSpec checkDatasetCommand() {
  return {
      "check-dataset",
      "find what is structurally wrong or suspicious in a keypoint ground truth",
      {"GT.json [--images DIR] [--format md|json] [--list N] [--dataset coco|crowdpose]\n"
       "                                   [--sigmas LIST | --skeleton FILE.json] [--category ID]"},
      "Checks a COCO-style keypoint ground truth against itself, and against its image files when\n"
      "--images is given, and lists each finding with its image and annotation ids:\n"
      "  - keypoint outside image: a labelled joint outside the image's width and height;\n"
      "  - num_keypoints mismatch: num_keypoints differs from the joints labelled;\n"
      "  - area larger than box: area above bbox w x h (a segment never covers more);\n"
      "  - joint outside box: a labelled joint more than 1 px outside the person's bbox;\n"
      "  - zero area with joints: labelled joints but an area (or, without one, a box) of 0;\n"
      "  - duplicate person: two people of one image at OKS >= 0.95 with each other, each\n"
      "    scored as the other's detection (the layout's sigmas: any skeleton);\n"
      "  - person inside crowd: a labelled person whose box lies 90 % or more inside a crowd\n"
      "    region's box;\n"
      "  - image missing or unreadable, image size differs: each listed image's file under\n"
      "    --images, read from its PNG or JPEG header (no image is decoded).\n"
      "Duplicate ids and annotations of unlisted images are the reader's (docs/inputs.md).\n",
      {},
      {{"options",
        {{"--images", "DIR", "the images folder: check each listed image's file and size"},
         {"--format", "F", "md (default: a table of counts, then the findings) or json (all)"},
         {"--list", "N", "findings listed per kind in md (json lists all)", "20"},
         kDatasetName,
         {"--sigmas", "LIST",
          "per-joint OKS sigmas for the duplicate check, comma separated; needed for\n"
          "keypoints other than COCO's and CrowdPose's unless --skeleton gives them"}}},
       layoutGroup()},
      "exit codes: 0 nothing found, 1 findings listed, 2 bad command line, 3 bad input file.\n",
  };
}

}  // namespace posescope::cli

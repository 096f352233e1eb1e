// `suspects`'s options and help (command_declarations.h); cmd_suspects.cpp runs it.

#include "analysis/annotation_suspects.h"
#include "command_declarations.h"
#include "common/number_text.h"

namespace posescope::cli {

CommandSpec suspectsCommand() {
  return {
      "suspects",
      "rank the ground truth's people whose annotation a run's predictions contradict",
      {"RUN_DIR [--format md|json] [--top N] [--min-score S]\n"
       "                               [--accept KEY,...|all] [--reject KEY,...|all]"},
      "Finds annotation errors of the run's ground truth from the run's own predictions, each\n"
      "suspect with its evidence and a suggested fix (docs/annotation-qa.md):\n"
      "  - left/right swapped: a confident prediction matches the annotation with every left\n"
      "    and right joint exchanged (OKS >= 0.5) far better than as annotated (by 0.25 or\n"
      "    more; less for a skeleton with a smaller share of mirrored joints than COCO's 12\n"
      "    of 17), with at least 4 joints whose mirror is labelled too (all of them for a\n"
      "    skeleton with fewer mirrored joints); not computed without\n"
      "    flip pairs (a skeleton file's flip_pairs, or left_/right_ joint names);\n"
      "  - unannotated person: a prediction of score 0.3 or more whose OKS with every person\n"
      "    of its image (unlabelled ones by their box) is below 0.1, outside every crowd\n"
      "    region; a second prediction of the same person is not another suspect;\n"
      "  - displaced joint: of a person with 5 or more labelled joints, a joint whose keypoint\n"
      "    similarity with the best-matching prediction is 0.1 or less while the other joints'\n"
      "    mean is 0.6 or more, and whose annotated limbs are less plausible than the\n"
      "    predicted ones (length against the mirror limb and the ground truth's median) by a\n"
      "    log ratio of 0.4 or more; the fix moves it to the prediction's place;\n"
      "  - duplicate: two people of one image at OKS >= 0.95 with each other (as\n"
      "    check-dataset finds them; the fix removes the second).\n"
      "Predictions below --min-score are no evidence. Ranked within each kind by the strength\n"
      "of the evidence: the OKS gained by the swap, the prediction's score, the limb evidence.\n",
      {{"RUN_DIR", "",
        "a finished run folder (its results.json and the annotation file run.json names)"}},
      {{"options",
        {{"--format", "F", "md (default: counts, then each kind's suspects) or json"},
         {"--top", "N", "suspects listed per kind", "20"},
         {"--min-score", "S", "the least prediction score that counts as evidence",
          shortestRoundTrip(SuspectThresholds{}.minScore)},
         {"--accept", "KEYS",
          "accept these suspects' fixes (their Key column, comma separated, or all):\n"
          "kept in RUN_DIR/suspect_decisions.json, as the GUI keeps them; export\n"
          "--what gt-fixes applies the accepted ones"},
         {"--reject", "KEYS", "reject these suspects (the annotation is right)"}}}},
      "exit codes: 0 no suspect, 1 suspects listed, 2 bad command line, 3 bad input file.\n",
  };
}

}  // namespace posescope::cli

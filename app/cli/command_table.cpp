// The subcommands of posescope-cli. Commands that need LibTorch or OpenCV live in
// posescope-cli-full, so the others start without loading either (LibTorch alone costs about a
// second of start-up, OpenCV's image codecs another 150 ms).

#include "cli_main.h"

namespace posescope::cli {

#ifdef POSESCOPE_CLI_FULL
#define FULL(fn) fn
#define LIGHT(fn) nullptr
#else
#define FULL(fn) nullptr
#define LIGHT(fn) fn
#endif

std::vector<Command> commandTable() {
  return {
      {"config", "print the merged experiment config as YAML", LIGHT(runConfig)},
      {"summary", "build the network and print parameters and multiply-adds", FULL(runSummary)},
      {"verify-model", "compare the network's outputs with outputs recorded in Python",
       FULL(runVerifyModel)},
      {"eval", "evaluate a model on a dataset, as valid.py does", FULL(runEval)},
      {"bench", "time the evaluation pipeline per stage", FULL(runBench)},
      {"metrics", "compute keypoint metrics of a results file against ground truth",
       LIGHT(runMetrics)},
      {"analyze", "explain the metrics: keypoint error analysis, AP if fixed, triage",
       LIGHT(runAnalyze)},
      {"extract", "write a sub-network's weights out of a LitePose supernet", FULL(runExtract)},
      {"embed", "write a trained sub-network's weights into a LitePose supernet", FULL(runEmbed)},
      {"search", "search a supernet's sub-networks for the best AP under a MACs budget",
       FULL(runSearchCommand)},
      {"search-candidate", "evaluate one architecture with a search's settings, into its folder",
       FULL(runSearchCandidate)},
      {"search-worker", "evaluate one shard of a search generation (started by search --shards)",
       FULL(runSearchWorker)},
      {"make-dataset", "write the synthetic people dataset (COCO layout)", FULL(runMakeDataset)},
      {"export", "export a run's metrics, per-image table, results or overlays", FULL(runExport)},
      {"compare", "compare two runs: metrics with confidence intervals, timing, per-image deltas",
       LIGHT(runCompare)},
      {"merge", "join the shard folders of eval --shard K/N into one run folder", LIGHT(runMerge)},
      {"slurm", "run eval as a Slurm job array of N shards and a merge job", LIGHT(runSlurm)},
  };
}

}  // namespace posescope::cli

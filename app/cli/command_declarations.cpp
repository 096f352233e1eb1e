// Every posescope-cli subcommand declared once: its usage, its options with their help, its
// notes. Torch-free, so both executables and the tests hold the whole table.

#include <string>

#include "analysis/analysis_report.h"
#include "analysis/annotation_suspects.h"
#include "analysis/match_accuracy.h"
#include "analysis/paired_bootstrap.h"
#include "command_spec.h"
#include "common/number_text.h"
#include "data/image_cache_bound.h"
#include "eval_settings_args.h"
#include "render/render_options.h"
#include "search/evolution.h"
#include "slurm_script.h"
#include "synth/synth_defaults.h"

// An option's default (OptionSpec::defaultValue) is declared here once: the help prints it and the
// command reads it back (ParsedArgs::getInt, getDouble, get). Where the code keeps the default in
// a variable (RenderOptions, BootstrapOptions, EvolutionSettings, ...), it is printed from there.

namespace posescope::cli {

namespace {

const OptionSpec kKeyValue = {"KEY VALUE", "",
                              "config overrides, e.g. TEST.FLIP_TEST False TEST.MODEL_FILE ck.pth"};

// The files and dataset of `metrics`, `analyze` and `import`, worded once.
const OptionSpec kGroundTruthFile = {"--gt", "FILE", "ground truth annotations (COCO-style JSON)"};
const OptionSpec kResultsFile = {"--dt", "FILE",
                                 "keypoint results: a list of {image_id, category_id, keypoints,\n"
                                 "score} as pycocotools, MMPose and Detectron2 write it, or\n"
                                 "Ultralytics' predictions.json (image_id a file name stem)"};
const OptionSpec kDatasetName = {"--dataset", "NAME",
                                 "coco | crowdpose (also crowd_pose); default: by the keypoint\n"
                                 "category's joint names (CrowdPose's 14 or COCO's 17)"};

// How `eval` and `sweep` run the network, worded once.
const OptionSpec kDeviceOption = {
    "--device", "D",
    "auto (CUDA when available, else CPU), cpu, cuda:N; a list such as\n"
    "cuda:0,cuda:1 evaluates with one network replica per device (images\n"
    "dealt out, records kept in order; cpu,cpu works the same way)"};
const OptionSpec kLimitOption = {"--limit", "N", "evaluate only the first N images"};
const OptionSpec kWorkersOption = {"--workers", "N",
                                   "image decoding threads (default: min(WORKERS, 2))"};
const OptionSpec kThreadsOption = {
    "--threads", "N",
    "LibTorch intra-op threads, one network (default on the CPU: one network\n"
    "replica per core, at most 4, images side by side; faster quiet and busy)"};
const OptionSpec kNoFoldBnOption = {
    "--no-fold-bn", "",
    "keep each BatchNorm a separate pass (default: folded into the convolution\n"
    "before it, same results within float rounding, a faster forward)"};
const OptionSpec kExactOption = {
    "--exact", "",
    "the eager forward, op for op the reference's (default on the CPU: PyTorch's\n"
    "inference optimiser, oneDNN's layout kept between convolutions; outputs\n"
    "within float rounding, about 1e-6)"};
const OptionSpec kQuietOption = {"--quiet", "", "no progress on stderr"};

CommandSpec configCommand() {
  return {
      "config",
      "print the merged experiment config as YAML",
      {"--cfg FILE [--superconfig ARCH.json] [KEY VALUE ...]"},
      "Prints the merged experiment config as YAML, as valid.py would use it: the reference's\n"
      "defaults, the YAML file (yacs merge rules), the KEY VALUE overrides (values are Python\n"
      "literals, e.g. TEST.SCALE_FACTOR \"[0.5, 1, 2]\" TEST.FLIP_TEST False), update_config and,\n"
      "with --superconfig, the arch's img_size as DATASET.INPUT_SIZE and OUTPUT_SIZE.\n"
      "Unknown keys are accepted and reported on stderr with a suggestion.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "FILE", "LitePose arch JSON (e.g. configs/arch/search-XS.json)"}}}},
      "exit status: 0 ok, 2 bad command line, 3 bad config, override or arch.\n",
  };
}

CommandSpec summaryCommand() {
  return {
      "summary",
      "build the network and print parameters and multiply-adds",
      {"--cfg FILE [--superconfig ARCH.json] [--size N] [--totals] [KEY VALUE ...]"},
      "Builds the network of the experiment (MODEL.NAME, MODEL.EXTRA, the arch JSON) and runs it\n"
      "once on a 1x3xNxN input, N = DATASET.INPUT_SIZE as valid.py does (the arch's img_size with\n"
      "--superconfig). Prints one line per layer (output size, parameters, multiply-adds), then\n"
      "the totals: parameters, convolution + deconvolution multiply-adds, and ptflops' count of\n"
      "multiply-adds (the layers' lines add up to it), the figure LitePose reports for its models\n"
      "and its search budgets.\n"
      "For pose_supermobilenet the supernet's parameters and the active sub-network's are shown.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "FILE", "LitePose arch JSON (e.g. configs/arch/search-XS.json)"},
         {"--size", "N", "input height and width instead of DATASET.INPUT_SIZE"},
         {"--totals", "", "print only the totals"}}}},
      "exit status: 0 ok, 2 bad command line, 3 bad config, arch or network settings.\n",
  };
}

CommandSpec verifyModelCommand() {
  return {
      "verify-model",
      "compare the network's outputs with outputs recorded in Python",
      {"--cfg FILE [--superconfig ARCH.json] --checkpoint CK --io IO.pth [--tol 1e-4]\n"
       "                                  [--device cpu] [KEY VALUE ...]"},
      "Checks the native network against Python. Builds the network of the experiment, loads the\n"
      "checkpoint strictly (as load_state_dict(strict=True)), runs it in eval mode on io['input']\n"
      "and prints, for every recorded output 'output0', 'output1', ..., the maximum absolute\n"
      "difference. IO.pth is a torch.save'd dict, recorded in Python with e.g.\n"
      "  outs = model(x); torch.save({'input': x, **{f'output{i}': o for i, o in "
      "enumerate(outs)}}, p)\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "FILE", "LitePose arch JSON"},
         {"--checkpoint", "FILE", "state_dict or checkpoint written by torch.save (required)"},
         {"--io", "FILE", "recorded input and outputs (required)"},
         {"--tol", "X", "largest accepted absolute difference", "1e-4"},
         {"--device", "D", "cpu (default) or cuda, cuda:N"}}}},
      "exit status: 0 all outputs within the tolerance, 1 an output differs (or its shape or the\n"
      "number of outputs), 2 bad command line, 3 unreadable config, checkpoint or IO file.\n",
  };
}

CommandSpec evalCommand() {
  return {
      "eval",
      "evaluate a model on a dataset, as valid.py does",
      {"--cfg FILE [--superconfig ARCH] [--out DIR [--overwrite]]\n"
       "                          [--device auto|cpu|cuda:N[,...]] [--limit N] [--shard K/N]\n"
       "                          [--workers N] [--threads N] [--no-fold-bn] [--exact]\n"
       "                          [--quiet] [KEY VALUE ...]",
       "--resume RUN_DIR [--device D] [--workers N] [--threads N] [--quiet]"},
      "Evaluates the model of an experiment on its test set exactly as LitePose's valid.py does\n"
      "(multi-scale and flip testing, associative-embedding grouping, COCO / CrowdPose keypoint\n"
      "metrics), writes a run folder and prints valid.py's metric table on stdout.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (as valid.py --cfg)"},
         {"--superconfig", "ARCH", "architecture JSON (as valid.py --superconfig)"},
         {"--out", "DIR",
          "run folder (default: runs/<cfg name>_<date-time>); a folder that holds a\n"
          "run already is refused, naming it: continue it with --resume or\n"
          "replace it with --overwrite"},
         {"--overwrite", "",
          "replace the run in --out: its results go; views.json is kept, tags.json\n"
          "too when every tag names an image of the new run and none a prediction,\n"
          "else it is moved aside (the log says where, and stderr unless --quiet)"},
         kDeviceOption,
         kLimitOption,
         {"--shard", "K/N",
          "evaluate only shard K (0..N-1) of N: every N-th image from the K-th;\n"
          "the run folder is partial (no metrics) until posescope-cli merge\n"
          "joins the N shard folders"},
         kWorkersOption,
         kThreadsOption,
         kNoFoldBnOption,
         kExactOption,
         kQuietOption,
         {"--resume", "RUN_DIR",
          "continue an interrupted (killed, failed, cancelled) run from its last\n"
          "whole record, with the folder's config.yaml and arch.json, on the device\n"
          "it ran on unless --device says otherwise; refused when the checkpoint or\n"
          "annotation file changed since. The results equal an uninterrupted run's.\n"
          "A complete run is left as it is (exit 0, 'nothing to resume'); a folder\n"
          "holding no run is refused."}}}},
      "The run folder holds config.yaml, arch.json, run.json, records.jsonl, results.json, "
      "log.txt,\n"
      "metrics.json, metrics.md and image_eval.jsonl. Ctrl-C cancels: the folder keeps the images "
      "done\n"
      "and says 'cancelled'; a killed run's folder reads as 'interrupted' (run.lock is no longer "
      "held).\n",
  };
}

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

CommandSpec benchCommand() {
  return {
      "bench",
      "time the evaluation pipeline per stage",
      {"--cfg FILE [--superconfig ARCH] [--images N]\n"
       "                           [--repeat R] [--device D] [--threads N] [--random-weights]\n"
       "                           [--no-fold-bn] [--exact] [--sweep [--sweep-runs K]]\n"
       "                           [KEY VALUE ...]"},
      "Times the evaluation pipeline on the first N images of the config's test set "
      "(DATASET.ROOT),\n"
      "each evaluated R times, and prints images per second, wall time (process start included) "
      "and\n"
      "the mean milliseconds of each stage: decode, preprocess, forward, group, postprocess.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "experiment YAML (required)"},
         {"--superconfig", "ARCH", "architecture JSON"},
         {"--images", "N", "images timed, the first of the test set", "4"},
         {"--repeat", "R", "evaluations of each image", "10"},
         {"--device", "D", "auto (default), cpu or cuda:N"},
         {"--threads", "N", "LibTorch intra-op threads (default: eval's choice)"},
         {"--random-weights", "",
          "without TEST.MODEL_FILE, time the network with seeded random weights"},
         {"--no-fold-bn", "", "keep each BatchNorm a separate pass, as eval --no-fold-bn"},
         {"--exact", "", "the eager forward, as eval --exact"},
         {"--sweep", "",
          "run the same benchmark in child processes for every thread count and for\n"
          "libgomp's spinning wait, on a quiet machine and beside one busy process\n"
          "(`yes > /dev/null`), and time the start-up of a Torch-free and of a network\n"
          "command"},
         {"--sweep-runs", "K", "runs of each --sweep setting, the median kept", "3"}}}},
      "",
  };
}

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

CommandSpec extractCommand() {
  return {
      "extract",
      "write a sub-network's weights out of a LitePose supernet",
      {"--cfg SUPER.yaml --superconfig ARCH.json\n"
       "                            --checkpoint SUPERNET.pth --out SUB.pth\n"
       "                            [--calibration N] [--calibration-split SPLIT] [KEY VALUE ...]"},
      "Writes the weights of the sub-network ARCH.json of a pose_supermobilenet checkpoint as a\n"
      "pose_mobilenet state_dict (torch.save's format), as LitePose's weight_transfer.py does: "
      "valid.py\n"
      "and PoseScope load it with the same ARCH.json and MODEL.NAME pose_mobilenet. Depthwise "
      "kernels\n"
      "smaller than 7 are extracted as the supernet uses them (the centre of its 7x7 kernel "
      "through\n"
      "the block's kernel transform); weight_transfer.py copies the whole 7x7 kernel there.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)"},
         {"--superconfig", "ARCH", "the sub-network's arch JSON"},
         {"--checkpoint", "FILE", "the supernet's weights (state_dict or LitePose checkpoint)"},
         {"--out", "FILE", "where to write the sub-network's state_dict"},
         {"--calibration", "N",
          "re-estimate the BatchNorm running statistics on N images first (the\n"
          "supernet's statistics were gathered over many sub-networks): each image\n"
          "resized as valid.py does at scale 1, one pass, no augmentation, the\n"
          "cumulative average of the batch statistics. calibrate_test.py instead\n"
          "runs its training loader (augmented) in train mode with momentum 0.1."},
         {"--calibration-split", "S",
          "the dataset split the calibration images come from (default\nDATASET.TRAIN)"}}}},
      "",
  };
}

CommandSpec embedCommand() {
  return {
      "embed",
      "write a trained sub-network's weights into a LitePose supernet",
      {"--cfg SUPER.yaml --superconfig ARCH.json --weights SUB.pth\n"
       "                          --out SUPERNET.pth [--seed S] [KEY VALUE ...]"},
      "Writes a pose_supermobilenet state_dict that holds the pose_mobilenet weights SUB.pth of\n"
      "architecture ARCH.json, where `extract` takes them back (each tensor the leading slice of "
      "the\n"
      "supernet's), to start the supernet's training (posescope-train --init) from a trained "
      "network.\n"
      "The rest of the supernet is freshly initialised (seed S), except that the weights from "
      "extra\n"
      "channels into the embedded ones are zero and extra blocks of a stage end in a BatchNorm "
      "with\n"
      "zero weight and bias (their residual block is the identity): every sub-network that "
      "contains\n"
      "the embedded one (as wide or wider, as deep or deeper, a larger expansion) computes what "
      "it\n"
      "computes. Depthwise kernels must be 7x7.\n",
      {kKeyValue},
      {{"options",
        {{"--cfg", "FILE", "the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)"},
         {"--superconfig", "ARCH", "the sub-network's arch JSON"},
         {"--weights", "FILE", "the sub-network's weights (state_dict or checkpoint)"},
         {"--out", "FILE", "where to write the supernet's state_dict"},
         {"--seed", "S", "seed of the fresh initialisation", "1"}}}},
      "",
  };
}

// Options `search` shares with the workers it starts.
OptionSpec searchDevice() {
  return {"--device", "D", "cpu (default) or cuda:N for the evaluation runs"};
}

CommandSpec searchCommand() {
  return {
      "search",
      "search a supernet's sub-networks for the best AP under a MACs budget",
      {"--cfg SUPER.yaml --checkpoint SUPERNET.pth --budget-macs M\n"
       "                            --out SEARCH_DIR [--population 40] [--generations 40] [--seed "
       "S]\n"
       "                            [--calibration N] [--calibration-split SPLIT] "
       "[--limit-images K]\n"
       "                            [--no-latency] [--shards N] [--device D] [--threads N] "
       "[--quiet]\n"
       "                            [--slurm [SLURM OPTIONS]] [KEY VALUE ...]",
       "--resume SEARCH_DIR [--shards N] [--device D] [--threads N]\n"
       "                            [--slurm [SLURM OPTIONS]]"},
      "Runs LitePose's architecture search over a pose_supermobilenet checkpoint: search.py's\n"
      "regularized evolution (population 40, parents 25 %, mutation 50 %, mutate probability "
      "0.1)\n"
      "in ArchManager's search space, drawn from ports of Python's `random` and NumPy's legacy\n"
      "`np.random` seeded with S, so the sequence of architectures is the reference's when it is\n"
      "seeded with the same S (random.seed(S); np.random.seed(S)). The efficiency constraint is\n"
      "ptflops' multiply-adds in GMac, rounded to 2 decimals, as search.py compares them.\n"
      "\n"
      "Each new architecture is evaluated once: its pose_mobilenet weights extracted from the\n"
      "supernet (weight_transfer.py), its BatchNorm statistics re-estimated on N calibration "
      "images\n"
      "when --calibration N is given, its AP measured by an evaluation run on the test set (the "
      "first\n"
      "K images with --limit-images), its forward latency at batch 1 timed on this machine's "
      "CPU.\n"
      "Everything is written to SEARCH_DIR as it comes (search.json, candidates/KEY/{arch.json,\n"
      "score.json, weights.pth, run/}, generations.jsonl, result.json with the best architecture "
      "and\n"
      "the AP / MACs Pareto front). Running the command again on SEARCH_DIR, or --resume "
      "SEARCH_DIR,\n"
      "continues an interrupted search and ends with the population an uninterrupted one ends "
      "with.\n",
      {{"KEY VALUE", "", "config overrides, e.g. DATASET.TEST val2017"}},
      {{"options",
        {{"--cfg", "FILE", "the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)"},
         {"--superconfig", "ARCH", "refused: the search draws its own architectures"},
         {"--checkpoint", "FILE", "the supernet's weights"},
         {"--budget-macs", "M",
          "efficiency budget: a number in GMACs (search.py's unit, e.g. 8), or\n"
          "with a suffix G, M or K (e.g. 1.2G, 800M)"},
         {"--out", "SEARCH_DIR",
          "the search folder (created, or resumed when it holds search.json)"},
         {"--resume", "SEARCH_DIR", "continue the search in SEARCH_DIR with its own settings"},
         {"--population", "N", "population size",
          std::to_string(search::EvolutionSettings{}.populationSize)},
         {"--generations", "N", "generations after the random population",
          std::to_string(search::EvolutionSettings{}.generations)},
         {"--seed", "S", "seed of both generators, 0 <= S < 2^32",
          std::to_string(search::EvolutionSettings{}.seed)},
         {"--calibration", "N",
          "re-estimate BatchNorm statistics on N images before evaluating each\n"
          "candidate (cumulative average, one pass per image, no augmentation;\n"
          "0: the supernet's statistics)",
          "0"},
         {"--calibration-split", "S",
          "the dataset split the calibration images come from (default\nDATASET.TRAIN)"},
         {"--limit-images", "K",
          "evaluate each candidate on the first K test images (default: all)"},
         {"--no-latency", "", "do not time the forward"},
         {"--shards", "N",
          "evaluate each generation's new candidates in N local worker processes\n"
          "(with --slurm: N tasks of a Slurm job array)"},
         searchDevice(),
         {"--threads", "N", "LibTorch threads (default: every core, shared out among shards)"},
         {"--quiet", "", "no progress on stderr"}}},
       {"on a Slurm cluster",
        {{"--slurm", "",
          "submit each generation's new candidates as a job array of --shards N\n"
          "tasks (task K runs search-worker --shard K/N; script and logs in\n"
          "SEARCH_DIR/slurm) with sbatch --wait, and go on when every task has\n"
          "ended; this command keeps the evolution and can itself run in a batch\n"
          "job. SEARCH_DIR and the inputs must be on a shared file system."},
         {"--partition", "P", "Slurm partition (default: the cluster's)"},
         {"--time", "T", "time limit of each array job, as sbatch --time"},
         {"--cpus-per-task", "C",
          "cores per task (the workers' --threads unless --threads is given)"},
         {"--gpus-per-task", "G", "GPUs per task (give --device cuda)"},
         {"--job-name", "NAME", "job name", "posescope-search"}}}},
      "",
  };
}

CommandSpec searchCandidateCommand() {
  return {
      "search-candidate",
      "evaluate one architecture with a search's settings, into its folder",
      {"SEARCH_DIR --arch ARCH.json [--device D] [--threads N]"},
      "Evaluates one architecture with the settings of the search in SEARCH_DIR (its supernet,\n"
      "calibration, images) and stores its score there as an architecture edited by hand "
      "(generation\n"
      "-1), next to the ones the evolution drew: the Search page shows it with them. An "
      "architecture\n"
      "scored already is not evaluated again.\n",
      {{"SEARCH_DIR", "", "a search folder written by posescope-cli search"}},
      {{"options",
        {{"--arch", "FILE", "the architecture's JSON (required)"},
         searchDevice(),
         {"--threads", "N", "LibTorch threads (default: every core)"}}}},
      "",
  };
}

CommandSpec searchWorkerCommand() {
  return {
      "search-worker",
      "evaluate one shard of a search generation (started by search --shards)",
      {"SEARCH_DIR --generation G --shard K/N [--threads N] [--device D]"},
      "Evaluates shard K of N of the candidates of generation G that `posescope-cli search "
      "--shards N`\n"
      "left in SEARCH_DIR/pending (every N-th from the K-th), with the settings of "
      "SEARCH_DIR/search.json,\n"
      "storing each score as it comes. The search starts these itself; a cluster job can run them "
      "too.\n",
      {{"SEARCH_DIR", "", "a search folder written by posescope-cli search"}},
      {{"options",
        {{"--generation", "G", "the generation whose candidates are evaluated (required)"},
         {"--shard", "K/N", "evaluate every N-th pending candidate from the K-th (required)"},
         {"--threads", "N", "LibTorch threads (default: every core)"},
         searchDevice()}}},
      "",
  };
}

CommandSpec searchFrontCommand() {
  return {
      "search-front",
      "print or write a search folder's Pareto front (AP against MACs) as CSV or JSON",
      {"SEARCH_DIR [--format csv|json] [--out FILE]"},
      "Reads SEARCH_DIR (also while the search writes it) and prints the candidates no other "
      "beats\n"
      "on both AP (higher) and ptflops' MACs (fewer), by MACs: the files the GUI's Search page\n"
      "exports. CSV: candidate,ap,gmacs,macs,parameters,latency_ms,generation,arch (latency_ms\n"
      "empty when not measured, arch the arch's JSON text); JSON: the candidates' scores as\n"
      "score.json holds them.\n",
      {{"SEARCH_DIR", "", "a search folder written by posescope-cli search"}},
      {{"options",
        {{"--format", "csv|json", "the front as CSV (default) or JSON"},
         {"--out", "FILE", "write the front to FILE (replaced whole) instead of stdout"}}}},
      "exit status: 0 ok, 2 bad command line, 3 not a search folder or a file that cannot be\n"
      "read or written.\n",
  };
}

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

CommandSpec exportCommand() {
  return {
      "export",
      "export a run's metrics, per-image table, results or overlays",
      {"RUN_DIR --what metrics|images|results|overlays|report|ids|subset|gt-fixes\n"
       "                            [--where QUERY] [--format md|csv|json] [--out PATH] [--all]\n"
       "                            [--filter all|failed]\n"
       "                            [--images-dir DIR] [--dataset-root DIR] [--layers LIST]\n"
       "                            [--threshold S] [--min-score S] [--framed]\n"
       "                            [--device D] [--quiet]"},
      "Exports from a run folder written by 'posescope-cli eval' (or the GUI):\n"
      "\n"
      "  metrics   the metric table: md (valid.py's Markdown table), csv or json (default md)\n"
      "  images    the per-image table as CSV: image id, file, people, ground-truth people, "
      "per-image\n"
      "            AP and mean OKS, total and per-stage milliseconds, failure\n"
      "  results   the predictions in the COCO keypoint results format (JSON)\n"
      "  overlays  one PNG per image at full resolution: predictions, ground truth, crowd "
      "regions,\n"
      "            matches (and heatmap / tag layers on request); each PNG's text names the\n"
      "            layers and display filters it was drawn with (posescope:layers,\n"
      "            posescope:filters, posescope:hidden)\n"
      "  report    the analysis report as a PDF (default RUN_DIR/analysis_report.pdf): run "
      "identity,\n"
      "            metric table, AP if fixed and joint labels (tables and charts), PR curves with "
      "each\n"
      "            error fixed and PCK per joint, the ten worst images with their overlays; with\n"
      "            --format md|csv|json its tables as text instead. The error analysis is\n"
      "            posescope-cli analyze's.\n"
      "  ids       the image ids, one per line\n"
      "  subset    the ground truth and the results of the images as COCO files: --out DIR\n"
      "            gets gt.json and results.json, every field of the originals kept\n"
      "  gt-fixes  the annotation file with the accepted fixes of the run's suspected\n"
      "            annotation errors (posescope-cli suspects; every suspect with --all): --out\n"
      "            DIR gets the fixed file under its own name (every other field kept),\n"
      "            changes.md (each change, then the run's metric table without and with the\n"
      "            fixes) and changes.json; refused when DIR is the annotation file's own\n"
      "            folder (the fixed file would replace it)\n"
      "\n"
      "--where QUERY keeps the images of a view: e.g. \"area > 9216 and swaps > 0\"\n"
      "(images with a person larger than 96x96 who has a swapped joint),\n"
      "\"ap < 0.5 and people >= 3\", \"match = missed and visible >= 10\".\n"
      "Properties and grammar: docs/views.md.\n",
      {{"RUN_DIR", "", "the run folder"}},
      {{"options",
        {{"--what", "WHAT",
          "metrics, images, results, overlays, report, ids, subset or gt-fixes\n"
          "(required)"},
         {"--all", "", "gt-fixes: every suspect's fix, not only the accepted ones"},
         {"--where", "QUERY",
          "only the images of this view (images, results, overlays, ids,\n"
          "subset); docs/views.md"},
         {"--out", "PATH",
          "file to write (default: stdout); for overlays a folder\n"
          "(default: RUN_DIR/overlays)"},
         {"--format", "F", "md, csv or json (metrics and report)"},
         {"--filter", "F", "overlays of all images (default) or only of failed ones"},
         {"--images-dir", "DIR", "read images from DIR/<file> instead of the run's dataset"},
         {"--dataset-root", "DIR",
          "the run's dataset moved: use DIR as DATASET.ROOT (images and annotations)"},
         {"--layers", "LIST",
          "comma-separated overlay layers; also heatmap and tags, which rebuild\n"
          "the run's model (TEST.MODEL_FILE) and recompute each image's maps,\n"
          "network (drawn at the network's resolution), and errors (each joint in\n"
          "the colour of its error label, from the run's keypoint error analysis\n"
          "as posescope-cli analyze makes it)",
          "predictions,gt,crowd,matches"},
         {"--threshold", "S", "hide predicted joints scoring below S",
          shortestRoundTrip(RenderOptions{}.jointThreshold)},
         {"--min-score", "S", "draw only people scoring at least S (display only; 0: all)",
          shortestRoundTrip(RenderOptions{}.minPersonScore)},
         {"--framed", "",
          "overlays framed for reading on their own, as the GUI exports them:\n"
          "drawn at least 768 px wide, a header with the image's scores and the\n"
          "layers and filters, a scale bar and a legend"},
         {"--device", "D", "device for recomputing maps: auto, cpu, cuda:N", "auto"},
         {"--quiet", "", "no progress on stderr"}}}},
      "Ctrl-C stops an overlay export between images; the PNGs written so far are complete.\n",
  };
}

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

CommandSpec mergeCommand() {
  return {
      "merge",
      "join the shard folders of eval --shard K/N into one run folder",
      {"SHARD_DIR... --out RUN_DIR [--quiet]"},
      "Joins the run folders of 'posescope-cli eval --shard K/N' (K = 0..N-1) into one run "
      "folder,\n"
      "as if the evaluation had run in one piece: records.jsonl and results.json in the "
      "unsharded\n"
      "order (results.json is byte for byte an unsharded run's), the metric table, "
      "image_eval.jsonl\n"
      "and analysis.json computed once, run.json and log.txt. The GUI, compare and export open it "
      "like\n"
      "any other run; the metric table is printed on stdout.\n"
      "\n"
      "Merge refuses (exit 3, naming the folders) shards that do not belong together: a folder "
      "that\n"
      "is not a complete shard, different N, config.yaml, arch.json, model, dataset, image "
      "selection\n"
      "(--limit) or run inputs (checkpoint, annotation file and config digests, dataset root), a "
      "shard\n"
      "missing or given twice, or a shard holding the wrong number of records. RUN_DIR must not\n"
      "already hold a run.\n"
      "\n"
      "Given the shard folders of 'posescope-cli sweep --shard K/N' (sweep folders, of the same\n"
      "checkpoints), merge joins each checkpoint's shards into RUN_DIR/<checkpoint name> the same\n"
      "way, scores the sweep, writes RUN_DIR/sweep.json and prints sweep's table (exit 3 when a\n"
      "checkpoint failed in a shard or its shards do not merge; the others are merged).\n",
      {{"SHARD_DIR...", "", "the shard folders of one evaluation"}},
      {{"options",
        {{"--out", "RUN_DIR", "the merged run folder (created)"},
         {"--quiet", "", "no progress on stderr"}}}},
      "",
  };
}

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

CommandSpec slurmCommand() {
  CommandSpec spec{
      "slurm",
      "run eval as a Slurm job array of N shards and a merge job",
      {"--shards N [--partition P] [--time T] [--gpus-per-task G]\n"
       "                           [--cpus-per-task C] [--job-name NAME] [--dry-run] [--resume]\n"
       "                           -- [eval] EVAL_ARGUMENTS...",
       "--shards N [options] -- sweep SWEEP_ARGUMENTS..."},
      "Runs 'posescope-cli eval EVAL_ARGUMENTS' on a Slurm cluster as N shards: writes an sbatch "
      "job\n"
      "array (task K runs eval --shard K/N into RUN_DIR/shards/K) and a merge job that starts "
      "once\n"
      "every task has succeeded (--dependency=afterok) and joins the shards into RUN_DIR with\n"
      "posescope-cli merge; submits both with sbatch and prints the job ids and RUN_DIR.\n"
      "With 'sweep' after '--', task K runs 'sweep SWEEP_ARGUMENTS --shard K/N' (every "
      "checkpoint's\n"
      "shard K) and the merge job joins the shards into the sweep folder (sweep's --out).\n",
      {{"-- [eval] EVAL_ARGUMENTS", "", "eval's arguments (at least --cfg FILE), after '--'"}},
      {{"options",
        {{"--shards", "N", "number of shards (array tasks)"},
         {"--partition", "P", "Slurm partition (default: the cluster's)"},
         {"--time", "T", "time limit of each job, as sbatch --time (e.g. 01:00:00)"},
         {"--gpus-per-task", "G",
          "GPUs per array task; give eval --device cuda (or cuda:0,cuda:1 for one\n"
          "replica per GPU: Slurm numbers a task's GPUs from 0)"},
         {"--cpus-per-task", "C", "CPU cores per task (pair with eval --threads C)"},
         {"--job-name", "NAME", "job name; the merge job adds -merge", SlurmJobSpec{}.jobName},
         {"--dry-run", "",
          "print the two scripts and the sbatch commands; write and submit nothing"},
         {"--resume", "",
          "submit again into a RUN_DIR that an earlier submission started: each\n"
          "task continues its shard (a complete shard does nothing), then the merge"}}}},
      "RUN_DIR is eval's --out (default runs/<cfg name>_<date-time>) and must be new or empty "
      "unless\n"
      "--resume; a task that runs again (Slurm's requeue after a preemption or a node failure,\n"
      "scontrol requeue) continues its shard where it stopped, and an eval's merge run twice\n"
      "leaves the complete run as it is (docs/cluster.md says which sbatch options requeue). The\n"
      "scripts and Slurm's logs go to RUN_DIR/slurm. The jobs start in the current directory, "
      "so\n"
      "relative paths in EVAL_ARGUMENTS work when it is on a shared file system. Other "
      "schedulers: run\n"
      "'eval --shard K/N' yourself and then 'merge' (docs/cluster.md).\n",
  };
  spec.stopsAtDashes = true;
  return spec;
}

}  // namespace

const std::vector<CommandSpec>& commandSpecs() {
  static const std::vector<CommandSpec> specs = {
      configCommand(),       summaryCommand(),      verifyModelCommand(), evalCommand(),
      sweepCommand(),        benchCommand(),        metricsCommand(),     analyzeCommand(),
      extractCommand(),      embedCommand(),        searchCommand(),      searchCandidateCommand(),
      searchWorkerCommand(), searchFrontCommand(),  makeDatasetCommand(), exportCommand(),
      compareCommand(),      mergeCommand(),        importCommand(),      runsCommand(),
      slurmCommand(),        checkDatasetCommand(), suspectsCommand(),
  };
  return specs;
}

}  // namespace posescope::cli

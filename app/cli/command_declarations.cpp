// The help that several commands share, worded once, and the table of every command's
// declaration (command_declarations.h).

#include "command_declarations.h"

namespace posescope::cli {

const OptionSpec kKeyValue = {"KEY VALUE", "",
                              "config overrides, e.g. TEST.FLIP_TEST False TEST.MODEL_FILE ck.pth"};

const OptionSpec kGroundTruthFile = {"--gt", "FILE", "ground truth annotations (COCO-style JSON)"};
const OptionSpec kResultsFile = {"--dt", "FILE",
                                 "keypoint results: a list of {image_id, category_id, keypoints,\n"
                                 "score} as pycocotools, MMPose and Detectron2 write it, or\n"
                                 "Ultralytics' predictions.json (image_id a file name stem)"};
const OptionSpec kDatasetName = {"--dataset", "NAME",
                                 "coco | crowdpose (also crowd_pose); default: by the keypoint\n"
                                 "category's joint names (CrowdPose's 14 or COCO's 17)"};

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

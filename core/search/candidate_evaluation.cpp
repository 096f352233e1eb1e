#include "search/candidate_evaluation.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include <torch/csrc/autograd/grad_mode.h>

#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "common/errors.h"
#include "data/image_prefetcher.h"
#include "data/keypoint_dataset.h"
#include "inference/image_transforms.h"
#include "inference/multi_stage_outputs.h"
#include "models/batchnorm_calibration.h"
#include "models/pose_net.h"
#include "models/subnet_extraction.h"
#include "pipeline/atomic_file.h"
#include "pipeline/evaluator.h"

namespace posescope::search {

namespace fs = std::filesystem;

namespace {

std::shared_ptr<PoseNet> loadedNetwork(const Experiment& experiment, const StateDict& weights) {
  auto net = createPoseNet(experiment);
  loadStateDictStrict(net->module(), weights, "the extracted sub-network");
  net->module().eval();
  return net;
}

// Median of five timed forwards after two warm-up ones, on the CPU, BatchNorms folded as the
// evaluation runs them.
double forwardLatencyMs(const Experiment& experiment, const StateDict& weights) {
  auto net = loadedNetwork(experiment, weights);
  net->foldBatchNormsForEvaluation();
  const int64_t size = experiment.cfg.getInt("DATASET.INPUT_SIZE");
  const torch::Tensor input = torch::zeros({1, 3, size, size});
  torch::NoGradGuard noGrad;
  for (int i = 0; i < 2; ++i) net->forward(input);
  std::vector<double> ms;
  for (int i = 0; i < 5; ++i) {
    const auto start = std::chrono::steady_clock::now();
    net->forward(input);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::nth_element(ms.begin(), ms.begin() + 2, ms.end());
  return ms[2];
}

}  // namespace

Experiment supernetExperimentFor(const ExperimentSpec& supernet, const std::string& archFile) {
  ExperimentSpec spec = supernet;
  spec.archFile = archFile;
  return loadExperiment(spec);
}

StateDict recalibrateBatchNorms(const Experiment& subnetwork, StateDict weights,
                                const std::string& split, std::size_t images) {
  if (images == 0) return weights;
  const ConfigNode& cfg = subnetwork.cfg;
  const KeypointDataset dataset(datasetKindFromName(cfg.getString("DATASET.DATASET_TEST")),
                                cfg.getString("DATASET.ROOT"), split);
  if (dataset.size() < images)
    throw DatasetError(dataset.annotationFile() + " has " + std::to_string(dataset.size()) +
                       " images; " + std::to_string(images) + " calibration images were asked for");
  auto net = loadedNetwork(subnetwork, weights);
  const int64_t inputSize = cfg.getInt("DATASET.INPUT_SIZE");
  {
    models::BatchNormCalibration calibration(net->module());
    torch::NoGradGuard noGrad;
    for (std::size_t i = 0; i < images; ++i) {
      const DecodedImage image = decodeImage(dataset.images()[i].path);
      if (!image.error.empty()) throw DatasetError("calibration image: " + image.error);
      ScaleCenter frame;
      const cv::Mat resized = resizeAlignMultiScale(image.rgb, inputSize, 1.0, 1.0, &frame);
      net->forward(imageToInput(resized, true));
    }
  }
  std::map<std::string, torch::Tensor> buffers;
  for (const auto& b : net->module().named_buffers()) buffers[b.key()] = b.value();
  for (auto& [key, tensor] : weights) {
    const auto it = buffers.find(key);
    if (it != buffers.end()) tensor = it->second.detach().clone();
  }
  return weights;
}

struct CandidateEvaluation::Impl {
  CandidateEvaluationSettings settings;
  StateDict supernetWeights;
};

CandidateEvaluation::CandidateEvaluation(CandidateEvaluationSettings settings)
    : impl_(std::make_unique<Impl>()) {
  const Experiment supernet = loadExperiment(settings.supernet);
  if (supernet.cfg.getString("MODEL.NAME") != "pose_supermobilenet")
    throw ConfigError(settings.supernet.cfgFile + ": MODEL.NAME is " +
                      supernet.cfg.getString("MODEL.NAME") +
                      "; the search needs a supernet (pose_supermobilenet)");
  if (settings.calibrationSplit.empty())
    settings.calibrationSplit = supernet.cfg.getString("DATASET.TRAIN");
  impl_->supernetWeights = readStateDict(settings.checkpoint);
  impl_->settings = std::move(settings);
}

CandidateEvaluation::~CandidateEvaluation() = default;

Measurement CandidateEvaluation::measure(const ArchConfig& arch, const std::string& candidateDir) {
  const CandidateEvaluationSettings& s = impl_->settings;
  const fs::path dir(candidateDir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error("cannot create " + dir.string() + ": " + ec.message());
  const std::string archFile = (dir / "arch.json").string();
  writeFileAtomically(archFile, archToJsonText(arch) + "\n");

  const Experiment supernet = supernetExperimentFor(s.supernet, archFile);
  Experiment subnetwork = subnetworkExperiment(supernet);
  StateDict weights = recalibrateBatchNorms(
      subnetwork, extractSubnetwork(supernet, impl_->supernetWeights, s.checkpoint),
      s.calibrationSplit, s.calibrationImages);
  const std::string weightsFile = (dir / "weights.pth").string();
  writeStateDict(weightsFile, weights);
  subnetwork.cfg.set("TEST.MODEL_FILE", ConfigValue{fs::absolute(weightsFile).string()});

  // A run a kill cut short is evaluated again from the start: its score was never stored.
  const fs::path runDir = dir / "run";
  fs::remove_all(runDir, ec);
  EvaluatorOptions options;
  options.device = s.device;
  options.limit = s.limitImages;
  options.torchThreads = s.threads;
  options.outDir = runDir.string();
  options.archName = dir.filename().string();
  Evaluator evaluator(subnetwork, options);
  const EvaluationResult result = evaluator.run();
  if (!result.metrics || result.metrics->values.empty())
    throw EvalError("candidate " + dir.filename().string() + ": its evaluation in " +
                    runDir.string() + " produced no metrics");
  Measurement m;
  m.accuracy = result.metrics->values.front();  // AP, first in valid.py's table
  if (s.measureLatency) m.latencyMs = forwardLatencyMs(subnetwork, weights);
  return m;
}

}  // namespace posescope::search

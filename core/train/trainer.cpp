#include "train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>

#include <torch/nn/module.h>
#include <torch/optim/adam.h>
#include <torch/utils.h>

#include "checkpoint/checkpoint_reader.h"
#include "common/errors.h"
#include "common/number_text.h"
#include "common/python_random.h"
#include "config/search_space.h"
#include "models/pose_net.h"
#include "models/supernet.h"
#include "train/losses.h"
#include "train/module_state.h"
#include "train/training_data.h"

namespace posescope::train {

namespace {

double learningRate(const TrainOptions& o, double base, std::int64_t it) {
  if (it < o.warmup) return base * (it + 1) / static_cast<double>(o.warmup);
  const double span = std::max<std::int64_t>(1, o.iterations - o.warmup);
  const double t = std::min(1.0, (it - o.warmup) / span);
  const double low = base * o.finalLrFraction;
  return low + (base - low) * 0.5 * (1 + std::cos(M_PI * t));
}

}  // namespace

void TrainOptions::validate() const {
  if (weightsOut.empty()) throw ConfigError("posescope-train: --out is empty");
  if (iterations < 1) throw ConfigError("posescope-train: --iterations must be at least 1");
  if (batchSize < 0) throw ConfigError("posescope-train: --batch must not be negative");
  if (lr < 0) throw ConfigError("posescope-train: --lr must not be negative");
  if (threads < 1) throw ConfigError("posescope-train: --threads must be at least 1");
  if (warmup < 0 || checkpointEvery < 0 || logEvery < 1)
    throw ConfigError(
        "posescope-train: --warmup, --checkpoint-every must be >= 0, --log-every >= 1");
}

double runTraining(const Experiment& experiment, const TrainOptions& o, const TrainLog& log) {
  o.validate();
  const ConfigNode& cfg = experiment.cfg;
  torch::set_num_threads(o.threads);
  torch::manual_seed(o.seed);

  std::shared_ptr<PoseNet> net = createPoseNet(experiment);
  torch::nn::Module& module = net->module();
  if (!o.initWeights.empty())
    loadStateDictStrict(module, readStateDict(o.initWeights), o.initWeights);
  module.train();
  // A supernet trains a random sub-network per step, as the reference's supernet forward draws
  // one (ArchManager.random_sample) whenever it is not searching.
  auto* supernet = dynamic_cast<models::SuperLitePoseImpl*>(&module);
  std::optional<ArchManager> space;
  PythonRandom archRandom(o.seed);
  if (supernet) {
    space.emplace(archManagerFromConfig(cfg));
    log("supernet: each step trains a sub-network drawn from ArchManager's space");
  }

  SampleOptions sampleOptions = sampleOptionsFromConfig(cfg);
  sampleOptions.maskPadding = o.maskPadding;
  const std::string split = o.split.empty() ? cfg.getString("DATASET.TRAIN") : o.split;
  const TrainingDataset data(cfg.getString("DATASET.ROOT"), split);
  const MultiLoss loss(cfg);
  const int batchSize =
      o.batchSize > 0 ? o.batchSize : static_cast<int>(cfg.getInt("TRAIN.IMAGES_PER_GPU"));
  const double baseLr = o.lr > 0 ? o.lr : cfg.getDouble("TRAIN.LR");
  torch::optim::Adam adam(module.parameters(), torch::optim::AdamOptions(baseLr));

  log("training " + net->name() + " on " + std::to_string(data.size()) + " images of " + split +
      ", batch " + std::to_string(batchSize) + ", " + std::to_string(o.iterations) +
      " iterations, lr " + fixedText(baseLr, 5) + ", seed " + std::to_string(o.seed));

  std::mt19937_64 rng(o.seed);
  std::vector<size_t> order(data.size());
  std::iota(order.begin(), order.end(), 0);
  size_t cursor = order.size();
  double windowLoss = 0, lastMean = 0;
  int windowCount = 0;
  const auto start = std::chrono::steady_clock::now();

  for (std::int64_t it = 0; it < o.iterations; ++it) {
    std::vector<TrainingSample> samples;
    while (static_cast<int>(samples.size()) < batchSize) {
      if (cursor >= order.size()) {
        std::shuffle(order.begin(), order.end(), rng);
        cursor = 0;
      }
      samples.push_back(data.sample(order[cursor++], rng, sampleOptions));
    }
    const TrainingBatch batch = collate(samples);

    const double lr = learningRate(o, baseLr, it);
    for (auto& group : adam.param_groups())
      static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);

    if (supernet) supernet->setSearchArch(space->randomSample(archRandom));
    const std::vector<torch::Tensor> outputs = net->forward(batch.images);
    const std::vector<StageLoss> stages = loss(outputs, batch.heatmaps, batch.masks, batch.joints);
    const torch::Tensor total = MultiLoss::total(stages);
    adam.zero_grad();
    total.backward();
    adam.step();

    windowLoss += total.item<double>();
    ++windowCount;
    if ((it + 1) % o.logEvery == 0 || it + 1 == o.iterations) {
      lastMean = windowLoss / windowCount;
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::string line = "iter " + std::to_string(it + 1) + "/" + std::to_string(o.iterations) +
                         " loss " + fixedText(lastMean * 1000, 4) + "e-3 lr " + fixedText(lr, 6);
      for (size_t s = 0; s < stages.size(); ++s) {
        if (stages[s].heatmaps.defined())
          line += " hm" + std::to_string(s) + " " +
                  fixedText(stages[s].heatmaps.mean().item<double>() * 1000, 4) + "e-3";
        if (stages[s].push.defined())
          line += " push " + fixedText(stages[s].push.item<double>() * 1000, 4) + "e-3 pull " +
                  fixedText(stages[s].pull.item<double>() * 1000, 4) + "e-3";
      }
      log(line + " " + fixedText(seconds, 0) + "s");
      windowLoss = 0;
      windowCount = 0;
    }
    if (o.checkpointEvery > 0 && (it + 1) % o.checkpointEvery == 0 && it + 1 < o.iterations) {
      saveModuleWeights(module, o.weightsOut);
      log("saved " + o.weightsOut + " at iteration " + std::to_string(it + 1));
    }
  }
  module.eval();
  saveModuleWeights(module, o.weightsOut);
  log("saved " + o.weightsOut);
  return lastMean;
}

}  // namespace posescope::train

#include "pipeline/evaluator.h"

#include <torch/cuda.h>
#include <torch/utils.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/checkpoint_weights.h"
#include "common/errors.h"
#include "common/openmp_wait.h"
#include "data/decoded_image_cache.h"
#include "data/image_prefetcher.h"
#include "data/keypoint_dataset.h"
#include "inference/inference_options.h"
#include "inference/pose_inference.h"
#include "models/optimized_pose_net.h"
#include "models/pose_net.h"
#include "pipeline/devices.h"
#include "pipeline/model_file.h"
#include "pipeline/replica_dispatch.h"
#include "pipeline/run_metrics.h"
#include "pipeline/run_replacement.h"

namespace posescope {

namespace {

using Clock = std::chrono::steady_clock;

// A decode window of a few images keeps memory bounded on datasets of any size.
constexpr int kPrefetchCapacity = 4;
// How often run.json is rewritten while a run goes on (a small file, replaced atomically).
constexpr std::chrono::seconds kSummaryInterval{2};

std::string nowIso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::ostringstream s;
  s << std::put_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  return s.str();
}

std::vector<size_t> selectIndices(const EvaluatorOptions& options, size_t datasetSize) {
  std::vector<size_t> indices;
  if (options.subset.empty()) {
    indices.resize(datasetSize);
    for (size_t i = 0; i < datasetSize; ++i) indices[i] = i;
  } else {
    for (size_t i : options.subset) {
      if (i >= datasetSize)
        throw DatasetError("image index " + std::to_string(i) + " is outside the dataset (" +
                           std::to_string(datasetSize) + " images)");
      indices.push_back(i);
    }
  }
  if (options.limit > 0 && indices.size() > options.limit) indices.resize(options.limit);
  return indices;
}

PersonPrediction toPrediction(const PersonPose& pose) {
  PersonPrediction p;
  p.score = pose.score;
  p.joints.reserve(pose.joints.size());
  for (const auto& k : pose.joints) p.joints.push_back({k.x, k.y, k.score, k.tag});
  return p;
}

std::string joinedDeviceNames(const std::vector<c10::Device>& devices) {
  std::string names;
  for (const auto& device : devices) names += (names.empty() ? "" : ",") + device.str();
  return names;
}

}  // namespace

// One copy of the network on one device (--device cpu,cpu or cuda:0,cuda:1 gives several).
struct Replica {
  c10::Device device{c10::kCPU};
  std::shared_ptr<PoseNet> net;
  models::OptimizedPoseNet* optimized = nullptr;  // net, when it runs the optimised forward
  std::unique_ptr<PoseInference> engine;
  std::mutex mutex;        // run() and computeMaps() share replica 0
  std::size_t number = 1;  // 1-based, as the log counts replicas
  bool forwarded = false;  // its first forward (allocations, the graph compiled) is behind it
  // Its network forwards outside the warm-ups (under `mutex`), for the log's steady forward.
  double steadyNetworkMs = 0;
  std::size_t steadyImages = 0;
};

struct Evaluator::Impl {
  Experiment experiment;
  EvaluatorOptions options;
  std::vector<std::string> notices;
  std::unique_ptr<KeypointDataset> dataset;
  std::vector<std::unique_ptr<Replica>> replicas;
  RunSummary summary;
  std::shared_ptr<DecodedImageCache> imageCache;  // shared with a sweep's other checkpoints
  int foldedBatchNorms = 0;                       // per replica (all fold the same)
  bool optimizedForward = false;                  // the replicas run OptimizedPoseNet
  double setupSeconds = 0;                        // the constructor: networks, checkpoint
  std::mutex shapesMutex;
  std::set<std::vector<std::int64_t>> shapesSeen;  // network inputs forwarded so far, any replica

  // Why this image's forward is a warm-up ("" when it is a steady one): the replica's first, or
  // the first at an input size (oneDNN makes its kernels per size, process-wide).
  std::string warmUpOf(Replica& replica, const std::vector<std::vector<std::int64_t>>& shapes) {
    std::string why;
    if (!replica.forwarded) why = "first forward of replica " + std::to_string(replica.number);
    replica.forwarded = true;
    const std::lock_guard<std::mutex> lock(shapesMutex);
    for (const auto& shape : shapes) {
      if (!shapesSeen.insert(shape).second || !why.empty() || shape.size() != 4) continue;
      why = "first image at input " + std::to_string(shape[2]) + "x" + std::to_string(shape[3]);
    }
    return why;
  }

  // Throws CancelledError when `cancel` is set during the image (the image is then not recorded).
  ImageRecord evaluateDecoded(Replica& replica, size_t datasetIndex, DecodedImage& decoded,
                              bool keepMaps, InferenceResult* maps,
                              const CancellationToken* cancel = nullptr) {
    const DatasetImage& img = dataset->images()[datasetIndex];
    ImageRecord record;
    record.index = datasetIndex;
    record.imageId = img.id;
    record.file = img.fileName;
    record.times.decodeMs = decoded.decodeMs;
    if (!decoded.error.empty()) {
      record.error = decoded.error;
      return record;
    }
    try {
      std::lock_guard<std::mutex> lock(replica.mutex);
      InferenceResult result = replica.engine->run(decoded.rgb, keepMaps, cancel);
      record.times.preprocessMs = result.times.preprocessMs;
      record.times.forwardMs = result.times.forwardMs;
      record.times.groupMs = result.times.groupMs;
      record.times.postprocessMs = result.times.postprocessMs;
      record.warmUp = warmUpOf(replica, result.inputShapes);
      if (record.warmUp.empty()) {
        replica.steadyNetworkMs += result.times.networkMs;
        ++replica.steadyImages;
      }
      for (const auto& person : result.people) record.people.push_back(toPrediction(person));
      if (maps) *maps = std::move(result);
    } catch (const CancelledError&) {
      throw;
    } catch (const std::exception& e) {
      record.error = std::string("inference failed: ") + e.what();
    }
    return record;
  }
};

Evaluator::Evaluator(const Experiment& experiment, const EvaluatorOptions& options)
    : impl_(std::make_unique<Impl>()) {
  const auto constructed = Clock::now();
  Impl& d = *impl_;
  d.experiment = experiment;
  d.options = options;
  options.validate();
  const ConfigNode& cfg = experiment.cfg;

  std::vector<c10::Device> devices = resolveDevices(options.device, cfg, d.notices);
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  // The CPU default: images side by side, one replica per core with one thread each, beats one
  // image at a time on every core, quiet and beside a busy process, for small networks and large
  // (`posescope-cli bench --sweep`; on 2 cores the demo 133 against 53 images/s, LitePose-XS on
  // the parity images 11.8 against 8.9). Each thread of one image waits for the others at every
  // layer; replicas never wait for each other. Capped so that many-core machines do not hold a
  // dozen copies of a large network's activations.
  if (options.replicaPerCore && options.torchThreads == 0 && devices.size() == 1 &&
      devices.front().is_cpu()) {
    devices.assign(static_cast<size_t>(std::min(cores, kMaxDefaultCpuReplicas)), devices.front());
  }
  const auto cpuReplicas = std::count_if(devices.begin(), devices.end(),
                                         [](const c10::Device& device) { return device.is_cpu(); });
  // Every core by default, as PyTorch does (--threads overrides); several CPU replicas share the
  // threads, so together they use no more than one would.
  const int threads = options.torchThreads > 0 ? options.torchThreads : cores;
  torch::set_num_threads(std::max(1, threads / std::max<int>(1, cpuReplicas)));
  applyCudnnSettings(cfg);

  // Dataset first: it is the cheapest input to check and the most common to get wrong.
  const DatasetKind kind = datasetKindFromName(cfg.getString("DATASET.DATASET_TEST"));
  d.dataset = std::make_unique<KeypointDataset>(kind, cfg.getString("DATASET.ROOT"),
                                                cfg.getString("DATASET.TEST"));
  const int64_t modelJoints =
      cfg.getInt("DATASET.NUM_JOINTS") - (cfg.getBool("DATASET.WITH_CENTER") ? 1 : 0);
  if (modelJoints != d.dataset->numJoints())
    throw DatasetError(d.dataset->annotationFile() + " has " +
                       std::to_string(d.dataset->numJoints()) +
                       " keypoints per person but DATASET.NUM_JOINTS is " +
                       std::to_string(modelJoints) + " (wrong dataset for this config?)");

  // Every replica is built and loaded the same way; the checkpoint is read once.
  std::string modelFile;
  StateDict stateDict;
  std::optional<int> checkpointEpoch;
  bool torchScript = false;
  if (options.randomWeights) {
    d.notices.push_back("random weights (benchmark mode): predictions are meaningless");
  } else {
    modelFile = resolveModelFile(cfg, experiment.spec.cfgFile);
    const ConfigValue& given = cfg.value("TEST.MODEL_FILE");
    if (given.type() != ConfigValue::Type::String || std::get<std::string>(given.data).empty()) {
      d.notices.push_back("TEST.MODEL_FILE is empty: loading " + modelFile + " as valid.py does");
      // config.yaml then names the file, so the run can be reopened and re-run.
      ConfigValue resolved;
      resolved.data = modelFile;
      d.experiment.cfg.set("TEST.MODEL_FILE", resolved);
    }
    torchScript = detectCheckpointFormat(modelFile) == CheckpointFormat::TorchScript;
    if (torchScript)
      d.notices.push_back("TEST.MODEL_FILE is a TorchScript module: using it as the network");
    else {
      CheckpointWeights weights = readCheckpointWeights(modelFile);
      stateDict = std::move(weights.stateDict);
      checkpointEpoch = weights.epoch;
    }
  }
  const bool fp16Asked = cfg.getBool("FP16.ENABLED");
  InferenceOptions inference = inferenceOptionsFromConfig(cfg);
  // CPU replicas share one optimised network: its graphs are compiled once, for all of them.
  std::shared_ptr<models::OptimizedPoseNet> sharedOptimized;
  for (const c10::Device& device : devices) {
    auto replica = std::make_unique<Replica>();
    replica->device = device;
    replica->number = d.replicas.size() + 1;
    inference.fp16 = fp16Asked && device.is_cuda();
    if (sharedOptimized && device.is_cpu()) {
      replica->net = sharedOptimized;
      replica->optimized = sharedOptimized.get();
      replica->engine = std::make_unique<PoseInference>(*replica->net, inference, device);
      d.replicas.push_back(std::move(replica));
      continue;
    }
    if (options.randomWeights) {
      torch::manual_seed(0);
      replica->net = createPoseNet(experiment);
    } else if (torchScript) {
      replica->net = loadTorchScriptNet(modelFile);
    } else {
      replica->net = createPoseNet(experiment);
      loadStateDictStrict(replica->net->module(), stateDict, modelFile);
    }
    replica->net->module().eval();
    const bool fp16 = inference.fp16;
    moveToDevice(*replica->net, device, fp16);
    if (options.foldBatchNorm && !fp16)
      d.foldedBatchNorms = replica->net->foldBatchNormsForEvaluation();
    if (options.optimizedForward && !torchScript && device.is_cpu() && !fp16) {
      sharedOptimized = std::make_shared<models::OptimizedPoseNet>(replica->net);
      replica->optimized = sharedOptimized.get();
      replica->net = sharedOptimized;
      d.optimizedForward = true;
    }
    replica->engine = std::make_unique<PoseInference>(*replica->net, inference, device);
    d.replicas.push_back(std::move(replica));
  }
  if (fp16Asked && cpuReplicas > 0)
    d.notices.push_back("FP16.ENABLED ignored on the CPU: evaluating in float32");
  PoseNet& net = *d.replicas.front()->net;

  RunSummary& s = d.summary;
  s.modelName = cfg.getString("MODEL.NAME");
  // A search's candidates are named by their key: each one's arch file is its own arch.json.
  s.archName = !options.archName.empty() ? options.archName
               : experiment.spec.archFile.empty()
                   ? s.modelName
                   : std::filesystem::path(experiment.spec.archFile).stem().string();
  s.device = joinedDeviceNames(devices);
  s.datasetKind = datasetKindName(kind);
  s.annotationFile =
      std::filesystem::absolute(d.dataset->annotationFile()).lexically_normal().string();
  s.categoryId = d.dataset->personCategoryId();
  s.checkpointEpoch = checkpointEpoch;
  if (!net.name().empty() && net.name() != "torchscript") {
    const int64_t size = cfg.getInt("DATASET.INPUT_SIZE");
    const ModelSummary ms = summarizeModel(net, size, size);
    s.parameters = ms.activeParameters > 0 ? ms.activeParameters : ms.totalParameters;
    s.multiplyAdds = ms.ptflopsMultiplyAdds;
  }
  d.setupSeconds = std::chrono::duration<double>(Clock::now() - constructed).count();
}

Evaluator::~Evaluator() = default;

size_t Evaluator::datasetSize() const {
  return impl_->dataset->size();
}
std::string Evaluator::deviceName() const {
  return impl_->summary.device;
}

EvaluationResult Evaluator::run(EvaluationObserver* observer, const CancellationToken* cancel) {
  Impl& d = *impl_;
  const ConfigNode& cfg = d.experiment.cfg;
  EvaluationResult result;
  RunSummary& summary = result.summary;
  summary = d.summary;
  summary.state = RunState::Running;
  summary.startedAt = nowIso8601();
  const auto start = Clock::now();
  const ResumePoint* resume = d.options.resumeFrom ? &*d.options.resumeFrom : nullptr;
  if (resume) {  // the run keeps its name, start and the time it has already taken
    summary.archName = resume->previous.archName;
    summary.startedAt = resume->previous.startedAt;
  }
  const double previousSeconds = resume ? resume->previous.wallSeconds : 0;

  std::vector<size_t> indices = selectIndices(d.options, d.dataset->size());
  if (d.options.shard) {
    summary.shard = ShardIdentity{d.options.shard->index, d.options.shard->count, indices.size(),
                                  d.dataset->size()};
    std::vector<size_t> mine;
    for (size_t position : shardPositions(*d.options.shard, indices.size()))
      mine.push_back(indices[position]);
    indices = std::move(mine);
  }

  // A run already in the folder is never written over unless the caller said so; it is cleared
  // once the new run's writer holds the folder's lock.
  bool replacing = false;
  if (!d.options.outDir.empty() && !resume) {
    if (!d.options.replaceExistingRun) refuseToReplaceRun(d.options.outDir);
    replacing = runHeldIn(d.options.outDir).has_value();
  }
  std::unique_ptr<RunWriter> writer;
  if (!d.options.outDir.empty())
    writer = std::make_unique<RunWriter>(d.options.outDir, resume != nullptr);
  std::vector<std::string> replaced;
  if (replacing) {
    std::vector<std::int64_t> imageIds;
    imageIds.reserve(indices.size());
    for (size_t i : indices) imageIds.push_back(d.dataset->images()[i].id);
    replaced = clearRunForReplacement(d.options.outDir, imageIds);
    replaced.insert(replaced.begin(), "replacing the run in " + d.options.outDir);
  }
  auto log = [&](const std::string& line) {
    if (writer) writer->appendLog(line);
    if (observer) observer->onLog(line);
  };
  for (const std::string& line : replaced) log(line);
  summary.imagesTotal = indices.size();
  std::vector<size_t> toEvaluate = indices;
  if (resume) {
    toEvaluate = indicesLeftToEvaluate(
        indices, resume->records, [&](size_t i) { return d.dataset->images()[i].id; },
        d.options.outDir);
    result.records = resume->records;
    summary.imagesDone = result.records.size();
    summary.imagesFailed = std::count_if(result.records.begin(), result.records.end(),
                                         [](const ImageRecord& r) { return r.failed(); });
    summary.inputs = resume->previous.inputs;  // what the run was started from
  }
  if (writer && resume) {
    writer->writeSummary(summary);
  } else if (writer) {
    // Absolute paths and digests: the folder must work from anywhere and notice changed inputs.
    summary.inputs = recordRunInputs(d.experiment, summary.annotationFile);
    writer->writeText(runfiles::kConfig, dumpConfigYaml(withAbsoluteInputPaths(cfg)));
    if (const auto arch = d.experiment.effectiveArch())
      writer->writeText(runfiles::kArch, archToJsonText(*arch));
    writer->writeSummary(summary);
  }
  for (const auto& n : d.notices) log("notice: " + n);
  log("model " + summary.modelName + " (" + summary.archName + "), " +
      std::to_string(summary.parameters) + " parameters, device " + summary.device);
  const char* waitPolicy = std::getenv(kOpenMpWaitPolicyVariable);
  log("threads: " + std::to_string(torch::get_num_threads()) + " intra-op for each of " +
      std::to_string(d.replicas.size()) + " replica(s), " + kOpenMpWaitPolicyVariable + "=" +
      (waitPolicy ? waitPolicy : "(unset: libgomp spins)") + "; " +
      std::to_string(d.foldedBatchNorms) + " BatchNorms folded into their convolutions");
  log(d.optimizedForward ? "forward: PyTorch's inference optimiser on the CPU (oneDNN's layout "
                           "kept between convolutions; --exact for the eager forward)"
                         : "forward: eager (--exact, a GPU, FP16 or a TorchScript network)");
  log("dataset " + summary.annotationFile + ": evaluating " + std::to_string(indices.size()) +
      " of " + std::to_string(d.dataset->size()) + " images");
  if (summary.shard)
    log("shard " + shardSpecText(*d.options.shard) + " of " +
        std::to_string(summary.shard->selectedImages) +
        " images: no metrics here; posescope-cli merge joins the shards and scores them");
  if (resume)
    log("resumed: " + std::to_string(summary.imagesDone) + " images already done, " +
        std::to_string(toEvaluate.size()) + " to go");
  if (observer) observer->onStarted(summary);

  auto finishWith = [&](RunState state, const std::string& message) {
    summary.state = state;
    summary.message = message;
    summary.wallSeconds =
        previousSeconds + std::chrono::duration<double>(Clock::now() - start).count();
    if (writer) writer->writeSummary(summary);
    if (!message.empty()) log(runStateName(state) + ": " + message);
    if (observer) observer->onFinished(summary);
  };

  try {
    std::vector<std::string> paths;
    paths.reserve(toEvaluate.size());
    for (size_t i : toEvaluate) paths.push_back(d.dataset->images()[i].path);
    const int configured = static_cast<int>(cfg.getInt("WORKERS"));
    const int workers =
        d.options.decodeWorkers > 0 ? d.options.decodeWorkers : std::clamp(configured, 1, 2);
    const int replicas = static_cast<int>(d.replicas.size());
    ImagePrefetcher prefetcher(paths, workers, std::max(kPrefetchCapacity, 2 * replicas),
                               d.imageCache.get());
    ReplicaDispatch dispatch(replicas, prefetcher, [&](size_t replica, DecodedImage& decoded) {
      c10::InferenceMode inferenceMode;  // per thread: replicas evaluate on their own threads
      return d.evaluateDecoded(*d.replicas[replica], toEvaluate[decoded.index], decoded, false,
                               nullptr, cancel);
    });
    bool cancelled = false;
    auto lastSummaryWrite = Clock::now();
    const auto imagesStart = Clock::now();
    double forwardMs = 0;  // this session's images' network forwards, summed
    std::size_t warmUps = 0;
    double warmUpForwardMs = 0;  // of those, the warm-ups' (ImageRecord::warmUp)
    for (size_t n = 0; n < toEvaluate.size(); ++n) {
      if (cancel && cancel->isCancelled()) {
        cancelled = true;
        break;
      }
      ImageRecord record;
      try {
        if (!dispatch.next(record)) break;
      } catch (const CancelledError&) {  // inside the image: it is dropped, not half recorded
        cancelled = true;
        break;
      }
      if (writer) writer->appendRecord(record);  // first: a failed write leaves counts true
      if (record.failed()) ++summary.imagesFailed;
      ++summary.imagesDone;
      forwardMs += record.times.forwardMs;
      if (!record.warmUp.empty()) {
        ++warmUps;
        warmUpForwardMs += record.times.forwardMs;
      }
      // run.json follows the run every few seconds: a run killed now still says how far it got
      // and how long it took, and a resumed run adds that time to its own.
      if (writer && Clock::now() - lastSummaryWrite > kSummaryInterval) {
        summary.wallSeconds =
            previousSeconds + std::chrono::duration<double>(Clock::now() - start).count();
        writer->writeSummary(summary);
        lastSummaryWrite = Clock::now();
      }
      if (observer) observer->onImage(record, summary.imagesDone, summary.imagesTotal);
      result.records.push_back(std::move(record));
    }
    dispatch.stop();
    prefetcher.stop();
    const double imagesSeconds = std::chrono::duration<double>(Clock::now() - imagesStart).count();
    // Where the wall time went, against the forward-only bound (the forwards dealt out evenly).
    auto logTimeSplit = [&, endOfImages = Clock::now()] {
      char line[400];
      std::snprintf(line, sizeof line,
                    "time: set-up %.2f s (networks built, checkpoint loaded), images %.2f s "
                    "(forward-only bound %.2f s: the forwards over %zu replica(s); %zu warm-up "
                    "image(s), first of a replica or an input size, forwards %.2f s), metrics, "
                    "analysis and files %.2f s",
                    d.setupSeconds, imagesSeconds, forwardMs / 1000.0 / double(d.replicas.size()),
                    d.replicas.size(), warmUps, warmUpForwardMs / 1000.0,
                    std::chrono::duration<double>(Clock::now() - endOfImages).count());
      log(line);
    };
    // The optimised graph checks itself on its first image; a failed check is worth a line.
    for (const auto& replica : d.replicas)
      if (replica->optimized && !replica->optimized->eagerReason().empty()) {
        log("notice: forward: eager after all: " + replica->optimized->eagerReason());
        break;
      }
    if (d.replicas.front()->optimized) {
      const auto compiled = d.replicas.front()->optimized->compilations();
      char line[160];
      std::snprintf(line, sizeof line,
                    "forward graphs: %d compiled in %.2f s (within the warm-up forwards), shared "
                    "by the CPU replicas",
                    compiled.graphs, compiled.seconds);
      log(line);
    }
    // The images against their network's own speed: what maps, grouping, decoding and waiting
    // add to the forwards (docs/performance.md, issue 55's goal 2).
    double steadyNetworkMs = 0;
    std::size_t steadyImages = 0;
    for (const auto& replica : d.replicas) {
      steadyNetworkMs += replica->steadyNetworkMs;
      steadyImages += replica->steadyImages;
    }
    if (steadyImages > 0 && summary.imagesDone > 0) {
      const double perImage = steadyNetworkMs / double(steadyImages);
      const double atNetworkSpeed =
          perImage * double(summary.imagesDone) / 1000.0 / double(d.replicas.size());
      char line[240];
      std::snprintf(line, sizeof line,
                    "forward: the network's steady forward %.1f ms an image; %zu image(s) at that "
                    "speed over %zu replica(s) %.2f s, the images took %.2f s (%+.0f %%)",
                    perImage, summary.imagesDone, d.replicas.size(), atNetworkSpeed, imagesSeconds,
                    100.0 * (imagesSeconds / atNetworkSpeed - 1.0));
      log(line);
    }
    if (resume) sortRecordsBySelection(result.records, indices);
    if (writer) writer->writeResults(result.records, summary.categoryId);
    if (cancelled) {
      finishWith(RunState::Cancelled, "stopped after " + std::to_string(summary.imagesDone) +
                                          " of " + std::to_string(summary.imagesTotal) + " images");
      return result;
    }
    if (!d.options.computeMetrics || summary.shard) {
      logTimeSplit();
      finishWith(RunState::Complete, "");
      return result;
    }
    const std::string archName =
        d.options.archName.empty() ? summary.modelName : d.options.archName;
    RunMetrics metrics = computeRunMetrics(
        result.records, summary, indices.size() == d.dataset->size(), archName, writer.get(), log);
    result.metrics = std::move(metrics.table);
    result.metricsMarkdown = std::move(metrics.markdown);
    logTimeSplit();
    finishWith(RunState::Complete, "");
  } catch (const std::exception& e) {
    // Marking the run failed may fail too (the disk that is full): the first error is the one
    // to report, and run.json then still says "running", which readers see as interrupted.
    try {
      finishWith(RunState::Failed, e.what());
    } catch (const std::exception&) {
    }
    throw;
  }
  return result;
}

void Evaluator::shareImageCache(std::shared_ptr<DecodedImageCache> cache) {
  impl_->imageCache = std::move(cache);
}

ImageMaps Evaluator::computeMaps(size_t datasetIndex) {
  Impl& d = *impl_;
  if (datasetIndex >= d.dataset->size())
    throw DatasetError("image index " + std::to_string(datasetIndex) + " is outside the dataset");
  DecodedImage decoded = decodeImage(d.dataset->images()[datasetIndex].path);
  c10::InferenceMode inferenceMode;
  InferenceResult maps;
  ImageMaps out;
  out.record = d.evaluateDecoded(*d.replicas.front(), datasetIndex, decoded, true, &maps);
  if (out.record.failed()) return out;
  const auto& hs = maps.heatmaps.shape;  // 1 x J x H x W
  const auto& ts = maps.tags.shape;      // 1 x J x H x W x T
  if (hs.size() == 4) {
    out.joints = static_cast<int>(hs[1]);
    out.height = static_cast<int>(hs[2]);
    out.width = static_cast<int>(hs[3]);
  }
  if (ts.size() == 5) out.tagCopies = static_cast<int>(ts[4]);
  out.heatmaps = std::move(maps.heatmaps.values);
  out.tags = std::move(maps.tags.values);
  out.mapToImage = maps.mapToImage;
  return out;
}

}  // namespace posescope

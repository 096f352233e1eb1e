#include "pipeline/evaluator.h"

#include <torch/cuda.h>
#include <torch/utils.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "analysis/analysis_json.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_reader.h"
#include "common/errors.h"
#include "data/image_prefetcher.h"
#include "data/keypoint_dataset.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/per_image_json.h"
#include "eval/results_io.h"
#include "inference/inference_options.h"
#include "inference/pose_inference.h"
#include "models/pose_net.h"

namespace posescope {

namespace {

using Clock = std::chrono::steady_clock;

// A decode window of a few images keeps memory bounded on datasets of any size.
constexpr int kPrefetchCapacity = 4;

std::string nowIso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::ostringstream s;
  s << std::put_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  return s.str();
}

c10::Device resolveDevice(const std::string& requested, const ConfigNode& cfg,
                          std::string& notice) {
  if (requested == "cpu") return c10::Device(c10::kCPU);
  if (requested == "auto") {
    if (torch::cuda::is_available()) {
      const auto gpus = cfg.getIntList("GPUS");
      const int64_t index = gpus.empty() ? 0 : gpus.front();
      if (index >= 0 && index < static_cast<int64_t>(torch::cuda::device_count()))
        return c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(index));
      return c10::Device(c10::kCUDA, 0);
    }
    notice = "CUDA is not available: evaluating on the CPU";
    return c10::Device(c10::kCPU);
  }
  // "cuda" or "cuda:N"
  int index = 0;
  if (requested != "cuda") index = std::stoi(requested.substr(5));
  if (!torch::cuda::is_available())
    throw ConfigError("--device " + requested +
                      ": CUDA is not available in this LibTorch build "
                      "or on this machine (use --device cpu or auto)");
  if (index >= static_cast<int>(torch::cuda::device_count()))
    throw ConfigError("--device " + requested + ": only " +
                      std::to_string(torch::cuda::device_count()) + " CUDA device(s) present");
  return c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(index));
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

// Restricts ground truth to the evaluated images, so a --limit run is scored on what it saw.

}  // namespace

void EvaluatorOptions::validate() const {
  const bool cudaForm = device.rfind("cuda:", 0) == 0 && device.size() > 5 &&
                        std::all_of(device.begin() + 5, device.end(), ::isdigit);
  if (device != "auto" && device != "cpu" && device != "cuda" && !cudaForm)
    throw ConfigError("--device '" + device + "': expected auto, cpu, cuda or cuda:N");
  if (decodeWorkers == 0 || decodeWorkers < -1)
    throw ConfigError("--workers " + std::to_string(decodeWorkers) + ": expected 1 or more");
  if (torchThreads < 0) throw ConfigError("--threads must be 0 (all cores) or more");
}

struct Evaluator::Impl {
  Experiment experiment;
  EvaluatorOptions options;
  c10::Device device{c10::kCPU};
  std::vector<std::string> notices;
  std::shared_ptr<PoseNet> net;
  std::unique_ptr<KeypointDataset> dataset;
  std::unique_ptr<PoseInference> engine;
  RunSummary summary;
  std::mutex engineMutex;  // run() and computeMaps() share the engine

  // Throws CancelledError when `cancel` is set during the image (the image is then not recorded).
  ImageRecord evaluateDecoded(size_t datasetIndex, DecodedImage& decoded, bool keepMaps,
                              InferenceResult* maps, const CancellationToken* cancel = nullptr) {
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
      std::lock_guard<std::mutex> lock(engineMutex);
      InferenceResult result = engine->run(decoded.rgb, keepMaps, cancel);
      record.times.preprocessMs = result.times.preprocessMs;
      record.times.forwardMs = result.times.forwardMs;
      record.times.groupMs = result.times.groupMs;
      record.times.postprocessMs = result.times.postprocessMs;
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
  Impl& d = *impl_;
  d.experiment = experiment;
  d.options = options;
  options.validate();
  const ConfigNode& cfg = experiment.cfg;

  std::string notice;
  d.device = resolveDevice(options.device, cfg, notice);
  if (!notice.empty()) d.notices.push_back(notice);
  // Default: every core, as PyTorch does. On a machine busy with other work, fewer threads
  // (--threads) avoid OpenMP workers spin-waiting for a busy core (measured 7x slower there).
  const int threads = options.torchThreads > 0
                          ? options.torchThreads
                          : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  torch::set_num_threads(threads);

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

  const std::string modelFile = cfg.getString("TEST.MODEL_FILE");
  if (options.randomWeights) {
    torch::manual_seed(0);
    d.net = createPoseNet(experiment);
    d.notices.push_back("random weights (benchmark mode): predictions are meaningless");
  } else if (modelFile.empty())
    throw ConfigError(
        "TEST.MODEL_FILE is empty: give the checkpoint to evaluate, e.g. "
        "TEST.MODEL_FILE path/to/model.pth");
  if (detectCheckpointFormat(modelFile) == CheckpointFormat::TorchScript) {
    d.net = loadTorchScriptNet(modelFile);
    d.notices.push_back("TEST.MODEL_FILE is a TorchScript module: using it as the network");
  } else {
    d.net = createPoseNet(experiment);
    loadStateDictStrict(d.net->module(), readStateDict(modelFile), modelFile);
  }
  d.net->module().eval();
  const bool fp16 = cfg.getBool("FP16.ENABLED") && d.device.is_cuda();
  if (cfg.getBool("FP16.ENABLED") && !d.device.is_cuda())
    d.notices.push_back("FP16.ENABLED ignored on the CPU: evaluating in float32");
  moveToDevice(*d.net, d.device, fp16);

  InferenceOptions inference = inferenceOptionsFromConfig(cfg);
  inference.fp16 = fp16;
  d.engine = std::make_unique<PoseInference>(*d.net, inference, d.device);

  RunSummary& s = d.summary;
  s.modelName = cfg.getString("MODEL.NAME");
  s.archName = experiment.spec.archFile.empty()
                   ? s.modelName
                   : std::filesystem::path(experiment.spec.archFile).stem().string();
  s.device = d.device.str();
  s.datasetKind = datasetKindName(kind);
  s.annotationFile =
      std::filesystem::absolute(d.dataset->annotationFile()).lexically_normal().string();
  s.categoryId = d.dataset->personCategoryId();
  if (!d.net->name().empty() && d.net->name() != "torchscript") {
    const int64_t size = cfg.getInt("DATASET.INPUT_SIZE");
    const ModelSummary ms = summarizeModel(*d.net, size, size);
    s.parameters = ms.activeParameters > 0 ? ms.activeParameters : ms.totalParameters;
    s.multiplyAdds = ms.totalMultiplyAdds;
  }
}

Evaluator::~Evaluator() = default;

size_t Evaluator::datasetSize() const {
  return impl_->dataset->size();
}
std::string Evaluator::deviceName() const {
  return impl_->device.str();
}
const RunSummary& Evaluator::summaryTemplate() const {
  return impl_->summary;
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

  std::unique_ptr<RunWriter> writer;
  if (!d.options.outDir.empty()) writer = std::make_unique<RunWriter>(d.options.outDir);
  auto log = [&](const std::string& line) {
    if (writer) writer->appendLog(line);
    if (observer) observer->onLog(line);
  };

  const std::vector<size_t> indices = selectIndices(d.options, d.dataset->size());
  summary.imagesTotal = indices.size();
  if (writer) {
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
  log("dataset " + summary.annotationFile + ": evaluating " + std::to_string(indices.size()) +
      " of " + std::to_string(d.dataset->size()) + " images");
  if (observer) observer->onStarted(summary);

  auto finishWith = [&](RunState state, const std::string& message) {
    summary.state = state;
    summary.message = message;
    summary.wallSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (writer) writer->writeSummary(summary);
    if (!message.empty()) log(runStateName(state) + ": " + message);
    if (observer) observer->onFinished(summary);
  };

  try {
    std::vector<std::string> paths;
    paths.reserve(indices.size());
    for (size_t i : indices) paths.push_back(d.dataset->images()[i].path);
    const int configured = static_cast<int>(cfg.getInt("WORKERS"));
    const int workers =
        d.options.decodeWorkers > 0 ? d.options.decodeWorkers : std::clamp(configured, 1, 2);
    ImagePrefetcher prefetcher(paths, workers, kPrefetchCapacity);
    c10::InferenceMode inferenceMode;
    DecodedImage decoded;
    bool cancelled = false;
    for (size_t n = 0; n < indices.size(); ++n) {
      if (cancel && cancel->isCancelled()) {
        cancelled = true;
        break;
      }
      if (!prefetcher.next(decoded)) break;
      ImageRecord record;
      try {
        record = d.evaluateDecoded(indices[n], decoded, false, nullptr, cancel);
      } catch (const CancelledError&) {  // inside the image: it is dropped, not half recorded
        cancelled = true;
        break;
      }
      if (record.failed()) ++summary.imagesFailed;
      ++summary.imagesDone;
      if (writer) writer->appendRecord(record);
      if (observer) observer->onImage(record, summary.imagesDone, summary.imagesTotal);
      result.records.push_back(std::move(record));
    }
    prefetcher.stop();
    if (writer) writer->writeResults(result.records, summary.categoryId);
    if (cancelled) {
      finishWith(RunState::Cancelled, "stopped after " + std::to_string(summary.imagesDone) +
                                          " of " + std::to_string(summary.imagesTotal) + " images");
      return result;
    }
    if (!d.options.computeMetrics) {
      finishWith(RunState::Complete, "");
      return result;
    }

    // Metrics as valid.py computes them: from the results file the run wrote (same numbers as
    // the in-memory records, and the file is what users hand to other tools).
    std::vector<KeypointDetection> detections;
    if (writer) {
      detections =
          loadResults((std::filesystem::path(writer->dir()) / runfiles::kResults).string());
    } else {
      nlohmann::json all = nlohmann::json::array();
      for (const auto& r : result.records)
        for (auto& e : recordToResults(r, summary.categoryId)) all.push_back(std::move(e));
      detections = parseResults(all.dump(), "results in memory");
    }
    KeypointGroundTruth gt = loadGroundTruth(summary.annotationFile);
    if (indices.size() < d.dataset->size()) {
      std::vector<std::int64_t> evaluated;
      for (const auto& r : result.records) evaluated.push_back(r.imageId);
      gt = restrictToImages(gt, evaluated);
      log("metrics over the " + std::to_string(indices.size()) + " evaluated images only");
    }
    const EvalVariant variant =
        d.dataset->kind() == DatasetKind::Coco ? EvalVariant::Coco : EvalVariant::CrowdPose;
    const EvalSummary eval = evaluateKeypoints(gt, detections, variant);
    result.metrics = eval.table;
    const std::string archName =
        d.options.archName.empty() ? summary.modelName : d.options.archName;
    result.metricsMarkdown = formatMarkdownTable(eval.table, archName);
    if (writer) {
      writer->writeMetrics(eval.table, result.metricsMarkdown);
      writer->writeText(runfiles::kImageEval, formatImageEvaluationsJsonl(eval.images));
      writer->appendLog(result.metricsMarkdown);
      // The error analysis costs a fraction of the metrics; kept so viewers need not redo it. A
      // ground truth it cannot analyse (e.g. two keypoint categories) leaves the run complete.
      try {
        const KeypointAnalysis analysis =
            analyzeKeypoints(gt, detections, analysisParamsForJoints(variant, gt));
        writer->writeText(runfiles::kAnalysis,
                          formatAnalysisJson(analysis, buildTriage(analysis, gt)));
      } catch (const EvalError& e) {
        log(std::string("no error analysis: ") + e.what());
      }
    }
    finishWith(RunState::Complete, "");
  } catch (const std::exception& e) {
    finishWith(RunState::Failed, e.what());
    throw;
  }
  return result;
}

ImageMaps Evaluator::computeMaps(size_t datasetIndex) {
  Impl& d = *impl_;
  if (datasetIndex >= d.dataset->size())
    throw DatasetError("image index " + std::to_string(datasetIndex) + " is outside the dataset");
  DecodedImage decoded = decodeImage(d.dataset->images()[datasetIndex].path);
  c10::InferenceMode inferenceMode;
  InferenceResult maps;
  ImageMaps out;
  out.record = d.evaluateDecoded(datasetIndex, decoded, true, &maps);
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

// posescope-cli export: a run folder's metric table, per-image table, COCO results or overlay
// PNGs, without recomputing the run (overlays with heatmap / tag layers recompute those maps).

#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>

#include "analysis/keypoint_analysis.h"
#include "cli_args.h"
#include "commands.h"
#include "common/cancellation.h"
#include "common/errors.h"
#include "common/strings.h"
#include "config/experiment.h"
#include "data/keypoint_dataset.h"
#include "eval/ground_truth.h"
#include "export_gt_fixes.h"
#include "pipeline/atomic_file.h"
#include "pipeline/evaluator.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_replacement.h"
#include "render/export_frame.h"
#include "render/joint_error_marks.h"
#include "render/overlay_export.h"
#include "render/run_overlay_data.h"
#include "report/analysis_tables.h"
#include "report/per_image_table.h"
#include "report/run_exports.h"
#include "report/run_ground_truth.h"
#include "report/run_view.h"
#include "report/view_query.h"
#include "report_pdf.h"

namespace posescope::cli {

namespace {

CancellationToken* gCancel = nullptr;

void onSigint(int) {
  if (gCancel) gCancel->cancel();
}

void writeOutput(const std::string& text, const std::string& out) {
  if (out.empty()) {
    std::cout << text;
    return;
  }
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  file << text;
  if (!file) throw Error("cannot write '" + out + "'");
}

RenderOptions layersFrom(const std::string& list) {
  RenderOptions options;
  const std::vector<std::string> unknown = showOnlyLayers(options, list);
  if (!unknown.empty())
    throw UsageError{"unknown layer '" + unknown.front() +
                     "' (expected predictions, gt, crowd, matches, heatmap, tags, network, "
                     "errors)"};
  return options;
}

// Where the overlay export finds images, ground truth and (on request) maps.
struct RunSources {
  std::optional<Experiment> experiment;
  std::unique_ptr<KeypointDataset> dataset;
  std::string annotationFile;
};

// The images folder `import --images` recorded in an imported run, else "".
std::string importedImagesDir(const LoadedRun& run) {
  const RunInput* images = recordedInput(run.summary.inputs, "images");
  return images ? images->path : std::string();
}

RunSources openSources(const LoadedRun& run, const ParsedArgs& args, const std::string& imagesDir,
                       bool needModel) {
  RunSources s;
  const std::filesystem::path dir(run.dir);
  const std::string root = args.get("--dataset-root");
  const bool haveConfig = std::filesystem::exists(dir / runfiles::kConfig);
  if (run.summary.imported && needModel) {
    throw Error("run folder '" + run.dir +
                "' holds imported predictions: there is no network for the heatmap, tags and "
                "network layers");
  }
  if (haveConfig && (imagesDir.empty() || needModel || !root.empty())) {
    ExperimentSpec spec;
    spec.cfgFile = (dir / runfiles::kConfig).string();
    if (std::filesystem::exists(dir / runfiles::kArch))
      spec.archFile = (dir / runfiles::kArch).string();
    spec.updateConfigApplied = true;
    if (!root.empty()) spec.overrides = {"DATASET.ROOT", root};
    s.experiment = loadExperiment(spec);
    const ConfigNode& cfg = s.experiment->cfg;
    s.dataset = std::make_unique<KeypointDataset>(
        datasetKindFromName(cfg.getString("DATASET.DATASET_TEST")), cfg.getString("DATASET.ROOT"),
        cfg.getString("DATASET.TEST"));
  } else if (imagesDir.empty() && run.summary.imported) {
    throw Error("run folder '" + run.dir +
                "' holds imported predictions without their images folder (import --images); "
                "give the images with --images-dir");
  } else if (imagesDir.empty()) {
    throw Error("run folder '" + run.dir + "' has no " + runfiles::kConfig +
                "; give the images with --images-dir");
  } else if (needModel) {
    throw Error("the heatmap and tag layers need the run's " + std::string(runfiles::kConfig));
  }
  s.annotationFile = run.summary.annotationFile;
  if (s.dataset && (!root.empty() || !std::filesystem::exists(s.annotationFile)))
    s.annotationFile = s.dataset->annotationFile();
  return s;
}

std::string imagePathOf(const ImageRecord& record, const RunSources& sources,
                        const std::string& imagesDir) {
  if (!imagesDir.empty()) return (std::filesystem::path(imagesDir) / record.file).string();
  const auto& images = sources.dataset->images();
  if (record.index < images.size() && images[record.index].id == record.imageId)
    return images[record.index].path;
  for (const auto& image : images)
    if (image.id == record.imageId) return image.path;
  throw DatasetError("image " + std::to_string(record.imageId) + " (" + record.file +
                     ") is not in the dataset '" + sources.dataset->annotationFile() + "'");
}

int writeOverlayFolder(const LoadedRun& run, const ParsedArgs& args,
                       const std::optional<std::set<std::int64_t>>& view) {
  RenderOptions options = layersFrom(args.get("--layers"));
  options.jointThreshold = args.getDouble("--threshold");
  options.minPersonScore = args.getDouble("--min-score");
  options.validate();
  const std::string filter = args.get("--filter", "all");
  if (filter != "all" && filter != "failed")
    throw UsageError{"--filter must be all or failed, not '" + filter + "'"};
  const bool needModel = options.showHeatmap || options.showTags || !options.projectMaps;
  const bool quiet = args.has("--quiet");
  const std::string imagesDir =
      args.has("--images-dir") ? args.get("--images-dir") : importedImagesDir(run);

  const RunSources found = openSources(run, args, imagesDir, needModel);
  GroundTruthIndex gt;
  if (std::filesystem::exists(found.annotationFile)) {
    gt = GroundTruthIndex(loadGroundTruth(found.annotationFile), run.summary.categoryId);
  } else if (!quiet) {
    std::cerr << "warning: annotation file '" << found.annotationFile
              << "' not found; overlays without ground truth\n";
  }
  const auto evaluations =
      RunImageEvaluations::loadFromRunFolder(run.dir, run.records, run.summary.categoryId);
  const DatasetKind kind =
      found.dataset ? found.dataset->kind() : datasetKindFromName(run.summary.datasetKind);
  // The run's own skeleton (skeleton.json) when it has one, as the GUI's overlays draw it.
  const SkeletonSpec skeleton = runSkeleton(run, kind);
  std::unique_ptr<Evaluator> evaluator;
  if (needModel) {
    EvaluatorOptions evalOptions;
    evalOptions.device = args.get("--device");
    evalOptions.validate();
    evaluator = std::make_unique<Evaluator>(*found.experiment, evalOptions);
  }
  OverlaySources sources;
  sources.imagePath = [&](const ImageRecord& record) {
    return imagePathOf(record, found, imagesDir);
  };
  if (args.has("--framed")) {
    // Titled as the GUI's exports: the image's scores from image_eval.jsonl.
    const std::vector<PerImageRow> rows = perImageRows(run.records, evaluations);
    sources.title = [rows](const ImageRecord& record) {
      for (const PerImageRow& row : rows)
        if (row.index == record.index) return overlayTitle(row);
      return overlayTitle(perImageRows({record}, {}).front());
    };
  }
  // The errors layer draws the analysis `posescope-cli analyze RUN_DIR` makes, image by image.
  std::optional<KeypointAnalysis> analysis;
  std::unordered_map<std::int64_t, std::vector<std::size_t>> detectionsByImage;
  if (options.showErrors) {
    const RunEvaluationInput in = loadRunEvaluationInput(run);
    analysis = analyzeKeypoints(in.groundTruth, in.results, analysisParamsFor(in.layout));
    detectionsByImage = posescope::detectionsByImage(*analysis);
  }
  sources.scene = [&](const ImageRecord& record) {
    OverlayScene scene = makeOverlayScene(record, kind, gt, evaluations, options.matchThreshold);
    scene.skeleton = skeleton;
    if (analysis) {
      const auto found = detectionsByImage.find(record.imageId);
      scene.jointErrors = jointErrorMarks(
          record, *analysis,
          found == detectionsByImage.end() ? std::vector<std::size_t>{} : found->second,
          scene.groundTruth);
    }
    return scene;
  };
  if (evaluator) {
    sources.maps = [&](const ImageRecord& record) {
      ImageMaps maps = evaluator->computeMaps(record.index);
      if (maps.record.failed())
        throw Error("image " + record.file + " failed: " + maps.record.error);
      return maps;
    };
  }

  std::vector<const ImageRecord*> selected;
  for (const auto& r : run.records)
    if ((filter == "all" || r.failed()) && (!view || view->count(r.imageId)))
      selected.push_back(&r);
  const std::string outDir =
      args.get("--out", (std::filesystem::path(run.dir) / "overlays").string());

  CancellationToken cancel;
  gCancel = &cancel;
  auto previous = std::signal(SIGINT, onSigint);
  struct Restore {
    decltype(previous) handler;
    ~Restore() {
      std::signal(SIGINT, handler);
      gCancel = nullptr;
    }
  } restore{previous};

  const size_t step = std::max<size_t>(1, selected.size() / 20);
  const OverlayExportResult result =
      exportOverlays(selected, sources, options, outDir, cancel, [&](size_t done, size_t total) {
        if (!quiet && (done % step == 0 || done == total))
          std::cerr << "overlays: " << done << "/" << total << "\n";
      });
  for (const std::string& error : result.errors) std::cerr << "warning: " << error << "\n";
  if (result.cancelled) {
    std::cerr << "cancelled after " << result.written + result.skipped << " of " << selected.size()
              << " overlays\n";
    return kFailed;
  }
  if (!quiet) std::cerr << "wrote " << result.written << " overlay(s) to " << outDir << "\n";
  return result.skipped > 0 ? kFailed : kOk;
}

// --where's query, or a usage error (exit 2) pointing at the column that is wrong.
ViewQuery whereQuery(const std::string& text) {
  try {
    return ViewQuery::parse(text);
  } catch (const QueryError& e) {
    throw UsageError{std::string("--where: ") + e.what() + "\n  " + text + "\n  " +
                     std::string(std::min(e.position(), text.size()), ' ') + "^\n" +
                     "(the properties and the grammar: docs/views.md)"};
  }
}

// The view's ground truth and results as COCO files in `outDir` (gt.json, results.json), every
// field of the originals kept.
int writeSubset(const LoadedRun& run, const std::set<std::int64_t>& view,
                const std::string& outDir) {
  const RunEvaluationInput in = loadRunEvaluationInput(run);
  const std::filesystem::path dir(outDir);
  std::filesystem::create_directories(dir);
  writeFileAtomically((dir / "gt.json").string(),
                      cocoSubsetText(readTextFile(in.annotationFile), in.annotationFile, view));
  const std::string resultsFile = (std::filesystem::path(run.dir) / runfiles::kResults).string();
  writeFileAtomically((dir / "results.json").string(),
                      cocoSubsetText(readTextFile(resultsFile), resultsFile, view));
  std::cerr << "wrote " << view.size() << " of " << run.records.size()
            << " images' ground truth and results to " << (dir / "gt.json").string() << " and "
            << (dir / "results.json").string() << "\n";
  return kOk;
}

}  // namespace

int runExport(const ParsedArgs& args) {
  if (args.positional.size() != 1) throw UsageError{"expected one RUN_DIR"};
  const std::string what = args.require("--what");
  if (what != "metrics" && what != "images" && what != "results" && what != "overlays" &&
      what != "report" && what != "ids" && what != "subset" && what != "gt-fixes")
    throw UsageError{
        "--what must be metrics, images, results, overlays, report, ids, subset or gt-fixes, "
        "not '" +
        what + "'"};
  if (what == "gt-fixes" && !args.has("--out"))
    throw UsageError{
        "--what gt-fixes needs --out DIR (it writes the fixed annotation file and "
        "changes.md there)"};
  if (args.has("--all") && what != "gt-fixes") throw UsageError{"--all applies to --what gt-fixes"};
  if (args.has("--where") && (what == "metrics" || what == "report" || what == "gt-fixes"))
    throw UsageError{"--where applies to --what images, results, overlays, ids and subset"};
  if (what == "subset" && !args.has("--out"))
    throw UsageError{"--what subset needs --out DIR (it writes DIR/gt.json and DIR/results.json)"};
  const std::optional<ViewQuery> query =
      args.has("--where") ? std::optional<ViewQuery>(whereQuery(args.get("--where")))
                          : std::nullopt;
  if (args.has("--format") && what != "metrics" && what != "report")
    throw UsageError{"--format applies to --what metrics and report only"};
  TableFormat format = TableFormat::Markdown;
  try {
    format = tableFormatFromName(args.get("--format", "md"));
  } catch (const Error& e) {
    throw UsageError{e.what()};
  }
  const LoadedRun run = loadRunFolder(args.positional[0]);
  const std::string out = args.get("--out");
  if (!out.empty()) refuseToExportOverARun(out, what == "subset" || what == "gt-fixes");
  // The images of the view (--where), in every export that takes one; unset: all of them.
  std::optional<std::set<std::int64_t>> view;
  if (query) view = runImagesInView(run, *query);
  const auto inView = [&](const ImageRecord& r) { return !view || view->count(r.imageId) > 0; };
  std::vector<ImageRecord> records;
  for (const ImageRecord& r : run.records)
    if (inView(r)) records.push_back(r);
  if (what == "gt-fixes") {
    return writeGroundTruthFixes(run, out, args.has("--all"));
  } else if (what == "metrics") {
    writeOutput(formatRunMetrics(run, format), out);
  } else if (what == "images") {
    const auto evaluations =
        RunImageEvaluations::loadFromRunFolder(run.dir, run.records, run.summary.categoryId);
    writeOutput(formatPerImageCsv(perImageRows(records, evaluations)), out);
  } else if (what == "ids") {
    std::string ids;
    for (const ImageRecord& r : records) ids += std::to_string(r.imageId) + "\n";
    writeOutput(ids, out);
  } else if (what == "subset") {
    std::set<std::int64_t> ids;
    for (const ImageRecord& r : records) ids.insert(r.imageId);
    return writeSubset(run, ids, out);
  } else if (what == "results" && run.summary.imported) {
    // The file as imported: the records keep neither its bbox nor full precision.
    const std::string file = (std::filesystem::path(run.dir) / runfiles::kResults).string();
    writeOutput(view ? cocoSubsetText(readTextFile(file), file, *view) : readTextFile(file), out);
  } else if (what == "results") {
    writeOutput(formatRunResultsJson(records, run.summary.categoryId) + "\n", out);
  } else if (what == "report" && args.has("--format")) {
    const RunReportAnalysis analysed = analyzeRunForReport(run);
    writeOutput(formatAnalysisTables(run, analysed.analysis, analysed.worst, format), out);
  } else if (what == "report") {
    const std::string pdf =
        out.empty() ? (std::filesystem::path(run.dir) / "analysis_report.pdf").string() : out;
    return writeReportPdf(run.dir, pdf, args.has("--quiet"));
  } else {
    return writeOverlayFolder(run, args, view);
  }
  return kOk;
}

}  // namespace posescope::cli

// posescope-cli compare: two run folders side by side (metrics, summary, timing, per-image
// deltas), printed and optionally written as Markdown / CSV / JSON.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <tuple>

#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "report/run_comparison.h"
#include "report/run_exports.h"
#include "report/shared_images.h"

namespace posescope::cli {

namespace {

void writeFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw Error("cannot write '" + path.string() + "'");
}

}  // namespace

int runCompare(const ParsedArgs& args) {
  if (args.positional.size() != 2) throw UsageError{"expected two run folders, RUN_A and RUN_B"};
  TableFormat format = TableFormat::Markdown;
  try {
    format = tableFormatFromName(args.get("--format", "md"));
  } catch (const Error& e) {
    throw UsageError{e.what()};
  }
  const std::string order = args.get("--order", "ap");
  if (order != "ap" && order != "oks")
    throw UsageError{"--order must be ap or oks, not '" + order + "'"};

  LoadedRun a = loadRunFolder(args.positional[0]);
  LoadedRun b = loadRunFolder(args.positional[1]);
  // Metrics on different ground truths are not comparable: refused unless the user asks for the
  // images both files annotate identically.
  const std::string difference = annotationFileDifference(a, b);
  std::size_t shared = 0;
  if (!difference.empty() && !args.has("--shared-images"))
    throw Error(difference +
                ", so their metrics are not comparable; --shared-images compares them on the "
                "images both files annotate identically");
  if (!difference.empty()) std::tie(a, b) = restrictToSharedImages(a, b, shared);
  RunComparison comparison = compareRuns(a, b);
  if (!difference.empty())
    comparison.notes.push_back("compared on the " + std::to_string(shared) +
                               " images both annotation files annotate identically "
                               "(--shared-images); the metric tables are recomputed on them");
  if (!args.has("--no-bootstrap")) {
    BootstrapOptions options;
    options.resamples = static_cast<int>(args.getInt("--resamples"));
    if (options.resamples < 1 || options.resamples > 1000000) {
      throw UsageError{"--resamples must be 1 to 1000000"};
    }
    const long seed = args.getInt("--seed");
    if (seed < 0) throw UsageError{"--seed must be 0 or more"};
    options.seed = static_cast<std::uint64_t>(seed);
    addSignificance(comparison, a, b, options);
  }
  if (order == "oks") sortImageDeltas(comparison.images, DeltaOrder::Oks);

  switch (format) {
    case TableFormat::Markdown:
      std::cout << formatComparisonMarkdown(comparison);
      break;
    case TableFormat::Csv:
      std::cout << formatComparisonCsv(comparison);
      break;
    case TableFormat::Json:
      std::cout << formatComparisonJson(comparison);
      break;
  }
  if (args.has("--out")) {
    const std::filesystem::path dir(args.get("--out"));
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error("cannot create '" + dir.string() + "': " + ec.message());
    writeFile(dir / "comparison.md", formatComparisonMarkdown(comparison));
    writeFile(dir / "comparison.csv", formatComparisonCsv(comparison));
    writeFile(dir / "comparison.json", formatComparisonJson(comparison));
    writeFile(dir / "per_image_deltas.csv", formatImageDeltasCsv(comparison.images));
    std::cerr << "wrote comparison.md, comparison.csv, comparison.json and per_image_deltas.csv "
                 "to "
              << dir.string() << "\n";
  }
  return kOk;
}

}  // namespace posescope::cli

// posescope-cli compare: two run folders side by side (metrics, summary, timing, per-image
// deltas), printed and optionally written as Markdown / CSV / JSON.

#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "report/run_comparison.h"
#include "report/run_exports.h"

namespace posescope::cli {

namespace {

const char* const kHelpText =
    R"(usage: posescope-cli compare RUN_A RUN_B [--out DIR] [--format md|csv|json]
                             [--order ap|oks] [--resamples N] [--seed S] [--no-bootstrap]

Compares two run folders of the same dataset (e.g. two architectures): the metric table with
A, B and B - A, the runs' summaries side by side (parameters, multiply-adds, device, images,
wall time, mean milliseconds per stage), and per-image deltas of AP and mean OKS (from each
run's image_eval.jsonl) ordered so the images where B loses most come first.

  --out DIR     also write comparison.md, comparison.csv, comparison.json and
                per_image_deltas.csv into DIR
  --format F    what is printed on stdout: md (default), csv or json
  --order O     order of the per-image deltas: ap (default) or oks
  --resamples N bootstrap resamples for the confidence intervals (default 1000)
  --seed S      seed of the bootstrap's generator (default 1)
  --no-bootstrap  skip the intervals and the error-profile comparison

Is the difference real? Each stat's B - A gets a 95 % confidence interval from a paired
bootstrap over images: every resample draws as many images as the ground truth has, uniformly
with replacement (mt19937_64 seeded with the seed and the resample number), evaluates A and B on that same draw and keeps
B - A; the interval is the 2.5 and 97.5 percentiles (linear interpolation). A '*' marks an
interval that excludes 0. The error profiles (coco-analyze's AP gain if each error type were
fixed, joint labels, background errors) of A and B are compared too. Both need the runs'
results.json and the annotation file named in run.json (same ground truth for both).

Runs whose metric tables have different stats (COCO vs CrowdPose) cannot be compared (exit 3).
)";

void writeFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw Error("cannot write '" + path.string() + "'");
}

}  // namespace

int runCompare(const Args& raw) {
  const ParsedArgs args =
      parseArgs(raw, {"--out", "--format", "--order", "--resamples", "--seed"}, {"--no-bootstrap"});
  if (args.has("--help")) {
    std::cout << kHelpText;
    return kOk;
  }
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

  const LoadedRun a = loadRunFolder(args.positional[0]);
  const LoadedRun b = loadRunFolder(args.positional[1]);
  RunComparison comparison = compareRuns(a, b);
  if (!args.has("--no-bootstrap")) {
    BootstrapOptions options;
    options.resamples = static_cast<int>(args.getInt("--resamples", 1000));
    if (options.resamples < 1 || options.resamples > 1000000) {
      throw UsageError{"--resamples must be 1 to 1000000"};
    }
    const long seed = args.getInt("--seed", 1);
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

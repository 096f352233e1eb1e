#include "widgets/session/compare_data.h"

#include <QFileInfo>
#include <QObject>
#include <filesystem>

#include "config/experiment.h"
#include "pipeline/run_labels.h"
#include "widgets/session/number_text.h"

namespace posescope {

namespace {

QString stageText(const std::optional<ArchConfig>& arch, std::size_t stage) {
  if (!arch || stage >= arch->backbone.size()) return QStringLiteral("\u2013");
  const ArchStage& s = arch->backbone[stage];
  return QObject::tr("%1 ch \u00d7 %2 blocks, stride %3")
      .arg(s.channel)
      .arg(s.numBlocks)
      .arg(s.stride);
}

QString kernelText(const std::optional<ArchConfig>& arch, std::size_t stage) {
  if (!arch || stage >= arch->backbone.size()) return QStringLiteral("\u2013");
  QStringList kernels;
  for (const auto& [expansion, kernel] : arch->backbone[stage].blockSetting)
    kernels << QStringLiteral("%1/%2").arg(expansion).arg(kernel);
  return kernels.join(QLatin1Char(' '));
}

QString msText(const StatSummary& s) {
  return s.count ? QStringLiteral("%1 ms").arg(s.mean, 0, 'f', 2) : QStringLiteral("\u2013");
}

}  // namespace

const ImageRecord* CompareSide::recordOfImage(std::int64_t imageId) const {
  for (const auto& r : run->records)
    if (r.imageId == imageId) return &r;
  return nullptr;
}

CompareSide compareSideOf(LoadedRunPtr run, RunOverlayDataPtr images, const QString& imagesError) {
  CompareSide side;
  side.run = std::move(run);
  const std::filesystem::path folder(side.run->dir);
  // Imported predictions have no network: no arch or input size to know (the notes say so).
  if (!side.run->summary.imported) {
    try {
      ExperimentSpec spec;
      spec.cfgFile = (folder / runfiles::kConfig).string();
      if (std::filesystem::exists(folder / runfiles::kArch))
        spec.archFile = (folder / runfiles::kArch).string();
      spec.updateConfigApplied = true;
      const Experiment experiment = loadExperiment(spec);
      side.arch = experiment.effectiveArch();
      side.inputSize = static_cast<int>(experiment.cfg.getInt("DATASET.INPUT_SIZE"));
    } catch (const std::exception& e) {
      side.warnings << QObject::tr("arch and input size unknown: %1").arg(e.what());
    }
  }
  if (images) {
    for (const auto& w : images->warnings) side.warnings << QString::fromStdString(w);
    side.evaluations = std::shared_ptr<const RunImageEvaluations>(images, &images->evaluations);
    side.images = std::move(images);
  } else {
    side.warnings << QObject::tr("no overlays: %1").arg(imagesError);
    try {
      side.evaluations =
          std::make_shared<const RunImageEvaluations>(RunImageEvaluations::loadFromRunFolder(
              side.run->dir, side.run->records, side.run->summary.categoryId));
    } catch (const std::exception& e) {
      side.warnings << QObject::tr("no per-image evaluation: %1").arg(e.what());
    }
  }
  return side;
}

CompareSide compareSideReading(LoadedRunPtr run) {
  try {
    auto images = std::make_shared<const RunOverlayData>(loadRunOverlayData(*run));
    return compareSideOf(std::move(run), std::move(images), {});
  } catch (const std::exception& e) {
    return compareSideOf(std::move(run), nullptr, QString::fromUtf8(e.what()));
  }
}

CompareSide loadCompareSide(const std::string& dir) {
  return compareSideReading(std::make_shared<const LoadedRun>(loadRunFolder(dir)));
}

RunComparison compareSides(const CompareSide& a, const CompareSide& b) {
  const RunImageEvaluations none;
  return compareRuns(*a.run, a.evaluations ? *a.evaluations : none, *b.run,
                     b.evaluations ? *b.evaluations : none);
}

std::vector<SideBySideRow> summaryRows(const RunComparison& c, const CompareSide& a,
                                       const CompareSide& b) {
  auto q = [](const std::string& s) { return QString::fromStdString(s); };
  std::vector<SideBySideRow> rows;
  rows.push_back({QObject::tr("Run"), q(c.a.label), q(c.b.label)});
  // The folder's name: full paths would widen the table past its pane (the header's tooltips
  // have them).
  auto folder = [&q](const std::string& dir) { return QFileInfo(q(dir)).fileName(); };
  rows.push_back({QObject::tr("Folder"), folder(c.a.dir), folder(c.b.dir)});
  rows.push_back({QObject::tr("Model"), q(c.a.modelLabel), q(c.b.modelLabel)});
  // The settings the runs differ in (config.yaml), beyond the architecture shown below.
  auto value = [&q](const std::string& v) { return v.empty() ? QObject::tr("(not set)") : q(v); };
  for (const auto& d : c.configDifferences) rows.push_back({q(d.key), value(d.a), value(d.b)});
  // Imported predictions came without their network: nothing counted (not zero).
  auto count = [](std::int64_t n, bool imported) {
    return imported ? QStringLiteral("\u2013") : formatCount(n);
  };
  rows.push_back({QObject::tr("Parameters"), count(c.a.parameters, c.a.imported),
                  count(c.b.parameters, c.b.imported)});
  rows.push_back({QObject::tr("MACs (ptflops)"), count(c.a.multiplyAdds, c.a.imported),
                  count(c.b.multiplyAdds, c.b.imported)});
  auto size = [](int s) { return s > 0 ? QString::number(s) : QStringLiteral("\u2013"); };
  rows.push_back({QObject::tr("Input size"), size(a.inputSize), size(b.inputSize)});
  auto stem = [](const std::optional<ArchConfig>& arch) {
    return arch ? QObject::tr("%1 ch").arg(arch->inputChannel) : QStringLiteral("\u2013");
  };
  rows.push_back({QObject::tr("Stem"), stem(a.arch), stem(b.arch)});
  const std::size_t stages =
      std::max(a.arch ? a.arch->backbone.size() : 0, b.arch ? b.arch->backbone.size() : 0);
  for (std::size_t s = 0; s < stages; ++s) {
    rows.push_back(
        {QObject::tr("Stage %1").arg(s + 1), stageText(a.arch, s), stageText(b.arch, s)});
    rows.push_back(
        {QObject::tr("  expansion/kernel"), kernelText(a.arch, s), kernelText(b.arch, s)});
  }
  auto deconv = [](const std::optional<ArchConfig>& arch) {
    if (!arch) return QStringLiteral("\u2013");
    QStringList parts;
    for (int d : arch->deconvSetting) parts << QString::number(d);
    return parts.join(QStringLiteral(", "));
  };
  rows.push_back({QObject::tr("Deconv channels"), deconv(a.arch), deconv(b.arch)});
  rows.push_back({QObject::tr("Device"), q(c.a.device), q(c.b.device)});
  auto images = [](const RunSide& s) {
    return s.failed ? QObject::tr("%1 (%2 failed)").arg(s.images).arg(s.failed)
                    : QString::number(s.images);
  };
  rows.push_back({QObject::tr("Images"), images(c.a), images(c.b)});
  // Imported predictions ran no network here: they have no times to compare.
  const QString untimed = QObject::tr("no timings (imported)");
  auto wall = [&untimed](const CompareSide& side, const RunSide& s) {
    return side.run->summary.imported ? untimed
                                      : QStringLiteral("%1 s").arg(s.wallSeconds, 0, 'f', 1);
  };
  auto ms = [&untimed](const CompareSide& side, const StatSummary& stat) {
    return side.run->summary.imported ? untimed : msText(stat);
  };
  rows.push_back({QObject::tr("Wall time"), wall(a, c.a), wall(b, c.b)});
  rows.push_back({QObject::tr("Mean per image"), ms(a, c.a.timing.total), ms(b, c.b.timing.total)});
  for (std::size_t s = 0; s < c.a.timing.stages.size() && s < c.b.timing.stages.size(); ++s)
    rows.push_back({QObject::tr("  %1").arg(q(c.a.timing.stages[s])), ms(a, c.a.timing.perStage[s]),
                    ms(b, c.b.timing.perStage[s])});
  return rows;
}

}  // namespace posescope

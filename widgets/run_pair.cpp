#include "run_pair.h"

#include <QFile>
#include <QFileInfo>

#include "data/keypoint_dataset.h"

namespace posescope {

namespace {

// The dataset kind and the annotation file a config evaluates, as one printable string; throws
// like KeypointDataset::annotationPath.
std::pair<std::string, QString> datasetOf(const Experiment& e) {
  const std::string kind = e.cfg.getString("DATASET.DATASET_TEST");
  const QString annotations = QString::fromStdString(KeypointDataset::annotationPath(
      datasetKindFromName(kind), e.cfg.getString("DATASET.ROOT"), e.cfg.getString("DATASET.TEST")));
  const QFileInfo info(annotations);
  return {kind, info.exists() ? info.canonicalFilePath() : info.absoluteFilePath()};
}

// Whether two files hold the same bytes (a dataset copied to a second place is the same
// dataset); false when either cannot be read.
bool sameContents(const QString& pathA, const QString& pathB) {
  QFile a(pathA), b(pathB);
  if (a.size() != b.size() || !a.open(QIODevice::ReadOnly) || !b.open(QIODevice::ReadOnly))
    return false;
  constexpr qint64 kChunk = 1 << 20;
  while (!a.atEnd())
    if (a.read(kChunk) != b.read(kChunk)) return false;
  return true;
}

// What the side is called in folder names and messages: the arch JSON's stem, else the config's.
QString sideName(const RunSetup& s) {
  return QFileInfo(s.archFile.isEmpty() ? s.configFile : s.archFile).completeBaseName();
}

}  // namespace

QString RunPairCheck::describe() const {
  QStringList lines;
  const std::pair<QString, const SetupCheck*> sides[] = {{QStringLiteral("A"), &a},
                                                         {QStringLiteral("B"), &b}};
  for (const auto& [side, check] : sides)
    for (const QString& message : check->errors)
      lines << QStringLiteral("%1: %2").arg(side, message);
  if (!pairError.isEmpty()) lines << pairError;
  return lines.join(QLatin1Char('\n'));
}

QString datasetDifference(const Experiment& a, const Experiment& b) {
  try {
    const auto [kindA, fileA] = datasetOf(a);
    const auto [kindB, fileB] = datasetOf(b);
    if (kindA == kindB && (fileA == fileB || sameContents(fileA, fileB))) return {};
    return QObject::tr(
               "A and B evaluate different datasets (A: %1 %2, B: %3 %4); a comparison "
               "needs the same images.")
        .arg(QString::fromStdString(kindA), fileA, QString::fromStdString(kindB), fileB);
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
}

RunPairCheck checkRunPair(const RunSetup& a, const RunSetup& b, const QStringList& devices) {
  RunPairCheck check;
  check.a = checkRunSetup(a, devices);
  check.b = checkRunSetup(b, devices);
  if (check.a.experiment && check.b.experiment)
    check.pairError = datasetDifference(*check.a.experiment, *check.b.experiment);
  return check;
}

std::vector<QueuedRun> queuedRunPair(const RunSetup& a, const RunSetup& b, const QDateTime& now) {
  std::vector<QueuedRun> runs;
  QStringList reserved;
  const std::pair<QString, const RunSetup*> sides[] = {{QStringLiteral("A"), &a},
                                                       {QStringLiteral("B"), &b}};
  for (const auto& [side, setup] : sides) {
    QueuedRun run;
    const QString name = sideName(*setup);
    run.label = QStringLiteral("%1: %2").arg(side, name);
    const QString dir = newRunFolder(*setup, now, side + QLatin1Char('-') + name, reserved);
    reserved << dir;
    run.spec = experimentSpecFor(*setup);
    run.options = evaluatorOptionsFor(*setup, dir);
    runs.push_back(std::move(run));
  }
  return runs;
}

}  // namespace posescope

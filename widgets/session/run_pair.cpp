#include "widgets/session/run_pair.h"

#include <QFile>
#include <QFileInfo>
#include <tuple>

#include "common/errors.h"
#include "data/keypoint_dataset.h"

namespace posescope {

namespace {

// The dataset kind and the (canonical) annotation file a config evaluates; throws
// like KeypointDataset::annotationPath.
std::pair<std::string, QString> datasetOf(const Experiment& e) {
  const std::string kind = e.cfg.getString("DATASET.DATASET_TEST");
  const QString annotations = QString::fromStdString(KeypointDataset::annotationPath(
      datasetKindFromName(kind), e.cfg.getString("DATASET.ROOT"), e.cfg.getString("DATASET.TEST")));
  const QFileInfo info(annotations);
  return {kind, info.exists() ? info.canonicalFilePath() : info.absoluteFilePath()};
}

// Whether two files hold the same bytes (a dataset copied to a second place is the same
// dataset); throws DatasetError naming a file that cannot be read.
bool sameContents(const QString& pathA, const QString& pathB) {
  QFile a(pathA), b(pathB);
  if (a.size() != b.size()) return false;
  for (QFile* f : {&a, &b})
    if (!f->open(QIODevice::ReadOnly))
      throw DatasetError(f->fileName().toStdString() + ": cannot read the annotation file (" +
                         f->errorString().toStdString() + ")");
  constexpr qint64 kChunk = 1 << 20;
  for (qint64 done = 0; done < a.size();) {
    const QByteArray chunkA = a.read(kChunk), chunkB = b.read(kChunk);
    if (chunkA.isEmpty() || chunkB.isEmpty())  // a read error or a file that shrank meanwhile
      throw DatasetError((chunkA.isEmpty() ? pathA : pathB).toStdString() +
                         ": cannot read the annotation file to the end");
    if (chunkA != chunkB) return false;
    done += chunkA.size();
  }
  return true;
}

// What the side is called in folder names and messages: the arch JSON's stem, else the config's.
QString sideName(const RunSetup& s) {
  return QFileInfo(s.archFile.isEmpty() ? s.configFile : s.archFile).completeBaseName();
}

// The names of A and B: sideName, or the checkpoints' stems when the two share an arch but not
// a checkpoint (two trainings of one arch, a supernet sub-net and its trained version).
std::pair<QString, QString> sideNames(const RunSetup& a, const RunSetup& b) {
  auto stem = [](const QString& path) {
    QString name = QFileInfo(path).fileName();
    for (const char* suffix : {".pth.tar", ".pth", ".pt"})
      if (name.endsWith(QLatin1String(suffix))) return name.chopped(int(qstrlen(suffix)));
    return name;
  };
  const QString nameA = sideName(a), nameB = sideName(b);
  if (nameA == nameB && !a.checkpoint.isEmpty() && !b.checkpoint.isEmpty() &&
      stem(a.checkpoint) != stem(b.checkpoint))
    return {stem(a.checkpoint), stem(b.checkpoint)};
  return {nameA, nameB};
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
  const auto [nameA, nameB] = sideNames(a, b);
  const std::tuple<QString, const RunSetup*, QString> sides[] = {{QStringLiteral("A"), &a, nameA},
                                                                 {QStringLiteral("B"), &b, nameB}};
  for (const auto& [side, setup, name] : sides) {
    QueuedRun run;
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

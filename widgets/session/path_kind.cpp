#include "widgets/session/path_kind.h"

#include <QDir>
#include <QFileInfo>

#include "pipeline/run_folder.h"

namespace posescope {

PathKind classifyPath(const QString& path) {
  const QFileInfo info(path);
  if (info.isDir())
    return QFileInfo::exists(QDir(path).filePath(QString::fromLatin1(runfiles::kSummary)))
               ? PathKind::RunFolder
               : PathKind::DatasetRoot;
  const QString name = info.fileName().toLower();
  if (name.endsWith(QLatin1String(".yaml")) || name.endsWith(QLatin1String(".yml")))
    return PathKind::Config;
  if (name.endsWith(QLatin1String(".json"))) return PathKind::Arch;
  if (name.endsWith(QLatin1String(".pth")) || name.endsWith(QLatin1String(".pth.tar")) ||
      name.endsWith(QLatin1String(".pt")))
    return PathKind::Checkpoint;
  return PathKind::Unknown;
}

}  // namespace posescope

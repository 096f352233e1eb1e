#include "widgets/session/folder_stamp.h"

#include <QDir>
#include <QFileInfo>

namespace posescope {

FolderStamp stampFolder(const QString& dir) {
  FolderStamp stamp;
  const QFileInfoList files = QDir(dir).entryInfoList(QDir::Files | QDir::Hidden, QDir::Name);
  stamp.files.reserve(static_cast<std::size_t>(files.size()));
  for (const QFileInfo& file : files)
    stamp.files.push_back({file.fileName(), file.size(), file.lastModified()});
  return stamp;
}

}  // namespace posescope

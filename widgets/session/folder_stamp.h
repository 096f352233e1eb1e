#pragma once
// What a folder's files looked like when it was read (names, sizes, modification times), to tell
// whether a run read before is still what its folder holds without reading it again.

#include <QDateTime>
#include <QString>
#include <vector>

namespace posescope {

struct FolderStamp {
  struct File {
    QString name;
    qint64 size = 0;
    QDateTime modified;
    bool operator==(const File& other) const {
      return name == other.name && size == other.size && modified == other.modified;
    }
  };
  std::vector<File> files;  // sorted by name; empty for a folder that cannot be listed
  bool operator==(const FolderStamp& other) const { return files == other.files; }
  bool operator!=(const FolderStamp& other) const { return !(*this == other); }
};

/// The stamp of the files directly in `dir` (not its subfolders); lists the folder, so off the
/// GUI thread. Never fails: an unreadable folder gives an empty stamp.
FolderStamp stampFolder(const QString& dir);

}  // namespace posescope

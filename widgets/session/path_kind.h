#pragma once
// What a path opened or dropped on the window is: a setup file, a dataset or a run folder.

#include <QString>

namespace posescope {

/// How a dropped or opened path is used.
enum class PathKind { Config, Arch, Checkpoint, RunFolder, DatasetRoot, Unknown };

/// Classifies `path` by suffix (files) or content (folders: run.json makes a run folder); reads
/// no file. Never fails.
PathKind classifyPath(const QString& path);

}  // namespace posescope

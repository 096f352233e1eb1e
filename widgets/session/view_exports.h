#pragma once
// The exports of a view (the images a query keeps): their ids as text, and their ground truth and
// results as a COCO subset, as `posescope-cli export --what ids|subset --where` writes them.

#include <QString>
#include <cstdint>
#include <set>

namespace posescope {

/// Writes gt.json and results.json of run folder `runDir`'s images `imageIds` into `outDir`
/// (created when missing): the run's annotation file and results.json with only those images'
/// entries, every field kept. Reads the files: call it off the GUI thread. "" on success, else
/// the error naming the file.
QString writeViewSubset(const QString& runDir, const std::set<std::int64_t>& imageIds,
                        const QString& outDir);

/// Writes `imageIds`, one per line in increasing order, to `path` atomically; "" or the error.
QString writeViewImageIds(const std::set<std::int64_t>& imageIds, const QString& path);

}  // namespace posescope

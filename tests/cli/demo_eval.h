#pragma once
// The demo evaluation the sharding suites (tst_cli_shards, tst_slurm) run through posescope-cli:
// whole, as shards and merged, on a dataset they generate.

#include <QString>
#include <QStringList>

#include "cli_runner.h"
#include "test_files.h"

namespace posescope::test {

/// The files of a run folder that a merge of its shards must reproduce byte for byte.
inline const char* const kMergedRunFiles[] = {"results.json", "metrics.json", "metrics.md",
                                              "image_eval.jsonl", "analysis.json"};

/// A CLI run's exit code and output, for a failure message.
inline QString explain(const CliRun& r) {
  return QString("exit %1\nstdout: %2\nstderr: %3").arg(r.exitCode).arg(r.out, r.err);
}

/// make-dataset: `images` generated images of val2017 (seed 1) in `dataRoot`.
inline CliRun makeDemoDataset(const QString& dataRoot, int images) {
  return runCli({"make-dataset", "--out", dataRoot, "--images", QString::number(images), "--split",
                 "val2017", "--seed", "1"});
}

/// eval's arguments after `--out`: the demo model on `dataRoot` on one CPU thread and one worker,
/// with `extra` options and overrides before the dataset's and checkpoint's overrides.
inline QStringList demoEvalArguments(const QString& dataRoot, const QStringList& extra = {}) {
  QStringList args = {"--quiet",
                      "--device",
                      "cpu",
                      "--threads",
                      "1",
                      "--workers",
                      "1",
                      "--cfg",
                      repoFile("configs/demo/demo.yaml"),
                      "--superconfig",
                      repoFile("configs/demo/demo-arch.json")};
  args << extra << "DATASET.ROOT" << dataRoot << "TEST.MODEL_FILE"
       << repoFile("resources/demo/demo_litepose.pth");
  return args;
}

}  // namespace posescope::test

#pragma once
// Scored candidates made up for tests of what a search folder hands out (the Pareto front, its
// CSV and JSON): distinct archs with the accuracy and cost a test chooses.

#include <cstdint>

#include "search/search_folder.h"

namespace posescope::test {

/// A one-stage arch told apart by `inputChannel` (its key differs for each), scored `accuracy`
/// at `macs` ptflops multiply-adds; parameters 1000 + inputChannel, generation inputChannel % 3.
inline search::CandidateScore scoredCandidate(int inputChannel, double accuracy, std::int64_t macs,
                                              double latencyMs = -1) {
  search::CandidateScore c;
  c.arch.inputChannel = inputChannel;
  c.arch.deconvSetting = {24, 24};
  c.arch.backbone = {ArchStage{1, 2, 16, {{6, 7}}}};
  c.accuracy = accuracy;
  c.cost.ptflopsMacs = macs;
  c.cost.parameters = 1000 + inputChannel;
  c.latencyMs = latencyMs;
  c.generation = inputChannel % 3;
  return c;
}

}  // namespace posescope::test

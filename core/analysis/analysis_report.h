#pragma once
// The analysis as a report a person reads in a terminal: AP if fixed, background errors, joint
// labels per joint, the worst images.

#include <string>

#include "analysis/image_ranking.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"

namespace posescope {

/// What the report names as its inputs.
struct AnalysisReportContext {
  std::string groundTruth;  // file or run folder shown in the header
  std::string results;
  std::size_t worstImages = 10;  // rows of the worst-image table
  /// The images worst first (image_ranking.h) in `order`; the table shows the first
  /// worstImages. When they could not be ranked, `rankingNote` says why instead.
  std::vector<RankedImage> ranked;
  ImageOrder order = ImageOrder::ApLost;
  std::string rankingNote;
  /// Where the sigmas of a layout other than COCO's or CrowdPose's come from (KeypointLayout::
  /// sigmasFrom); empty for those two, whose sigmas are compared with valid.py's.
  std::string sigmasFrom;
};

/// Plain-text report (fixed-width columns); never fails.
std::string formatAnalysisReport(const KeypointAnalysis& analysis, const Triage& triage,
                                 const AnalysisReportContext& context);

}  // namespace posescope

#include "analysis/analysis_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <unordered_map>

#include "analysis/error_profile_comparison.h"
#include "common/number_text.h"
#include "eval/eval_params.h"

namespace posescope {

namespace {

std::string fixed3(double v) {
  return v <= -1 ? "    -" : fixedText(v, 3);  // five characters either way, for v in [0, 10)
}

std::string padRight(const std::string& s, std::size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

std::string padLeft(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

double apAt(const KeypointAnalysis& a, ErrorType e, const std::string& area, double oks) {
  for (std::size_t t = 0; t < a.params.eval.iouThrs.size(); ++t) {
    if (std::abs(a.params.eval.iouThrs[t] - oks) < 1e-9) {
      const ApIfFixed* f = a.find(e, area, t);
      return f ? f->ap : -1;
    }
  }
  return -1;
}

const char* rowName(ErrorType e) {
  switch (e) {
    case ErrorType::Baseline:
      return "baseline";
    case ErrorType::Miss:
      return "misses fixed";
    case ErrorType::Swap:
      return "swaps fixed";
    case ErrorType::Inversion:
      return "inversions fixed";
    case ErrorType::Jitter:
      return "jitter fixed";
    case ErrorType::Score:
      return "optimal scores";
    case ErrorType::BackgroundFP:
      return "background FP removed";
    case ErrorType::FalseNeg:
      return "+ false negatives removed";
  }
  return "";
}

}  // namespace

std::string formatAnalysisReport(const KeypointAnalysis& analysis, const Triage& triage,
                                 const AnalysisReportContext& context) {
  const AnalysisParams& p = analysis.params;
  std::ostringstream out;
  std::size_t localised = 0;
  for (const auto& d : analysis.detections) localised += d.gtId.has_value();
  out << "Keypoint error analysis (Ronchi & Perona, ICCV 2017; coco-analyze's definitions)\n";
  out << "  ground truth  " << context.groundTruth << " (" << variantName(p.eval.variant) << ", "
      << p.numJoints() << " joints"
      << (context.sigmasFrom.empty() ? "" : ", sigmas from " + context.sigmasFrom) << ")\n";
  out << "  results       " << context.results << " (" << analysis.detections.size()
      << " detections, " << localised << " localised at OKS " << p.localizationOks << ")\n";
  AnalysisParams defaults = analysisParamsFor(p.eval.variant);
  if (!context.sigmasFrom.empty()) defaults.eval.sigmas = p.eval.sigmas;  // the layout's own
  const auto changed = differencesFrom(p.eval, defaults.eval);
  out << "  settings      area 'all' from 32², maxDets " << p.eval.maxDets << ", jitter band ["
      << p.jitterLow << ", " << p.jitterHigh << ")";
  for (const auto& c : changed) out << "; " << c;
  out << "\n";
  if (!p.inversionsComputed()) {
    out << "  inversions    not computed: the skeleton's left/right pairs are unknown\n";
  }

  out << "\nAP if fixed            all: OKS .50   .75   mean    medium: mean   large: mean\n";
  for (ErrorType e :
       {ErrorType::Baseline, ErrorType::Miss, ErrorType::Swap, ErrorType::Inversion,
        ErrorType::Jitter, ErrorType::Score, ErrorType::BackgroundFP, ErrorType::FalseNeg}) {
    if (!analysis.find(e, "all", 0)) continue;
    out << "  " << padRight(rowName(e), 26) << fixed3(apAt(analysis, e, "all", .5)) << " "
        << fixed3(apAt(analysis, e, "all", .75)) << "  "
        << fixed3(meanApIfFixed(analysis, e, "all")) << "         "
        << fixed3(meanApIfFixed(analysis, e, "medium")) << "         "
        << fixed3(meanApIfFixed(analysis, e, "large")) << "\n";
  }
  out << "  (each keypoint error type and the scores fixed alone; background false positives\n"
         "   removed from the baseline, then false negatives too)\n";

  if (!analysis.background.empty()) {
    const BackgroundCounts& c = analysis.background.front();
    out << "\nBackground errors at OKS " << c.oks
        << " (after fixing keypoints and scores): " << c.falsePositives.size()
        << " false positives, " << c.falseNegatives.size() << " false negatives\n";
  }

  out << "\nJoint labels of the localised detections\n  " << padRight("joint", 16);
  for (JointLabel l : kJointLabels) out << padLeft(jointLabelName(l), 11);
  out << "\n";
  std::vector<std::size_t> total(std::size(kJointLabels), 0);
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k) {
    const std::string name = k < analysis.jointNames.size() ? analysis.jointNames[k] : "";
    out << "  " << padRight(name.empty() ? std::to_string(k) : name, 16);
    for (std::size_t l = 0; l < total.size(); ++l) {
      out << padLeft(std::to_string(analysis.jointCounts[k][l]), 11);
      total[l] += analysis.jointCounts[k][l];
    }
    out << "\n";
  }
  out << "  " << padRight("all joints", 16);
  for (std::size_t t : total) out << padLeft(std::to_string(t), 11);
  out << "\n";

  if (context.worstImages == 0) return out.str();
  if (!context.rankingNote.empty()) {
    out << "\nWorst images: " << context.rankingNote << "\n";
    return out.str();
  }
  std::unordered_map<std::int64_t, const ImageTriage*> triageOf;
  for (const ImageTriage& i : triage.images) triageOf[i.imageId] = &i;
  const std::string key = imageOrderName(context.order);
  out << "\nWorst images by " << key
      << (context.order == ImageOrder::ApLost
              ? " (how much higher the dataset's AP is without the image)\n"
              : " (the image's own AP, lowest first)\n")
      << "  image id      AP lost  image AP  people  detections  loc. OKS  swaps  inversions  "
         "misses  jitters  background FP  missed\n";
  std::size_t shown = 0;
  for (const RankedImage& r : context.ranked) {
    if (shown++ == context.worstImages) break;
    const auto found = triageOf.find(r.imageId);
    const ImageTriage none;
    const ImageTriage& i = found == triageOf.end() ? none : *found->second;
    out << "  " << padRight(std::to_string(r.imageId), 12)
        << padLeft(fixedText(r.apLost, 5, true), 9) << padLeft(fixed3(r.imageAp), 10)
        << padLeft(std::to_string(i.people), 8) << padLeft(std::to_string(i.detections), 12)
        << padLeft(fixed3(i.localisedOks), 10) << padLeft(std::to_string(i.swaps), 7)
        << padLeft(std::to_string(i.inversions), 12) << padLeft(std::to_string(i.misses), 8)
        << padLeft(std::to_string(i.jitters), 9)
        << padLeft(std::to_string(i.backgroundFalsePositives), 15)
        << padLeft(std::to_string(i.missedPeople), 8) << "\n";
  }
  return out.str();
}

}  // namespace posescope

#include "analysis/triage.h"

#include <algorithm>
#include <unordered_map>

#include "eval/image_matching.h"
#include "eval/oks.h"

namespace posescope {

namespace {

TriageDetection describe(const DetectionAnalysis& d) {
  TriageDetection t;
  t.index = d.index;
  t.imageId = d.imageId;
  t.gtId = d.gtId;
  t.score = d.score;
  t.oks = d.gtId ? d.oks : 0;
  for (JointLabel l : d.joints) {
    t.swaps += l == JointLabel::Swap;
    t.inversions += l == JointLabel::Inversion;
    t.misses += l == JointLabel::Miss;
    t.jitters += l == JointLabel::Jitter;
  }
  return t;
}

}  // namespace

Triage buildTriage(const KeypointAnalysis& analysis, const KeypointGroundTruth& gt) {
  Triage out;
  std::unordered_map<std::int64_t, const GroundTruthPerson*> people;
  for (const auto& p : gt.annotations) people[p.id] = &p;
  std::unordered_map<std::int64_t, std::size_t> imageRow;
  std::vector<std::int64_t> ids;
  for (const auto& image : gt.images) ids.push_back(image.id);
  std::sort(ids.begin(), ids.end());
  for (std::int64_t id : ids) {
    imageRow[id] = out.images.size();
    ImageTriage row;
    row.imageId = id;
    out.images.push_back(row);
  }
  auto labelled = [](const GroundTruthPerson& p) { return !isIgnoredPerson(p); };
  for (const auto& p : gt.annotations) {
    const auto row = imageRow.find(p.imageId);
    if (row != imageRow.end() && labelled(p)) ++out.images[row->second].people;
  }

  std::vector<double> oksSum(out.images.size(), 0);
  std::vector<int> oksCount(out.images.size(), 0);
  for (const DetectionAnalysis& d : analysis.detections) {
    const TriageDetection t = describe(d);
    ImageTriage& image = out.images[imageRow.at(d.imageId)];
    ++image.detections;
    image.swaps += t.swaps;
    image.inversions += t.inversions;
    image.misses += t.misses;
    image.jitters += t.jitters;
    if (!d.gtId) continue;
    const GroundTruthPerson& person = *people.at(*d.gtId);
    if (!labelled(person)) continue;
    out.worstOks.push_back(t);
    oksSum[imageRow.at(d.imageId)] += d.oks;
    ++oksCount[imageRow.at(d.imageId)];
    if (t.swaps > 0) out.swaps.push_back(t);
    if (t.inversions > 0) out.inversions.push_back(t);
  }
  for (std::size_t i = 0; i < out.images.size(); ++i) {
    if (oksCount[i] > 0) out.images[i].localisedOks = oksSum[i] / oksCount[i];
  }

  if (!analysis.background.empty()) {
    const BackgroundCounts& lowest = analysis.background.front();
    for (std::size_t index : lowest.falsePositives) {
      const TriageDetection t = describe(analysis.detections[index]);
      out.highScoreFalsePositives.push_back(t);
      ++out.images[imageRow.at(t.imageId)].backgroundFalsePositives;
    }
    for (std::int64_t id : lowest.falseNegatives) {
      const GroundTruthPerson& p = *people.at(id);
      if (!labelled(p)) continue;  // crowd regions and unlabelled people are nobody to find
      MissedPerson m;
      m.gtId = id;
      m.imageId = p.imageId;
      m.area = groundTruthArea(p, analysis.params.eval.variant);
      for (std::size_t k = 2; k < p.keypoints.size(); k += 3)
        m.labelledJoints += p.keypoints[k] > 0;
      out.missedPeople.push_back(m);
      ++out.images[imageRow.at(p.imageId)].missedPeople;
    }
  }

  // Stable sorts on lists built in file order, so ties keep the results file's order.
  std::stable_sort(out.worstOks.begin(), out.worstOks.end(),
                   [](const auto& a, const auto& b) { return a.oks < b.oks; });
  std::stable_sort(out.highScoreFalsePositives.begin(), out.highScoreFalsePositives.end(),
                   [](const auto& a, const auto& b) { return a.score > b.score; });
  std::stable_sort(out.missedPeople.begin(), out.missedPeople.end(),
                   [](const auto& a, const auto& b) { return a.area > b.area; });
  std::stable_sort(out.swaps.begin(), out.swaps.end(),
                   [](const auto& a, const auto& b) { return a.swaps > b.swaps; });
  std::stable_sort(out.inversions.begin(), out.inversions.end(),
                   [](const auto& a, const auto& b) { return a.inversions > b.inversions; });
  return out;
}

}  // namespace posescope

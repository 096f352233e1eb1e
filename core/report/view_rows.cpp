#include "report/view_rows.h"

#include <unordered_map>
#include <unordered_set>

#include "eval/oks.h"

namespace posescope {

namespace {

int labelledJoints(const GroundTruthPerson& person) {
  int labelled = 0;
  for (std::size_t k = 2; k < person.keypoints.size(); k += 3) labelled += person.keypoints[k] > 0;
  return labelled;
}

double personArea(const GroundTruthPerson& person) {
  return person.area ? *person.area : person.bbox[2] * person.bbox[3];
}

void countLabels(const DetectionAnalysis& detection, ViewPerson& person) {
  for (JointLabel label : detection.joints) {
    person.jitters += label == JointLabel::Jitter;
    person.inversions += label == JointLabel::Inversion;
    person.swaps += label == JointLabel::Swap;
    person.misses += label == JointLabel::Miss;
  }
}

}  // namespace

std::vector<ViewImage> viewImagesOf(const std::vector<PerImageRow>& rows,
                                    const KeypointGroundTruth& gt,
                                    const std::vector<KeypointDetection>& results,
                                    const KeypointAnalysis& analysis) {
  std::unordered_map<std::int64_t, const GroundTruthPerson*> personById;
  std::unordered_map<std::int64_t, std::vector<const GroundTruthPerson*>> peopleByImage;
  for (const GroundTruthPerson& person : gt.annotations) {
    personById[person.id] = &person;
    peopleByImage[person.imageId].push_back(&person);
  }
  std::unordered_map<std::int64_t, std::vector<const DetectionAnalysis*>> detectionsByImage;
  std::unordered_set<std::int64_t> matchedPeople;
  for (const DetectionAnalysis& detection : analysis.detections) {
    detectionsByImage[detection.imageId].push_back(&detection);
    if (detection.gtId) matchedPeople.insert(*detection.gtId);
  }

  std::vector<ViewImage> images;
  images.reserve(rows.size());
  for (const PerImageRow& row : rows) {
    ViewImage image;
    image.id = row.imageId;
    image.file = row.file;
    image.predicted = static_cast<int>(row.people);
    image.ap = row.ap;
    image.oks = row.meanOks;
    image.failed = !row.error.empty();
    image.failure = row.error;
    const auto people = peopleByImage.find(row.imageId);
    if (people != peopleByImage.end())
      for (const GroundTruthPerson* person : people->second) {
        image.crowd = image.crowd || person->isCrowd;
        image.people += !person->isCrowd && labelledJoints(*person) > 0;
      }
    // The evaluation's count when the run has one (it is what the per-image table shows).
    if (row.groundTruthPeople >= 0) image.people = row.groundTruthPeople;
    const auto detections = detectionsByImage.find(row.imageId);
    if (detections != detectionsByImage.end())
      for (const DetectionAnalysis* detection : detections->second) {
        ViewPerson person;
        person.detectionIndex = detection->index;
        person.score = detection->score;
        const auto matched = detection->gtId ? personById.find(*detection->gtId) : personById.end();
        if (matched != personById.end()) {
          const GroundTruthPerson& truth = *matched->second;
          person.match = detection->onCrowd ? "crowd" : "matched";
          person.groundTruthId = truth.id;
          person.area = personArea(truth);
          person.visible = labelledJoints(truth);
          person.oks = detection->oks;
          countLabels(*detection, person);
        } else {
          person.match = "background";
          if (detection->index < results.size())
            person.area = detectionArea(results[detection->index]);
        }
        image.persons.push_back(std::move(person));
      }
    if (people != peopleByImage.end())
      for (const GroundTruthPerson* truth : people->second) {
        if (truth->isCrowd || labelledJoints(*truth) == 0 || matchedPeople.count(truth->id))
          continue;
        ViewPerson person;
        person.match = "missed";
        person.groundTruthId = truth->id;
        person.area = personArea(*truth);
        person.visible = labelledJoints(*truth);
        image.persons.push_back(std::move(person));
      }
    images.push_back(std::move(image));
  }
  return images;
}

}  // namespace posescope

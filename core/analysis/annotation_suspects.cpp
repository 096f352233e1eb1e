#include "analysis/annotation_suspects.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "analysis/dataset_health.h"
#include "common/printed_text.h"
#include "eval/labelled_joints.h"
#include "eval/oks.h"

namespace posescope {

namespace {

std::string jointName(const KeypointLayout& layout, std::size_t k) {
  const auto& names = layout.skeleton.joints;
  return k < names.size() ? names[k] : "joint " + std::to_string(k + 1);
}

// OKS's term for joint k: exp(-d² / (2 (2σ_k)² (area + eps))), as computeOksMatrix sums them.
double jointSimilarity(const KeypointDetection& d, const GroundTruthPerson& g, std::size_t k,
                       const EvalParams& params) {
  const double dx = d.keypoints[3 * k] - g.keypoints[3 * k];
  const double dy = d.keypoints[3 * k + 1] - g.keypoints[3 * k + 1];
  const double twice = params.sigmas[k] * 2;
  const double scale = groundTruthArea(g, params.variant) + std::numeric_limits<double>::epsilon();
  return std::exp(-(dx * dx + dy * dy) / (twice * twice) / scale / 2);
}

// `g` with every joint taking its mirror's place (x, y and visibility).
GroundTruthPerson flipped(const GroundTruthPerson& g, const std::vector<int>& flipIndex) {
  GroundTruthPerson f = g;
  for (std::size_t k = 0; k < flipIndex.size(); ++k)
    for (int c = 0; c < 3; ++c)
      f.keypoints[3 * k + c] = g.keypoints[3 * static_cast<std::size_t>(flipIndex[k]) + c];
  return f;
}

// Labelled joints whose mirror is another joint, labelled too, at another place: what a swap
// changes.
std::size_t mirroredLabelledJoints(const GroundTruthPerson& g, const std::vector<int>& flipIndex) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < flipIndex.size(); ++k) {
    const auto m = static_cast<std::size_t>(flipIndex[k]);
    if (m != k && jointLabelled(g.keypoints, k) && jointLabelled(g.keypoints, m)) ++n;
  }
  return n;
}

// A prediction as a ground-truth person (every joint labelled, its keypoints' box and area): to
// ask whether two predictions are of one person.
GroundTruthPerson asPerson(const KeypointDetection& d) {
  GroundTruthPerson p;
  p.imageId = d.imageId;
  p.categoryId = d.categoryId;
  p.keypoints = d.keypoints;
  double x0 = d.keypoints[0], x1 = x0, y0 = d.keypoints[1], y1 = y0;
  for (std::size_t k = 0; 3 * k + 2 < p.keypoints.size(); ++k) {
    p.keypoints[3 * k + 2] = 2;
    x0 = std::min(x0, d.keypoints[3 * k]);
    x1 = std::max(x1, d.keypoints[3 * k]);
    y0 = std::min(y0, d.keypoints[3 * k + 1]);
    y1 = std::max(y1, d.keypoints[3 * k + 1]);
  }
  p.bbox = {x0, y0, x1 - x0, y1 - y0};
  p.area = detectionArea(d);
  p.numKeypoints = static_cast<double>(p.keypoints.size()) / 3;
  return p;
}

bool insideAnyCrowd(const KeypointDetection& d,
                    const std::vector<const GroundTruthPerson*>& crowds) {
  const GroundTruthPerson p = asPerson(d);
  const double cx = p.bbox[0] + p.bbox[2] / 2, cy = p.bbox[1] + p.bbox[3] / 2;
  return std::any_of(crowds.begin(), crowds.end(), [cx, cy](const GroundTruthPerson* c) {
    return cx >= c->bbox[0] && cx <= c->bbox[0] + c->bbox[2] && cy >= c->bbox[1] &&
           cy <= c->bbox[1] + c->bbox[3];
  });
}

double distance(const std::vector<double>& keypoints, int a, int b) {
  const auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
  return std::hypot(keypoints[3 * i] - keypoints[3 * j],
                    keypoints[3 * i + 1] - keypoints[3 * j + 1]);
}

// What the ground truth says of its own limbs: each limb's median length over sqrt(area), and
// each limb's mirror (the limb joining the joints' mirrors; -1 for none or itself).
struct LimbNorms {
  std::vector<std::pair<int, int>> limbs;
  std::vector<double> medianLength;  // 0 where no person has the limb labelled
  std::vector<int> mirror;
};

LimbNorms limbNorms(const KeypointGroundTruth& gt, const KeypointLayout& layout,
                    const std::set<std::int64_t>& categories, EvalVariant variant) {
  LimbNorms norms;
  norms.limbs = layout.skeleton.limbs;
  const std::vector<int>& flip = layout.skeleton.flipIndex;
  for (const auto& [a, b] : norms.limbs) {
    int found = -1;
    if (!flip.empty()) {
      const int ma = flip[static_cast<std::size_t>(a)], mb = flip[static_cast<std::size_t>(b)];
      for (std::size_t l = 0; l < norms.limbs.size(); ++l) {
        const auto& [c, d] = norms.limbs[l];
        const bool same = (c == a && d == b) || (c == b && d == a);
        if (!same && ((c == ma && d == mb) || (c == mb && d == ma))) found = static_cast<int>(l);
      }
    }
    norms.mirror.push_back(found);
    std::vector<double> lengths;
    for (const GroundTruthPerson& p : gt.annotations) {
      const double area = groundTruthArea(p, variant);
      if (p.isCrowd || !categories.count(p.categoryId) || !(area > 0)) continue;
      if (jointLabelled(p.keypoints, static_cast<std::size_t>(a)) &&
          jointLabelled(p.keypoints, static_cast<std::size_t>(b)))
        lengths.push_back(distance(p.keypoints, a, b) / std::sqrt(area));
    }
    double median = 0;
    if (!lengths.empty()) {
      auto middle = lengths.begin() + static_cast<std::ptrdiff_t>(lengths.size() / 2);
      std::nth_element(lengths.begin(), middle, lengths.end());
      median = *middle;
    }
    norms.medianLength.push_back(median);
  }
  return norms;
}

// How much less plausible the annotation `g`'s limbs at joint k are than prediction `p`'s, the
// most telling of the limbs at k: a limb's length against its mirror's (|log| of the ratio), or
// against the ground truth's median for that limb; the annotation's less the prediction's. A
// model's own mistake makes its limbs odd, an annotation's error the annotation's. NaN when no
// limb at k can be judged (its other joint, or its mirror's, unlabelled).
double displacedEvidence(const GroundTruthPerson& g, const KeypointDetection& p, std::size_t k,
                         const LimbNorms& norms, double area) {
  constexpr double kTiny = 1e-6;  // a limb of zero length stays finite
  double best = std::numeric_limits<double>::quiet_NaN();
  const auto keep = [&best](double v) {
    if (std::isnan(best) || v > best) best = v;
  };
  const double scale = std::sqrt(area);
  for (std::size_t l = 0; l < norms.limbs.size(); ++l) {
    const auto [a, b] = norms.limbs[l];
    if (static_cast<std::size_t>(a) != k && static_cast<std::size_t>(b) != k) continue;
    if (!jointLabelled(g.keypoints, static_cast<std::size_t>(a)) ||
        !jointLabelled(g.keypoints, static_cast<std::size_t>(b)))
      continue;
    const double annotated = distance(g.keypoints, a, b) + kTiny;
    const double predicted = distance(p.keypoints, a, b) + kTiny;
    if (norms.medianLength[l] > 0 && scale > 0) {
      const double typical = norms.medianLength[l] * scale;
      keep(std::abs(std::log(annotated / typical)) - std::abs(std::log(predicted / typical)));
    }
    const int m = norms.mirror[l];
    if (m < 0) continue;
    const auto [c, d] = norms.limbs[static_cast<std::size_t>(m)];
    if (!jointLabelled(g.keypoints, static_cast<std::size_t>(c)) ||
        !jointLabelled(g.keypoints, static_cast<std::size_t>(d)))
      continue;
    keep(std::abs(std::log(annotated / (distance(g.keypoints, c, d) + kTiny))) -
         std::abs(std::log(predicted / (distance(p.keypoints, c, d) + kTiny))));
  }
  return best;
}

std::string keyOf(const AnnotationSuspect& s, const KeypointLayout& layout) {
  const std::string kind = suspectKindKey(s.kind);
  switch (s.kind) {
    case SuspectKind::DisplacedJoint: {
      const auto& names = layout.skeleton.joints;
      const auto k = static_cast<std::size_t>(s.joint);
      return kind + "/" + std::to_string(s.annotationId) + "/" +
             (k < names.size() ? names[k] : std::to_string(s.joint + 1));
    }
    case SuspectKind::UnannotatedPerson:
      return kind + "/" + std::to_string(s.imageId) + "/" + std::to_string(s.detection);
    case SuspectKind::SwappedLeftRight:
    case SuspectKind::Duplicate:
      break;
  }
  return kind + "/" + std::to_string(s.annotationId);
}

// COCO's share of joints with a mirror (12 of 17), at which swapMinGain applies whole.
constexpr double kCocoMirroredShare = 12.0 / 17.0;

// One image's people and predictions, and the suspects they give.
class ImageSuspects {
 public:
  ImageSuspects(const KeypointLayout& layout, const EvalParams& params, const LimbNorms& norms,
                const SuspectThresholds& thresholds, const std::vector<KeypointDetection>& results)
      : layout_(layout), params_(params), norms_(norms), t_(thresholds), results_(results) {
    // 4 joints with a labelled mirror, or all of a skeleton with fewer (one pair of paws).
    std::size_t mirrored = 0;
    const std::vector<int>& flip = layout.skeleton.flipIndex;
    for (std::size_t k = 0; k < flip.size(); ++k)
      mirrored += static_cast<std::size_t>(flip[k]) != k;
    swapMinMirrored_ = std::min<std::size_t>(4, std::max<std::size_t>(2, mirrored));
    // A swap moves only the mirrored joints: with fewer of them than COCO's 12 of 17 it can
    // change the OKS less, and the gain asked for shrinks with their share.
    const double share = flip.empty() ? 1 : static_cast<double>(mirrored) / flip.size();
    swapMinGain_ = thresholds.swapMinGain * std::min(1.0, share / kCocoMirroredShare);
  }

  void add(const GroundTruthPerson& p) { (p.isCrowd ? crowds_ : people_).push_back(&p); }
  void addPrediction(long index) { predictions_.push_back(index); }

  void find(std::vector<AnnotationSuspect>& out) {
    std::vector<const KeypointDetection*> dts;
    for (long i : predictions_) dts.push_back(&results_[static_cast<std::size_t>(i)]);
    oks_ = computeOksMatrix(people_, dts, params_);
    std::set<const GroundTruthPerson*> swapped;
    if (!layout_.skeleton.flipIndex.empty())
      for (const GroundTruthPerson* g : people_)
        if (findSwap(*g, out)) swapped.insert(g);
    for (const GroundTruthPerson* g : people_)
      if (!swapped.count(g)) findDisplacedJoint(*g, out);
    findUnannotated(out);
  }

 private:
  double oks(std::size_t d, std::size_t g) const { return oks_[d * people_.size() + g]; }
  std::size_t indexOf(const GroundTruthPerson& g) const {
    return static_cast<std::size_t>(std::find(people_.begin(), people_.end(), &g) -
                                    people_.begin());
  }
  const KeypointDetection& prediction(std::size_t d) const {
    return results_[static_cast<std::size_t>(predictions_[d])];
  }

  bool findSwap(const GroundTruthPerson& g, std::vector<AnnotationSuspect>& out) const {
    const std::vector<int>& flipIndex = layout_.skeleton.flipIndex;
    const std::size_t pairs = mirroredLabelledJoints(g, flipIndex);
    if (labelledJoints(g.keypoints) == 0 || g.numKeypoints <= 0 || pairs < swapMinMirrored_)
      return false;
    const GroundTruthPerson f = flipped(g, flipIndex);
    const std::size_t gi = indexOf(g);
    std::vector<const KeypointDetection*> dts;
    for (std::size_t d = 0; d < predictions_.size(); ++d) dts.push_back(&prediction(d));
    const std::vector<double> flippedOks = computeOksMatrix({&f}, dts, params_);
    long best = -1;
    for (std::size_t d = 0; d < predictions_.size(); ++d) {
      if (prediction(d).score < t_.minScore) continue;
      if (best < 0 || flippedOks[d] > flippedOks[static_cast<std::size_t>(best)])
        best = static_cast<long>(d);
    }
    if (best < 0) return false;
    const auto d = static_cast<std::size_t>(best);
    const double asIs = oks(d, gi), flip = flippedOks[d];
    if (flip < t_.swapMinOks || flip - asIs < swapMinGain_) return false;
    // The prediction is this person's, not a neighbour's it fits better.
    for (std::size_t o = 0; o < people_.size(); ++o)
      if (o != gi && oks(d, o) >= flip) return false;
    AnnotationSuspect s;
    s.kind = SuspectKind::SwappedLeftRight;
    s.imageId = g.imageId;
    s.annotationId = g.id;
    s.detection = predictions_[d];
    s.strength = flip - asIs;
    s.evidence = printedText(
                     "prediction %.0f (score %.2f): OKS %.3f as annotated, %.3f with left and "
                     "right swapped",
                     static_cast<double>(s.detection), prediction(d).score, asIs, flip) +
                 " (" + std::to_string(pairs) + " joints with a labelled mirror)";
    s.fix = "swap every left and right joint";
    s.fixedKeypoints = f.keypoints;
    out.push_back(std::move(s));
    return true;
  }

  void findDisplacedJoint(const GroundTruthPerson& g, std::vector<AnnotationSuspect>& out) const {
    const std::size_t joints = labelledJoints(g.keypoints);
    if (g.numKeypoints <= 0 || joints < static_cast<std::size_t>(t_.displacedMinJoints)) return;
    const std::size_t gi = indexOf(g);
    long best = -1;
    for (std::size_t d = 0; d < predictions_.size(); ++d) {
      if (prediction(d).score < t_.minScore) continue;
      if (best < 0 || oks(d, gi) > oks(static_cast<std::size_t>(best), gi))
        best = static_cast<long>(d);
    }
    if (best < 0) return;
    const KeypointDetection& d = prediction(static_cast<std::size_t>(best));
    std::vector<double> similarity(params_.sigmas.size(), -1);
    double sum = 0;
    for (std::size_t k = 0; k < similarity.size(); ++k) {
      if (!jointLabelled(g.keypoints, k)) continue;
      similarity[k] = jointSimilarity(d, g, k, params_);
      sum += similarity[k];
    }
    // The joint far from a prediction that agrees elsewhere, with the strongest evidence that the
    // annotation, not the model, is off there.
    std::size_t worst = similarity.size();
    double evidence = 0, others = 0;
    const double area = groundTruthArea(g, params_.variant);
    for (std::size_t k = 0; k < similarity.size(); ++k) {
      if (similarity[k] < 0 || similarity[k] > t_.displacedMaxSimilarity) continue;
      const double rest = (sum - similarity[k]) / static_cast<double>(joints - 1);
      if (rest < t_.displacedMinOthers) continue;
      const double e = displacedEvidence(g, d, k, norms_, area);
      if (std::isnan(e) || e < t_.displacedMinEvidence ||
          (worst < similarity.size() && e <= evidence))
        continue;
      worst = k;
      evidence = e;
      others = rest;
    }
    if (worst == similarity.size()) return;
    AnnotationSuspect s;
    s.kind = SuspectKind::DisplacedJoint;
    s.imageId = g.imageId;
    s.annotationId = g.id;
    s.detection = predictions_[static_cast<std::size_t>(best)];
    s.joint = static_cast<int>(worst);
    s.strength = evidence;
    const double x = d.keypoints[3 * worst], y = d.keypoints[3 * worst + 1];
    s.evidence =
        printedText("prediction %.0f (score %.2f): ", static_cast<double>(s.detection), d.score) +
        jointName(layout_, worst) +
        printedText(
            " %.1f px from the annotation (similarity %.3f) while the other %.0f "
            "joints agree (mean similarity %.3f)",
            std::hypot(x - g.keypoints[3 * worst], y - g.keypoints[3 * worst + 1]),
            similarity[worst], static_cast<double>(joints - 1), others) +
        printedText(
            "; its annotated limbs are less plausible than the predicted by %.2f (log ratio)",
            evidence);
    s.fix = "move " + jointName(layout_, worst) + printedText(" to (%.1f, %.1f)", x, y);
    s.fixedKeypoints = g.keypoints;
    s.fixedKeypoints[3 * worst] = x;
    s.fixedKeypoints[3 * worst + 1] = y;
    out.push_back(std::move(s));
  }

  void findUnannotated(std::vector<AnnotationSuspect>& out) const {
    std::vector<std::size_t> order(predictions_.size());
    for (std::size_t d = 0; d < order.size(); ++d) order[d] = d;
    std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
      return prediction(a).score > prediction(b).score;
    });
    std::vector<GroundTruthPerson> found;  // the suspects' predictions, as people
    for (std::size_t d : order) {
      const KeypointDetection& p = prediction(d);
      if (p.score < t_.unannotatedMinScore) break;
      double nearest = 0;
      for (std::size_t g = 0; g < people_.size(); ++g) nearest = std::max(nearest, oks(d, g));
      if (nearest >= t_.unannotatedMaxOks || insideAnyCrowd(p, crowds_)) continue;
      // A second prediction of a person already suspected is not a second person.
      bool again = false;
      for (const GroundTruthPerson& f : found)
        again = again || computeOksMatrix({&f}, {&p}, params_).front() >= 0.5;
      if (again) continue;
      found.push_back(asPerson(p));
      AnnotationSuspect s;
      s.kind = SuspectKind::UnannotatedPerson;
      s.imageId = p.imageId;
      s.detection = predictions_[d];
      s.strength = p.score;
      s.evidence = printedText(
          "prediction %.0f (score %.2f) outside every crowd region; its OKS with "
          "each annotated person of the image is below %.2f (at most %.3f)",
          static_cast<double>(s.detection), p.score, t_.unannotatedMaxOks, nearest);
      s.fix = "add a person with the prediction's joints";
      s.fixedKeypoints = found.back().keypoints;
      out.push_back(std::move(s));
    }
  }

  const KeypointLayout& layout_;
  const EvalParams& params_;
  const LimbNorms& norms_;
  const SuspectThresholds& t_;
  const std::vector<KeypointDetection>& results_;
  std::vector<const GroundTruthPerson*> people_, crowds_;
  std::vector<long> predictions_;
  std::vector<double> oks_;
  std::size_t swapMinMirrored_ = 4;
  double swapMinGain_ = 0;
};

}  // namespace

std::string suspectKindName(SuspectKind kind) {
  switch (kind) {
    case SuspectKind::SwappedLeftRight:
      return "left/right swapped";
    case SuspectKind::UnannotatedPerson:
      return "unannotated person";
    case SuspectKind::DisplacedJoint:
      return "displaced joint";
    case SuspectKind::Duplicate:
      return "duplicate";
  }
  return "unknown";
}

std::string suspectKindKey(SuspectKind kind) {
  switch (kind) {
    case SuspectKind::SwappedLeftRight:
      return "swap";
    case SuspectKind::UnannotatedPerson:
      return "unannotated";
    case SuspectKind::DisplacedJoint:
      return "displaced";
    case SuspectKind::Duplicate:
      return "duplicate";
  }
  return "unknown";
}

std::vector<std::size_t> AnnotationSuspects::counts() const {
  std::vector<std::size_t> n(std::size(kSuspectKinds), 0);
  for (const AnnotationSuspect& s : suspects) ++n[static_cast<std::size_t>(s.kind)];
  return n;
}

AnnotationSuspects findAnnotationSuspects(const KeypointGroundTruth& gt,
                                          const std::vector<KeypointDetection>& results,
                                          const KeypointLayout& layout,
                                          const SuspectThresholds& thresholds) {
  AnnotationSuspects found;
  found.swapsComputed = !layout.skeleton.flipIndex.empty();
  const EvalParams params = evalParamsFor(layout);
  const std::set<std::int64_t> categories(layout.categoryIds.begin(), layout.categoryIds.end());
  const LimbNorms norms = limbNorms(gt, layout, categories, params.variant);
  std::map<std::int64_t, ImageSuspects> images;
  for (const GroundTruthImage& image : gt.images)
    images.try_emplace(image.id, layout, params, norms, thresholds, results);
  found.images = images.size();
  for (const GroundTruthPerson& p : gt.annotations) {
    const auto image = images.find(p.imageId);
    if (!categories.count(p.categoryId) || image == images.end()) continue;
    image->second.add(p);
    found.people += p.isCrowd ? 0 : 1;
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto image = images.find(results[i].imageId);
    if (!categories.count(results[i].categoryId) || image == images.end()) continue;
    image->second.addPrediction(static_cast<long>(i));
    ++found.predictions;
  }
  for (auto& [id, image] : images) image.find(found.suspects);
  // Duplicates are the ground truth's own: two people of one image at OKS >= 0.95 both ways.
  for (const HealthFinding& f : checkDatasetHealth(gt, layout, std::nullopt).findings) {
    if (f.issue != HealthIssue::DuplicatePerson) continue;
    AnnotationSuspect s;
    s.kind = SuspectKind::Duplicate;
    s.imageId = f.imageId;
    s.annotationId = f.otherAnnotationId;
    s.otherAnnotationId = f.annotationId;
    s.strength = 1;
    s.evidence = "annotations " + std::to_string(f.annotationId) + " and " +
                 std::to_string(f.otherAnnotationId) + ": " + f.detail;
    s.fix = "remove annotation " + std::to_string(f.otherAnnotationId);
    found.suspects.push_back(std::move(s));
  }
  for (AnnotationSuspect& s : found.suspects) s.key = keyOf(s, layout);
  std::stable_sort(found.suspects.begin(), found.suspects.end(),
                   [](const AnnotationSuspect& a, const AnnotationSuspect& b) {
                     if (a.kind != b.kind) return a.kind < b.kind;
                     return a.strength > b.strength;
                   });
  return found;
}

namespace {

// "accepted", "rejected", or "-" (not decided).
std::string decisionName(const SuspectDecisions& decisions, const std::string& key) {
  const auto d = decisions.find(key);
  return d == decisions.end() ? "-" : d->second ? "accepted" : "rejected";
}

std::string cell(std::string text) {
  for (char& c : text)
    if (c == '|' || c == '\n') c = ' ';
  return text;
}

}  // namespace

std::string formatSuspectsMarkdown(const AnnotationSuspects& found, const std::string& source,
                                   std::size_t top, const SuspectDecisions& decisions) {
  std::string out = "# Suspected annotation errors: " + cell(source) + "\n\n" +
                    std::to_string(found.images) + " images, " + std::to_string(found.people) +
                    " people, " + std::to_string(found.predictions) + " predictions.\n\n" +
                    "| Kind | Suspects |\n|---|---|\n";
  const std::vector<std::size_t> counts = found.counts();
  for (SuspectKind kind : kSuspectKinds) {
    const bool notComputed = kind == SuspectKind::SwappedLeftRight && !found.swapsComputed;
    out += "| " + suspectKindName(kind) + " | " +
           (notComputed ? std::string("not computed (the skeleton has no flip pairs)")
                        : std::to_string(counts[static_cast<std::size_t>(kind)])) +
           " |\n";
  }
  for (SuspectKind kind : kSuspectKinds) {
    const std::size_t n = counts[static_cast<std::size_t>(kind)];
    if (n == 0 || top == 0) continue;
    out += "\n## " + suspectKindName(kind) +
           "\n\n| Key | Image | Annotation | Evidence | Fix | Decision |\n" +
           "|---|---|---|---|---|---|\n";
    std::size_t listed = 0;
    for (const AnnotationSuspect& s : found.suspects) {
      if (s.kind != kind || listed == top) continue;
      ++listed;
      out += "| " + cell(s.key) + " | " + std::to_string(s.imageId) + " | " +
             (s.annotationId ? std::to_string(s.annotationId) : std::string("-")) + " | " +
             cell(s.evidence) + " | " + cell(s.fix) + " | " + decisionName(decisions, s.key) +
             " |\n";
    }
    if (n > listed) out += "\n(" + std::to_string(n - listed) + " more)\n";
  }
  return out;
}

std::string formatSuspectsJson(const AnnotationSuspects& found, const std::string& source,
                               std::size_t top, const SuspectDecisions& decisions) {
  nlohmann::json counts = nlohmann::json::object();
  const std::vector<std::size_t> n = found.counts();
  for (SuspectKind kind : kSuspectKinds)
    counts[suspectKindKey(kind)] = n[static_cast<std::size_t>(kind)];
  nlohmann::json list = nlohmann::json::array();
  std::vector<std::size_t> listed(n.size(), 0);
  for (const AnnotationSuspect& s : found.suspects) {
    std::size_t& k = listed[static_cast<std::size_t>(s.kind)];
    if (k++ >= top) continue;
    const std::string decision = decisionName(decisions, s.key);
    list.push_back({{"key", s.key},
                    {"kind", suspectKindKey(s.kind)},
                    {"image_id", s.imageId},
                    {"annotation_id", s.annotationId},
                    {"other_annotation_id", s.otherAnnotationId},
                    {"detection", s.detection},
                    {"joint", s.joint},
                    {"strength", s.strength},
                    {"evidence", s.evidence},
                    {"fix", s.fix},
                    {"fixed_keypoints", s.fixedKeypoints},
                    {"decision", decision == "-" ? nlohmann::json() : nlohmann::json(decision)}});
  }
  return nlohmann::json({{"source", source},
                         {"images", found.images},
                         {"people", found.people},
                         {"predictions", found.predictions},
                         {"swaps_computed", found.swapsComputed},
                         {"counts", counts},
                         {"suspects", list}})
             .dump(2) +
         "\n";
}

}  // namespace posescope

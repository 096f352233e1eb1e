#include "analysis/dataset_health.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "common/image_header.h"
#include "common/printed_text.h"
#include "eval/labelled_joints.h"
#include "eval/oks.h"

namespace posescope {

namespace {

constexpr HealthIssue kAllIssues[] = {
    HealthIssue::KeypointOutsideImage, HealthIssue::NumKeypointsMismatch,
    HealthIssue::AreaLargerThanBox,    HealthIssue::JointOutsideBox,
    HealthIssue::ZeroAreaWithJoints,   HealthIssue::DuplicatePerson,
    HealthIssue::PersonInsideCrowd,    HealthIssue::ImageMissing,
    HealthIssue::ImageSizeDiffers};
constexpr double kDuplicateOks = 0.95;
constexpr double kInsideCrowd = 0.9;  // of the person's box inside the crowd region's box

std::string jointName(const KeypointLayout& layout, std::size_t k) {
  const auto& names = layout.skeleton.joints;
  return "joint " + std::to_string(k + 1) + (k < names.size() ? " (" + names[k] + ")" : "");
}

// The fraction of box `a` (x, y, w, h) inside box `b`.
double fractionInside(const std::array<double, 4>& a, const std::array<double, 4>& b) {
  const double w = std::min(a[0] + a[2], b[0] + b[2]) - std::max(a[0], b[0]);
  const double h = std::min(a[1] + a[3], b[1] + b[3]) - std::max(a[1], b[1]);
  const double area = a[2] * a[3];
  return w > 0 && h > 0 && area > 0 ? w * h / area : 0;
}

// Whether the header of `file` is read (PNG and JPEG), or the file is missing or empty: a file of
// another format (WebP, BMP, ...) that is there is not judged.
bool readsHeaderOf(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec) || std::filesystem::file_size(file, ec) == 0) return true;
  std::string extension = file.extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".png" || extension == ".jpg" || extension == ".jpeg";
}

// The checks of one person on its own.
void checkPerson(const GroundTruthPerson& p, const GroundTruthImage* image,
                 const KeypointLayout& layout, std::vector<HealthFinding>& out) {
  const auto add = [&](HealthIssue issue, std::string detail) {
    out.push_back({issue, p.imageId, p.id, 0, std::move(detail)});
  };
  const std::size_t joints = p.keypoints.size() / 3;
  const std::size_t count = labelledJoints(p.keypoints);
  if (image && image->width > 0 && image->height > 0) {
    for (std::size_t k = 0; k < joints; ++k) {
      const double x = p.keypoints[3 * k], y = p.keypoints[3 * k + 1];
      if (jointLabelled(p.keypoints, k) &&
          (x < 0 || y < 0 || x >= image->width || y >= image->height))
        add(HealthIssue::KeypointOutsideImage,
            jointName(layout, k) +
                printedText(" at (%.1f, %.1f) in %.0f x %.0f", x, y, image->width, image->height));
    }
  }
  if (static_cast<double>(count) != p.numKeypoints)
    add(HealthIssue::NumKeypointsMismatch,
        printedText("num_keypoints %.0f, %.0f joints labelled", p.numKeypoints, double(count)));
  const double boxArea = p.bbox[2] * p.bbox[3];
  if (p.area && *p.area > boxArea * 1.01 + 1)
    add(HealthIssue::AreaLargerThanBox,
        printedText("area %.1f, bbox %.1f x %.1f = %.1f", *p.area, p.bbox[2], p.bbox[3], boxArea));
  if (count > 0 && boxArea > 0) {
    for (std::size_t k = 0; k < joints; ++k) {
      const double x = p.keypoints[3 * k], y = p.keypoints[3 * k + 1];
      const bool outside = x < p.bbox[0] - 1 || y < p.bbox[1] - 1 ||
                           x > p.bbox[0] + p.bbox[2] + 1 || y > p.bbox[1] + p.bbox[3] + 1;
      if (jointLabelled(p.keypoints, k) && outside) {
        add(HealthIssue::JointOutsideBox,
            jointName(layout, k) +
                printedText(" at (%.1f, %.1f), bbox x %.1f..%.1f", x, y, p.bbox[0],
                            p.bbox[0] + p.bbox[2]) +
                printedText(", y %.1f..%.1f", p.bbox[1], p.bbox[1] + p.bbox[3]));
        break;  // one finding per person: the first joint out
      }
    }
  }
  const double area = p.area ? *p.area : boxArea;
  if (count > 0 && area <= 0)
    add(HealthIssue::ZeroAreaWithJoints,
        printedText("%.0f joints labelled, area %.1f", double(count), area));
}

}  // namespace

std::string healthIssueName(HealthIssue issue) {
  switch (issue) {
    case HealthIssue::KeypointOutsideImage:
      return "keypoint outside image";
    case HealthIssue::NumKeypointsMismatch:
      return "num_keypoints mismatch";
    case HealthIssue::AreaLargerThanBox:
      return "area larger than box";
    case HealthIssue::JointOutsideBox:
      return "joint outside box";
    case HealthIssue::ZeroAreaWithJoints:
      return "zero area with joints";
    case HealthIssue::DuplicatePerson:
      return "duplicate person";
    case HealthIssue::PersonInsideCrowd:
      return "person inside crowd";
    case HealthIssue::ImageMissing:
      return "image missing or unreadable";
    case HealthIssue::ImageSizeDiffers:
      return "image size differs";
  }
  return "?";
}

std::vector<std::size_t> DatasetHealth::counts() const {
  std::vector<std::size_t> n(std::size(kAllIssues), 0);
  for (const HealthFinding& f : findings) ++n[static_cast<std::size_t>(f.issue)];
  return n;
}

DatasetHealth checkDatasetHealth(const KeypointGroundTruth& gt, const KeypointLayout& layout,
                                 const std::optional<std::string>& imagesDir) {
  DatasetHealth health;
  health.images = gt.images.size();
  health.imagesChecked = imagesDir.has_value();
  std::unordered_map<std::int64_t, const GroundTruthImage*> images;
  for (const GroundTruthImage& image : gt.images) images[image.id] = &image;
  const auto inLayout = [&](const GroundTruthPerson& p) {
    return std::find(layout.categoryIds.begin(), layout.categoryIds.end(), p.categoryId) !=
               layout.categoryIds.end() &&
           p.keypoints.size() == 3 * layout.skeleton.joints.size();
  };
  // People and crowd regions by image, in file order.
  std::map<std::int64_t, std::vector<const GroundTruthPerson*>> people, crowds;
  std::vector<HealthFinding> found;
  for (const GroundTruthPerson& p : gt.annotations) {
    if (!inLayout(p)) continue;
    if (p.isCrowd) {
      ++health.crowdRegions;
      crowds[p.imageId].push_back(&p);
      continue;
    }
    ++health.people;
    people[p.imageId].push_back(&p);
    const auto image = images.find(p.imageId);
    checkPerson(p, image == images.end() ? nullptr : image->second, layout, found);
  }

  const EvalParams params = evalParamsFor(layout);
  for (const auto& [imageId, persons] : people) {
    // Duplicates: OKS of each labelled pair, each scored as the other's detection (its area).
    std::vector<const GroundTruthPerson*> labelledPeople;
    for (const GroundTruthPerson* p : persons)
      if (labelledJoints(p->keypoints) > 0) labelledPeople.push_back(p);
    std::vector<KeypointDetection> asDetections;
    for (const GroundTruthPerson* p : labelledPeople) {
      KeypointDetection d;
      d.imageId = p->imageId;
      d.categoryId = p->categoryId;
      d.keypoints = p->keypoints;
      asDetections.push_back(std::move(d));
    }
    std::vector<const KeypointDetection*> dts;
    dts.reserve(asDetections.size());
    for (const KeypointDetection& d : asDetections) dts.push_back(&d);
    const std::vector<double> oks = computeOksMatrix(labelledPeople, dts, params);
    const std::size_t n = labelledPeople.size();
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = a + 1; b < n; ++b) {
        const double both = std::min(oks[a * n + b], oks[b * n + a]);
        if (both >= kDuplicateOks)
          found.push_back({HealthIssue::DuplicatePerson, imageId, labelledPeople[a]->id,
                           labelledPeople[b]->id, printedText("OKS %.3f with each other", both)});
      }
    }
    // People inside a crowd region (its box: the region's mask is not read).
    const auto regions = crowds.find(imageId);
    if (regions == crowds.end()) continue;
    for (const GroundTruthPerson* p : labelledPeople) {
      for (const GroundTruthPerson* crowd : regions->second) {
        const double inside = fractionInside(p->bbox, crowd->bbox);
        if (inside >= kInsideCrowd) {
          found.push_back(
              {HealthIssue::PersonInsideCrowd, imageId, p->id, crowd->id,
               printedText("%.0f %% of its box inside the crowd region's", 100 * inside)});
          break;
        }
      }
    }
  }

  if (imagesDir) {
    for (const GroundTruthImage& image : gt.images) {
      const std::filesystem::path file = std::filesystem::path(*imagesDir) / image.fileName;
      const std::string path = file.string();
      const auto size = imageSizeFromHeader(path);
      if (!size && !readsHeaderOf(file)) continue;  // another format: its size is not checked
      if (!size) {
        found.push_back({HealthIssue::ImageMissing, image.id, 0, 0, path});
      } else if ((image.width > 0 && size->width != image.width) ||
                 (image.height > 0 && size->height != image.height)) {
        found.push_back({HealthIssue::ImageSizeDiffers, image.id, 0, 0,
                         path + printedText(": %.0f x %.0f, the file lists %.0f x %.0f",
                                            size->width, size->height, image.width, image.height)});
      }
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const HealthFinding& a, const HealthFinding& b) {
    return a.issue < b.issue;
  });
  health.findings = std::move(found);
  return health;
}

std::string formatDatasetHealthMarkdown(const DatasetHealth& health, const std::string& source,
                                        std::size_t listed) {
  std::string out = "# Dataset health: " + source + "\n\n" + std::to_string(health.images) +
                    " images, " + std::to_string(health.people) + " people, " +
                    std::to_string(health.crowdRegions) + " crowd regions" +
                    (health.imagesChecked ? "; image files checked"
                                          : "; image files not checked "
                                            "(--images DIR)") +
                    ".\n\n| Finding | Count |\n|---|---|\n";
  const std::vector<std::size_t> counts = health.counts();
  for (HealthIssue issue : kAllIssues) {
    const bool files = issue == HealthIssue::ImageMissing || issue == HealthIssue::ImageSizeDiffers;
    out += "| " + healthIssueName(issue) + " | " +
           (files && !health.imagesChecked ? std::string("not checked")
                                           : std::to_string(counts[static_cast<int>(issue)])) +
           " |\n";
  }
  for (HealthIssue issue : kAllIssues) {
    const std::size_t n = counts[static_cast<int>(issue)];
    if (n == 0) continue;
    out += "\n## " + healthIssueName(issue) + " (" + std::to_string(n) + ")\n\n";
    std::size_t shown = 0;
    for (const HealthFinding& f : health.findings) {
      if (f.issue != issue) continue;
      if (shown++ == listed) {
        out += "- … and " + std::to_string(n - listed) + " more (--format json lists all)\n";
        break;
      }
      out += "- image " + std::to_string(f.imageId);
      if (f.annotationId) out += ", annotation " + std::to_string(f.annotationId);
      if (f.otherAnnotationId)
        out += (issue == HealthIssue::PersonInsideCrowd ? ", crowd region " : " and ") +
               std::to_string(f.otherAnnotationId);
      out += ": " + f.detail + "\n";
    }
  }
  if (health.findings.empty()) out += "\nNothing found.\n";
  return out;
}

std::string formatDatasetHealthJson(const DatasetHealth& health, const std::string& source) {
  nlohmann::json j = {{"source", source},
                      {"images", health.images},
                      {"people", health.people},
                      {"crowd_regions", health.crowdRegions},
                      {"images_checked", health.imagesChecked}};
  nlohmann::json counts = nlohmann::json::object();
  const std::vector<std::size_t> n = health.counts();
  for (HealthIssue issue : kAllIssues) counts[healthIssueName(issue)] = n[static_cast<int>(issue)];
  j["counts"] = std::move(counts);
  nlohmann::json findings = nlohmann::json::array();
  for (const HealthFinding& f : health.findings)
    findings.push_back({{"issue", healthIssueName(f.issue)},
                        {"image_id", f.imageId},
                        {"annotation_id", f.annotationId},
                        {"other_annotation_id", f.otherAnnotationId},
                        {"detail", f.detail}});
  j["findings"] = std::move(findings);
  return j.dump(2) + "\n";
}

}  // namespace posescope

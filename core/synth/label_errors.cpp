#include "synth/label_errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/printed_text.h"
#include "synth/person_pose.h"
#include "synth/synth_random.h"

namespace posescope::synth {

namespace {

// COCO's mirror of each joint (person_pose.h's order: left first).
constexpr std::array<int, kNumJoints> kMirror{0,  2, 1,  4,  3,  6,  5,  8, 7,
                                              10, 9, 12, 11, 14, 13, 16, 15};

double sizeOf(const SynthAnnotation& p) {
  return std::sqrt(p.area);
}

// Labelled left joints whose right mirror is labelled too, and their mean distance apart.
std::pair<int, double> labelledPairs(const SynthAnnotation& p) {
  int pairs = 0;
  double apart = 0;
  for (int k = 0; k < kNumJoints; ++k) {
    const int m = kMirror[static_cast<std::size_t>(k)];
    if (m <= k || p.keypoints[k].v == 0 || p.keypoints[m].v == 0) continue;
    ++pairs;
    apart += std::hypot(p.keypoints[k].x - p.keypoints[m].x, p.keypoints[k].y - p.keypoints[m].y);
  }
  return {pairs, pairs ? apart / pairs : 0};
}

bool canShow(const std::string& kind, const SynthAnnotation& p) {
  if (kind == "swap") {
    const auto [pairs, apart] = labelledPairs(p);
    return pairs >= 4 && apart >= 0.3 * sizeOf(p);
  }
  return p.numKeypoints >= 8;
}

// Where a displaced joint goes: 0.5-0.8 × the person's size away, inside the image; false when
// no draw lands inside.
bool displace(SynthKeypoint& k, double size, int width, int height, SynthRng& rng) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    const double angle = rng.uniform(0, 2 * M_PI);
    const double distance = rng.uniform(0.5, 0.8) * size;
    const double x = k.x + distance * std::cos(angle);
    const double y = k.y + distance * std::sin(angle);
    if (x < 0 || y < 0 || x > width - 1 || y > height - 1) continue;
    k.x = std::round(x * 10) / 10;
    k.y = std::round(y * 10) / 10;
    return true;
  }
  return false;
}

}  // namespace

LabelErrorRates parseLabelErrorRates(const std::string& text) {
  LabelErrorRates rates;
  std::stringstream parts(text);
  std::string part;
  std::set<std::string> given;
  while (std::getline(parts, part, ',')) {
    const auto eq = part.find('=');
    const std::string kind = part.substr(0, eq);
    double* rate = kind == "swap"          ? &rates.swap
                   : kind == "unannotated" ? &rates.unannotated
                   : kind == "displaced"   ? &rates.displaced
                   : kind == "duplicate"   ? &rates.duplicate
                                           : nullptr;
    if (eq == std::string::npos || !rate)
      throw ConfigError("--label-errors: '" + part +
                        "' is not KIND=RATE with KIND swap, unannotated, displaced or duplicate");
    if (!given.insert(kind).second)
      throw ConfigError("--label-errors: '" + kind + "' is given twice in '" + text + "'");
    std::size_t used = 0;
    const std::string value = part.substr(eq + 1);
    try {
      *rate = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != value.size() || !(*rate >= 0 && *rate <= 1))
      throw ConfigError("--label-errors: the rate of '" + part + "' is not a number in [0, 1]");
  }
  if (rates.swap + rates.unannotated + rates.displaced + rates.duplicate > 1)
    throw ConfigError("--label-errors: the rates of '" + text + "' add up to more than 1");
  return rates;
}

std::vector<InjectedLabelError> injectLabelErrors(std::vector<SynthImageEntry>& images,
                                                  const LabelErrorRates& rates,
                                                  std::uint64_t seed) {
  // Every person, in a seeded order: each kind takes the first it can show and nobody took.
  struct Person {
    std::size_t image, index;
  };
  std::vector<Person> people;
  for (std::size_t i = 0; i < images.size(); ++i)
    for (std::size_t p = 0; p < images[i].people.size(); ++p) people.push_back({i, p});
  SynthRng rng(seed ^ 0x6c6162656c657272ULL);  // "labelerr": apart from the images' draws
  for (std::size_t i = people.size(); i > 1; --i)
    std::swap(people[i - 1],
              people[static_cast<std::size_t>(rng.integer(0, static_cast<int>(i) - 1))]);

  // What happens to each person: its kind ("" none) and, when displaced, the joint.
  std::vector<std::vector<std::string>> kindOf(images.size());
  std::vector<std::vector<int>> jointOf(images.size());
  for (std::size_t i = 0; i < images.size(); ++i) {
    kindOf[i].assign(images[i].people.size(), "");
    jointOf[i].assign(images[i].people.size(), -1);
  }
  const std::pair<const char*, double> asked[] = {{"swap", rates.swap},
                                                  {"displaced", rates.displaced},
                                                  {"unannotated", rates.unannotated},
                                                  {"duplicate", rates.duplicate}};
  for (const auto& [kind, rate] : asked) {
    auto wanted = static_cast<std::size_t>(std::lround(rate * static_cast<double>(people.size())));
    for (const Person& at : people) {
      if (wanted == 0) break;
      SynthImageEntry& image = images[at.image];
      SynthAnnotation& p = image.people[at.index];
      if (!kindOf[at.image][at.index].empty() || !canShow(kind, p)) continue;
      if (std::string(kind) == "displaced") {
        std::vector<int> visible;
        for (int k = 0; k < kNumJoints; ++k)
          if (p.keypoints[k].v == 2) visible.push_back(k);
        if (visible.empty()) continue;
        const int k =
            visible[static_cast<std::size_t>(rng.integer(0, static_cast<int>(visible.size()) - 1))];
        if (!displace(p.keypoints[k], sizeOf(p), image.width, image.height, rng)) continue;
        jointOf[at.image][at.index] = k;
      } else if (std::string(kind) == "swap") {
        const auto original = p.keypoints;
        for (int k = 0; k < kNumJoints; ++k)
          p.keypoints[k] = original[static_cast<std::size_t>(kMirror[static_cast<std::size_t>(k)])];
      }
      kindOf[at.image][at.index] = kind;
      --wanted;
    }
  }

  // The file as written: dropped people out, duplicates right after their original; ids 1.. in
  // image order, as cocoAnnotationJson numbers them.
  std::vector<InjectedLabelError> done;
  std::int64_t nextId = 1;
  for (std::size_t i = 0; i < images.size(); ++i) {
    SynthImageEntry& image = images[i];
    std::vector<SynthAnnotation> written;
    for (std::size_t p = 0; p < image.people.size(); ++p) {
      const SynthAnnotation& person = image.people[p];
      const std::string& kind = kindOf[i][p];
      InjectedLabelError e;
      e.kind = kind;
      e.imageId = image.id;
      e.bbox = person.bbox;
      if (kind == "unannotated") {
        e.detail = printedText("a person of %.0f labelled joints left out", person.numKeypoints);
        done.push_back(std::move(e));
        continue;
      }
      const std::int64_t id = nextId++;
      written.push_back(person);
      if (kind.empty()) continue;
      e.annotationId = id;
      if (kind == "swap") {
        e.detail = printedText("%.0f left-right pairs exchanged", labelledPairs(person).first);
      } else if (kind == "displaced") {
        e.joint = jointOf[i][p];
        e.detail = std::string(kJointNames[static_cast<std::size_t>(e.joint)]) + " moved";
      } else if (kind == "duplicate") {
        SynthAnnotation copy = person;
        for (SynthKeypoint& k : copy.keypoints)
          if (k.v > 0) {
            k.x = std::round((k.x + rng.uniform(-0.5, 0.5)) * 10) / 10;
            k.y = std::round((k.y + rng.uniform(-0.5, 0.5)) * 10) / 10;
          }
        written.push_back(copy);
        e.originalId = id;
        e.annotationId = nextId++;
        e.detail = printedText("annotation %.0f annotated again", static_cast<double>(id));
      }
      done.push_back(std::move(e));
    }
    image.people = std::move(written);
  }
  return done;
}

std::string labelErrorsJson(const std::vector<InjectedLabelError>& errors,
                            const LabelErrorRates& rates, std::uint64_t seed,
                            const std::string& split) {
  nlohmann::json list = nlohmann::json::array();
  for (const InjectedLabelError& e : errors)
    list.push_back({{"kind", e.kind},
                    {"image_id", e.imageId},
                    {"annotation_id", e.annotationId},
                    {"original_id", e.originalId},
                    {"joint", e.joint},
                    {"bbox", e.bbox},
                    {"detail", e.detail}});
  return nlohmann::json({{"split", split},
                         {"seed", seed},
                         {"rates",
                          {{"swap", rates.swap},
                           {"unannotated", rates.unannotated},
                           {"displaced", rates.displaced},
                           {"duplicate", rates.duplicate}}},
                         {"errors", list}})
             .dump(1) +
         "\n";
}

}  // namespace posescope::synth

// Markdown, CSV and JSON exports of a RunComparison.

#include <array>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "analysis/paired_bootstrap.h"
#include "common/number_text.h"
#include "report/per_image_table.h"
#include "report/run_comparison.h"

namespace posescope {

namespace {

constexpr std::size_t kWorstImagesShown = 10;

std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

std::string optionalFixed(const std::optional<double>& v, int decimals, bool sign = false) {
  return v ? fixedText(*v, decimals, sign) : "-";
}

// Rows of the side-by-side summary: name, A value, B value (as text). An imported side has no
// model, device or timings: "-" there, and no timing rows when neither side has them.
std::vector<std::array<std::string, 3>> summaryRows(const RunComparison& c) {
  const auto of = [](const RunSide& s, const std::string& text) {
    return s.imported ? std::string("-") : text;
  };
  std::vector<std::array<std::string, 3>> rows = {
      {"Run folder", c.a.dir, c.b.dir},
      {"State", runStateName(c.a.state), runStateName(c.b.state)},
      {"Model", c.a.modelLabel, c.b.modelLabel},
      {"Parameters", of(c.a, std::to_string(c.a.parameters)),
       of(c.b, std::to_string(c.b.parameters))},
      {"MACs (ptflops)", of(c.a, std::to_string(c.a.multiplyAdds)),
       of(c.b, std::to_string(c.b.multiplyAdds))},
      {"Device", of(c.a, c.a.device), of(c.b, c.b.device)},
      {"Images (failed)", std::to_string(c.a.images) + " (" + std::to_string(c.a.failed) + ")",
       std::to_string(c.b.images) + " (" + std::to_string(c.b.failed) + ")"},
  };
  if (c.a.imported && c.b.imported) return rows;
  rows.push_back({"Wall time (s)", of(c.a, fixedText(c.a.wallSeconds, 2)),
                  of(c.b, fixedText(c.b.wallSeconds, 2))});
  for (std::size_t i = 0; i < c.a.timing.stages.size(); ++i) {
    rows.push_back({"Mean " + c.a.timing.stages[i] + " (ms)",
                    of(c.a, fixedText(c.a.timing.perStage[i].mean, 2)),
                    of(c.b, fixedText(c.b.timing.perStage[i].mean, 2))});
  }
  rows.push_back({"Mean total (ms)", of(c.a, fixedText(c.a.timing.total.mean, 2)),
                  of(c.b, fixedText(c.b.timing.total.mean, 2))});
  rows.push_back({"p90 total (ms)", of(c.a, fixedText(c.a.timing.total.p90, 2)),
                  of(c.b, fixedText(c.b.timing.total.p90, 2))});
  return rows;
}

nlohmann::json optionalJson(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json statJson(const StatSummary& s) {
  return {{"count", s.count}, {"mean", s.mean}, {"p50", s.p50}, {"p90", s.p90}, {"max", s.max}};
}

nlohmann::json sideJson(const RunSide& s) {
  nlohmann::json stages = nlohmann::json::object();
  for (std::size_t i = 0; i < s.timing.stages.size(); ++i)
    stages[s.timing.stages[i]] = statJson(s.timing.perStage[i]);
  return {{"dir", s.dir},
          {"label", s.label},
          {"model", s.modelName},
          {"state", runStateName(s.state)},
          {"device", s.device},
          {"dataset", s.datasetKind},
          {"annotation_file", s.annotationFile},
          {"parameters", s.parameters},
          {"ptflops_multiply_adds", s.multiplyAdds},
          {"images", s.images},
          {"failed", s.failed},
          {"wall_seconds", s.wallSeconds},
          {"imported", s.imported},
          {"timing",
           s.imported ? nlohmann::json(nullptr)
                      : nlohmann::json{{"stages", stages}, {"total", statJson(s.timing.total)}}}};
}

// The run's label; runs with the same label (the same arch twice) are named by their folders.
std::string sideLabel(const RunSide& s, const char* which, const RunSide& other) {
  if (s.label != other.label) return s.label;
  return std::string(which) + ": " + s.label + " (" +
         std::filesystem::path(s.dir).filename().string() + ")";
}

const StatDifference* statDifference(const BootstrapComparison& b, const std::string& name) {
  for (const auto& s : b.stats) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const char* gainName(ErrorType e) {
  switch (e) {
    case ErrorType::Miss:
      return "misses";
    case ErrorType::Swap:
      return "swaps";
    case ErrorType::Inversion:
      return "inversions";
    case ErrorType::Jitter:
      return "jitter";
    case ErrorType::Score:
      return "scores (optimal rescoring)";
    case ErrorType::BackgroundFP:
      return "background false positives";
    case ErrorType::FalseNeg:
      return "false negatives";
    default:
      return "";
  }
}

std::string errorProfileMarkdown(const ErrorProfileComparison& p, const std::string& la,
                                 const std::string& lb) {
  std::string out =
      "Where the AP goes (coco-analyze's error analysis; AP gain if fixed, area all, "
      "mean over OKS .50:.95):\n\n| Fixing | " +
      la + " | " + lb + " | B - A |\n|---|---|---|---|\n";
  auto gain = [](double v) { return v > -1 ? fixedText(v, 3, true) : std::string("-"); };
  for (const ErrorGain& g : p.gains) {
    out += std::string("| ") + gainName(g.error) + " | " + gain(g.a) + " | " + gain(g.b) + " | " +
           (g.a > -1 && g.b > -1 ? fixedText(g.b - g.a, 3, true) : std::string("-")) + " |\n";
  }
  out += "\n| Joint labels | " + la + " | " + lb + " | B - A |\n|---|---|---|---|\n";
  for (std::size_t l = 0; l < p.labels.size(); ++l) {
    const auto& n = p.labels[l];
    out += "| " + jointLabelName(kJointLabels[l]) + " | " + std::to_string(n.a) + " | " +
           std::to_string(n.b) + " | " +
           fixedText(static_cast<double>(n.b) - static_cast<double>(n.a), 0, true) + " |\n";
  }
  auto countRow = [&](const char* name, const CountPair& n) {
    out += std::string("| ") + name + " | " + std::to_string(n.a) + " | " + std::to_string(n.b) +
           " | " + fixedText(static_cast<double>(n.b) - static_cast<double>(n.a), 0, true) + " |\n";
  };
  countRow("background false positives (OKS .50)", p.backgroundFalsePositives);
  countRow("false negatives (OKS .50)", p.falseNegatives);
  return out;
}

}  // namespace

std::string formatComparisonMarkdown(const RunComparison& c) {
  const std::string la = cell(sideLabel(c.a, "A", c.b)), lb = cell(sideLabel(c.b, "B", c.a));
  std::string out;
  if (c.metrics) {
    const bool ci = c.significance.has_value();
    out += "| Metric | " + la + " | " + lb + " | B - A |" + (ci ? " 95 % CI of B - A |" : "") +
           "\n|---|---|---|---|" + (ci ? "---|" : "") + "\n";
    for (std::size_t i = 0; i < c.metrics->names.size(); ++i) {
      out += "| " + cell(c.metrics->names[i]) + " | " + fixedText(c.metrics->a[i], 3) + " | " +
             fixedText(c.metrics->b[i], 3) + " | " + fixedText(c.metrics->delta[i], 3, true) + " |";
      if (const StatDifference* d =
              ci ? statDifference(*c.significance, c.metrics->names[i]) : nullptr) {
        out += " [" + fixedText(d->low, 3, true) + ", " + fixedText(d->high, 3, true) + "]" +
               (d->significant ? " *" : "") + " |";
      } else if (ci) {
        out += " |";
      }
      out += "\n";
    }
    if (ci) {
      out += "\n(*) the interval excludes 0. Paired bootstrap over the " +
             std::to_string(c.significance->images) + " images (" +
             std::to_string(c.significance->options.resamples) + " resamples, seed " +
             std::to_string(c.significance->options.seed) + ")";
      const std::string few = fewImagesNote(c.significance->images);
      out += (few.empty() ? "" : "; " + few) + "\n";
    }
    out += "\n";
  }
  if (c.errorProfile) out += errorProfileMarkdown(*c.errorProfile, la, lb) + "\n";
  out += "| | " + la + " | " + lb + " |\n|---|---|---|\n";
  for (const auto& row : summaryRows(c))
    out += "| " + row[0] + " | " + cell(row[1]) + " | " + cell(row[2]) + " |\n";
  if (!c.configDifferences.empty()) {
    out += "\nSettings that differ (config.yaml):\n\n| Key | " + la + " | " + lb +
           " |\n|---|---|---|\n";
    for (const auto& d : c.configDifferences)
      out += "| " + cell(d.key) + " | " + cell(d.a) + " | " + cell(d.b) + " |\n";
  }
  std::string worst;
  std::size_t shown = 0;
  for (const auto& d : c.images) {
    if (shown == kWorstImagesShown || !d.deltaAp || *d.deltaAp >= 0) break;
    worst += "| " + std::to_string(d.imageId) + " | " + cell(d.file) + " | " +
             optionalFixed(d.apA, 3) + " | " + optionalFixed(d.apB, 3) + " | " +
             optionalFixed(d.deltaAp, 3, true) + " | " + optionalFixed(d.deltaOks, 3, true) +
             " |\n";
    ++shown;
  }
  if (!worst.empty()) {
    out +=
        "\nImages where B loses most (per-image AP):\n\n| Image | File | AP A | AP B | "
        "B - A | OKS B - A |\n|---|---|---|---|---|---|\n" +
        worst;
  }
  if (!c.notes.empty()) {
    out += "\n";
    for (const auto& n : c.notes) out += "Note: " + n + "\n";
  }
  return out;
}

std::string formatComparisonCsv(const RunComparison& c) {
  std::string out = "section,name,a,b,delta\n";
  auto number = [](double v) { return csvNumber(v); };
  if (c.metrics) {
    for (std::size_t i = 0; i < c.metrics->names.size(); ++i) {
      out += "metric," + csvField(c.metrics->names[i]) + "," + number(c.metrics->a[i]) + "," +
             number(c.metrics->b[i]) + "," + number(c.metrics->delta[i]) + "\n";
    }
  }
  if (c.significance) {
    // The interval rows keep the five columns: a = low end, b = high end, delta = B - A.
    for (const auto& d : c.significance->stats) {
      out += "metric_ci95," + csvField(d.name) + "," + number(d.low) + "," + number(d.high) + "," +
             number(d.delta) + "\n";
    }
  }
  if (c.errorProfile) {
    for (const auto& g : c.errorProfile->gains) {
      out += "ap_gain_if_fixed," + csvField(errorTypeName(g.error)) + "," + number(g.a) + "," +
             number(g.b) + "," + number(g.b - g.a) + "\n";
    }
    for (std::size_t l = 0; l < c.errorProfile->labels.size(); ++l) {
      const auto& n = c.errorProfile->labels[l];
      out += "joint_labels," + jointLabelName(kJointLabels[l]) + "," + number(double(n.a)) + "," +
             number(double(n.b)) + "," + number(double(n.b) - double(n.a)) + "\n";
    }
  }
  auto textRow = [&](const std::string& name, const std::string& a, const std::string& b) {
    out += "summary," + csvField(name) + "," + csvField(a) + "," + csvField(b) + ",\n";
  };
  auto numberRow = [&](const std::string& section, const std::string& name, double a, double b) {
    out += section + "," + csvField(name) + "," + number(a) + "," + number(b) + "," +
           number(b - a) + "\n";
  };
  textRow("label", c.a.label, c.b.label);
  textRow("dir", c.a.dir, c.b.dir);
  textRow("state", runStateName(c.a.state), runStateName(c.b.state));
  textRow("model", c.a.modelName, c.b.modelName);
  textRow("device", c.a.device, c.b.device);
  for (const auto& d : c.configDifferences)
    out += "config," + csvField(d.key) + "," + csvField(d.a) + "," + csvField(d.b) + ",\n";
  numberRow("summary", "parameters", double(c.a.parameters), double(c.b.parameters));
  numberRow("summary", "ptflops_multiply_adds", double(c.a.multiplyAdds), double(c.b.multiplyAdds));
  numberRow("summary", "images", double(c.a.images), double(c.b.images));
  numberRow("summary", "failed", double(c.a.failed), double(c.b.failed));
  numberRow("summary", "wall_seconds", c.a.wallSeconds, c.b.wallSeconds);
  for (std::size_t i = 0; i < c.a.timing.stages.size(); ++i) {
    numberRow("timing", c.a.timing.stages[i] + "_mean_ms", c.a.timing.perStage[i].mean,
              c.b.timing.perStage[i].mean);
  }
  numberRow("timing", "total_mean_ms", c.a.timing.total.mean, c.b.timing.total.mean);
  numberRow("timing", "total_p50_ms", c.a.timing.total.p50, c.b.timing.total.p50);
  numberRow("timing", "total_p90_ms", c.a.timing.total.p90, c.b.timing.total.p90);
  numberRow("timing", "total_max_ms", c.a.timing.total.max, c.b.timing.total.max);
  return out;
}

std::string formatComparisonJson(const RunComparison& c) {
  nlohmann::json j;
  j["a"] = sideJson(c.a);
  j["b"] = sideJson(c.b);
  if (c.metrics) {
    j["metrics"] = {{"names", c.metrics->names},
                    {"a", c.metrics->a},
                    {"b", c.metrics->b},
                    {"delta", c.metrics->delta}};
  } else {
    j["metrics"] = nullptr;
  }
  nlohmann::json images = nlohmann::json::array();
  for (const auto& d : c.images) {
    images.push_back({{"image_id", d.imageId},
                      {"file", d.file},
                      {"in_a", d.inA},
                      {"in_b", d.inB},
                      {"gt_people", d.groundTruthPeople < 0 ? nlohmann::json(nullptr)
                                                            : nlohmann::json(d.groundTruthPeople)},
                      {"people_a", d.peopleA},
                      {"people_b", d.peopleB},
                      {"ap_a", optionalJson(d.apA)},
                      {"ap_b", optionalJson(d.apB)},
                      {"delta_ap", optionalJson(d.deltaAp)},
                      {"oks_a", optionalJson(d.oksA)},
                      {"oks_b", optionalJson(d.oksB)},
                      {"delta_oks", optionalJson(d.deltaOks)},
                      {"ms_a", optionalJson(d.msA)},
                      {"ms_b", optionalJson(d.msB)},
                      {"error_a", d.errorA},
                      {"error_b", d.errorB}});
  }
  j["images"] = std::move(images);
  j["notes"] = c.notes;
  nlohmann::json settings = nlohmann::json::array();
  for (const auto& d : c.configDifferences)
    settings.push_back({{"key", d.key}, {"a", d.a}, {"b", d.b}});
  j["config_differences"] = std::move(settings);
  if (c.significance) {
    nlohmann::json stats = nlohmann::json::array();
    for (const auto& d : c.significance->stats) {
      stats.push_back({{"name", d.name},
                       {"a", d.a},
                       {"b", d.b},
                       {"delta", d.delta},
                       {"ci_low", d.low},
                       {"ci_high", d.high},
                       {"significant", d.significant}});
    }
    j["significance"] = {{"method", "paired bootstrap over images, percentile interval"},
                         {"images", c.significance->images},
                         {"resamples", c.significance->options.resamples},
                         {"seed", c.significance->options.seed},
                         {"level", c.significance->options.level},
                         {"few_images", !fewImagesNote(c.significance->images).empty()},
                         {"stats", std::move(stats)}};
  } else {
    j["significance"] = nullptr;
  }
  if (c.errorProfile) {
    nlohmann::json gains = nlohmann::json::array(), labels = nlohmann::json::object();
    for (const auto& g : c.errorProfile->gains) {
      gains.push_back({{"error", errorTypeName(g.error)}, {"a", g.a}, {"b", g.b}});
    }
    for (std::size_t l = 0; l < c.errorProfile->labels.size(); ++l) {
      labels[jointLabelName(kJointLabels[l])] = {c.errorProfile->labels[l].a,
                                                 c.errorProfile->labels[l].b};
    }
    j["error_profile"] = {
        {"ap_gain_if_fixed", std::move(gains)},
        {"joint_labels", std::move(labels)},
        {"background_fp",
         {c.errorProfile->backgroundFalsePositives.a, c.errorProfile->backgroundFalsePositives.b}},
        {"false_neg", {c.errorProfile->falseNegatives.a, c.errorProfile->falseNegatives.b}}};
  } else {
    j["error_profile"] = nullptr;
  }
  return j.dump(2) + "\n";
}

std::string formatImageDeltasCsv(const std::vector<ImageDelta>& images) {
  std::string out =
      "image_id,file,in_a,in_b,gt_people,people_a,people_b,ap_a,ap_b,delta_ap,oks_a,oks_b,"
      "delta_oks,ms_a,ms_b,error_a,error_b\n";
  for (const auto& d : images) {
    out += std::to_string(d.imageId) + "," + csvField(d.file) + "," + (d.inA ? "1" : "0") + "," +
           (d.inB ? "1" : "0") + "," +
           (d.groundTruthPeople < 0 ? std::string() : std::to_string(d.groundTruthPeople)) + "," +
           (d.inA ? std::to_string(d.peopleA) : "") + "," +
           (d.inB ? std::to_string(d.peopleB) : "") + "," + csvNumber(d.apA) + "," +
           csvNumber(d.apB) + "," + csvNumber(d.deltaAp) + "," + csvNumber(d.oksA) + "," +
           csvNumber(d.oksB) + "," + csvNumber(d.deltaOks) + "," + csvNumber(d.msA) + "," +
           csvNumber(d.msB) + "," + csvField(d.errorA) + "," + csvField(d.errorB) + "\n";
  }
  return out;
}

}  // namespace posescope

#include "pipeline/evaluator_options.h"

#include <algorithm>
#include <cctype>

#include "common/errors.h"

namespace posescope {

namespace {

bool isDeviceEntry(const std::string& entry) {
  if (entry == "auto" || entry == "cpu" || entry == "cuda") return true;
  return entry.rfind("cuda:", 0) == 0 && entry.size() > 5 && entry.size() < 9 &&
         std::all_of(entry.begin() + 5, entry.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

std::vector<std::string> splitDeviceList(const std::string& text) {
  std::vector<std::string> entries;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    entries.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  for (const auto& entry : entries) {
    if (!isDeviceEntry(entry))
      throw ConfigError("--device '" + text + "': '" + entry +
                        "' is not a device (expected auto, cpu, cuda or cuda:N, or a "
                        "comma-separated list such as cuda:0,cuda:1 for one replica each)");
    if (entry == "auto" && entries.size() > 1)
      throw ConfigError("--device '" + text +
                        "': 'auto' cannot be part of a list; name each device");
  }
  return entries;
}

void EvaluatorOptions::validate() const {
  splitDeviceList(device);
  if (decodeWorkers == 0 || decodeWorkers < -1)
    throw ConfigError("--workers " + std::to_string(decodeWorkers) + ": expected 1 or more");
  if (torchThreads < 0) throw ConfigError("--threads must be 0 (all cores) or more");
}

}  // namespace posescope

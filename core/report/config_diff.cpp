#include "report/config_diff.h"

#include <map>
#include <utility>

#include "config/yaml_reader.h"

namespace posescope {

namespace {

// The leaves under `item` as (dotted key, literal) in file order.
void flatten(const YamlItem& item, const std::string& prefix,
             std::vector<std::pair<std::string, std::string>>& out) {
  for (const YamlItem& child : item.children) {
    const std::string key = prefix.empty() ? child.key : prefix + "." + child.key;
    if (child.isMapping)
      flatten(child, key, out);
    else
      out.emplace_back(key, child.value.toLiteral());
  }
}

std::vector<std::pair<std::string, std::string>> leaves(const std::string& yaml,
                                                        const std::string& source) {
  std::vector<std::pair<std::string, std::string>> out;
  flatten(parseYaml(yaml, source), "", out);
  return out;
}

}  // namespace

std::vector<ConfigDifference> diffConfigYaml(const std::string& yamlA, const std::string& sourceA,
                                             const std::string& yamlB, const std::string& sourceB) {
  const auto a = leaves(yamlA, sourceA);
  const auto b = leaves(yamlB, sourceB);
  std::map<std::string, std::string> inA(a.begin(), a.end());
  std::map<std::string, std::string> inB(b.begin(), b.end());
  std::vector<ConfigDifference> out;
  for (const auto& [key, value] : a) {
    const auto other = inB.find(key);
    if (other == inB.end())
      out.push_back({key, value, ""});
    else if (other->second != value)
      out.push_back({key, value, other->second});
  }
  for (const auto& [key, value] : b)
    if (!inA.count(key)) out.push_back({key, "", value});
  return out;
}

}  // namespace posescope

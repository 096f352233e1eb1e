#include "checkpoint/pickle_value.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace posescope {
namespace {

// A string equal for keys Python considers equal (1 == 1.0 == True), or throws for unhashables.
std::string hashKey(const PickleValue& v) {
  using K = PickleValue::Kind;
  switch (v.kind) {
    case K::None:
      return "n";
    case K::Bool:
      return "i:" + std::to_string(v.boolean ? 1 : 0);
    case K::Int:
      return "i:" + std::to_string(v.integer);
    case K::Float: {
      if (std::isfinite(v.real) && v.real == std::floor(v.real) && std::fabs(v.real) < 9e18) {
        return "i:" + std::to_string(static_cast<std::int64_t>(v.real));
      }
      std::uint64_t bits = 0;
      std::memcpy(&bits, &v.real, sizeof bits);
      return "f:" + std::to_string(bits);
    }
    case K::BigInt:
      return "B:" + v.text;
    case K::String:
      return "s:" + v.text;
    case K::Bytes:
      return "b:" + v.text;
    case K::Tuple: {
      std::string key = "t" + std::to_string(v.items.size()) + "(";
      for (const auto& item : v.items) {
        const std::string part = hashKey(*item);
        key += std::to_string(part.size()) + ":" + part;
      }
      return key + ")";
    }
    default:
      throw std::invalid_argument(std::string("unhashable dict key of type ") +
                                  pickleKindName(v.kind));
  }
}

}  // namespace

PickleValue::~PickleValue() {
  // Move children out, then drop them one by one; a child only we hold gets its own children
  // moved onto the worklist first, so destruction never recurses deeply.
  std::vector<PickleRef> work;
  auto take = [&work](PickleValue& v) {
    for (auto& item : v.items) work.push_back(std::move(item));
    for (auto& [k, val] : v.entries) {
      work.push_back(std::move(k));
      work.push_back(std::move(val));
    }
    for (auto& [name, val] : v.attributes) work.push_back(std::move(val));
    v.items.clear();
    v.entries.clear();
    v.attributes.clear();
  };
  take(*this);
  while (!work.empty()) {
    PickleRef ref = std::move(work.back());
    work.pop_back();
    if (ref && ref.use_count() == 1) take(*ref);
  }
}

PickleRef PickleValue::get(const std::string& key) const {
  if (kind != Kind::Dict) return nullptr;
  const auto it = index_.find("s:" + key);
  return it == index_.end() ? nullptr : entries[it->second].second;
}

void PickleValue::setItem(const PickleRef& key, const PickleRef& value) {
  if (kind != Kind::Dict) throw std::invalid_argument("SETITEM on a value that is not a dict");
  const std::string h = hashKey(*key);
  const auto it = index_.find(h);
  if (it != index_.end()) {
    entries[it->second].second = value;
    return;
  }
  index_.emplace(h, entries.size());
  entries.emplace_back(key, value);
}

PickleRef PickleValue::attribute(const std::string& name) const {
  for (const auto& [n, v] : attributes) {
    if (n == name) return v;
  }
  return nullptr;
}

PickleRef makePickle(PickleValue::Kind kind) {
  return std::make_shared<PickleValue>(kind);
}

const char* pickleKindName(PickleValue::Kind kind) {
  using K = PickleValue::Kind;
  switch (kind) {
    case K::None:
      return "None";
    case K::Bool:
      return "bool";
    case K::Int:
    case K::BigInt:
      return "int";
    case K::Float:
      return "float";
    case K::String:
      return "str";
    case K::Bytes:
      return "bytes";
    case K::List:
      return "list";
    case K::Tuple:
      return "tuple";
    case K::Dict:
      return "dict";
    case K::Global:
      return "global";
    case K::Storage:
      return "storage";
    case K::Tensor:
      return "tensor";
  }
  return "value";
}

}  // namespace posescope

#pragma once
// The values a restricted unpickler produces: plain Python containers, numbers, strings and
// tensors.

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <ATen/core/Tensor.h>

namespace posescope {

struct PickleValue;

/// Shared handle to an unpickled value; containers are shared like Python objects (memo, views).
using PickleRef = std::shared_ptr<PickleValue>;

/// One unpickled Python value. Only the fields of its kind are meaningful.
struct PickleValue {
  enum class Kind {
    None,
    Bool,
    Int,
    BigInt,  // an integer wider than 64 bits; `text` holds its little-endian two's complement bytes
    Float,
    String,
    Bytes,
    List,
    Tuple,
    Dict,     // dict or collections.OrderedDict (`ordered`), in insertion order
    Global,   // an allowed global (class or function) named `text` as "module.name"
    Storage,  // a torch storage: `tensor` is a 1-D tensor over all its elements
    Tensor,   // a rebuilt torch tensor in `tensor`
  };

  Kind kind = Kind::None;
  bool boolean = false;
  std::int64_t integer = 0;
  double real = 0.0;
  std::string text;                                      // String, Bytes, BigInt, Global
  std::vector<PickleRef> items;                          // List, Tuple
  std::vector<std::pair<PickleRef, PickleRef>> entries;  // Dict
  bool ordered = false;                                  // Dict built by collections.OrderedDict
  std::vector<std::pair<std::string, PickleRef>> attributes;  // set by BUILD (e.g. _metadata)
  at::Tensor tensor;                                          // Storage, Tensor

  PickleValue() = default;
  explicit PickleValue(Kind k) : kind(k) {}
  PickleValue(const PickleValue&) = delete;
  PickleValue& operator=(const PickleValue&) = delete;
  /// Releases nested containers iteratively so a deeply nested pickle cannot overflow the stack.
  ~PickleValue();

  /// The value stored under a string key of a Dict, or nullptr when absent or not a Dict.
  PickleRef get(const std::string& key) const;

  /// Sets `key` to `value` in a Dict, replacing an equal key as Python does; throws
  /// std::invalid_argument when the key is not a hashable plain value (number, string, tuple).
  void setItem(const PickleRef& key, const PickleRef& value);

  /// The attribute set by BUILD under `name`, or nullptr.
  PickleRef attribute(const std::string& name) const;

  bool isTensor() const { return kind == Kind::Tensor; }
  bool isDict() const { return kind == Kind::Dict; }

 private:
  std::unordered_map<std::string, std::size_t> index_;  // hash key -> position in entries
};

/// Creates a value of the given kind.
PickleRef makePickle(PickleValue::Kind kind);

/// Python's name for a kind ("dict", "tensor", ...), for error messages.
const char* pickleKindName(PickleValue::Kind kind);

}  // namespace posescope

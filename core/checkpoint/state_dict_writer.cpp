#include "checkpoint/state_dict_writer.h"

#include <caffe2/serialize/inline_container.h>

#include <cstring>
#include <fstream>
#include <vector>

#include "common/errors.h"

namespace posescope {

namespace {

// The few pickle opcodes a state_dict needs (protocol 2, as torch.save writes it).
namespace op {
constexpr char kProto = '\x80';
constexpr char kGlobal = 'c';
constexpr char kEmptyTuple = ')';
constexpr char kReduce = 'R';
constexpr char kMark = '(';
constexpr char kTuple = 't';
constexpr char kSetItems = 'u';
constexpr char kBinUnicode = 'X';
constexpr char kBinInt = 'J';
constexpr char kLong1 = '\x8a';
constexpr char kBinPersId = 'Q';
constexpr char kNewFalse = '\x89';
constexpr char kStop = '.';
}  // namespace op

class PickleBuilder {
 public:
  void raw(char c) { out_.push_back(c); }
  void global(const std::string& module, const std::string& name) {
    raw(op::kGlobal);
    out_ += module + "\n" + name + "\n";
  }
  void string(const std::string& s) {
    raw(op::kBinUnicode);
    appendLe(static_cast<std::uint32_t>(s.size()), 4);
    out_ += s;
  }
  void integer(std::int64_t v) {
    if (v >= INT32_MIN && v <= INT32_MAX) {
      raw(op::kBinInt);
      appendLe(static_cast<std::uint32_t>(static_cast<std::int32_t>(v)), 4);
    } else {
      raw(op::kLong1);
      raw(8);
      appendLe(static_cast<std::uint64_t>(v), 8);
    }
  }
  void intTuple(const std::vector<std::int64_t>& values) {
    raw(op::kMark);
    for (auto v : values) integer(v);
    raw(op::kTuple);
  }
  const std::string& bytes() const { return out_; }

 private:
  void appendLe(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }
  std::string out_;
};

std::string storageName(c10::ScalarType type, const std::string& path) {
  switch (type) {
    case c10::ScalarType::Float:
      return "FloatStorage";
    case c10::ScalarType::Double:
      return "DoubleStorage";
    case c10::ScalarType::Half:
      return "HalfStorage";
    case c10::ScalarType::BFloat16:
      return "BFloat16Storage";
    case c10::ScalarType::Long:
      return "LongStorage";
    case c10::ScalarType::Int:
      return "IntStorage";
    case c10::ScalarType::Short:
      return "ShortStorage";
    case c10::ScalarType::Char:
      return "CharStorage";
    case c10::ScalarType::Byte:
      return "ByteStorage";
    case c10::ScalarType::Bool:
      return "BoolStorage";
    default:
      throw CheckpointError("cannot write '" + path + "': tensors of type " +
                            std::string(c10::toString(type)) + " have no torch storage class");
  }
}

}  // namespace

void writeStateDict(const std::string& path, const StateDict& stateDict) {
  PickleBuilder p;
  p.raw(op::kProto);
  p.raw(2);
  p.global("collections", "OrderedDict");
  p.raw(op::kEmptyTuple);
  p.raw(op::kReduce);
  std::vector<at::Tensor> storages;  // contiguous CPU copies, in key order
  if (!stateDict.empty()) {
    p.raw(op::kMark);
    for (const auto& [name, tensor] : stateDict) {
      const at::Tensor data = tensor.detach().to(at::kCPU).contiguous();
      const std::string key = std::to_string(storages.size());
      p.string(name);
      p.global("torch._utils", "_rebuild_tensor_v2");
      p.raw(op::kMark);
      // Persistent id: ('storage', torch.<Type>Storage, key, 'cpu', numel).
      p.raw(op::kMark);
      p.string("storage");
      p.global("torch", storageName(data.scalar_type(), path));
      p.string(key);
      p.string("cpu");
      p.integer(data.numel());
      p.raw(op::kTuple);
      p.raw(op::kBinPersId);
      p.integer(0);  // storage offset
      p.intTuple(data.sizes().vec());
      p.intTuple(data.strides().vec());
      p.raw(op::kNewFalse);  // requires_grad
      p.global("collections", "OrderedDict");
      p.raw(op::kEmptyTuple);
      p.raw(op::kReduce);  // backward hooks
      p.raw(op::kTuple);
      p.raw(op::kReduce);
      storages.push_back(data);
    }
    p.raw(op::kSetItems);
  }
  p.raw(op::kStop);

  try {
    caffe2::serialize::PyTorchStreamWriter writer(path);
    writer.writeRecord("data.pkl", p.bytes().data(), p.bytes().size());
    for (size_t i = 0; i < storages.size(); ++i) {
      const auto& t = storages[i];
      writer.writeRecord("data/" + std::to_string(i), t.data_ptr(), t.numel() * t.element_size());
    }
    writer.writeEndOfFile();
  } catch (const c10::Error& e) {
    throw CheckpointError("cannot write checkpoint '" + path + "': " + e.what_without_backtrace());
  }
}

}  // namespace posescope

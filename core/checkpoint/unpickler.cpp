#include "checkpoint/unpickler.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <ATen/core/Tensor.h>

#include "common/errors.h"

namespace posescope {
namespace {

using Kind = PickleValue::Kind;

const char* const kRefusedSuffix =
    "', which PoseScope refuses to load (only tensors and plain containers are allowed)";

struct StorageType {
  const char* name;
  c10::ScalarType type;
};

const StorageType kStorageTypes[] = {
    {"FloatStorage", c10::ScalarType::Float},
    {"HalfStorage", c10::ScalarType::Half},
    {"DoubleStorage", c10::ScalarType::Double},
    {"LongStorage", c10::ScalarType::Long},
    {"IntStorage", c10::ScalarType::Int},
    {"ShortStorage", c10::ScalarType::Short},
    {"CharStorage", c10::ScalarType::Char},
    {"ByteStorage", c10::ScalarType::Byte},
    {"BoolStorage", c10::ScalarType::Bool},
    {"BFloat16Storage", c10::ScalarType::BFloat16},
    {"ComplexFloatStorage", c10::ScalarType::ComplexFloat},
    {"ComplexDoubleStorage", c10::ScalarType::ComplexDouble},
};

class Unpickler {
 public:
  Unpickler(const char* data, std::size_t size, const std::string& source,
            const PersistentLoader& loader)
      : data_(reinterpret_cast<const unsigned char*>(data)),
        size_(size),
        source_(source),
        loader_(loader) {}
  // A refused pickle may have left containers holding each other; emptying every container it
  // made frees them, as reference counting alone cannot.
  ~Unpickler() {
    if (succeeded_) return;
    for (const auto& weak : containers_) {
      if (const PickleRef c = weak.lock()) {
        c->items.clear();
        c->entries.clear();
        c->attributes.clear();
      }
    }
  }
  Unpickler(const Unpickler&) = delete;
  Unpickler& operator=(const Unpickler&) = delete;

  PickleResult run();

 private:
  [[noreturn]] void corrupt(const std::string& what) const {
    throw CheckpointError("checkpoint '" + source_ + "' is corrupt or truncated: " + what +
                          " (pickle byte " + std::to_string(opStart_) + ")");
  }
  [[noreturn]] void unsupported(const std::string& what) const {
    throw CheckpointError("checkpoint '" + source_ + "' " + what +
                          ", which PoseScope's restricted checkpoint reader does not support "
                          "(pickle byte " +
                          std::to_string(opStart_) + "; is it a file written by torch.save?)");
  }

  void need(std::size_t n) const {
    if (n > size_ - pos_) corrupt("the pickle stream ends early");
  }
  std::uint8_t u8() {
    need(1);
    return data_[pos_++];
  }
  std::uint64_t uintLE(std::size_t n) {
    need(n);
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t(data_[pos_ + i]) << (8 * i);
    pos_ += n;
    return v;
  }
  std::string bytes(std::uint64_t n) {
    if (n > size_ - pos_) corrupt("the pickle stream ends inside a string");
    std::string s(reinterpret_cast<const char*>(data_ + pos_), static_cast<std::size_t>(n));
    pos_ += static_cast<std::size_t>(n);
    return s;
  }
  std::string line() {
    const std::size_t start = pos_;
    while (pos_ < size_ && data_[pos_] != '\n') ++pos_;
    if (pos_ >= size_) corrupt("the pickle stream ends inside a global name");
    std::string s(reinterpret_cast<const char*>(data_ + start), pos_ - start);
    ++pos_;
    return s;
  }

  std::size_t fence() const { return marks_.empty() ? 0 : marks_.back(); }
  void push(PickleRef v) { stack_.push_back(std::move(v)); }
  PickleRef pop() {
    if (stack_.size() <= fence()) corrupt("the pickle stack underflows");
    PickleRef v = std::move(stack_.back());
    stack_.pop_back();
    return v;
  }
  PickleRef& top() {
    if (stack_.size() <= fence()) corrupt("the pickle stack underflows");
    return stack_.back();
  }
  std::vector<PickleRef> popMark() {
    if (marks_.empty()) corrupt("a pickle opcode needs a MARK that is missing");
    const std::size_t at = marks_.back();
    marks_.pop_back();
    std::vector<PickleRef> items(std::make_move_iterator(stack_.begin() + long(at)),
                                 std::make_move_iterator(stack_.end()));
    stack_.resize(at);
    return items;
  }

  /// A list or dict: the only values later opcodes fill, so the only ones that can close a cycle.
  PickleRef makeContainer(Kind kind) {
    auto r = makePickle(kind);
    containers_.push_back(r);
    return r;
  }
  void refuseCycles(const PickleRef& result);

  static PickleRef makeInt(std::int64_t v) {
    auto r = makePickle(Kind::Int);
    r->integer = v;
    return r;
  }
  static PickleRef makeString(Kind kind, std::string s) {
    auto r = makePickle(kind);
    r->text = std::move(s);
    return r;
  }
  PickleRef makeLong(const std::string& raw) {
    if (raw.empty()) return makeInt(0);
    if (raw.size() > 8) return makeString(Kind::BigInt, raw);
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      v |= std::uint64_t(static_cast<unsigned char>(raw[i])) << (8 * i);
    }
    if (raw.size() < 8 && (static_cast<unsigned char>(raw.back()) & 0x80)) {
      v |= ~std::uint64_t(0) << (8 * raw.size());  // sign-extend
    }
    std::int64_t s = 0;
    std::memcpy(&s, &v, sizeof s);
    return makeInt(s);
  }
  PickleRef makeTuple(std::vector<PickleRef> items) {
    auto r = makePickle(Kind::Tuple);
    r->items = std::move(items);
    return r;
  }

  PickleRef resolveGlobal(const std::string& module, const std::string& name);
  PickleRef call(const PickleRef& callable, const PickleRef& args);
  PickleRef rebuildTensor(const std::vector<PickleRef>& args);
  void build(const PickleRef& object, const PickleRef& state);
  void setItem(const PickleRef& dict, const PickleRef& key, const PickleRef& value);
  void memoPut(std::uint64_t index) { memo_[index] = top(); }
  void memoGet(std::uint64_t index) {
    const auto it = memo_.find(index);
    if (it == memo_.end())
      corrupt("the pickle refers to memo entry " + std::to_string(index) + " before defining it");
    push(it->second);
  }

  const unsigned char* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  std::size_t opStart_ = 0;
  const std::string& source_;
  const PersistentLoader& loader_;
  std::vector<PickleRef> stack_;
  std::vector<std::size_t> marks_;
  std::unordered_map<std::uint64_t, PickleRef> memo_;
  std::vector<std::weak_ptr<PickleValue>> containers_;
  bool succeeded_ = false;
};

// Python pickles may be cyclic (a list that holds itself); PoseScope's shared handles cannot
// free such values, and no checkpoint needs them. One depth-first walk from the result finds a
// cycle it reaches; a container still alive that the walk never reached is held only by a cycle.
void Unpickler::refuseCycles(const PickleRef& result) {
  stack_.clear();
  memo_.clear();
  enum class Mark : std::uint8_t { Open, Done };
  std::unordered_map<const PickleValue*, Mark> marks;
  struct Frame {
    const PickleValue* value;
    std::size_t next = 0;  // index over items, then entries' keys and values, then attributes
  };
  auto childAt = [](const PickleValue* v, std::size_t i) -> const PickleValue* {
    if (i < v->items.size()) return v->items[i].get();
    i -= v->items.size();
    if (i < 2 * v->entries.size()) {
      const auto& entry = v->entries[i / 2];
      return (i % 2 ? entry.second : entry.first).get();
    }
    i -= 2 * v->entries.size();
    if (i < v->attributes.size()) return v->attributes[i].second.get();
    return nullptr;
  };
  std::vector<Frame> walk{{result.get()}};
  marks[result.get()] = Mark::Open;
  while (!walk.empty()) {
    Frame& frame = walk.back();
    const PickleValue* child = childAt(frame.value, frame.next);
    if (!child) {
      marks[frame.value] = Mark::Done;
      walk.pop_back();
      continue;
    }
    ++frame.next;
    const auto [it, inserted] = marks.try_emplace(child, Mark::Open);
    if (inserted) {
      walk.push_back({child});
    } else if (it->second == Mark::Open) {
      corrupt("a " + std::string(pickleKindName(child->kind)) + " holds itself");
    }
  }
  for (const auto& weak : containers_) {
    const PickleRef c = weak.lock();
    if (c && !marks.count(c.get())) {
      corrupt("a " + std::string(pickleKindName(c->kind)) + " holds itself");
    }
  }
}

PickleRef Unpickler::resolveGlobal(const std::string& module, const std::string& name) {
  bool allowed = false;
  if (module == "collections" && name == "OrderedDict") allowed = true;
  if (module == "torch._utils" &&
      (name == "_rebuild_tensor" || name == "_rebuild_tensor_v2" || name == "_rebuild_parameter" ||
       name == "_rebuild_parameter_with_state")) {
    allowed = true;
  }
  c10::ScalarType ignored;
  if (module == "torch" && storageScalarType("torch." + name, &ignored)) allowed = true;
  if (!allowed) {
    throw CheckpointError("checkpoint '" + source_ + "' refers to '" + module + "." + name +
                          kRefusedSuffix);
  }
  return makeString(Kind::Global, module + "." + name);
}

void Unpickler::setItem(const PickleRef& dict, const PickleRef& key, const PickleRef& value) {
  if (dict->kind != Kind::Dict) {
    corrupt(std::string("SETITEM applied to a ") + pickleKindName(dict->kind));
  }
  try {
    dict->setItem(key, value);
  } catch (const std::invalid_argument& e) {
    unsupported(std::string("holds a dict with an ") + e.what());
  }
}

PickleRef Unpickler::call(const PickleRef& callable, const PickleRef& args) {
  if (callable->kind != Kind::Global) {
    corrupt(std::string("REDUCE calls a ") + pickleKindName(callable->kind));
  }
  if (args->kind != Kind::Tuple) corrupt("REDUCE arguments are not a tuple");
  const std::string& fn = callable->text;
  const auto& a = args->items;
  if (fn == "collections.OrderedDict") {
    auto dict = makeContainer(Kind::Dict);
    dict->ordered = true;
    if (a.size() == 1 && a[0]->kind == Kind::List) {
      for (const auto& pair : a[0]->items) {
        if (pair->kind != Kind::Tuple || pair->items.size() != 2) {
          corrupt("OrderedDict is built from something other than key/value pairs");
        }
        setItem(dict, pair->items[0], pair->items[1]);
      }
    } else if (!a.empty()) {
      unsupported("builds an OrderedDict from arguments");
    }
    return dict;
  }
  if (fn == "torch._utils._rebuild_tensor_v2") {
    if (a.size() < 6 || a.size() > 7)
      corrupt("_rebuild_tensor_v2 has the wrong number of arguments");
    return rebuildTensor(a);
  }
  if (fn == "torch._utils._rebuild_tensor") {  // PyTorch < 0.4: (storage, offset, size, stride)
    if (a.size() != 4) corrupt("_rebuild_tensor has the wrong number of arguments");
    return rebuildTensor(a);
  }
  if (fn == "torch._utils._rebuild_parameter" ||
      fn == "torch._utils._rebuild_parameter_with_state") {
    if (a.size() < 3 || a[0]->kind != Kind::Tensor) {
      corrupt("_rebuild_parameter is not given a tensor");
    }
    return a[0];
  }
  unsupported("calls '" + fn + "'");
}

PickleRef Unpickler::rebuildTensor(const std::vector<PickleRef>& a) {
  // (storage, storage_offset, size, stride, ...): requires_grad and hooks do not matter here.
  if (a[0]->kind != Kind::Storage) corrupt("a tensor is not built on a storage");
  if (a[1]->kind != Kind::Int) corrupt("a tensor's storage offset is not an integer");
  if (a[2]->kind != Kind::Tuple || a[3]->kind != Kind::Tuple) {
    corrupt("a tensor's size or stride is not a tuple");
  }
  const auto& sizeItems = a[2]->items;
  const auto& strideItems = a[3]->items;
  if (sizeItems.size() != strideItems.size()) {
    corrupt("a tensor's size and stride differ in length");
  }
  const at::Tensor& storage = a[0]->tensor;
  const std::int64_t storageNumel = storage.numel();
  const std::int64_t offset = a[1]->integer;
  std::vector<std::int64_t> sizes, strides;
  std::int64_t lastIndex = offset;  // largest element index the view touches
  bool empty = false;
  for (std::size_t i = 0; i < sizeItems.size(); ++i) {
    if (sizeItems[i]->kind != Kind::Int || strideItems[i]->kind != Kind::Int) {
      corrupt("a tensor's size or stride holds a non-integer");
    }
    const std::int64_t s = sizeItems[i]->integer;
    const std::int64_t st = strideItems[i]->integer;
    if (s < 0 || st < 0) corrupt("a tensor has a negative size or stride");
    sizes.push_back(s);
    strides.push_back(st);
    if (s == 0) empty = true;
  }
  if (offset < 0) corrupt("a tensor has a negative storage offset");
  bool overflow = false;
  if (!empty) {
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      std::int64_t span = 0;
      overflow |= __builtin_mul_overflow(sizes[i] - 1, strides[i], &span);
      overflow |= __builtin_add_overflow(lastIndex, span, &lastIndex);
    }
  }
  if (overflow || (empty ? offset > storageNumel : lastIndex >= storageNumel)) {
    corrupt("a tensor reaches past the end of its storage (" + std::to_string(storageNumel) +
            " elements)");
  }
  auto r = makePickle(Kind::Tensor);
  // as_strided's offset counts from the start of the underlying memory, and a legacy storage
  // view starts inside it.
  r->tensor = storage.as_strided(sizes, strides, storage.storage_offset() + offset);
  return r;
}

void Unpickler::build(const PickleRef& object, const PickleRef& state) {
  if (object->kind != Kind::Dict) {
    unsupported(std::string("sets the state of a ") + pickleKindName(object->kind));
  }
  auto apply = [&](const PickleRef& s) {
    if (s->kind == Kind::None) return;
    if (s->kind != Kind::Dict) corrupt("BUILD state is not a dict");
    for (const auto& [k, v] : s->entries) {
      if (k->kind != Kind::String) corrupt("BUILD state has a non-string attribute name");
      object->attributes.emplace_back(k->text, v);
    }
  };
  if (state->kind == Kind::Tuple && state->items.size() == 2) {
    apply(state->items[0]);
    apply(state->items[1]);
  } else {
    apply(state);
  }
}

PickleResult Unpickler::run() {
  for (;;) {
    opStart_ = pos_;
    if (pos_ >= size_) corrupt("the pickle stream ends before its STOP opcode");
    const std::uint8_t op = u8();
    switch (op) {
      case 0x80: {  // PROTO
        const int proto = u8();
        if (proto > 5) unsupported("uses pickle protocol " + std::to_string(proto));
        break;
      }
      case 0x95:  // FRAME
        uintLE(8);
        break;
      case '.': {  // STOP
        PickleResult result;
        result.value = pop();
        result.consumed = pos_;
        refuseCycles(result.value);
        succeeded_ = true;
        return result;
      }
      case '(':  // MARK
        marks_.push_back(stack_.size());
        break;
      case '0':  // POP
        pop();
        break;
      case '1':  // POP_MARK
        popMark();
        break;
      case '2':  // DUP
        push(top());
        break;
      case 'N':
        push(makePickle(Kind::None));
        break;
      case 0x88:    // NEWTRUE
      case 0x89: {  // NEWFALSE
        auto b = makePickle(Kind::Bool);
        b->boolean = op == 0x88;
        push(b);
        break;
      }
      case 'J': {  // BININT
        const auto v = static_cast<std::uint32_t>(uintLE(4));
        std::int32_t s = 0;
        std::memcpy(&s, &v, sizeof s);
        push(makeInt(s));
        break;
      }
      case 'K':  // BININT1
        push(makeInt(u8()));
        break;
      case 'M':  // BININT2
        push(makeInt(static_cast<std::int64_t>(uintLE(2))));
        break;
      case 0x8a:  // LONG1
        push(makeLong(bytes(u8())));
        break;
      case 0x8b: {  // LONG4
        const std::uint64_t n = uintLE(4);
        if (n & 0x80000000u) corrupt("LONG4 has a negative length");
        push(makeLong(bytes(n)));
        break;
      }
      case 'G': {  // BINFLOAT, big-endian
        need(8);
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = (bits << 8) | data_[pos_ + std::size_t(i)];
        pos_ += 8;
        auto f = makePickle(Kind::Float);
        std::memcpy(&f->real, &bits, sizeof bits);
        push(f);
        break;
      }
      case 'X':    // BINUNICODE
      case 'T': {  // BINSTRING (Python 2 str)
        const std::uint64_t n = uintLE(4);
        if (op == 'T' && (n & 0x80000000u)) corrupt("BINSTRING has a negative length");
        push(makeString(Kind::String, bytes(n)));
        break;
      }
      case 0x8c:  // SHORT_BINUNICODE
      case 'U':   // SHORT_BINSTRING
        push(makeString(Kind::String, bytes(u8())));
        break;
      case 0x8d:  // BINUNICODE8
        push(makeString(Kind::String, bytes(uintLE(8))));
        break;
      case 'B':  // BINBYTES
        push(makeString(Kind::Bytes, bytes(uintLE(4))));
        break;
      case 'C':  // SHORT_BINBYTES
        push(makeString(Kind::Bytes, bytes(u8())));
        break;
      case 0x8e:  // BINBYTES8
        push(makeString(Kind::Bytes, bytes(uintLE(8))));
        break;
      case '}':  // EMPTY_DICT
        push(makeContainer(Kind::Dict));
        break;
      case ']':  // EMPTY_LIST
        push(makeContainer(Kind::List));
        break;
      case ')':  // EMPTY_TUPLE
        push(makePickle(Kind::Tuple));
        break;
      case 'd': {  // DICT
        auto items = popMark();
        if (items.size() % 2) corrupt("DICT has an odd number of items");
        auto dict = makeContainer(Kind::Dict);
        for (std::size_t i = 0; i < items.size(); i += 2) setItem(dict, items[i], items[i + 1]);
        push(dict);
        break;
      }
      case 'l': {  // LIST
        auto list = makeContainer(Kind::List);
        list->items = popMark();
        push(list);
        break;
      }
      case 't':  // TUPLE
        push(makeTuple(popMark()));
        break;
      case 0x85:    // TUPLE1
      case 0x86:    // TUPLE2
      case 0x87: {  // TUPLE3
        std::vector<PickleRef> items(std::size_t(op - 0x84));
        for (auto it = items.rbegin(); it != items.rend(); ++it) *it = pop();
        push(makeTuple(std::move(items)));
        break;
      }
      case 's': {  // SETITEM
        PickleRef value = pop();
        PickleRef key = pop();
        setItem(top(), key, value);
        break;
      }
      case 'u': {  // SETITEMS
        auto items = popMark();
        if (items.size() % 2) corrupt("SETITEMS has an odd number of items");
        PickleRef dict = top();
        for (std::size_t i = 0; i < items.size(); i += 2) setItem(dict, items[i], items[i + 1]);
        break;
      }
      case 'a': {  // APPEND
        PickleRef value = pop();
        PickleRef& list = top();
        if (list->kind != Kind::List) corrupt("APPEND applied to something that is not a list");
        list->items.push_back(std::move(value));
        break;
      }
      case 'e': {  // APPENDS
        auto items = popMark();
        PickleRef& list = top();
        if (list->kind != Kind::List) corrupt("APPENDS applied to something that is not a list");
        for (auto& v : items) list->items.push_back(std::move(v));
        break;
      }
      case 'q':  // BINPUT
        memoPut(u8());
        break;
      case 'r':  // LONG_BINPUT
        memoPut(uintLE(4));
        break;
      case 0x94:  // MEMOIZE
        memoPut(memo_.size());
        break;
      case 'h':  // BINGET
        memoGet(u8());
        break;
      case 'j':  // LONG_BINGET
        memoGet(uintLE(4));
        break;
      case 'c': {  // GLOBAL
        std::string module = line();
        std::string name = line();
        push(resolveGlobal(module, name));
        break;
      }
      case 0x93: {  // STACK_GLOBAL
        PickleRef name = pop();
        PickleRef module = pop();
        if (name->kind != Kind::String || module->kind != Kind::String) {
          corrupt("STACK_GLOBAL names are not strings");
        }
        push(resolveGlobal(module->text, name->text));
        break;
      }
      case 'R': {  // REDUCE
        PickleRef args = pop();
        PickleRef callable = pop();
        push(call(callable, args));
        break;
      }
      case 'b': {  // BUILD
        PickleRef state = pop();
        build(top(), state);
        break;
      }
      case 'Q': {  // BINPERSID
        PickleRef pid = pop();
        if (!loader_) unsupported("refers to external data (a persistent id)");
        PickleRef storage = loader_(pid);
        if (!storage || storage->kind != Kind::Storage) {
          corrupt("a persistent id does not name a storage");
        }
        push(storage);
        break;
      }
      default: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", op);
        unsupported(std::string("uses pickle opcode ") + hex);
      }
    }
  }
}

}  // namespace

PickleResult readPickle(const char* data, std::size_t size, const std::string& source,
                        const PersistentLoader& persistentLoader) {
  Unpickler unpickler(data, size, source, persistentLoader);
  try {
    return unpickler.run();
  } catch (const c10::Error& e) {
    throw CheckpointError("checkpoint '" + source +
                          "' could not be read: " + e.what_without_backtrace());
  }
}

bool storageScalarType(const std::string& globalName, c10::ScalarType* scalarType) {
  const std::string prefix = "torch.";
  if (globalName.compare(0, prefix.size(), prefix) != 0) return false;
  const std::string name = globalName.substr(prefix.size());
  for (const auto& st : kStorageTypes) {
    if (name == st.name) {
      if (scalarType) *scalarType = st.type;
      return true;
    }
  }
  return false;
}

}  // namespace posescope

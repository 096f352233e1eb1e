#!/usr/bin/env python3
"""Writes the small torch.save-format fixtures of tst_checkpoint into fixtures/.

Uses only the Python standard library: stand-in classes carry the module and names of torch's
globals, so `pickle` emits the same opcodes torch.save does, and the zip and legacy layouts are
written by hand. Run it again only to change the fixtures (the outputs are committed):

    python3 tests/checkpoint/make_fixtures.py

The tensor values follow simple formulas that tst_checkpoint.cpp recomputes independently.
"""

import collections
import io
import os
import pickle
import struct
import sys
import types
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures")

# --- stand-ins for the torch globals a checkpoint refers to -----------------------------------
torch = types.ModuleType("torch")
torch_utils = types.ModuleType("torch._utils")
torch._utils = torch_utils
sys.modules["torch"] = torch
sys.modules["torch._utils"] = torch_utils

# storage class name -> struct format of one element
STORAGE_FORMATS = {
    "FloatStorage": "f",
    "HalfStorage": "e",
    "DoubleStorage": "d",
    "LongStorage": "q",
    "IntStorage": "i",
    "BoolStorage": "?",
}
for _name in STORAGE_FORMATS:
    _cls = type(_name, (), {})
    _cls.__module__ = "torch"
    setattr(torch, _name, _cls)


def _rebuild_tensor_v2(*args):  # never called: only its name is pickled
    raise NotImplementedError


_rebuild_tensor_v2.__module__ = "torch._utils"
torch_utils._rebuild_tensor_v2 = _rebuild_tensor_v2


class Storage:
    """A typed storage: its class name, key in the file, and element values."""

    def __init__(self, kind, key, values):
        self.kind, self.key, self.values = kind, key, list(values)

    def data(self):
        return struct.pack("<%d%s" % (len(self.values), STORAGE_FORMATS[self.kind]), *self.values)


class View:
    """A legacy (pre-0.4) storage view: `size` elements of `root` from `offset` on."""

    def __init__(self, root, key, offset, size):
        self.root, self.key, self.offset, self.size = root, key, offset, size


class Tensor:
    """A strided view of a Storage, pickled as torch pickles a tensor."""

    def __init__(self, storage, offset, size, stride):
        self.storage, self.offset, self.size, self.stride = storage, offset, size, stride

    def __reduce_ex__(self, protocol):
        return (_rebuild_tensor_v2,
                (self.storage, self.offset, tuple(self.size), tuple(self.stride), False,
                 collections.OrderedDict()))


def contiguous(kind, key, values, size):
    stride, acc = [], 1
    for s in reversed(size):
        stride.insert(0, acc)
        acc *= s
    return Tensor(Storage(kind, key, values), 0, size, stride)


# --- the two torch.save layouts ----------------------------------------------------------------
class ZipPickler(pickle.Pickler):
    def __init__(self, f):
        super().__init__(f, protocol=2)
        self.storages = collections.OrderedDict()

    def persistent_id(self, obj):
        if isinstance(obj, Storage):
            self.storages[obj.key] = obj
            return ("storage", getattr(torch, obj.kind), obj.key, "cpu", len(obj.values))
        return None


def write_zip(name, obj, mutate=None):
    buf = io.BytesIO()
    pickler = ZipPickler(buf)
    pickler.dump(obj)
    records = [("data.pkl", buf.getvalue())]
    records += [("data/" + key, s.data()) for key, s in pickler.storages.items()]
    records.append(("version", b"3\n"))
    if mutate:
        records = mutate(records)
    archive = os.path.splitext(name)[0].replace(".", "_")
    with zipfile.ZipFile(os.path.join(OUT, name), "w", zipfile.ZIP_STORED) as z:
        for record, data in records:
            info = zipfile.ZipInfo(archive + "/" + record, date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(info, data)


class LegacyPickler(pickle.Pickler):
    def __init__(self, f):
        super().__init__(f, protocol=2)
        self.storages = {}

    def persistent_id(self, obj):
        if isinstance(obj, Storage):
            self.storages[obj.key] = obj
            return ("storage", getattr(torch, obj.kind), obj.key, "cpu", len(obj.values), None)
        if isinstance(obj, View):
            root = obj.root
            self.storages[root.key] = root
            return ("storage", getattr(torch, root.kind), root.key, "cpu", len(root.values),
                    (obj.key, obj.offset, obj.size))
        return None


def write_legacy(name, obj):
    f = io.BytesIO()
    pickle.dump(0x1950A86A20F9469CFC6C, f, protocol=2)
    pickle.dump(1001, f, protocol=2)
    pickle.dump({"protocol_version": 1001, "little_endian": True,
                 "type_sizes": {"short": 2, "int": 4, "long": 4}}, f, protocol=2)
    pickler = LegacyPickler(f)
    pickler.dump(obj)
    keys = sorted(pickler.storages)
    pickle.dump(keys, f, protocol=2)
    for key in keys:
        s = pickler.storages[key]
        f.write(struct.pack("<q", len(s.values)))
        f.write(s.data())
    with open(os.path.join(OUT, name), "wb") as out:
        out.write(f.getvalue())


# --- contents ----------------------------------------------------------------------------------
def plain_state_dict():
    """Every dtype, a strided view with a storage offset, and two views of one storage."""
    sd = collections.OrderedDict()
    sd["conv.weight"] = contiguous("FloatStorage", "0", [i * 0.5 - 1 for i in range(6)], [2, 3])
    sd["conv.bias"] = contiguous("HalfStorage", "1", [1.5, -2.25], [2])
    sd["bn.running_mean"] = contiguous("DoubleStorage", "2", [0.1, 0.2, 0.3], [3])
    sd["bn.num_batches_tracked"] = Tensor(Storage("LongStorage", "3", [7]), 0, [], [])
    sd["index"] = contiguous("LongStorage", "4", [-3, 0, 5, 2 ** 40], [4])
    sd["mask"] = contiguous("BoolStorage", "5", [True, False, True, True, False], [5])
    sd["count"] = contiguous("IntStorage", "6", [-1, 123456], [2])
    # transposed[r][c] = storage[2 + r + 3 c] = 2 + r + 3 c
    sd["transposed"] = Tensor(Storage("FloatStorage", "7", range(14)), 2, [3, 4], [1, 3])
    shared = Storage("FloatStorage", "8", [10 + j for j in range(8)])
    sd["shared.a"] = Tensor(shared, 0, [4], [1])
    sd["shared.b"] = Tensor(shared, 4, [2, 2], [2, 1])
    sd._metadata = collections.OrderedDict(
        [("", {"version": 1}), ("conv", {"version": 1}), ("bn", {"version": 2})])
    return sd


def tiny_state_dict(prefix, base, first_key):
    """The state_dict of the test's TinyNet (Linear 3->2 'fc', BatchNorm1d(2) 'bn'):
    value k of the tensor stored t-th (t = 0..3) is base + 10 t + k; num_batches_tracked = base."""
    sd = collections.OrderedDict()
    shapes = [("fc.weight", [2, 3]), ("fc.bias", [2]), ("bn.weight", [2]), ("bn.bias", [2]),
              ("bn.running_mean", [2]), ("bn.running_var", [2])]
    for t, (name, shape) in enumerate(shapes):
        n = 1
        for s in shape:
            n *= s
        sd[prefix + name] = contiguous("FloatStorage", str(first_key + t),
                                       [base + 10 * t + k for k in range(n)], shape)
    sd[prefix + "bn.num_batches_tracked"] = Tensor(
        Storage("LongStorage", str(first_key + len(shapes)), [base]), 0, [], [])
    sd._metadata = collections.OrderedDict([("", {"version": 1}), ("bn", {"version": 2})])
    return sd


def litepose_style_checkpoint():
    step = Tensor(Storage("FloatStorage", "100", [42.0]), 0, [], [])
    avg = contiguous("FloatStorage", "101", [0.5] * 6, [2, 3])
    return {
        "epoch": 3,
        "model": "tiny_net",
        "state_dict": tiny_state_dict("module.", 1, 0),
        "best_state_dict": tiny_state_dict("module.", 500, 20),
        "perf": 0.25,
        "optimizer": {
            "state": {0: {"step": step, "exp_avg": avg}},
            "param_groups": [{"lr": 0.001, "betas": (0.9, 0.999), "eps": 1e-08,
                              "weight_decay": 0, "amsgrad": False, "foreach": None,
                              "params": [0, 1, 2, 3]}],
        },
    }


class System:
    """What an attacker would pickle: a call of os.system."""

    def __reduce__(self):
        return (os.system, ("echo posescope-was-exploited",))


class Eval:
    def __reduce__(self):
        return (eval, ("__import__('os').system('echo posescope-was-exploited')",))


def main():
    os.makedirs(OUT, exist_ok=True)
    write_zip("plain.pth", plain_state_dict())
    write_legacy("plain.legacy.pth", plain_state_dict())
    # Legacy storage views: view[i] = root[3 + i] = 3 + i; v = [[4, 5], [6, 7]].
    root = Storage("FloatStorage", "0", range(10))
    write_legacy("view.legacy.pth",
                 collections.OrderedDict([("v", Tensor(View(root, "0_v", 3, 5), 1, [2, 2], [2, 1])),
                                          ("r", Tensor(root, 0, [10], [1]))]))
    write_zip("tiny.checkpoint.pth.tar", litepose_style_checkpoint())
    write_zip("tiny.model.pth", {"model": tiny_state_dict("", 1, 0), "arch": "tiny_net"})
    io_dict = {"input": contiguous("FloatStorage", "0", [k * 0.25 for k in range(12)], [1, 3, 2, 2]),
               "output0": contiguous("FloatStorage", "1", [-k for k in range(8)], [1, 2, 2, 2])}
    write_zip("tiny.io.pth", io_dict)
    write_zip("malicious.pth", {"state_dict": System()})
    write_legacy("malicious.legacy.pth", {"state_dict": Eval()})
    # A storage record shorter than its tensors need.
    write_zip("short_storage.pth", tiny_state_dict("", 1, 0),
              mutate=lambda recs: [(n, d[:-4] if n == "data/2" else d) for n, d in recs])
    # A view that reaches past the end of its storage.
    write_zip("out_of_bounds.pth",
              {"w": Tensor(Storage("FloatStorage", "0", [1.0, 2.0, 3.0]), 1, [2, 2], [2, 1])})
    # data.pkl cut in the middle of the stream.
    write_zip("cut_pickle.pth", plain_state_dict(),
              mutate=lambda recs: [(n, d[: len(d) // 2] if n == "data.pkl" else d)
                                   for n, d in recs])
    # A TorchScript archive: torch.jit.save writes constants.pkl and code/.
    write_zip("script.pt", {},
              mutate=lambda recs: recs + [("constants.pkl", pickle.dumps((), protocol=2)),
                                          ("code/__torch__.py", b"class Net:\n  pass\n")])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs LitePose's valid.py, unchanged, on a CPU-only PyTorch and times its network forward.

usage: reference_valid.py LITEPOSE_DIR VALID_PY_ARGUMENTS...

valid.py moves the model and every input to the GPU (`.cuda()`), which a CPU-only PyTorch
refuses; here `.cuda()` returns its object unchanged, nothing else of the reference is touched.
The reference was written for NumPy < 1.24, whose aliases np.float, np.int, np.bool and
np.object of the builtins it uses; they are put back where missing. REFERENCE_THREADS=N sets
PyTorch's intra-op threads (torch.set_num_threads); otherwise PyTorch's default stands.
The forward is timed around the DataParallel wrapper valid.py calls (one call per pass: with the
flip test, two per image), and the total is printed to stderr when valid.py ends.
Used by scripts/bench-reference.
"""
import atexit
import os
import runpy
import sys
import time

import numpy
import torch

for alias, builtin in (("float", float), ("int", int), ("bool", bool), ("object", object)):
    if not hasattr(numpy, alias):
        setattr(numpy, alias, builtin)
if os.environ.get("REFERENCE_THREADS"):
    torch.set_num_threads(int(os.environ["REFERENCE_THREADS"]))

torch.nn.Module.cuda = lambda self, *args, **kwargs: self
torch.Tensor.cuda = lambda self, *args, **kwargs: self

forward = {"seconds": 0.0, "calls": 0}
untimed_forward = torch.nn.DataParallel.forward


def timed_forward(self, *args, **kwargs):
    start = time.perf_counter()
    outputs = untimed_forward(self, *args, **kwargs)
    forward["seconds"] += time.perf_counter() - start
    forward["calls"] += 1
    return outputs


torch.nn.DataParallel.forward = timed_forward
atexit.register(lambda: print("reference forward: %.3f s in %d calls, torch threads %d"
                              % (forward["seconds"], forward["calls"], torch.get_num_threads()),
                              file=sys.stderr))

litepose = os.path.abspath(sys.argv[1])
sys.argv = [os.path.join(litepose, "valid.py")] + sys.argv[2:]
sys.path.insert(0, litepose)
runpy.run_path(sys.argv[0], run_name="__main__")

#!/usr/bin/env python3
"""Times the reference's own network forward in PyTorch eager, as valid.py runs it.

usage: reference_forward.py LITEPOSE_DIR CFG ARCH CHECKPOINT HEIGHT WIDTH ROUNDS [--variants]

Builds the network with LitePose's code (models.<MODEL.NAME>.get_pose_net with the arch JSON,
ARCH "" for none), loads CHECKPOINT (a state_dict) and times ROUNDS forwards of a seeded random
2x3xHEIGHTxWIDTH batch (an image and its flip, as valid.py's flip test) on one thread under
torch.no_grad(); prints the median wall and CPU milliseconds. Needs python3-torch and yacs on
PYTHONPATH. Used by scripts/bench-forward beside build/tests/models/bench_forward.
With --variants it also times what PyTorch offers for a faster CPU forward, interleaved with
eager, each with its largest output difference to eager: channels-last memory format, oneDNN
turned off, torch.jit.freeze (BatchNorms folded), torch.jit.optimize_for_inference (oneDNN's
layout kept between convolutions: what PoseScope's optimised forward does in C++) and
optimize_for_mobile (XNNPACK's prepacked convolutions); docs/performance.md says what each gave.
"""
import copy
import json
import os
import statistics
import sys
import time

import torch

litepose, cfg_file, arch_file, checkpoint = sys.argv[1:5]
height, width, rounds = (int(v) for v in sys.argv[5:8])
sys.path.insert(0, os.path.join(litepose, "lib"))
sys.path.insert(0, litepose)
from config import cfg  # noqa: E402  (LitePose's yacs config, on the path just set)
import models  # noqa: E402

torch.set_num_threads(1)
cfg.defrost()
cfg.merge_from_file(cfg_file)
cfg.freeze()
arch = json.load(open(arch_file)) if arch_file else None
model = getattr(models, cfg.MODEL.NAME).get_pose_net(cfg, is_train=False, cfg_arch=arch)
if checkpoint:
    model.load_state_dict(torch.load(checkpoint, map_location="cpu"))
model.eval()
torch.manual_seed(0)
batch = torch.randn(2, 3, height, width)


def timed(run, inputs):
    """Median wall and CPU seconds of ROUNDS calls, after two untimed ones."""
    wall, cpu = [], []
    for _ in range(2):
        run(inputs)
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        run(inputs)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(wall), statistics.median(cpu)


with torch.no_grad():
    w, c = timed(model, batch)
    print("pytorch eager forward  median %7.1f ms wall, %7.1f ms CPU (%s, input 2x3x%dx%d, "
          "1 thread)" % (1000 * w, 1000 * c, cfg.MODEL.NAME, height, width))
    if "--variants" in sys.argv:
        reference = model(batch)
        last = batch.contiguous(memory_format=torch.channels_last)
        channels_last = copy.deepcopy(model).to(memory_format=torch.channels_last)

        def without_onednn(inputs):
            with torch.backends.mkldnn.flags(enabled=False):
                return model(inputs)

        def traced():
            return torch.jit.trace(copy.deepcopy(model), batch, check_trace=False).eval()

        from torch.utils.mobile_optimizer import optimize_for_mobile
        variants = [
            ("channels-last", channels_last, last),
            ("oneDNN off", without_onednn, batch),
            ("torch.jit.freeze", torch.jit.freeze(traced()), batch),
            ("optimize_for_inference", torch.jit.optimize_for_inference(traced()), batch),
            ("optimize_for_mobile (XNNPACK)", optimize_for_mobile(traced()), batch),
        ]
        for name, run, inputs in variants:
            eager_cpu = timed(model, batch)[1]
            w, c = timed(run, inputs)
            diff = max((a - b).abs().max().item() for a, b in zip(run(inputs), reference))
            print("variant %-30s median %7.1f ms CPU, eager beside it %7.1f ms: %.2fx; "
                  "largest output difference %.3g" % (name, 1000 * c, 1000 * eager_cpu,
                                                      eager_cpu / c, diff))

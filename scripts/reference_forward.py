#!/usr/bin/env python3
"""Times the reference's own network forward in PyTorch eager, as valid.py runs it.

usage: reference_forward.py LITEPOSE_DIR CFG ARCH CHECKPOINT HEIGHT WIDTH ROUNDS

Builds the network with LitePose's code (models.<MODEL.NAME>.get_pose_net with the arch JSON,
ARCH "" for none), loads CHECKPOINT (a state_dict) and times ROUNDS forwards of a seeded random
2x3xHEIGHTxWIDTH batch (an image and its flip, as valid.py's flip test) on one thread under
torch.no_grad(); prints the median wall and CPU milliseconds. Needs python3-torch and yacs on
PYTHONPATH. Used by scripts/bench-forward beside build/tests/models/bench_forward.
"""
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
wall, cpu = [], []
with torch.no_grad():
    for _ in range(2):
        model(batch)
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        model(batch)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
print("pytorch eager forward  median %7.1f ms wall, %7.1f ms CPU (%s, input 2x3x%dx%d, 1 thread)"
      % (1000 * statistics.median(wall), 1000 * statistics.median(cpu), cfg.MODEL.NAME, height,
         width))

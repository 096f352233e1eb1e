#!/usr/bin/env python3
"""ptflops' multiply-adds of LitePose's pose_mobilenet, as LitePose counts them.

usage: reference_ptflops.py LITEPOSE_DIR PTFLOPS_DIR YACS_DIR CONFIG.yaml [ARCH.json...]

For each arch: builds models.pose_mobilenet.get_pose_net(cfg, is_train=False, cfg_arch=arch) from
the experiment config (read by LitePose's own update_config), then calls ptflops'
get_model_complexity_info on a (3, img_size, img_size) input, exactly as
arch_search/eff_pred.py's EfficiencyEvaluator does, once for the integer count and once for the
string figure the search compares. Prints JSON: the ptflops version and, per arch file name, the
input size, the integer multiply-adds, ptflops' parameter count and its "N.NN GMac" string.
Without an arch, the config's own network on DATASET.INPUT_SIZE, under "network", built as
valid.py builds it: MODEL.NAME's get_pose_net, with ArchManager(cfg).fixed_sample() for
pose_mobilenet and pose_simplenet.
The three repositories are imported unchanged from the given folders (Debian's python3-torch and
python3-numpy; no pip). tests/models/goldens/README.md gives the commands that made the goldens.
"""
import argparse
import json
import os
import re
import sys


def release(ptflops_dir):
    """ptflops' version as its setup.py declares it (the package itself does not say)."""
    with open(os.path.join(ptflops_dir, "setup.py")) as f:
        found = re.search(r"VERSION = '([^']+)'", f.read())
    return found.group(1) if found else None


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    litepose, ptflops_dir, yacs_dir, config = sys.argv[1:5]
    archs = sys.argv[5:]
    # arch_search/arch_gen.py reaches models and config through lib/ (tools/_init_paths.py);
    # pose_mobilenet imports its layers as lib.models.layers.
    sys.path[:0] = [ptflops_dir, yacs_dir, os.path.join(litepose, "lib"), litepose]

    import ptflops
    import torch
    from config import cfg, update_config
    import models  # all of LitePose's networks, as its tools import them

    update_config(cfg, argparse.Namespace(cfg=config, opts=[]))
    torch.manual_seed(0)
    result = {
        "ptflops_version": release(ptflops_dir),
        "config": os.path.relpath(config, os.path.join(litepose, "experiments")),
        "num_joints": cfg.MODEL.NUM_JOINTS,
    }

    def count(build, reso):
        counts = []
        for as_strings in (False, True):  # a fresh network each time, as each search draw is
            counts.append(ptflops.get_model_complexity_info(
                build(), (3, reso, reso), print_per_layer_stat=False, as_strings=as_strings,
                verbose=False))
        (macs, params), (text, _) = counts
        return {"input_size": [reso, reso], "macs": int(macs), "parameters": int(params),
                "gmac_string": text}

    if archs:
        result["archs"] = {}
    for path in archs:
        with open(path) as f:
            arch = json.load(f)
        result["archs"][os.path.basename(path)] = count(
            lambda: models.pose_mobilenet.get_pose_net(cfg, is_train=False, cfg_arch=arch),
            arch["img_size"])
    if not archs:
        get_pose_net = getattr(models, cfg.MODEL.NAME).get_pose_net
        options = {}
        if cfg.MODEL.NAME in ("pose_mobilenet", "pose_simplenet"):
            from arch_manager import ArchManager
            options["cfg_arch"] = ArchManager(cfg).fixed_sample()
        result["model"] = cfg.MODEL.NAME
        result["network"] = count(lambda: get_pose_net(cfg, is_train=False, **options),
                                  cfg.DATASET.INPUT_SIZE)
    json.dump(result, sys.stdout, indent=2, sort_keys=True)
    print()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Convolution multiply-adds of a LitePose network, counted on the reference's own forward.

usage: reference_conv_macs.py LITEPOSE_DIR YACS_DIR CONFIG.yaml ARCH.json HEIGHTxWIDTH

Builds the network with LitePose's code (pose_supermobilenet with the arch as its search arch,
or pose_mobilenet with the arch), runs one forward of a 1x3xHEIGHTxWIDTH input under
torch.no_grad(), and counts every torch.nn.functional.conv2d and conv_transpose2d call the
forward makes, whichever module makes it (the supernet's layers call them directly): a
convolution costs its output elements x the weight's input channels x kernel area, a
transposed convolution its input elements x the weight's output channels x kernel area. Prints
JSON: the convolutions', the transposed convolutions' and their sum, "conv_macs". This rule
gives the parity data's conv_macs of litepose_xs_coco (1,107,302,400); tests/models/goldens/
README.md says what it gives for the supernet. Debian's python3-torch; LitePose and yacs
imported unchanged from the folders.
"""
import argparse
import json
import os
import sys


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    litepose, yacs, config, arch_file, size = sys.argv[1:6]
    sys.path[:0] = [yacs, os.path.join(litepose, "lib"), litepose]
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from config import cfg, update_config
    import models

    # LitePose's SuperConvTranspose2d calls _output_padding as torch before 1.12 declared it.
    padding = nn.ConvTranspose2d._output_padding

    def output_padding(self, x, output_size, stride, pad, kernel_size, num_spatial_dims=2,
                       dilation=None):
        return padding(self, x, output_size, stride, pad, kernel_size, num_spatial_dims, dilation)

    nn.ConvTranspose2d._output_padding = output_padding

    update_config(cfg, argparse.Namespace(cfg=config, opts=[]))
    with open(arch_file) as f:
        arch = json.load(f)
    torch.manual_seed(0)
    if cfg.MODEL.NAME == "pose_supermobilenet":
        net = models.pose_supermobilenet.get_pose_net(cfg, is_train=False)
        net.arch_manager.is_search = True  # random_sample() then returns this arch
        net.arch_manager.search_arch = arch
    else:
        net = models.pose_mobilenet.get_pose_net(cfg, is_train=False, cfg_arch=arch)
    net.eval()

    counts = {"convolution": 0, "transposed_convolution": 0}
    conv2d, conv_transpose2d = F.conv2d, F.conv_transpose2d

    def counted_conv2d(x, w, *args, **kwargs):
        out = conv2d(x, w, *args, **kwargs)
        counts["convolution"] += out.numel() * w.shape[1] * w.shape[2] * w.shape[3]
        return out

    def counted_conv_transpose2d(x, w, *args, **kwargs):
        counts["transposed_convolution"] += x.numel() * w.shape[1] * w.shape[2] * w.shape[3]
        return conv_transpose2d(x, w, *args, **kwargs)

    F.conv2d, F.conv_transpose2d = counted_conv2d, counted_conv_transpose2d
    height, width = (int(v) for v in size.split("x"))
    with torch.no_grad():
        net(torch.randn(1, 3, height, width))
    counts["conv_macs"] = counts["convolution"] + counts["transposed_convolution"]
    counts["input"] = [height, width]
    counts["config"] = os.path.relpath(config, os.path.join(litepose, "experiments"))
    counts["arch"] = os.path.basename(arch_file)
    json.dump(counts, sys.stdout, indent=2, sort_keys=True)
    print()


if __name__ == "__main__":
    main()

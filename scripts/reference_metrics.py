#!/usr/bin/env python3
"""pycocotools' keypoint evaluation of one results file, as valid.py runs it.

usage: reference_metrics.py GT.json RESULTS.json

Loads the ground truth (COCO), the results (loadRes), runs COCOeval 'keypoints' evaluate,
accumulate and summarize, and prints the AP; pycocotools' own output is silenced. Used by
scripts/bench-pycocotools to time pycocotools end to end. pycocotools' released code uses NumPy's
np.float alias, which NumPy 1.24 removed: the aliases are put back where missing, as
reference_valid.py does.
"""
import contextlib
import io
import sys
import warnings

import numpy

with warnings.catch_warnings():  # asking for np.bool / np.object warns on NumPy 1.24
    warnings.simplefilter("ignore", FutureWarning)
    for alias, builtin in (("float", float), ("int", int), ("bool", bool), ("object", object)):
        if not hasattr(numpy, alias):
            setattr(numpy, alias, builtin)

from pycocotools.coco import COCO  # noqa: E402 (after the aliases it needs)
from pycocotools.cocoeval import COCOeval  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO(sys.argv[1])
        dt = gt.loadRes(sys.argv[2])
        evaluation = COCOeval(gt, dt, "keypoints")
        evaluation.params.useSegm = None
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
    print("AP", evaluation.stats[0])


if __name__ == "__main__":
    main()

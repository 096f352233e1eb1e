#!/usr/bin/env python3
"""What pycocotools' and crowdposetools' COCOeval do on the parity sets, run from their source, as
tests/python/test_cocoeval.py's comparison with the reference reads it.

usage: reference_cocoeval_goldens.py COCOAPI_PYTHONAPI CROWDPOSE_PYTHONAPI PARITY_DIR > \\
           tests/python/goldens/cocoeval_reference.json

For every parity set (eval/*.gt.json with .results.json), with the reference's settings
("default") and with changed ones ("changed": OKS thresholds 0.3, 0.5, 0.65, 0.9, maxDets 5 and
20, areas 'all' [100, 1e10] and 'medium' [500, 4000], every second image id, and for pycocotools
other sigmas): the whole eval arrays (precision, scores, recall), summarize()'s stats and the lines
it prints. The reference runs unchanged; its mask extension and plotting imports are stubbed
(keypoint evaluation calls neither) and NumPy's removed aliases put back, as
scripts/reference_curves.py does. Needs Debian's python3-numpy.
"""
import contextlib
import glob
import io
import json
import os
import sys
import types
import warnings

import numpy as np

CHANGED_SIGMAS = [0.03, 0.02, 0.04, 0.05, 0.05, 0.07, 0.08, 0.07, 0.06, 0.06, 0.05, 0.1, 0.11,
                  0.09, 0.08, 0.08, 0.1]

with warnings.catch_warnings():  # asking for np.bool / np.object warns on NumPy 1.24
    warnings.simplefilter("ignore", FutureWarning)
    for alias, builtin in (("float", float), ("int", int), ("bool", bool), ("object", object)):
        if not hasattr(np, alias):
            setattr(np, alias, builtin)


def reference(package, source):
    for stub in ("matplotlib", "matplotlib.pyplot", "matplotlib.collections",
                 "matplotlib.patches", package + ".mask", package + "._mask"):
        module = sys.modules.setdefault(stub, types.ModuleType(stub))
        module.PatchCollection = module.Polygon = None
    sys.modules["matplotlib"].use = lambda *args, **kwargs: None
    sys.path.insert(0, source)
    coco = __import__(package + ".coco", fromlist=["COCO"])
    cocoeval = __import__(package + ".cocoeval", fromlist=["COCOeval"])
    sys.path.remove(source)
    return coco.COCO, cocoeval.COCOeval


def evaluate(coco, evaluator, base, crowdpose, changed):
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        gt = coco(base + ".gt.json")
        dt = gt.loadRes(base + ".results.json")
        evaluation = evaluator(gt, dt, "keypoints")
        if crowdpose:  # crowdposetools' summarize reads the ground truth again (valid.py sets it)
            evaluation.anno_file = [base + ".gt.json"]
        p = evaluation.params
        if changed:
            p.iouThrs = np.array([0.3, 0.5, 0.65, 0.9])
            p.maxDets = [5, 20]
            p.areaRng[p.areaRngLbl.index("all")] = [100.0, 1e10]
            p.areaRng[p.areaRngLbl.index("medium")] = [500.0, 4000.0]
            p.imgIds = sorted(gt.getImgIds())[::2]
            if not crowdpose:
                p.kpt_oks_sigmas = np.array(CHANGED_SIGMAS)
        evaluation.evaluate()
        evaluation.accumulate()
        arrays = {k: evaluation.eval[k].tolist() for k in ("precision", "scores", "recall")}
        evaluation.summarize()
    lines = [line for line in printed.getvalue().splitlines() if line.startswith(" Average")]
    return dict(arrays, stats=[float(s) for s in evaluation.stats], lines=lines)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cocoapi, crowdapi, parity = sys.argv[1:4]
    goldens = {"command": "scripts/reference_cocoeval_goldens.py COCOAPI/PythonAPI "
                          "CROWDPOSE/crowdpose-api/PythonAPI PARITY_DIR", "sets": {}}
    tools = {False: reference("pycocotools", cocoapi), True: reference("crowdposetools", crowdapi)}
    for gt_file in sorted(glob.glob(os.path.join(parity, "eval", "*.gt.json"))):
        base = gt_file[:-len(".gt.json")]
        name = os.path.basename(base)
        crowdpose = "crowdpose" in name
        coco, evaluator = tools[crowdpose]
        goldens["sets"][name] = {case: evaluate(coco, evaluator, base, crowdpose, case == "changed")
                                 for case in ("default", "changed")}
    json.dump(goldens, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""pycocotools' keypoint stats of the framework results fixtures (tests/eval/fixtures/frameworks).

usage: reference_framework_goldens.py FOLDER > FOLDER/goldens.json

For each framework's results file: COCO(gt.json), loadRes of its list, COCOeval 'keypoints'
evaluate / accumulate / summarize, as valid.py runs it; prints {file: stats} as JSON.
pycocotools cannot take a string image_id (Ultralytics' file name stems): those are mapped here
to the id of the ground-truth image whose file_name has that stem (Path.stem), what PoseScope does
itself, and the script checks that the plain list next to the file (NAME.coco.json, numeric ids)
gives the same stats. NumPy aliases as in reference_metrics.py.
"""
import contextlib
import io
import json
import os
import sys
import warnings
from pathlib import Path

import numpy

with warnings.catch_warnings():  # asking for np.bool / np.object warns on NumPy 1.24
    warnings.simplefilter("ignore", FutureWarning)
    for alias, builtin in (("float", float), ("int", int), ("bool", bool), ("object", object)):
        if not hasattr(numpy, alias):
            setattr(numpy, alias, builtin)

from pycocotools.coco import COCO  # noqa: E402 (after the aliases it needs)
from pycocotools.cocoeval import COCOeval  # noqa: E402

FILES = {"mmpose.keypoints.json": "mmpose.coco.json",
         "ultralytics.predictions.json": "ultralytics.coco.json",
         "detectron2.coco_instances_results.json": None}


def stats(gt, results):
    with contextlib.redirect_stdout(io.StringIO()):
        evaluation = COCOeval(gt, gt.loadRes(results), "keypoints")
        evaluation.params.useSegm = None
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
    return [float(s) for s in evaluation.stats]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO(os.path.join(folder, "gt.json"))
    ids = {Path(image["file_name"]).stem: image["id"] for image in gt.dataset["images"]}
    goldens = {}
    for name, plain in FILES.items():
        with open(os.path.join(folder, name)) as f:
            results = json.load(f)
        for r in results:
            if isinstance(r["image_id"], str):
                r["image_id"] = ids[r["image_id"]]
        goldens[name] = stats(gt, results)
        if plain:
            with open(os.path.join(folder, plain)) as f:
                assert stats(gt, json.load(f)) == goldens[name], plain
    json.dump(goldens, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""posescope.cocoeval.COCOeval against pycocotools.cocoeval.COCOeval in one Python process.

usage: PYTHONPATH=build/python python3 python/bench_cocoeval.py COCOAPI_PYTHONAPI [GT RESULTS]
       [ROUNDS]

Both start from the same pycocotools COCO objects (COCO(GT), loadRes(RESULTS), loaded once) and
run evaluate(), accumulate() and summarize() with 'keypoints'; each round times one of each,
alternately; prints every time, the medians and their ratio, and checks that the stats agree.
Without files: the generated 5,000-image set build/tests/eval/eval_benchmark writes into
posescope-eval-bench under the temporary folder (TMPDIR). COCOAPI_PYTHONAPI is cocoapi's PythonAPI folder (pycocotools' source;
its C extension is not needed for keypoints and is stubbed, as scripts/reference_curves.py does).
"""
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
import types
import warnings

import numpy as np

# This folder holds the module's sources, not the built module: import it from PYTHONPATH.
_here = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]


def reference(source):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        for alias, builtin in (("float", float), ("int", int), ("bool", bool),
                               ("object", object)):
            if not hasattr(np, alias):
                setattr(np, alias, builtin)
    for name in ("matplotlib", "matplotlib.pyplot", "matplotlib.collections",
                 "matplotlib.patches", "pycocotools.mask", "pycocotools._mask"):
        module = sys.modules.setdefault(name, types.ModuleType(name))
        module.PatchCollection = module.Polygon = None
    sys.modules["matplotlib"].use = lambda *args, **kwargs: None
    sys.path.insert(0, source)
    from pycocotools.coco import COCO
    from pycocotools.cocoeval import COCOeval
    return COCO, COCOeval


def timed(evaluator, gt, dt):
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        evaluation = evaluator(gt, dt, "keypoints")
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
    return time.perf_counter() - start, list(evaluation.stats)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bench = os.path.join(tempfile.gettempdir(), "posescope-eval-bench")
    gt_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(bench, "bench.gt.json")
    dt_path = sys.argv[3] if len(sys.argv) > 3 else os.path.join(bench, "bench.results.json")
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    COCO, Reference = reference(sys.argv[1])
    from posescope.cocoeval import COCOeval as Ours

    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO(gt_path)
        dt = gt.loadRes(dt_path)
    times = {"pycocotools": [], "posescope": []}
    for round_ in range(rounds):
        ref_seconds, ref_stats = timed(Reference, gt, dt)
        our_seconds, our_stats = timed(Ours, gt, dt)
        if ref_stats != our_stats:
            sys.exit(f"stats differ: pycocotools {ref_stats}, posescope {our_stats}")
        times["pycocotools"].append(ref_seconds)
        times["posescope"].append(our_seconds)
        print(f"round {round_ + 1}: pycocotools {ref_seconds * 1000:.0f} ms, "
              f"posescope.cocoeval {our_seconds * 1000:.0f} ms")
    ref, ours = statistics.median(times["pycocotools"]), statistics.median(times["posescope"])
    print(f"median: pycocotools {ref * 1000:.0f} ms, posescope.cocoeval {ours * 1000:.0f} ms: "
          f"{ref / ours:.1f}x (same stats)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""coco-analyze's own keypoint error analysis of one COCO results file, as an analysis file.

usage: reference_analysis.py SOURCE GT.json RESULTS.json OUT.json

SOURCE is a checkout of matteorr/coco-analyze (the folder holding pycocotools/cocoanalyze.py).
Runs it unchanged as its run_analysis.py does (each image's 20 best results, maxDets 20, area
ranges all [32², 1e5²] / medium [32², 96²] / large [96², 1e5²], OKS thresholds .50:.05:.95) and
writes the format of ../shared/parity/analysis (read its README):
- "stats": analysisAPI/errorsAPImpact.py's AP (`auc`) and recall per error type, threshold and
  area, as that study computes and labels them;
- "per_dt": localizationErrors.py's labels of every detection matched at OKS 0.1 (area 'all'),
  keyed by the detection's 0-based position in RESULTS.json;
- "counts": per threshold (area 'all'), the background false positives and false negatives of
  the full analysis (every keypoint error corrected, optimal scores), what analyze() finds.
Its plotting imports (matplotlib, colour, skimage) and mask extension are stubbed (the analysis
calls none of them); NumPy's removed aliases (np.float, ...) are put back and np.linspace given
the integer count NumPy now requires. Needs Debian's python3-numpy and python3-scipy.
"""
import contextlib
import io
import json
import sys
import types
import warnings

import numpy

with warnings.catch_warnings():  # asking for np.bool / np.object warns on NumPy 1.24
    warnings.simplefilter("ignore", FutureWarning)
    for alias, builtin in (("float", float), ("int", int), ("bool", bool), ("object", object)):
        if not hasattr(numpy, alias):
            setattr(numpy, alias, builtin)
_linspace = numpy.linspace
numpy.linspace = lambda start, stop, num=50, *args, **kwargs: _linspace(
    start, stop, int(num), *args, **kwargs)

OKS_THRESHOLDS = [.5, .55, .6, .65, .7, .75, .8, .85, .9, .95]
AREAS = [[32 ** 2, 1e5 ** 2], [32 ** 2, 96 ** 2], [96 ** 2, 1e5 ** 2]]
AREA_NAMES = ["all", "medium", "large"]
KEYPOINT_ERRORS = ["miss", "swap", "inversion", "jitter"]


def stub_modules():
    """Empty stand-ins for the plotting and mask modules coco-analyze imports but never calls."""
    for name in ("matplotlib", "matplotlib.pyplot", "matplotlib.patches",
                 "matplotlib.collections", "colour", "skimage", "skimage.io",
                 "pycocotools.mask", "pycocotools._mask"):
        sys.modules[name] = types.ModuleType(name)
    sys.modules["matplotlib"].pyplot = sys.modules["matplotlib.pyplot"]
    sys.modules["matplotlib.pyplot"].rcParams = {}
    sys.modules["matplotlib.patches"].Polygon = None
    sys.modules["matplotlib.collections"].PatchCollection = None
    sys.modules["colour"].Color = None


def set_study(analyzer, areas, names):
    """The parameters each of coco-analyze's studies sets before analyze()."""
    analyzer.params.areaRng = areas
    analyzer.params.areaRngLbl = names
    analyzer.params.oksThrs = OKS_THRESHOLDS
    analyzer.cocoEval.params.useGtIgnore = 0
    analyzer.cocoEval.params.gtIgnoreIds = []


def ap_impact_stats(analyzer):
    """errorsAPImpact.py's stats: each keypoint error fixed alone, optimal scores, background."""
    set_study(analyzer, AREAS, AREA_NAMES)
    stats = []
    for error in KEYPOINT_ERRORS + ["score", "bckgd_false_pos"]:
        if error in KEYPOINT_ERRORS:
            analyzer.params.err_types = [error]
            analyzer.analyze(check_kpts=True, check_scores=False, check_bckgd=False)
        elif error == "score":
            analyzer.params.err_types = []
            analyzer.analyze(check_kpts=False, check_scores=True, check_bckgd=False)
        else:
            analyzer.params.err_types = []
            analyzer.analyze(check_kpts=False, check_scores=False, check_bckgd=True)
        analyzer.summarize(makeplots=False)
        stats += analyzer.stats
    unique = {tuple(sorted(s.items())): s for s in stats}.values()  # as errorsAPImpact dedups
    return sorted(({"err": s["err"], "area": s["areaRngLbl"], "oks": float(s["oks"]),
                    "auc": float(s["auc"]), "recall": float(s["recall"])} for s in unique),
                  key=lambda s: (s["err"], s["area"], s["oks"]))


def joint_labels(analyzer, position):
    """localizationErrors.py's labels of every detection localised in area 'all'."""
    set_study(analyzer, AREAS[:1], AREA_NAMES[:1])
    analyzer.params.err_types = list(KEYPOINT_ERRORS)
    analyzer.analyze(check_kpts=True, check_scores=False, check_bckgd=False)
    return {str(position[d["id"]]): {label: [int(v) for v in d[label]] for label in
                                     ("good", "jitter", "inversion", "swap", "miss")}
            for d in sorted(analyzer.corrected_dts["all"], key=lambda d: position[d["id"]])
            if "good" in d}


def background_counts(analyzer):
    """The full analysis' background false positives and false negatives in area 'all'."""
    set_study(analyzer, AREAS, AREA_NAMES)
    analyzer.params.err_types = list(KEYPOINT_ERRORS)
    analyzer.analyze()
    return {"%g" % t: {"bckgd_false_pos": len(analyzer.false_pos_dts["all", str(t)]),
                       "false_neg": len(analyzer.false_neg_gts["all", str(t)])}
            for t in OKS_THRESHOLDS}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    source, gt_path, results_path, out_path = sys.argv[1:5]
    stub_modules()
    sys.path.insert(0, source)
    from pycocotools.coco import COCO
    from pycocotools.cocoanalyze import COCOanalyze

    with open(results_path) as f:
        results = json.load(f)
    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO(gt_path)
        # run_analysis.py: each image's 20 best results, in the order it keeps them.
        for i, r in enumerate(results):
            r["position"] = i
        per_image = {}
        for r in results:
            per_image.setdefault(r["image_id"], []).append(r)
        kept = []
        for image_id in per_image:
            if image_id in gt.imgs:
                kept.extend(sorted(per_image[image_id], key=lambda r: -r["score"])[:20])
        dt = gt.loadRes(kept)
        position = {r["id"]: r["position"] for r in kept}
        analyzer = COCOanalyze(gt, dt, "keypoints")
        out = {"tool": "coco-analyze", "dataset": "coco",
               "stats": ap_impact_stats(analyzer),
               "per_dt": joint_labels(analyzer, position),
               "counts": background_counts(analyzer)}
    out["command"] = " ".join(["scripts/reference_analysis.py", "SOURCE"] + sys.argv[2:4] +
                              ["OUT"])
    with open(out_path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""pycocotools' (or crowdposetools') accumulate() arrays of one results file, as a curves file.

usage: reference_curves.py EVALUATOR SOURCE GT.json RESULTS.json OUT.json [SETTINGS...]

EVALUATOR is pycocotools or crowdposetools; SOURCE the folder holding that package's source
(cocoapi's PythonAPI, or CrowdPose's crowdpose-api/PythonAPI). SETTINGS change the evaluation as
`posescope-cli metrics` does:
  --oks-thresholds A,B,...   p.iouThrs
  --sigmas A,B,...           p.kpt_oks_sigmas (pycocotools only: crowdposetools hard-codes them)
  --area NAME=LO,HI          the range of area label NAME in p.areaRng (repeatable)
  --max-dets N               p.maxDets = [N]
  --min-score S              results scored below S are removed before loadRes
  --split-categories         the set made two-category: category 2 (same joints, name "person2")
                             gets every annotation and result of the images with an odd id
  --first-joints N           the set cut to the skeleton of its first N joints (num_keypoints
                             recounted; give the N sigmas with --sigmas)

Runs the reference unchanged: loadRes, COCOeval('keypoints') evaluate and accumulate, then
writes eval['precision'][t, r, k, a, -1] as precision[a][t][r], eval['scores'] likewise and
eval['recall'][t, k, a, -1] as recall[a][t] for each category (several: under "categories"),
the settings used ("params") and summarize()'s stats, taken after the arrays since
crowdposetools' summarize re-runs accumulate on its easy / medium / hard splits. The stats are
the reference's only with its default settings (summarize looks for maxDets 20 and the default
thresholds). The reference's C extension (masks) and plotting imports are not needed for keypoints
and are stubbed; NumPy's removed aliases (np.float, ...) are put back, as reference_metrics.py
does. Needs python3-numpy (Debian's /usr/bin/python3 has it).
"""
import contextlib
import copy
import io
import json
import sys
import tempfile
import types
import warnings

import numpy

with warnings.catch_warnings():  # asking for np.bool / np.object warns on NumPy 1.24
    warnings.simplefilter("ignore", FutureWarning)
    for alias, builtin in (("float", float), ("int", int), ("bool", bool), ("object", object)):
        if not hasattr(numpy, alias):
            setattr(numpy, alias, builtin)


def stub_modules(package):
    """Empty stand-ins for the modules keypoint evaluation imports but never calls."""
    for name in ("matplotlib", "matplotlib.pyplot", "matplotlib.collections",
                 "matplotlib.patches", package + ".mask", package + "._mask"):
        module = types.ModuleType(name)
        module.PatchCollection = module.Polygon = None
        sys.modules[name] = module
    sys.modules["matplotlib"].use = lambda *args, **kwargs: None


def parse_settings(args):
    settings = {"areas": {}}
    i = 0
    while i < len(args):
        option = args[i]
        if option == "--split-categories":
            settings["split_categories"] = True
            i += 1
            continue
        if i + 1 >= len(args):
            sys.exit("%s needs a value" % option)
        value = args[i + 1]
        if option == "--oks-thresholds":
            settings["oks_thresholds"] = [float(v) for v in value.split(",")]
        elif option == "--sigmas":
            settings["sigmas"] = [float(v) for v in value.split(",")]
        elif option == "--area":
            name, bounds = value.split("=")
            settings["areas"][name] = [float(v) for v in bounds.split(",")]
        elif option == "--first-joints":
            settings["first_joints"] = int(value)
        elif option == "--max-dets":
            settings["max_dets"] = int(value)
        elif option == "--min-score":
            settings["min_score"] = float(value)
        else:
            sys.exit("unknown setting %s" % option)
        i += 2
    return settings


def split_categories(gt, results):
    """Category 2 takes every annotation and result of the images with an odd id."""
    second = copy.deepcopy(gt["categories"][0])
    second["id"], second["name"] = 2, "person2"
    gt["categories"].append(second)
    for entry in gt["annotations"] + results:
        if entry["image_id"] % 2 == 1:
            entry["category_id"] = 2


def first_joints(gt, results, joints):
    """The skeleton cut to its first `joints` joints; num_keypoints counts the labelled ones left."""
    for category in gt["categories"]:
        category["keypoints"] = category["keypoints"][:joints]
        category["skeleton"] = []
    for annotation in gt["annotations"]:
        annotation["keypoints"] = annotation["keypoints"][:3 * joints]
        annotation["num_keypoints"] = sum(1 for v in annotation["keypoints"][2::3] if v > 0)
    for result in results:
        result["keypoints"] = result["keypoints"][:3 * joints]


def main():
    if len(sys.argv) < 6 or sys.argv[1] not in ("pycocotools", "crowdposetools"):
        sys.exit(__doc__)
    package, source, gt_path, results_path, out_path = sys.argv[1:6]
    settings = parse_settings(sys.argv[6:])
    stub_modules(package)
    sys.path.insert(0, source)
    if package == "pycocotools":
        from pycocotools.coco import COCO
        from pycocotools.cocoeval import COCOeval
    else:
        from crowdposetools.coco import COCO
        from crowdposetools.cocoeval import COCOeval

    with open(gt_path) as f:
        gt_json = json.load(f)
    with open(results_path) as f:
        results = json.load(f)
    if "min_score" in settings:
        results = [r for r in results if r["score"] >= settings["min_score"]]
    if "first_joints" in settings:
        first_joints(gt_json, results, settings["first_joints"])
    if settings.get("split_categories"):
        split_categories(gt_json, results)
    with tempfile.TemporaryDirectory() as folder:
        # COCO() reads a file, and crowdposetools' summarize reads the ground truth file again.
        gt_file, results_file = folder + "/gt.json", folder + "/results.json"
        with open(gt_file, "w") as f:
            json.dump(gt_json, f)
        with open(results_file, "w") as f:
            json.dump(results, f)
        with contextlib.redirect_stdout(io.StringIO()):
            gt = COCO(gt_file)
            dt = gt.loadRes(results_file)
            evaluation = COCOeval(gt, dt, "keypoints")
            if package == "crowdposetools":
                evaluation.anno_file = [gt_file]  # where crowdposetools' valid.py sets it
            p = evaluation.params
            p.useSegm = None
            if "oks_thresholds" in settings:
                p.iouThrs = numpy.array(settings["oks_thresholds"])
            if "sigmas" in settings:
                if package != "pycocotools":
                    sys.exit("crowdposetools hard-codes its sigmas")
                p.kpt_oks_sigmas = numpy.array(settings["sigmas"])
            for name, bounds in settings["areas"].items():
                p.areaRng[p.areaRngLbl.index(name)] = bounds
            if "max_dets" in settings:
                p.maxDets = [settings["max_dets"]]
            evaluation.evaluate()
            evaluation.accumulate()
            arrays = {key: evaluation.eval[key].copy() for key in ("precision", "scores", "recall")}
            evaluation.summarize()
        stats = [float(v) for v in evaluation.stats]

    if package == "crowdposetools":  # its stats array has unused slots 3 and 4 (small areas)
        stats = stats[0:3] + stats[5:11]
    categories = []
    for k, category_id in enumerate(p.catIds):
        name = next(c["name"] for c in gt_json["categories"] if c["id"] == category_id)
        categories.append({
            "id": int(category_id), "name": name,
            "precision": arrays["precision"][:, :, k, :, -1].transpose(2, 0, 1).tolist(),
            "scores": arrays["scores"][:, :, k, :, -1].transpose(2, 0, 1).tolist(),
            "recall": arrays["recall"][:, k, :, -1].transpose(1, 0).tolist()})
    out = {"oks_thresholds": [float(v) for v in p.iouThrs],
           "recall_points": [float(v) for v in p.recThrs],
           "areas": list(p.areaRngLbl), "max_dets": int(p.maxDets[-1])}
    if len(categories) == 1:
        del categories[0]["id"], categories[0]["name"]
        out.update(categories[0])
        out["stats"] = stats
    else:
        out["stats"] = stats
        out["categories"] = categories
    out["params"] = {"sigmas": [float(v) for v in p.kpt_oks_sigmas]
                     if package == "pycocotools" else None,
                     "areas": [[float(v) for v in r] for r in p.areaRng],
                     "min_score": settings.get("min_score"),
                     "split_categories": bool(settings.get("split_categories")),
                     "first_joints": settings.get("first_joints")}
    out["evaluator"] = package
    out["command"] = " ".join(["scripts/reference_curves.py", package, "SOURCE"] +
                              sys.argv[3:5] + ["OUT"] + sys.argv[6:])
    with open(out_path, "w") as f:
        json.dump(out, f)
        f.write("\n")


if __name__ == "__main__":
    main()

"""posescope.cocoeval.COCOeval gives pycocotools' (crowdposetools') stats and eval arrays.

Against tests/eval/goldens/curves (the reference's own arrays and stats on every parity set, made
by scripts/reference-curves-goldens from its unchanged source), and against the reference's whole
eval arrays, stats and printed lines with its settings and changed ones (tests/python/goldens,
made by scripts/reference_cocoeval_goldens.py from its source).
"""
import contextlib
import copy
import io
import json
import os

import numpy as np
import pytest

from conftest import SOURCE_DIR, parity_sets
from posescope.cocoeval import COCOeval

GOLDENS = os.path.join(SOURCE_DIR, "tests", "eval", "goldens", "curves")
CHANGED_SIGMAS = [0.03, 0.02, 0.04, 0.05, 0.05, 0.07, 0.08, 0.07, 0.06, 0.06, 0.05, 0.1, 0.11,
                  0.09, 0.08, 0.08, 0.1]


class Dataset:
    """What COCOeval reads of a pycocotools COCO object."""

    def __init__(self, dataset):
        self.dataset = dataset


def load(parity, name):
    base = os.path.join(parity, "eval", name)
    with open(base + ".gt.json") as gt, open(base + ".results.json") as results:
        return json.load(gt), json.load(results)


def prepare(gt, results, case, crowdpose):
    """The golden's case applied as scripts/reference_curves.py applies it."""
    gt, results = copy.deepcopy(gt), copy.deepcopy(results)
    settings = {}
    if case == "changed":
        results = [r for r in results if r["score"] >= 0.2]
        settings = {"iouThrs": np.array([0.3, 0.5, 0.65, 0.9]), "maxDets": [5],
                    "areaRng": {"all": [100.0, 1e10], "medium": [500.0, 4000.0]}}
        if not crowdpose:
            settings["kpt_oks_sigmas"] = np.array(CHANGED_SIGMAS)
    if case == "two_categories":
        second = dict(gt["categories"][0], id=2, name="person2")
        gt["categories"].append(second)
        for entry in gt["annotations"] + results:
            if entry["image_id"] % 2 == 1:
                entry["category_id"] = 2
    return gt, results, settings


def with_bbox(results):
    """loadRes' entries: bbox and area from the keypoint extremes."""
    out = []
    for r in results:
        x, y = r["keypoints"][0::3], r["keypoints"][1::3]
        x0, x1, y0, y1 = min(x), max(x), min(y), max(y)
        out.append(dict(r, area=(x1 - x0) * (y1 - y0), bbox=[x0, y0, x1 - x0, y1 - y0]))
    return out


def run(evaluator, gt, dt, settings):
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        evaluation = evaluator(gt, dt, "keypoints")
        p = evaluation.params
        for key, value in settings.items():
            if key == "areaRng":
                for label, bounds in value.items():
                    p.areaRng[p.areaRngLbl.index(label)] = bounds
            else:
                setattr(p, key, value)
        evaluation.evaluate()
        evaluation.accumulate()
        arrays = {k: evaluation.eval[k].copy() for k in ("precision", "scores", "recall")}
        evaluation.summarize()
    return evaluation, arrays, printed.getvalue()


@pytest.mark.parametrize("case", ["default", "changed", "two_categories"])
def test_cocoeval_equals_the_references_goldens(parity, case):
    for name in parity_sets(parity):
        crowdpose = "crowdpose" in name
        gt, results, settings = prepare(*load(parity, name), case, crowdpose)
        evaluation, arrays, printed = run(COCOeval, Dataset(gt), Dataset({"annotations": with_bbox(results)}),
                                          settings)
        with open(os.path.join(GOLDENS, f"{name}.{case}.curves.json")) as f:
            golden = json.load(f)
        categories = golden.get("categories", [golden])
        T, R, K, A, M = arrays["precision"].shape
        assert (K, M) == (len(categories), 1), name
        for k, category in enumerate(categories):
            np.testing.assert_array_equal(arrays["precision"][:, :, k, :, -1].transpose(2, 0, 1),
                                          np.array(category["precision"]), err_msg=name)
            np.testing.assert_array_equal(arrays["scores"][:, :, k, :, -1].transpose(2, 0, 1),
                                          np.array(category["scores"]), err_msg=name)
            np.testing.assert_array_equal(arrays["recall"][:, k, :, -1].T,
                                          np.array(category["recall"]), err_msg=name)
        stats = list(evaluation.stats)
        if crowdpose:  # crowdposetools' stats have unused slots 3 and 4
            assert stats[3:5] == [0, 0]
            stats = stats[0:3] + stats[5:11]
        assert stats == golden["stats"], name
        assert printed.count("Average Precision") + printed.count("Average Recall") == \
            (11 - 2 if crowdpose else 10)


def test_cocoeval_reads_paths_and_prints_pycocotools_lines(parity):
    base = os.path.join(parity, "eval", "real_coco4")
    evaluation, _, printed = run(COCOeval, base + ".gt.json", base + ".results.json", {})
    with open(base + ".stats.json") as f:
        assert list(evaluation.stats) == json.load(f)["stats"]
    assert " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets= 20 ] = " in printed
    assert " Average Recall     (AR) @[ IoU=0.50      | area=   all | maxDets= 20 ] = " in printed


REFERENCE = os.path.join(SOURCE_DIR, "tests", "python", "goldens", "cocoeval_reference.json")


@pytest.mark.parametrize("changed", [False, True], ids=["default", "changed"])
def test_cocoeval_equals_the_reference_run_from_its_source(parity, changed):
    """The whole eval arrays, stats and printed lines of the reference itself
    (tests/python/goldens, made by scripts/reference_cocoeval_goldens.py from its source), with
    its settings and with changed ones (every second image id among them)."""
    with open(REFERENCE) as f:
        goldens = json.load(f)["sets"]
    assert sorted(goldens) == sorted(parity_sets(parity))
    for name in parity_sets(parity):
        crowdpose = "crowdpose" in name
        golden = goldens[name]["changed" if changed else "default"]
        base = os.path.join(parity, "eval", name)
        settings = {}
        if changed:
            with open(base + ".gt.json") as f:
                image_ids = sorted(image["id"] for image in json.load(f)["images"])
            settings = {"iouThrs": np.array([0.3, 0.5, 0.65, 0.9]), "maxDets": [5, 20],
                        "areaRng": {"all": [100.0, 1e10], "medium": [500.0, 4000.0]},
                        "imgIds": image_ids[::2]}
            if not crowdpose:
                settings["kpt_oks_sigmas"] = np.array(CHANGED_SIGMAS)
        ours, arrays, printed = run(COCOeval, base + ".gt.json", base + ".results.json", settings)
        for key in ("precision", "scores", "recall"):
            np.testing.assert_array_equal(arrays[key], np.array(golden[key]), err_msg=name)
        assert list(ours.stats) == golden["stats"], name
        assert [line for line in printed.splitlines() if line.startswith(" Average")] == \
            golden["lines"], name


def pycocotools_mean(evaluation, ap, iou_thr, area, crowdpose):
    """pycocotools' (crowdposetools') _summarize mean, in NumPy, on the params as they are now."""
    p = evaluation.params
    aind = [i for i, label in enumerate(p.areaRngLbl) if label == area]
    mind = [i for i, m in enumerate(p.maxDets) if m == 20]
    s = evaluation.eval["precision" if ap else "recall"]
    if iou_thr is not None:
        thresholds = np.asarray(p.iouThrs)
        near = crowdpose and ap
        s = s[np.where(np.abs(iou_thr - thresholds) < 0.01 if near else iou_thr == thresholds)[0]]
    s = s[:, :, :, aind, mind] if ap else s[:, :, aind, mind]
    return -1 if len(s[s > -1]) == 0 else np.mean(s[s > -1])


def test_summarize_takes_its_stats_from_the_cores_means(parity, monkeypatch):
    """summarize()'s stats are what _native.summary_stat (the core's, as summarizeMetrics') returns,
    equal to pycocotools' NumPy means with params changed between accumulate and summarize:
    maxDets reordered (maxDets=20 then reads the array's first column, evaluated at 5), 'medium'
    relabelled (its lines select nothing: -1), and a threshold 0.745 that crowdposetools' AP .75
    takes (within 0.01) and the AR .75 and pycocotools do not (-1)."""
    from posescope import cocoeval
    calls = []
    summary_stat = cocoeval._native.summary_stat

    def recorded(*args):
        calls.append(summary_stat(*args))
        return calls[-1]

    monkeypatch.setattr(cocoeval._native, "summary_stat", recorded)
    for name in parity_sets(parity):
        crowdpose = "crowdpose" in name
        base = os.path.join(parity, "eval", name)
        with contextlib.redirect_stdout(io.StringIO()):
            evaluation = COCOeval(base + ".gt.json", base + ".results.json", "keypoints")
            evaluation.params.maxDets = [5, 20]
            evaluation.params.iouThrs = np.array([0.5, 0.745, 0.9])
            evaluation.evaluate()
            evaluation.accumulate()
            evaluation.params.maxDets = [20, 5]
            evaluation.params.areaRngLbl = ["all", "mid", "large"]
            calls.clear()
            evaluation.summarize()
        lines = [(1, None, "all"), (1, .5, "all"), (1, .75, "all"), (1, None, "medium"),
                 (1, None, "large"), (0, None, "all"), (0, .5, "all"), (0, .75, "all"),
                 (0, None, "medium"), (0, None, "large")]
        rows = list(range(10))
        if crowdpose:
            lines, rows = [line for line in lines if line[2] == "all"], [0, 1, 2, 5, 6, 7]
        assert len(evaluation.stats) == (11 if crowdpose else 10), name
        assert [evaluation.stats[i] for i in rows] == calls, name
        assert calls == [pycocotools_mean(evaluation, *line, crowdpose) for line in lines], name
        assert (calls[2] == -1) != crowdpose and calls[-1 if crowdpose else 7] == -1, name
        if not crowdpose:
            assert calls[3] == calls[8] == -1, name

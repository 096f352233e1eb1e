"""A drop-in for ``pycocotools.cocoeval.COCOeval`` with ``iouType='keypoints'`` (and
crowdposetools' COCOeval for CrowdPose), computed by PoseScope's core.

Switch by changing the import line only::

    from posescope.cocoeval import COCOeval   # was: from pycocotools.cocoeval import COCOeval

``params`` has pycocotools' fields (``imgIds``, ``catIds``, ``iouThrs``, ``recThrs``,
``maxDets``, ``areaRng``, ``areaRngLbl``, ``useCats``, ``kpt_oks_sigmas``); ``evaluate()``,
``accumulate()`` and ``summarize()`` print pycocotools' lines; ``stats`` and
``eval['precision' | 'recall' | 'scores']`` have its values and shapes ([T, R, K, A, M] and
[T, K, A, M]). Differences: only keypoints are evaluated (``'bbox'`` / ``'segm'`` raise
ValueError), ``evalImgs`` is not filled (``posescope.evaluate`` has the per-image matches), and
``useCats=0`` is accepted only for a ground truth with one category.
"""

import copy
import datetime
import json
import os
import time

import numpy as np

from . import _native

_COCO_SIGMAS = np.array([.26, .25, .25, .35, .35, .79, .79, .72, .72, .62, .62, 1.07, 1.07, .87,
                         .87, .89, .89]) / 10.0
_CROWDPOSE_SIGMAS = np.array([.79, .79, .72, .72, .62, .62, 1.07, 1.07, .87, .87, .89, .89, .79,
                              .79]) / 10.0
_CROWDPOSE_JOINTS = 14


class Params:
    """pycocotools' Params for keypoints (``setKpParams``)."""

    def __init__(self, iouType="keypoints", crowdpose=False):
        if iouType not in ("keypoints", "keypoints_crowd"):
            raise ValueError(f"iouType '{iouType}': posescope.cocoeval evaluates keypoints only "
                             "('keypoints', or 'keypoints_crowd' for CrowdPose)")
        self.iouType = "keypoints"
        self.useSegm = None
        self.imgIds = []
        self.catIds = []
        self.iouThrs = np.linspace(.5, 0.95, int(np.round((0.95 - .5) / .05)) + 1, endpoint=True)
        self.recThrs = np.linspace(.0, 1.00, int(np.round((1.00 - .0) / .01)) + 1, endpoint=True)
        self.maxDets = [20]
        self.areaRng = [[0 ** 2, 1e5 ** 2], [32 ** 2, 96 ** 2], [96 ** 2, 1e5 ** 2]]
        self.areaRngLbl = ["all", "medium", "large"]
        self.useCats = 1
        self.kpt_oks_sigmas = (_CROWDPOSE_SIGMAS if crowdpose else _COCO_SIGMAS).copy()


class COCOeval:
    """Keypoint evaluation with pycocotools' interface (see the module's documentation).

    cocoGt: a ``pycocotools.coco.COCO`` (or anything with a ``.dataset`` dict), a COCO dict or a
    path. cocoDt: ``cocoGt.loadRes(...)``'s result, a list of result dicts or a path.
    iouType: 'keypoints' (CrowdPose is recognised by its 14 joints) or 'keypoints_crowd'.
    """

    def __init__(self, cocoGt=None, cocoDt=None, iouType="keypoints"):
        self.cocoGt = cocoGt
        self.cocoDt = cocoDt
        self._gt_dataset = _dataset_of(cocoGt, "cocoGt") if cocoGt is not None else None
        self._gt_native = None
        if self._gt_dataset is None and isinstance(cocoGt, (str, bytes, os.PathLike)):
            self._gt_native = _native.load_ground_truth(os.fsdecode(cocoGt))
        self._crowdpose = iouType == "keypoints_crowd" or self._joint_count() == _CROWDPOSE_JOINTS
        self.params = Params(iouType=iouType, crowdpose=self._crowdpose)
        self.evalImgs = []
        self.eval = {}
        self.stats = []
        self._paramsEval = {}
        self._evaluations = {}
        if cocoGt is not None:
            self.params.imgIds = sorted(self._gt_image_ids())
            self.params.catIds = sorted(self._gt_category_ids())

    # -- ground truth and results as the core reads them ------------------------------------

    def _joint_count(self):
        if self._gt_dataset is not None:
            counts = [len(c.get("keypoints", [])) for c in self._gt_dataset.get("categories", [])]
        elif self._gt_native is not None:
            return _CROWDPOSE_JOINTS if _native_is_crowdpose(self._gt_native) else 17
        else:
            return 0
        return max(counts, default=0)

    def _gt_image_ids(self):
        if self._gt_dataset is not None:
            return [image["id"] for image in self._gt_dataset.get("images", [])]
        return [int(i) for i in self._gt_native.image_ids]

    def _gt_category_ids(self):
        if self._gt_dataset is not None:
            return [c["id"] for c in self._gt_dataset.get("categories", [])]
        return [int(i) for i in self._gt_native.category_ids]

    def _inputs(self, p):
        """(GroundTruth, Results, results source) restricted to p.imgIds and p.catIds."""
        all_images = set(self._gt_image_ids())
        images = set(p.imgIds)
        categories = set(p.catIds) if p.useCats else set(self._gt_category_ids())
        whole = images == all_images and categories == set(self._gt_category_ids())
        unknown = images - all_images
        if unknown:
            raise ValueError(f"params.imgIds: image {min(unknown)} is not in the ground truth")
        if whole and self._gt_native is not None:
            gt = self._gt_native
        else:
            dataset = self._gt_dataset
            if dataset is None:
                with open(os.fsdecode(self.cocoGt), encoding="utf-8") as text:
                    dataset = json.load(text)
            if not whole:
                dataset = dict(dataset)
                dataset["images"] = [i for i in dataset.get("images", []) if i["id"] in images]
                dataset["annotations"] = [
                    a for a in dataset.get("annotations", [])
                    if a["image_id"] in images and a["category_id"] in categories]
                dataset["categories"] = [c for c in dataset.get("categories", [])
                                         if c["id"] in categories]
            gt = _native.ground_truth_from_dict(dataset, _source_name(self.cocoGt, "cocoGt"))
        if whole and isinstance(self.cocoDt, (str, bytes, os.PathLike)):
            path = os.fsdecode(self.cocoDt)
            return gt, _native.load_results(path), path
        results = self._results_list()
        if not whole:
            results = [r for r in results
                       if r["image_id"] in images and r.get("category_id", 1) in categories]
        source = _source_name(self.cocoDt, "cocoDt")
        return gt, _native.results_from_list(list(results), source), source

    def _results_list(self):
        dt = self.cocoDt
        if isinstance(dt, (str, bytes, os.PathLike)):
            with open(os.fsdecode(dt), encoding="utf-8") as text:
                return json.load(text)
        if hasattr(dt, "dataset"):
            return dt.dataset.get("annotations", [])
        if isinstance(dt, (list, tuple)):
            return list(dt)
        raise TypeError(f"cocoDt: expected a COCO object, a list of results or a path, got "
                        f"{type(dt).__name__}")

    # -- pycocotools' interface ---------------------------------------------------------------

    def evaluate(self):
        """Matches every image's detections to its people at every OKS threshold, for every
        maxDets value (the core's work; the GIL is released meanwhile)."""
        tic = time.time()
        print("Running per image evaluation...")
        p = self.params
        if p.useSegm is not None:
            raise ValueError("params.useSegm: posescope.cocoeval evaluates keypoints only")
        print(f"Evaluate annotation type *{p.iouType}*")
        p.imgIds = list(np.unique(p.imgIds))
        if p.useCats:
            p.catIds = list(np.unique(p.catIds))
        elif len(self._gt_category_ids()) > 1:
            raise ValueError("params.useCats=0 with several categories is not supported by "
                             "posescope.cocoeval")
        p.maxDets = sorted(p.maxDets)
        self.params = p
        self._evaluations = self._run(p)
        self._paramsEval = _copy_params(self.params)
        print(f"DONE (t={time.time() - tic:0.2f}s).")

    def _run(self, p):
        """{maxDets: the core's evaluation} for params ``p``."""
        gt, results, source = self._inputs(p)
        areas = [(str(label), float(lo), float(hi))
                 for label, (lo, hi) in zip(_area_labels(p), p.areaRng)]
        # The core's stats read three area ranges: fewer are padded and their arrays dropped.
        while len(areas) < 3:
            areas.append((f"unused{len(areas)}", 0.0, 1e10))
        evaluations = {}
        for max_dets in dict.fromkeys(int(m) for m in p.maxDets):
            settings = _native.SettingChanges()
            settings.dataset = "crowd_pose" if self._crowdpose else "coco"
            settings.sigmas = [float(s) for s in np.asarray(p.kpt_oks_sigmas).ravel()]
            settings.snap_sigmas = False
            settings.oks_thresholds = [float(t) for t in np.asarray(p.iouThrs).ravel()]
            settings.recall_points = [float(r) for r in np.asarray(p.recThrs).ravel()]
            settings.areas = areas
            settings.max_dets = max_dets
            evaluations[max_dets] = _native.evaluate(gt, results, settings, False, 0, source)
        return evaluations

    def accumulate(self, p=None):
        """Fills ``eval`` with pycocotools' arrays: precision and scores [T, R, K, A, M], recall
        [T, K, A, M]; -1 where the reference leaves -1."""
        print("Accumulating evaluation results...")
        tic = time.time()
        if not self._evaluations:
            print("Please run evaluate() first")
            return
        p = self.params if p is None else p
        precision, recall, scores = _arrays(p, self._evaluations)
        self.eval = {
            "params": p,
            "counts": list(precision.shape),
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"),
            "precision": precision,
            "recall": recall,
            "scores": scores,
        }
        print(f"DONE (t={time.time() - tic:0.2f}s).")

    def summarize(self):
        """Prints pycocotools' (or crowdposetools') keypoint summary lines and sets ``stats``."""
        if not self.eval:
            raise Exception("Please run accumulate() first")
        self.stats = self._summarize_crowdpose() if self._crowdpose else self._summarize_coco()

    def __str__(self):
        self.summarize()
        return ""

    # -- summaries ----------------------------------------------------------------------------

    def _mean(self, ap, iou_thr, area, max_dets):
        """The core's mean for one summary line (pycocotools' rows: the area ranges labelled
        ``area`` and the maxDets entries equal to ``max_dets``, in the current params)."""
        p = self.params
        aind = [i for i, label in enumerate(_area_labels(p)) if label == area]
        mind = [i for i, m in enumerate(p.maxDets) if m == max_dets]
        values = self.eval["precision"] if ap == 1 else self.eval["recall"]
        thresholds = [float(t) for t in np.asarray(p.iouThrs).ravel()]
        return _native.summary_stat(values, thresholds, iou_thr, aind, mind,
                                    "crowd_pose" if self._crowdpose else "coco")

    def _line(self, ap, iou_thr, area, max_dets, value, kind="area"):
        p = self.params
        title = "Average Precision" if ap == 1 else "Average Recall"
        short = "(AP)" if ap == 1 else "(AR)"
        iou = f"{p.iouThrs[0]:0.2f}:{p.iouThrs[-1]:0.2f}" if iou_thr is None else \
            f"{iou_thr:0.2f}"
        print(f" {title:<18} {short} @[ IoU={iou:<9} | {kind}={area:>6s} | "
              f"maxDets={max_dets:>3d} ] = {value:0.3f}")

    def _stat(self, ap, iou_thr=None, area="all", max_dets=20):
        value = self._mean(ap, iou_thr, area, max_dets)
        self._line(ap, iou_thr, area, max_dets, value)
        return value

    def _crowd_split_ap(self, split):
        dataset = self._gt_dataset
        if dataset is None:
            with open(os.fsdecode(self.cocoGt), encoding="utf-8") as text:
                dataset = json.load(text)
        p = _copy_params(self.params)
        p.imgIds = _crowd_index_split(dataset, split)
        if not p.imgIds:
            return -1.0
        precision, _, _ = _arrays(p, self._run(p))
        return _native.crowd_split_ap(precision)

    def _summarize_coco(self):
        stats = np.zeros((10,))
        for i, (ap, thr, area) in enumerate(
                [(1, None, "all"), (1, .5, "all"), (1, .75, "all"), (1, None, "medium"),
                 (1, None, "large"), (0, None, "all"), (0, .5, "all"), (0, .75, "all"),
                 (0, None, "medium"), (0, None, "large")]):
            stats[i] = self._stat(ap, thr, area)
        return stats

    def _summarize_crowdpose(self):
        stats = np.zeros((11,))
        for i, (ap, thr) in zip([0, 1, 2, 5, 6, 7], [(1, None), (1, .5), (1, .75), (0, None),
                                                      (0, .5), (0, .75)]):
            stats[i] = self._stat(ap, thr)
        # crowdposetools re-evaluates the easy, medium and hard images of the whole ground truth
        # file (crowdIndex < .2, < .8, else; whatever params.imgIds holds) and reports
        # round(mean(precision[:, :, :, 0, :]), 4), the -1 entries included. Unlike it, this
        # leaves params and eval as accumulate() set them.
        for i, split in zip([8, 9, 10], ["easy", "medium", "hard"]):
            stats[i] = self._crowd_split_ap(split)
            self._line(-1, None, split, 20, stats[i], kind="type")
        return stats


def _arrays(p, evaluations):
    """pycocotools' precision, recall and scores arrays for ``p`` from the core's evaluations."""
    cat_ids = list(p.catIds) if p.useCats else [-1]
    T, R, K, A, M = len(p.iouThrs), len(p.recThrs), len(cat_ids), len(p.areaRng), \
        len(p.maxDets)
    precision = -np.ones((T, R, K, A, M))
    recall = -np.ones((T, K, A, M))
    scores = -np.ones((T, R, K, A, M))
    for m, max_dets in enumerate(p.maxDets):
        evaluation = evaluations.get(int(max_dets))
        if evaluation is None:
            continue
        curves = evaluation["curves"]
        ids = [int(i) for i in curves["category_ids"]]
        for k, cat_id in enumerate(cat_ids):
            source_k = 0 if cat_id == -1 else (ids.index(cat_id) if cat_id in ids else None)
            if source_k is None:
                continue
            precision[:, :, k, :, m] = curves["precision"][:, :, source_k, :A]
            scores[:, :, k, :, m] = curves["scores"][:, :, source_k, :A]
            recall[:, k, :, m] = curves["recall"][:, source_k, :A]
    return precision, recall, scores


def _crowd_index_split(dataset, split):
    ids = {"easy": [], "medium": [], "hard": []}
    for image in dataset.get("images", []):
        if "crowdIndex" not in image:
            raise ValueError(f"image {image.get('id')}: no crowdIndex (CrowdPose's summarize "
                             "splits the images by it)")
        index = image["crowdIndex"]
        ids["easy" if index < .2 else "medium" if index < .8 else "hard"].append(image["id"])
    return ids[split]


def _copy_params(p):
    """A copy of ``p`` whose lists and arrays are its own (copy.deepcopy, which pycocotools uses,
    copies 5,000 image ids one NumPy scalar at a time: a quarter of an evaluation's time)."""
    copied = copy.copy(p)
    for name, value in vars(p).items():
        if isinstance(value, np.ndarray):
            setattr(copied, name, value.copy())
        elif isinstance(value, list):
            setattr(copied, name, [list(v) if isinstance(v, list) else v for v in value])
    return copied


def _area_labels(p):
    labels = list(getattr(p, "areaRngLbl", []))
    return labels + [f"area{i}" for i in range(len(labels), len(p.areaRng))]


def _dataset_of(coco, name):
    if isinstance(coco, (str, bytes, os.PathLike)):
        return None
    dataset = getattr(coco, "dataset", coco)
    if not isinstance(dataset, dict):
        raise TypeError(f"{name}: expected a COCO object, a COCO dict or a path, got "
                        f"{type(coco).__name__}")
    return dataset


def _source_name(value, name):
    if isinstance(value, (str, bytes, os.PathLike)):
        return os.fsdecode(value)
    return f"<{name}>"


def _native_is_crowdpose(gt):
    return gt.variant == "crowdpose"

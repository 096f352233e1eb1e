"""PoseScope's keypoint evaluation, error analysis and run folders in Python.

The numbers are those of ``posescope-cli`` (the same core, no Qt, no LibTorch): ``evaluate`` is
``posescope-cli metrics``, ``analyze`` is ``posescope-cli analyze --json``, ``compare`` is
``posescope-cli compare --format json``, and ``Run`` reads a run folder. ``posescope.cocoeval``
holds a drop-in for ``pycocotools.cocoeval.COCOeval`` (``iouType='keypoints'``).

Bad input raises ``ValueError`` (or ``FileNotFoundError`` for a missing file) with the CLI's
message, which names the file and the field. The GIL is released while the core works.
"""

import json
import os

from . import _native
from .run import Run

__all__ = ["evaluate", "analyze", "compare", "Run", "load_ground_truth", "load_results"]

GroundTruth = _native.GroundTruth
Results = _native.Results


def _is_path(value):
    return isinstance(value, (str, bytes, os.PathLike))


def load_ground_truth(gt, *, source="<ground truth>"):
    """A ground truth (``posescope.GroundTruth``) from a path, a loaded COCO dict or a
    ``pycocotools.coco.COCO``-like object (anything with a ``.dataset`` dict)."""
    if isinstance(gt, GroundTruth):
        return gt
    if _is_path(gt):
        return _native.load_ground_truth(os.fsdecode(gt))
    dataset = getattr(gt, "dataset", gt)
    if not isinstance(dataset, dict):
        raise TypeError(f"{source}: expected a path, a dict or a COCO object, got "
                        f"{type(gt).__name__}")
    return _native.ground_truth_from_dict(dataset, source)


def load_results(dt, *, source="<results>"):
    """Keypoint results (``posescope.Results``) from a path, a list of result dicts or a
    ``COCO``-like object made by ``loadRes`` (its ``.dataset['annotations']``)."""
    if isinstance(dt, Results):
        return dt
    if _is_path(dt):
        return _native.load_results(os.fsdecode(dt))
    if hasattr(dt, "dataset"):
        dt = dt.dataset.get("annotations", [])
    if not isinstance(dt, (list, tuple)):
        raise TypeError(f"{source}: expected a path, a list of results or a COCO object, got "
                        f"{type(dt).__name__}")
    return _native.results_from_list(dt if isinstance(dt, list) else list(dt), source)


def _inputs(gt, dt):
    """(GroundTruth, Results, results source): paths are read at once, as the CLI does; image ids
    given as file name stems (Ultralytics' predictions.json) name the ground truth's images."""
    if _is_path(gt) and _is_path(dt):
        dt_path = os.fsdecode(dt)
        truth, results = _native.load_ground_truth_and_results(os.fsdecode(gt), dt_path)
        return truth, results, dt_path
    truth = load_ground_truth(gt)
    if _is_path(dt):
        dt_path = os.fsdecode(dt)
        return truth, _native.load_results_for(dt_path, truth), dt_path
    return truth, load_results(dt), ""


def _settings(dataset=None, sigmas=None, oks_thresholds=None, areas=None, max_dets=None,
              min_score=None, snap_sigmas=True):
    settings = _native.SettingChanges()
    settings.dataset = dataset
    settings.snap_sigmas = snap_sigmas
    if sigmas is not None:
        settings.sigmas = [float(s) for s in sigmas]
    if oks_thresholds is not None:
        settings.oks_thresholds = [float(t) for t in oks_thresholds]
    if areas is not None:
        if not isinstance(areas, dict):
            raise TypeError("areas: expected a dict {label: (lo, hi)}, e.g. {'all': (0, 1e10)}")
        updates = []
        for label, bounds in areas.items():
            if len(bounds) != 2:
                raise ValueError(f"areas: expected two bounds (lo, hi) for '{label}'")
            updates.append((str(label), float(bounds[0]), float(bounds[1])))
        settings.area_updates = updates
    if max_dets is not None:
        if int(max_dets) < 1:
            raise ValueError("max_dets must be 1 or more")
        settings.max_dets = int(max_dets)
    if min_score is not None:
        settings.min_score = float(min_score)
    return settings


class Evaluation(dict):
    """What ``evaluate`` returns: a dict with ``variant``, ``names`` and ``stats`` (as
    ``posescope-cli metrics --json``), ``settings`` (the changes from valid.py's settings),
    ``curves`` (pycocotools' accumulate arrays: ``precision`` and ``scores`` of shape
    (T, R, K, A), ``recall`` (T, K, A), with ``oks_thresholds``, ``recall_points``, ``areas``,
    ``category_ids``) and ``images`` (per-image matches, as ``metrics --per-image``)."""

    @property
    def metrics(self):
        """The stats by name, e.g. ``{'AP': 0.61, 'Ap .5': 0.83, ...}``."""
        return dict(zip(self["names"], self["stats"]))


def evaluate(gt, dt, *, dataset=None, sigmas=None, oks_thresholds=None, areas=None, max_dets=20,
             min_score=None, per_image=True, threads=0):
    """Keypoint metrics of results ``dt`` against ground truth ``gt``, as ``posescope-cli
    metrics`` computes them (pycocotools' COCOeval 'keypoints', or crowdposetools' for CrowdPose).

    gt: path, COCO dict, ``COCO``-like object or ``GroundTruth``. dt: path, list of result dicts,
    ``loadRes`` object or ``Results``. dataset: 'coco' or 'crowd_pose' (default: from the joint
    count). sigmas: per-joint sigmas as the evaluator uses them. oks_thresholds: a sequence.
    areas: {'all' | 'medium' | 'large': (lo, hi)} in pixels². max_dets: detections kept per
    image. min_score: detections scored lower are left out. threads: 0 uses every core.
    Returns an ``Evaluation``. Raises ValueError / FileNotFoundError with the CLI's messages.
    """
    truth, results, source = _inputs(gt, dt)
    settings = _settings(dataset, sigmas, oks_thresholds, areas, max_dets, min_score)
    return Evaluation(_native.evaluate(truth, results, settings, per_image, threads, source))


def analyze(gt=None, dt=None, *, run=None, dataset=None, sigmas=None, oks_thresholds=None,
            areas=None, max_dets=None, min_score=None, threads=0):
    """The keypoint error analysis (coco-analyze's semantics) and triage, as ``posescope-cli
    analyze --json`` writes them, as a dict; per-detection joint labels and the AP-if-fixed
    tables are NumPy arrays where they are numbers. Give ``gt`` and ``dt`` (as ``evaluate``) or
    ``run`` (a ``Run`` or a run folder path). Settings as ``evaluate``, applied to the
    analysis' own defaults as the CLI applies its options."""
    if run is not None:
        if gt is not None or dt is not None or dataset is not None:
            raise ValueError("give either run or gt and dt, not both")
        run = run if isinstance(run, Run) else Run(run)
        inputs = run._native.evaluation_input()
        truth, results, source = inputs["gt"], inputs["results"], inputs["results_file"]
        dataset = inputs["variant"]
    elif gt is None or dt is None:
        raise ValueError("give gt and dt, or run")
    else:
        truth, results, source = _inputs(gt, dt)
    settings = _settings(dataset, sigmas, oks_thresholds, areas, max_dets, min_score)
    return _arrays_in(json.loads(_native.analyze_json(truth, results, settings, threads, source)))


def compare(run_a, run_b, resamples=1000, seed=0, *, threads=0):
    """Two runs side by side with the paired-bootstrap table, as ``posescope-cli compare
    --format json --resamples N --seed S`` writes it, as a dict. ``resamples=0`` leaves the
    bootstrap out. Runs are ``Run`` objects or run folder paths."""
    a = run_a if isinstance(run_a, Run) else Run(run_a)
    b = run_b if isinstance(run_b, Run) else Run(run_b)
    return json.loads(_native.compare_json(a._native, b._native, int(resamples), int(seed),
                                           threads))


def _arrays_in(value):
    """``value`` with every list of numbers (or of such lists, rectangular) as a NumPy array."""
    import numpy

    if isinstance(value, dict):
        return {key: _arrays_in(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [_arrays_in(item) for item in value]
        if items and all(isinstance(i, (int, float)) and not isinstance(i, bool) for i in items):
            return numpy.asarray(items)
        if items and all(isinstance(i, numpy.ndarray) for i in items) and \
                len({i.shape for i in items}) == 1:
            return numpy.stack(items)
        return items
    return value

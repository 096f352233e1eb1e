"""A run folder (what ``posescope-cli eval`` and the GUI write), read-only, as Python objects and
NumPy arrays."""

import json
import os

from . import _native


class Run:
    """A run folder read back, checked as ``posescope-cli`` reads it.

    ``summary`` (run.json as a dict: state, model, dataset, totals, ``inputs`` by role with SHA-256),
    ``config`` (config.yaml's text), ``metrics`` ({name: value}, or None before the run ends),
    ``records`` (one dict per image: ``image_id``, ``file``, ``error``, ``keypoints`` (N, J, 3)
    x, y, score, ``tags`` (N, J), ``scores`` (N,), ``times_ms`` per stage), ``results``
    (results.json), ``image_evaluations`` (image_eval.jsonl), ``analysis`` (analysis.json),
    ``timings`` (per-stage statistics, as the Timing page). Files a run has not written read as
    None. Raises ValueError naming the folder and file for anything malformed,
    FileNotFoundError when the folder is absent.
    """

    def __init__(self, path):
        self.path = os.fsdecode(path)
        self._native = _native.load_run(self.path)
        self._records = None

    def __repr__(self):
        return f"posescope.Run({self.path!r})"

    @property
    def summary(self):
        """run.json as a dict."""
        return json.loads(self._native.summary_json)

    @property
    def state(self):
        """'running', 'complete', 'cancelled', 'failed' or 'interrupted'."""
        return self.summary["state"]

    @property
    def inputs(self):
        """What the run was made from: {role: {'path', 'sha256'}} (annotations, arch, ...)."""
        return self.summary.get("inputs", {})

    @property
    def config(self):
        """config.yaml's text (the merged experiment config)."""
        return self._native.config_yaml

    @property
    def notes(self):
        """What reading forgave (e.g. a torn last record line)."""
        return list(self._native.notes)

    @property
    def metrics(self):
        """The metric table {name: value} (metrics.json), or None."""
        table = self._native.metrics
        return None if table is None else dict(zip(table["names"], table["stats"]))

    @property
    def records(self):
        """One dict per image in dataset order, keypoints as (N, J, 3) float32 arrays."""
        if self._records is None:
            self._records = self._native.records()
        return self._records

    def keypoints(self, image_id):
        """The (N, J, 3) keypoints (x, y, score) predicted on image ``image_id``."""
        for record in self.records:
            if record["image_id"] == image_id:
                return record["keypoints"]
        raise KeyError(f"{self.path}: no record of image {image_id}")

    @property
    def timings(self):
        """Per-stage and total milliseconds: {'stages': {name: {count, mean, p50, p90, max}},
        'total': {...}, 'images', 'failed'}."""
        return self._native.timing()

    @property
    def results(self):
        """results.json (the COCO results list), or None."""
        return self._json_file("results.json")

    @property
    def image_evaluations(self):
        """image_eval.jsonl as a list of dicts (per-image matches), or None."""
        path = os.path.join(self.path, "image_eval.jsonl")
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as lines:
            return [self._parse(line, path, number)
                    for number, line in enumerate(lines, 1) if line.strip()]

    @property
    def analysis(self):
        """analysis.json (the error analysis written with the run), or None."""
        from . import _arrays_in

        value = self._json_file("analysis.json")
        return None if value is None else _arrays_in(value)

    def evaluate(self, **settings):
        """posescope.evaluate on the run's own ground truth and results (settings as there)."""
        from . import _settings, Evaluation

        inputs = self._native.evaluation_input()
        settings.setdefault("dataset", inputs["variant"])
        per_image = settings.pop("per_image", True)
        threads = settings.pop("threads", 0)
        return Evaluation(_native.evaluate(inputs["gt"], inputs["results"], _settings(**settings),
                                           per_image, threads, inputs["results_file"]))

    def _json_file(self, name):
        path = os.path.join(self.path, name)
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as text:
            return self._parse(text.read(), path, None)

    @staticmethod
    def _parse(text, path, line):
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            where = f"{path}:{line}" if line else path
            raise ValueError(f"{where}: not valid JSON ({error})") from None

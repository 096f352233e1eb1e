"""posescope.Run reads the demo run (scripts/demo's eval on a small synthetic set); analyze and
compare give posescope-cli analyze --json and compare --format json."""
import json
import os

import numpy as np
import pytest

import posescope
from conftest import SOURCE_DIR


def demo_run(cli, folder, *overrides):
    data = folder.parent / "data"
    if not data.exists():
        cli("make-dataset", "--out", str(data), "--images", "6", "--split", "val2017",
            "--seed", "1")
    cli("eval", "--cfg", os.path.join(SOURCE_DIR, "configs/demo/demo.yaml"), "--superconfig",
        os.path.join(SOURCE_DIR, "configs/demo/demo-arch.json"), "--out", str(folder),
        "DATASET.ROOT", str(data), "TEST.MODEL_FILE",
        os.path.join(SOURCE_DIR, "resources/demo/demo_litepose.pth"), *overrides)
    return str(folder)


@pytest.fixture(scope="module")
def runs(cli, tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    return (demo_run(cli, root / "flip"),
            demo_run(cli, root / "no_flip", "TEST.FLIP_TEST", "False"))


def test_run_reads_the_demo_run(runs):
    run = posescope.Run(runs[0])
    assert run.state == "complete"
    with open(os.path.join(runs[0], "metrics.json")) as f:
        metrics = json.load(f)
    assert run.metrics == dict(zip(metrics["names"], metrics["stats"]))
    assert "MODEL" in run.config
    assert run.inputs["annotations"]["path"] == run.summary["annotation_file"]
    records = run.records
    assert len(records) == 6
    results = run.results
    for record in records:
        keypoints = record["keypoints"]
        assert keypoints.ndim == 3 and keypoints.shape[1:] == (17, 3)
        assert record["scores"].shape == (keypoints.shape[0],)
        assert set(record["times_ms"]) >= {"forward"}
        mine = [r for r in results if r["image_id"] == record["image_id"]]
        assert len(mine) == keypoints.shape[0]
        for person, result in zip(keypoints, mine):
            # The same float32 values: results.json holds each as the double it converts to.
            np.testing.assert_array_equal(person.ravel(),
                                          np.asarray(result["keypoints"], dtype=np.float32))
    assert run.timings["images"] == 6
    assert len(run.image_evaluations) >= 1
    assert run.analysis is not None


def test_run_evaluate_equals_its_metrics(runs):
    run = posescope.Run(runs[0])
    assert run.evaluate().metrics == run.metrics


def test_analyze_equals_the_cli(runs, cli):
    ours = posescope.analyze(run=runs[0])
    theirs = posescope._arrays_in(json.loads(cli("analyze", runs[0], "--json")))
    assert json.dumps(_lists(ours), sort_keys=True) == json.dumps(_lists(theirs), sort_keys=True)


def test_compare_equals_the_cli(runs, cli):
    ours = posescope.compare(runs[0], runs[1], resamples=200, seed=3)
    theirs = json.loads(cli("compare", runs[0], runs[1], "--format", "json", "--resamples", "200",
                            "--seed", "3"))
    assert ours == theirs
    assert ours != posescope.compare(runs[0], runs[1], resamples=0)


def _lists(value):
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lists(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value

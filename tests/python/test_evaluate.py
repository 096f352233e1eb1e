"""posescope.evaluate gives posescope-cli metrics' numbers: stats, curves and per-image matches."""
import json
import os

import numpy as np
import pytest

import posescope
from conftest import parity_sets

CHANGED = dict(oks_thresholds=[0.3, 0.5, 0.65, 0.9], areas={"all": (100, 1e10),
               "medium": (500, 4000)}, max_dets=5, min_score=0.2)
CHANGED_ARGS = ["--oks-thresholds", "0.3,0.5,0.65,0.9", "--area-all", "100,1e10",
                "--area-medium", "500,4000", "--max-dets", "5", "--min-score", "0.2"]


def files(parity, name):
    base = os.path.join(parity, "eval", name)
    return base + ".gt.json", base + ".results.json"


def cli_metrics(cli, gt, dt, tmp_path, extra=()):
    curves, per_image = tmp_path / "curves.json", tmp_path / "per_image.jsonl"
    table = json.loads(cli("metrics", "--gt", gt, "--dt", dt, "--json", "--curves", str(curves),
                           "--per-image", str(per_image), *extra))
    images = [json.loads(line) for line in per_image.read_text().splitlines()]
    return table, json.loads(curves.read_text()), images


def assert_curves_equal(ours, theirs):
    assert list(ours["oks_thresholds"]) == theirs["oks_thresholds"]
    assert ours["areas"] == theirs["areas"]
    assert ours["max_dets"] == theirs["max_dets"]
    # The CLI's file: [A][T][R] for its one category; ours: (T, R, K, A).
    np.testing.assert_array_equal(ours["precision"][:, :, 0, :].transpose(2, 0, 1),
                                  np.array(theirs["precision"]))
    np.testing.assert_array_equal(ours["scores"][:, :, 0, :].transpose(2, 0, 1),
                                  np.array(theirs["scores"]))
    np.testing.assert_array_equal(ours["recall"][:, 0, :].T, np.array(theirs["recall"]))


def assert_images_equal(ours, theirs):
    assert len(ours) == len(theirs)
    for mine, cli_image in zip(ours, theirs):
        assert mine["image_id"] == cli_image["image_id"]
        assert mine["ap"] == cli_image["ap"]
        assert mine["mean_oks"] == cli_image["mean_oks"]
        assert mine["detections"].tolist() == cli_image["detections"]
        assert mine["gt_ids"].tolist() == cli_image["gt_ids"]
        assert mine["oks"].tolist() == cli_image["oks"]
        for t_mine, t_cli in zip(mine["thresholds"], cli_image["thresholds"]):
            assert [list(m) for m in t_mine["matches"]] == t_cli["matches"]
            assert t_mine["unmatched_detections"].tolist() == t_cli["unmatched_detections"]


@pytest.mark.parametrize("changed", [False, True], ids=["default", "changed"])
def test_evaluate_equals_the_cli_on_every_parity_set(parity, cli, tmp_path, changed):
    for name in parity_sets(parity):
        gt, dt = files(parity, name)
        # The synthetic sets name their joints k0, k1, ...: the CLI is told the dataset.
        dataset = ("--dataset", "crowdpose" if "crowdpose" in name else "coco")
        extra = dataset + (tuple(CHANGED_ARGS) if changed else ())
        table, curves, images = cli_metrics(cli, gt, dt, tmp_path, extra)
        result = posescope.evaluate(gt, dt, **(CHANGED if changed else {}))
        assert result["names"] == table["names"], name
        assert result["stats"] == table["stats"], name
        assert result["settings"] == table.get("settings", []), name
        assert_curves_equal(result["curves"], curves)
        assert_images_equal(result["images"], images)


def test_evaluate_of_loaded_data_equals_evaluate_of_files(parity):
    for name in parity_sets(parity):
        gt, dt = files(parity, name)
        with open(gt) as g, open(dt) as d:
            loaded = posescope.evaluate(json.load(g), json.load(d), per_image=False)
        assert loaded["stats"] == posescope.evaluate(gt, dt)["stats"], name
        assert loaded["images"] == []


def test_evaluate_reuses_parsed_inputs(parity):
    gt_path, dt_path = files(parity, "real_coco4")
    gt, dt = posescope.load_ground_truth(gt_path), posescope.load_results(dt_path)
    assert len(dt) > 0 and gt.source == gt_path
    assert posescope.evaluate(gt, dt)["stats"] == posescope.evaluate(gt_path, dt_path)["stats"]


def test_sigmas_typed_as_printed_are_the_references(parity):
    gt, dt = files(parity, "real_coco4")
    sigmas = [.026, .025, .025, .035, .035, .079, .079, .072, .072, .062, .062, .107, .107, .087,
              .087, .089, .089]
    result = posescope.evaluate(gt, dt, sigmas=sigmas)
    assert result["settings"] == []
    assert result["stats"] == posescope.evaluate(gt, dt)["stats"]

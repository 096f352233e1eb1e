"""posescope.evaluate reads results files as MMPose, Ultralytics and Detectron2 write them
(tests/eval/fixtures/frameworks) and gives pycocotools' stats (goldens.json there)."""
import json
import os

import pytest

import posescope
from conftest import SOURCE_DIR

FOLDER = os.path.join(SOURCE_DIR, "tests", "eval", "fixtures", "frameworks")
GT = os.path.join(FOLDER, "gt.json")
with open(os.path.join(FOLDER, "goldens.json")) as f:
    GOLDENS = json.load(f)


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_each_framework_file_gives_pycocotools_stats(name):
    stats = posescope.evaluate(GT, os.path.join(FOLDER, name))["stats"]
    assert stats == pytest.approx(GOLDENS[name], abs=1e-9)


def test_stems_resolve_against_a_ground_truth_given_as_a_dict():
    with open(GT) as f:
        dataset = json.load(f)
    name = "ultralytics.predictions.json"
    stats = posescope.evaluate(dataset, os.path.join(FOLDER, name))["stats"]
    assert stats == pytest.approx(GOLDENS[name], abs=1e-9)


def test_a_stem_no_image_has_names_the_id_and_file(tmp_path):
    with open(os.path.join(FOLDER, "ultralytics.predictions.json")) as f:
        results = json.load(f)
    results[2]["image_id"] = "street_99"
    path = tmp_path / "predictions.json"
    path.write_text(json.dumps(results))
    with pytest.raises(ValueError, match=r'result\[2\]: image_id "street_99" is the file name stem'):
        posescope.evaluate(GT, str(path))

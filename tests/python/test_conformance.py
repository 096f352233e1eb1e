"""The Python module on the conformance corpus (tests/eval/fixtures/conformance): ``evaluate`` and
the ``COCOeval`` drop-in accept what the reference accepts with its stats (goldens.json, made by
pycocotools and crowdposetools from their source), warn about what is odd, and raise ValueError
naming the file where the reference refuses (or PoseScope refuses on purpose, docs/inputs.md)."""
import json
import os
import warnings

import pytest

import posescope
from conftest import SOURCE_DIR
from posescope.cocoeval import COCOeval

FOLDER = os.path.join(SOURCE_DIR, "tests", "eval", "fixtures", "conformance")
with open(os.path.join(FOLDER, "cases.json")) as f:
    CASES = json.load(f)
with open(os.path.join(FOLDER, "goldens.json")) as f:
    GOLDENS = json.load(f)["cases"]


def files(name, parity):
    """The case's ground truth and results paths (PARITY/... in the parity data)."""
    def path(file):
        if file.startswith("PARITY/"):
            return os.path.join(parity(), file[len("PARITY/"):])
        return os.path.join(FOLDER, file)
    return path(CASES[name]["gt"]), path(CASES[name]["dt"])


def accepted(name):
    return "stats" in GOLDENS[name] and "posescope_refuses" not in CASES[name]


@pytest.fixture
def parity_of(request):
    """A function giving the parity folder only when a case needs it (skips or fails as
    conftest's parity fixture does)."""
    return lambda: request.getfixturevalue("parity")


@pytest.mark.parametrize("name", sorted(CASES))
def test_evaluate_scores_as_the_reference(name, parity_of):
    gt, dt = files(name, parity_of)
    if not accepted(name):
        with pytest.raises(ValueError) as refused:
            posescope.evaluate(gt, dt)
        assert gt in str(refused.value) or dt in str(refused.value)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        stats = posescope.evaluate(gt, dt)["stats"]
    assert stats == pytest.approx(GOLDENS[name]["stats"], abs=1e-9)


@pytest.mark.parametrize("name", sorted(n for n in CASES if CASES[n]["evaluator"] == "pycocotools"))
def test_cocoeval_scores_as_pycocotools(name, parity_of):
    gt, dt = files(name, parity_of)
    if not accepted(name):
        with pytest.raises(ValueError):
            evaluation = COCOeval(gt, dt, "keypoints")
            evaluation.evaluate()
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        evaluation = COCOeval(gt, dt, "keypoints")
        evaluation.evaluate()
        evaluation.accumulate()
        evaluation.summarize()
    assert list(evaluation.stats) == pytest.approx(GOLDENS[name]["stats"], abs=1e-9)


def test_a_skeleton_that_does_not_fit_is_one_warning(parity):
    gt, dt = files("crowdpose_official_two_images", lambda: parity)
    with pytest.warns(UserWarning) as said:
        posescope.evaluate(gt, dt)
    messages = [str(w.message) for w in said]
    assert len(messages) == 1
    assert messages[0].startswith(gt + ": categories[0]: field 'skeleton': 3 limbs outside")

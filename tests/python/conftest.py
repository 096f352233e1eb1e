"""Shared fixtures of the posescope Python module's tests (run by CTest as tst_python).

Mirrors tests/test_support.h: a test that needs the reference's parity data skips when
POSESCOPE_PARITY_DIR is absent (the session then exits 77, which CTest counts as "Not Run"), and
fails instead when POSESCOPE_PARITY_REQUIRED=1.
"""
import os
import subprocess

import pytest

SKIPPED_EXIT_CODE = 77
SOURCE_DIR = os.environ.get("POSESCOPE_SOURCE_DIR",
                            os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
_unchecked = []


def parity_dir():
    folder = os.environ.get("POSESCOPE_PARITY_DIR", "")
    return folder if folder and os.path.isdir(os.path.join(folder, "eval")) else ""


def skip_unchecked(reason):
    _unchecked.append(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def parity():
    folder = parity_dir()
    if not folder:
        reason = ("parity data not found at POSESCOPE_PARITY_DIR='"
                  + os.environ.get("POSESCOPE_PARITY_DIR", "")
                  + "' (../shared/parity is absent on a user's clone; set POSESCOPE_PARITY_DIR "
                  "to run this parity test)")
        if os.environ.get("POSESCOPE_PARITY_REQUIRED") == "1":
            pytest.fail("POSESCOPE_PARITY_REQUIRED=1 but " + reason)
        skip_unchecked(reason)
    return folder


def parity_sets(folder):
    names = sorted(f[:-len(".stats.json")] for f in os.listdir(os.path.join(folder, "eval"))
                   if f.endswith(".stats.json"))
    assert names, f"{folder}/eval holds no parity set"
    return names


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("POSESCOPE_CLI_PATH", "")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"POSESCOPE_CLI_PATH='{path}' is not the built posescope-cli")

    def run(*args):
        return subprocess.run([path, *args], check=True, capture_output=True, text=True).stdout
    return run


def pytest_sessionfinish(session, exitstatus):
    if exitstatus == 0 and _unchecked:
        session.exitstatus = SKIPPED_EXIT_CODE

# Type stub of the posescope module (python/posescope/__init__.py and its native part).
from os import PathLike
from typing import Any, Iterable, Mapping, Sequence, Tuple, Union

import numpy as np

from .run import Run as Run

_Path = Union[str, bytes, PathLike]

class GroundTruth:
    source: str
    image_ids: np.ndarray
    category_ids: np.ndarray
    variant: str
    num_annotations: int
    def restricted(self, image_ids: Sequence[int]) -> GroundTruth: ...

class Results:
    def __len__(self) -> int: ...

class Evaluation(dict):
    @property
    def metrics(self) -> dict[str, float]: ...

def load_ground_truth(gt: Union[_Path, Mapping[str, Any], Any, GroundTruth], *,
                      source: str = ...) -> GroundTruth: ...
def load_results(dt: Union[_Path, Sequence[Mapping[str, Any]], Any, Results], *,
                 source: str = ...) -> Results: ...
def evaluate(gt: Any, dt: Any, *, dataset: str | None = ..., sigmas: Iterable[float] | None = ...,
             oks_thresholds: Iterable[float] | None = ...,
             areas: Mapping[str, Tuple[float, float]] | None = ..., max_dets: int = ...,
             min_score: float | None = ..., per_image: bool = ..., threads: int = ...
             ) -> Evaluation: ...
def analyze(gt: Any = ..., dt: Any = ..., *, run: Union[Run, _Path, None] = ...,
            dataset: str | None = ..., sigmas: Iterable[float] | None = ...,
            oks_thresholds: Iterable[float] | None = ...,
            areas: Mapping[str, Tuple[float, float]] | None = ..., max_dets: int | None = ...,
            min_score: float | None = ..., threads: int = ...) -> dict[str, Any]: ...
def compare(run_a: Union[Run, _Path], run_b: Union[Run, _Path], resamples: int = ...,
            seed: int = ..., *, threads: int = ...) -> dict[str, Any]: ...

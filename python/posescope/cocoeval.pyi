# Type stub of posescope.cocoeval (pycocotools.cocoeval.COCOeval's keypoint interface).
from typing import Any

import numpy as np

class Params:
    iouType: str
    useSegm: Any
    imgIds: list[int]
    catIds: list[int]
    iouThrs: np.ndarray
    recThrs: np.ndarray
    maxDets: list[int]
    areaRng: list[list[float]]
    areaRngLbl: list[str]
    useCats: int
    kpt_oks_sigmas: np.ndarray
    def __init__(self, iouType: str = ..., crowdpose: bool = ...) -> None: ...

class COCOeval:
    cocoGt: Any
    cocoDt: Any
    params: Params
    evalImgs: list[Any]
    eval: dict[str, Any]
    stats: np.ndarray | list[float]
    def __init__(self, cocoGt: Any = ..., cocoDt: Any = ..., iouType: str = ...) -> None: ...
    def evaluate(self) -> None: ...
    def accumulate(self, p: Params | None = ...) -> None: ...
    def summarize(self) -> None: ...

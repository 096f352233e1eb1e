#!/usr/bin/python3
"""Records the architectures LitePose's own regularized evolution (arch_search/evolution.py)
evaluates, for tst_search's golden file. Run with Debian's python3 (python3-numpy):

  tests/search/make_reference_evolution.py LITEPOSE_CHECKOUT > tests/search/reference_evolution.json

The reference module is imported from the checkout unchanged; only its two predictors are
replaced by the fixed functions below (tst_search implements the same two), and both generators
are seeded the way `posescope-cli search --seed S` seeds its ports of them.
"""
import json
import random
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
from arch_search.evolution import EvolutionFinder  # noqa: E402

DECONV_FILTERS = [24, 24, 24]


def compact(arch):
    return ([arch['img_size'], arch['input_channel']] + list(arch['deconv_setting']) +
            [s['channel'] for s in arch['backbone_setting']])


def fake_cost(arch):
    c = compact(arch)
    return (c[0] / 64.0) ** 2 * sum(c[1:]) / 100.0


def fake_accuracy(arch):
    c = compact(arch)
    return c[0] / 64.0 + c[1] / 8.0 + sum(c[2:5]) / 100.0 + sum(c[5:]) / 10.0


class Recorder:
    def __init__(self):
        self.evaluated = []

    def predict_acc(self, arch):
        self.evaluated.append(compact(arch))
        return fake_accuracy(arch)

    def predict_eff(self, arch):
        return fake_cost(arch)


class Cfg:
    class MODEL:
        class EXTRA:
            NUM_DECONV_FILTERS = DECONV_FILTERS


def run(seed, budget, **kwargs):
    random.seed(seed)
    np.random.seed(seed)
    recorder = Recorder()
    finder = EvolutionFinder(Cfg, recorder, recorder, **kwargs)
    finder.set_efficiency_constraint(budget)
    best = finder.run_evolution_search()
    return {'seed': seed, 'budget': budget, 'settings': kwargs,
            'best': {'accuracy': best[0], 'arch': compact(best[1]), 'cost': best[2]},
            'evaluated': recorder.evaluated}


if __name__ == '__main__':
    import contextlib
    import io
    with contextlib.redirect_stdout(io.StringIO()):  # evolution.py prints progress
        cases = [run(7, 60.0, population_size=8, max_time_budget=5),
                 run(1, 45.0)]
    json.dump({'deconv_filters': DECONV_FILTERS, 'cases': cases}, sys.stdout, separators=(',', ':'))
    print()

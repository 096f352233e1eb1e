#!/usr/bin/env python3
"""numpy.percentile's known answers for linearQuantile (core/analysis/bootstrap_draw.h).

usage: reference_quantiles.py > tests/analysis/goldens/quantiles/numpy_percentile.json

Vectors of a fixed seed (short ones, ties, negative values, and 1,000 resample-like AP values),
each with numpy.percentile(v, 100 q) at the default linear method for every q listed; the bootstrap
intervals take q = (1 -+ level) / 2. Needs Debian's python3-numpy.
"""
import json
import sys

import numpy


def main():
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    rng = numpy.random.default_rng(20261206)
    vectors = [[0.5], [0.25, 0.75], [1.0, 1.0, 2.0, 2.0, 2.0, 3.0],
               sorted(rng.normal(0, 1, 7).tolist()),
               sorted(rng.uniform(-0.05, 0.05, 200).tolist()),
               sorted(rng.beta(5, 4, 1000).tolist())]
    qs = [0.0, 0.005, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.975, 0.995, 1.0]
    cases = [{"sorted": v, "q": qs,
              "numpy": [float(numpy.percentile(numpy.asarray(v), 100 * q)) for q in qs]}
             for v in vectors]
    json.dump({"numpy": numpy.__version__, "command": "scripts/reference_quantiles.py",
               "cases": cases}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

// The Munkres assignment: optimal costs, and the package's choice among equal-cost assignments
// (expected pairs traced by hand through the package's steps).

#include <QtTest>

#include <stdexcept>
#include <utility>
#include <vector>

#include "inference/munkres.h"

using posescope::munkresAssignment;
using Pairs = std::vector<std::pair<int, int>>;

class TestMunkres : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void uniqueOptimumSquare() {
    // Rows prefer distinct columns: the only assignment of cost 1 + 2 + 3.
    const Pairs pairs = munkresAssignment({1, 10, 10, 10, 10, 2, 10, 3, 10}, 3, 3);
    QCOMPARE(pairs, (Pairs{{0, 0}, {1, 2}, {2, 1}}));
  }

  void squareTieFollowsStepFour() {
    // (0,0)(1,1)(2,2) and (0,2)(1,1)(2,0) both cost 12. After the row reduction only (0,2) is
    // starred; step 6 twice, then step 4 primes (0,0), (1,2) and, scanning row 2 from column 1
    // with wrap-around, keeps the last uncovered zero (2,0): the augmenting path stars it.
    const Pairs pairs = munkresAssignment({5, 9, 1, 10, 3, 2, 8, 7, 4}, 3, 3);
    QCOMPARE(pairs, (Pairs{{0, 2}, {1, 1}, {2, 0}}));
  }

  void allZerosStarTheDiagonal() {
    QCOMPARE(munkresAssignment(std::vector<double>(9, 0.0), 3, 3), (Pairs{{0, 0}, {1, 1}, {2, 2}}));
  }

  void fewerRowsThanColumnsPadsZeroRows() {
    // 2x3 padded with a zero row. (0,1)(1,0) and (0,2)(1,1) both cost 3; the trace ends with the
    // path (1,0) (2,0) (2,2) which gives row 1 column 0.
    const Pairs pairs = munkresAssignment({4, 1, 3, 2, 0, 5}, 2, 3);
    QCOMPARE(pairs, (Pairs{{0, 1}, {1, 0}}));
  }

  void paddedColumnsAsMatchByTagBuildsThem() {
    // Three candidates, one existing person, the two extra columns at 1e10 as group.py pads
    // them: the person goes to the cheapest row (2), rows 0 and 1 get the padding columns.
    const Pairs pairs =
        munkresAssignment({-0.5, 1e10, 1e10, 99.3, 1e10, 1e10, -0.9, 1e10, 1e10}, 3, 3);
    QCOMPARE(pairs, (Pairs{{0, 2}, {1, 1}, {2, 0}}));
  }

  void moreRowsThanColumnsReturnsOnlyOriginalColumns() {
    // 3x1: the zero-padded columns are not reported; the single column goes to the cheapest row.
    const Pairs pairs = munkresAssignment({3.0, 1.0, 2.0}, 3, 1);
    QCOMPARE(pairs, (Pairs{{1, 0}}));
  }

  void optimalOnLargerMatrix() {
    // A 6x6 matrix whose optimum is the anti-diagonal (cost 6); every other assignment costs more.
    std::vector<double> cost(36, 50.0);
    for (int i = 0; i < 6; ++i) cost[i * 6 + (5 - i)] = 1.0;
    for (int i = 0; i < 6; ++i) cost[i * 6 + i] = 2.0;
    const Pairs pairs = munkresAssignment(cost, 6, 6);
    QCOMPARE(pairs, (Pairs{{0, 5}, {1, 4}, {2, 3}, {3, 2}, {4, 1}, {5, 0}}));
  }

  void emptyAndMalformed() {
    QVERIFY(munkresAssignment({}, 0, 3).empty());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, munkresAssignment({1.0, 2.0}, 2, 2));
  }
};

QTEST_GUILESS_MAIN(TestMunkres)
#include "tst_munkres.moc"

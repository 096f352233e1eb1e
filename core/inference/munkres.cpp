#include "inference/munkres.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace posescope {

namespace {

enum Mark : unsigned char { kNone = 0, kStar = 1, kPrime = 2 };

// The solver's state; the step functions return the number of the next step (0 when done).
class Solver {
 public:
  Solver(const std::vector<double>& cost, int rows, int cols)
      : n_(std::max(rows, cols)),
        c_(static_cast<size_t>(n_) * n_, 0.0),
        marks_(static_cast<size_t>(n_) * n_, kNone),
        rowCovered_(n_, false),
        colCovered_(n_, false) {
    for (int i = 0; i < rows; ++i) {
      for (int j = 0; j < cols; ++j) at(i, j) = cost[static_cast<size_t>(i) * cols + j];
    }
  }

  void solve() {
    // Each pass through step 5 adds one star and each pass through step 6 uncovers a zero, so a
    // bound polynomial in n catches a loop that floating point could in theory cause.
    const int64_t limit = 64 + 16 * static_cast<int64_t>(n_) * n_ * (n_ + 1);
    int64_t iterations = 0;
    int step = 1;
    while (step != 0) {
      if (++iterations > limit) {
        throw std::logic_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) +
                               ": assignment did not converge");
      }
      switch (step) {
        case 1:
          step = reduceRows();
          break;
        case 2:
          step = starZeros();
          break;
        case 3:
          step = coverStarredColumns();
          break;
        case 4:
          step = primeZeros();
          break;
        case 5:
          step = augmentPath();
          break;
        default:
          step = adjustByMinimum();
          break;
      }
    }
  }

  Mark mark(int i, int j) const { return marks_[static_cast<size_t>(i) * n_ + j]; }

 private:
  double& at(int i, int j) { return c_[static_cast<size_t>(i) * n_ + j]; }
  Mark& markAt(int i, int j) { return marks_[static_cast<size_t>(i) * n_ + j]; }

  void clearCovers() {
    std::fill(rowCovered_.begin(), rowCovered_.end(), false);
    std::fill(colCovered_.begin(), colCovered_.end(), false);
  }

  // Step 1: subtract each row's minimum from the row.
  int reduceRows() {
    for (int i = 0; i < n_; ++i) {
      double minimum = at(i, 0);
      for (int j = 1; j < n_; ++j) minimum = std::min(minimum, at(i, j));
      for (int j = 0; j < n_; ++j) at(i, j) -= minimum;
    }
    return 2;
  }

  // Step 2: star the first zero of each row whose column has no star yet (row-major scan).
  int starZeros() {
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) {
        if (at(i, j) == 0.0 && !colCovered_[j] && !rowCovered_[i]) {
          markAt(i, j) = kStar;
          colCovered_[j] = true;
          rowCovered_[i] = true;
          break;
        }
      }
    }
    clearCovers();
    return 3;
  }

  // Step 3: cover the columns holding a star; done when every column is covered.
  int coverStarredColumns() {
    int count = 0;
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) {
        if (mark(i, j) == kStar && !colCovered_[j]) {
          colCovered_[j] = true;
          ++count;
        }
      }
    }
    return count >= n_ ? 0 : 4;
  }

  // The package's zero search: rows from i0 on (wrapping), each row scanned from column j0 on
  // (wrapping); the answer is the LAST uncovered zero of the first row that has one.
  std::pair<int, int> findUncoveredZero(int i0, int j0) const {
    int i = i0;
    while (true) {
      int found = -1;
      if (!rowCovered_[i]) {
        int j = j0;
        do {
          if (c_[static_cast<size_t>(i) * n_ + j] == 0.0 && !colCovered_[j]) found = j;
          j = (j + 1) % n_;
        } while (j != j0);
      }
      if (found >= 0) return {i, found};
      i = (i + 1) % n_;
      if (i == i0) return {-1, -1};
    }
  }

  int findInRow(int row, Mark m) const {
    for (int j = 0; j < n_; ++j) {
      if (mark(row, j) == m) return j;
    }
    return -1;
  }

  int findStarInColumn(int col) const {
    for (int i = 0; i < n_; ++i) {
      if (mark(i, col) == kStar) return i;
    }
    return -1;
  }

  // Step 4: prime uncovered zeros; a prime with a star in its row covers the row and uncovers the
  // star's column, one without starts the augmenting path (step 5); no zero left: step 6.
  int primeZeros() {
    int row = 0;
    int col = 0;
    while (true) {
      const std::pair<int, int> z = findUncoveredZero(row, col);
      row = z.first;
      col = z.second;
      if (row < 0) return 6;
      markAt(row, col) = kPrime;
      const int starCol = findInRow(row, kStar);
      if (starCol < 0) {
        z0Row_ = row;
        z0Col_ = col;
        return 5;
      }
      col = starCol;
      rowCovered_[row] = true;
      colCovered_[col] = false;
    }
  }

  // Step 5: alternate primes and stars from the last prime, flip them, erase primes and covers.
  int augmentPath() {
    std::vector<std::pair<int, int>> path;
    path.emplace_back(z0Row_, z0Col_);
    while (true) {
      const int row = findStarInColumn(path.back().second);
      if (row < 0) break;
      path.emplace_back(row, path.back().second);
      path.emplace_back(row, findInRow(row, kPrime));
    }
    for (const auto& p : path) {
      Mark& m = markAt(p.first, p.second);
      m = (m == kStar) ? kNone : kStar;
    }
    clearCovers();
    for (Mark& m : marks_) {
      if (m == kPrime) m = kNone;
    }
    return 3;
  }

  // Step 6: add the smallest uncovered value to covered rows and subtract it from uncovered
  // columns (in that order, cell by cell, as the package does).
  int adjustByMinimum() {
    double minimum = static_cast<double>(std::numeric_limits<int64_t>::max());
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) {
        if (!rowCovered_[i] && !colCovered_[j] && minimum > at(i, j)) minimum = at(i, j);
      }
    }
    int64_t events = 0;
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) {
        if (rowCovered_[i]) {
          at(i, j) += minimum;
          ++events;
        }
        if (!colCovered_[j]) {
          at(i, j) -= minimum;
          ++events;
        }
        if (rowCovered_[i] && !colCovered_[j]) events -= 2;
      }
    }
    if (events == 0) {
      throw std::logic_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) +
                             ": the cost matrix cannot be solved");
    }
    return 4;
  }

  int n_;
  std::vector<double> c_;
  std::vector<Mark> marks_;
  std::vector<bool> rowCovered_;
  std::vector<bool> colCovered_;
  int z0Row_ = 0;
  int z0Col_ = 0;
};

}  // namespace

std::vector<std::pair<int, int>> munkresAssignment(const std::vector<double>& cost, int rows,
                                                   int cols) {
  if (rows < 0 || cols < 0 ||
      cost.size() != static_cast<size_t>(rows) * static_cast<size_t>(cols)) {
    throw std::invalid_argument("munkresAssignment: cost has " + std::to_string(cost.size()) +
                                " entries for a " + std::to_string(rows) + "x" +
                                std::to_string(cols) + " matrix");
  }
  std::vector<std::pair<int, int>> pairs;
  if (rows == 0 || cols == 0) return pairs;
  Solver solver(cost, rows, cols);
  solver.solve();
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      if (solver.mark(i, j) == kStar) pairs.emplace_back(i, j);
    }
  }
  return pairs;
}

}  // namespace posescope

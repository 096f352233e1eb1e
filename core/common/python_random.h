#pragma once
// Ports of the two random generators LitePose's search draws from: CPython's `random` module and
// NumPy's legacy `np.random` (RandomState). Both are MT19937; they differ in how an integer seed
// fills the state and in how a bounded integer is drawn from the 32-bit stream. Seeded alike,
// they give the same numbers as Python, so a seed reproduces the reference's search.

#include <array>
#include <cstdint>

namespace posescope {

/// The Mersenne Twister (MT19937) 32-bit generator with both of its reference seedings.
class Mt19937 {
 public:
  /// init_genrand(seed): NumPy's legacy `np.random.seed(int)`.
  void seedWithInt(std::uint32_t seed);
  /// init_by_array(key): CPython's `random.seed(int)` with the integer's 32-bit words.
  void seedWithArray(const std::uint32_t* key, std::size_t length);
  /// genrand_int32().
  std::uint32_t next32();

 private:
  std::array<std::uint32_t, 624> state_{};
  std::size_t index_ = 624;
};

/// CPython's `random.Random` (random.seed(int), random(), randint(), choice()).
class PythonRandom {
 public:
  explicit PythonRandom(std::uint64_t seed);
  /// random.random(): 53-bit float in [0, 1).
  double random();
  /// random.randint(low, high), both ends included.
  long long randint(long long low, long long high);
  /// The index random.choice(seq) takes for a sequence of `size` > 0 elements.
  std::size_t choiceIndex(std::size_t size);

 private:
  // Random._randbelow: getrandbits(bit_length(n)) until it is below n.
  std::uint64_t randbelow(std::uint64_t n);
  std::uint64_t getrandbits(int bits);
  Mt19937 mt_;
};

/// NumPy's legacy `np.random` (np.random.seed(int) with 0 <= seed < 2**32, np.random.randint(n)).
class NumpyLegacyRandom {
 public:
  explicit NumpyLegacyRandom(std::uint32_t seed);
  /// np.random.randint(n) for 0 < n <= 2**32: masked rejection sampling.
  long long randint(long long n);

 private:
  Mt19937 mt_;
};

}  // namespace posescope

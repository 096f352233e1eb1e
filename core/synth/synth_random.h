#pragma once
// A small, portable random generator for the synthetic dataset: the same seed gives the same
// numbers with every compiler and standard library (unlike std:: distributions).

#include <cstdint>
#include <string>

namespace posescope::synth {

/// SplitMix64 stream with the few distributions the generator needs; never fails.
/// One draw per statement: C++ leaves the order of a call's arguments and of an operator's
/// operands open (GCC takes a call's last argument first, clang its first), so two draws in one
/// expression gave each compiler another dataset. Where they were written that way, the draws
/// are now spelled out in GCC's order, which made the committed datasets.
class SynthRng {
 public:
  explicit SynthRng(std::uint64_t seed) : state_(seed) {}
  /// The next 64 random bits.
  std::uint64_t next();
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi);
  /// Uniform integer in [lo, hi] (inclusive); returns lo when hi < lo.
  int integer(int lo, int hi);
  /// True with probability p.
  bool chance(double p);
  /// Standard normal (Box-Muller).
  double normal();

 private:
  std::uint64_t state_;
};

/// Mixes a dataset seed, a split name and an image index into one image seed (never fails).
std::uint64_t imageSeed(std::uint64_t seed, const std::string& split, int index);

}  // namespace posescope::synth

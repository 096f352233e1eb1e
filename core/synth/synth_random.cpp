#include "synth/synth_random.h"

#include <cmath>

namespace posescope::synth {

namespace {

std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t SynthRng::next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  return mix64(state_);
}

double SynthRng::uniform(double lo, double hi) {
  const double unit = static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
  return lo + (hi - lo) * unit;
}

int SynthRng::integer(int lo, int hi) {
  if (hi <= lo) return lo;
  const std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
  return lo + static_cast<int>(next() % span);
}

bool SynthRng::chance(double p) {
  return uniform(0.0, 1.0) < p;
}

double SynthRng::normal() {
  const double u1 = uniform(1e-12, 1.0);
  const double u2 = uniform(0.0, 1.0);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

std::uint64_t imageSeed(std::uint64_t seed, const std::string& split, int index) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a of the split name
  for (const unsigned char c : split) h = (h ^ c) * 1099511628211ULL;
  return mix64(mix64(seed) ^ mix64(h) ^ mix64(static_cast<std::uint64_t>(index) + 0x51ed27ULL));
}

}  // namespace posescope::synth

#include "common/python_random.h"

#include <stdexcept>
#include <vector>

namespace posescope {

namespace {
constexpr std::size_t kN = 624;
constexpr std::size_t kM = 397;
}  // namespace

void Mt19937::seedWithInt(std::uint32_t seed) {
  state_[0] = seed;
  for (std::size_t i = 1; i < kN; ++i)
    state_[i] =
        1812433253U * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  index_ = kN;
}

void Mt19937::seedWithArray(const std::uint32_t* key, std::size_t length) {
  seedWithInt(19650218U);
  std::size_t i = 1, j = 0;
  for (std::size_t k = std::max(kN, length); k > 0; --k) {
    state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525U)) + key[j] +
                static_cast<std::uint32_t>(j);
    ++i;
    ++j;
    if (i >= kN) {
      state_[0] = state_[kN - 1];
      i = 1;
    }
    if (j >= length) j = 0;
  }
  for (std::size_t k = kN - 1; k > 0; --k) {
    state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941U)) -
                static_cast<std::uint32_t>(i);
    ++i;
    if (i >= kN) {
      state_[0] = state_[kN - 1];
      i = 1;
    }
  }
  state_[0] = 0x80000000U;  // non-zero initial state, as the reference sets it
  index_ = kN;
}

std::uint32_t Mt19937::next32() {
  if (index_ >= kN) {
    auto twist = [this](std::size_t k, std::size_t next, std::size_t far) {
      const std::uint32_t y = (state_[k] & 0x80000000U) | (state_[next] & 0x7fffffffU);
      state_[k] = state_[far] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    };
    for (std::size_t k = 0; k < kN; ++k) twist(k, (k + 1) % kN, (k + kM) % kN);
    index_ = 0;
  }
  std::uint32_t y = state_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

PythonRandom::PythonRandom(std::uint64_t seed) {
  // random.seed(n) keys the generator with |n|'s 32-bit words, least significant first.
  std::vector<std::uint32_t> key{static_cast<std::uint32_t>(seed)};
  if (seed >> 32) key.push_back(static_cast<std::uint32_t>(seed >> 32));
  mt_.seedWithArray(key.data(), key.size());
}

double PythonRandom::random() {
  const std::uint32_t a = mt_.next32() >> 5, b = mt_.next32() >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

std::uint64_t PythonRandom::getrandbits(int bits) {
  if (bits <= 32) return mt_.next32() >> (32 - bits);
  // Wider draws fill 32-bit words least significant first.
  const std::uint64_t low = mt_.next32();
  const std::uint64_t high = mt_.next32() >> (64 - bits);
  return low | (high << 32);
}

std::uint64_t PythonRandom::randbelow(std::uint64_t n) {
  int bits = 0;
  for (std::uint64_t v = n; v; v >>= 1) ++bits;
  std::uint64_t r = getrandbits(bits);
  while (r >= n) r = getrandbits(bits);
  return r;
}

long long PythonRandom::randint(long long low, long long high) {
  if (high < low) throw std::invalid_argument("randint: empty range");
  return low + static_cast<long long>(randbelow(static_cast<std::uint64_t>(high - low) + 1));
}

std::size_t PythonRandom::choiceIndex(std::size_t size) {
  if (size == 0) throw std::invalid_argument("choice: empty sequence");
  return static_cast<std::size_t>(randbelow(size));
}

NumpyLegacyRandom::NumpyLegacyRandom(std::uint32_t seed) {
  mt_.seedWithInt(seed);
}

long long NumpyLegacyRandom::randint(long long n) {
  if (n <= 0 || n > (1LL << 32)) throw std::invalid_argument("randint: n out of range");
  const std::uint32_t range = static_cast<std::uint32_t>(n - 1);
  if (range == 0) return 0;  // NumPy draws nothing for a single value
  std::uint32_t mask = range;
  for (int shift = 1; shift < 32; shift <<= 1) mask |= mask >> shift;
  std::uint32_t value;
  do {
    value = mt_.next32() & mask;
  } while (value > range);
  return value;
}

}  // namespace posescope

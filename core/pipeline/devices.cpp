#include "pipeline/devices.h"

#include <ATen/Context.h>
#include <torch/cuda.h>

#include "common/errors.h"

namespace posescope {

namespace {

c10::Device resolveOne(const std::string& requested, const ConfigNode& cfg,
                       std::vector<std::string>& notices) {
  if (requested == "cpu") return c10::Device(c10::kCPU);
  if (requested == "auto") {
    if (torch::cuda::is_available()) {
      const auto gpus = cfg.getIntList("GPUS");
      const int64_t index = gpus.empty() ? 0 : gpus.front();
      if (index >= 0 && index < static_cast<int64_t>(torch::cuda::device_count()))
        return c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(index));
      return c10::Device(c10::kCUDA, 0);
    }
    notices.push_back("CUDA is not available: evaluating on the CPU");
    return c10::Device(c10::kCPU);
  }
  // "cuda" or "cuda:N"
  const int index = requested == "cuda" ? 0 : std::stoi(requested.substr(5));
  if (!torch::cuda::is_available())
    throw ConfigError("--device " + requested +
                      ": CUDA is not available in this LibTorch build "
                      "or on this machine (use --device cpu or auto)");
  if (index >= static_cast<int>(torch::cuda::device_count()))
    throw ConfigError("--device " + requested + ": only " +
                      std::to_string(torch::cuda::device_count()) + " CUDA device(s) present");
  return c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(index));
}

}  // namespace

std::vector<c10::Device> resolveDevices(const std::string& requested, const ConfigNode& cfg,
                                        std::vector<std::string>& notices) {
  std::vector<c10::Device> devices;
  for (const auto& entry : splitDeviceList(requested))
    devices.push_back(resolveOne(entry, cfg, notices));
  return devices;
}

void applyCudnnSettings(const ConfigNode& cfg) {
  // at::Context has had these three setters unchanged from LibTorch 1.x through 2.x; a build
  // without CUDA keeps the flags and never reads them.
  auto& context = at::globalContext();
  context.setBenchmarkCuDNN(cfg.getBool("CUDNN.BENCHMARK"));
  context.setDeterministicCuDNN(cfg.getBool("CUDNN.DETERMINISTIC"));
  context.setUserEnabledCuDNN(cfg.getBool("CUDNN.ENABLED"));
}

}  // namespace posescope

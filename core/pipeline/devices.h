#pragma once
// Where an evaluation runs: --device parsed into one network replica per listed device, and
// valid.py's cuDNN switches.

#include <string>
#include <vector>

#include <c10/core/Device.h>

#include "config/config_node.h"

namespace posescope {

/// The entries of a --device value, one per network replica: "cpu" -> {"cpu"},
/// "cuda:0,cuda:1" -> {"cuda:0", "cuda:1"}, "cpu,cpu" -> two CPU replicas. Throws ConfigError
/// naming the value when an entry is not auto, cpu, cuda or cuda:N, or "auto" is part of a list.
std::vector<std::string> splitDeviceList(const std::string& text);

/// The devices of splitDeviceList(requested): "auto" is the CUDA device of GPUS when CUDA is
/// available, else the CPU (a line is added to `notices`). Throws ConfigError naming the entry
/// when CUDA or that device index is not there.
std::vector<c10::Device> resolveDevices(const std::string& requested, const ConfigNode& cfg,
                                        std::vector<std::string>& notices);

/// valid.py's cudnn.benchmark / deterministic / enabled from CUDNN.BENCHMARK, DETERMINISTIC and
/// ENABLED. Process-wide, as in PyTorch; only CUDA convolutions read them. Never fails.
void applyCudnnSettings(const ConfigNode& cfg);

}  // namespace posescope

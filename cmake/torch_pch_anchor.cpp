// The unit CMake needs to build posescope_torch_pch's precompiled header (cmake/TorchPch.cmake).

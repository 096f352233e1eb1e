# LibTorch's headers precompiled once (posescope_torch_pch) and reused by every target whose
# sources include them (posescope_use_torch_pch). Parsing them is about 40 % of compiling such a
# unit (core/models/layers.cpp: 17.3 s, 10.7 s with the header precompiled), and some 45 units
# of a build include them. ccache caches the precompiled header itself, so the headless tree
# gets the same bytes and its objects stay cache hits. Every object is compiled -fPIC (the
# top-level CMakeLists.txt), so libraries and executables can share the one header; a mismatch
# would fail loudly (-Winvalid-pch under -Werror) rather than silently parse again.
# Off in the sanitizer and fuzz builds, which compile no LibTorch code.
option(POSESCOPE_TORCH_PCH "Precompile LibTorch's headers once for the targets using them" ON)
if(POSESCOPE_SANITIZE OR POSESCOPE_FUZZ)
  set(POSESCOPE_TORCH_PCH OFF)
endif()

if(POSESCOPE_TORCH_PCH)
  add_library(posescope_torch_pch STATIC ${CMAKE_CURRENT_LIST_DIR}/torch_pch_anchor.cpp)
  target_link_libraries(posescope_torch_pch PRIVATE ${TORCH_LIBRARIES} posescope_warnings)
  # The LibTorch headers PoseScope's sources include (narrower than <torch/torch.h>).
  target_precompile_headers(posescope_torch_pch PRIVATE
    <ATen/core/Tensor.h> <torch/types.h> <torch/nn/module.h> <torch/csrc/autograd/grad_mode.h>
    <torch/cuda.h> <torch/utils.h>)
endif()

# posescope_use_torch_pch(TARGET): TARGET's sources start from the precompiled LibTorch headers.
function(posescope_use_torch_pch target)
  if(POSESCOPE_TORCH_PCH)
    target_precompile_headers(${target} REUSE_FROM posescope_torch_pch)
  endif()
endfunction()

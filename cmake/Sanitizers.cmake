# Sanitizer builds, each in its own build folder:
#   POSESCOPE_SANITIZE  core, CLI and their tests with AddressSanitizer + UndefinedBehaviorSanitizer
#                       (scripts/test --sanitize with -DPOSESCOPE_GUI=OFF, build-sanitize/)
#   POSESCOPE_FUZZ      the libFuzzer targets of tests/fuzz only, everything instrumented; needs
#                       clang (scripts/fuzz, build-fuzz/)
# Any undefined behaviour aborts (no recovery), so a test or a fuzz run fails on the first one.
option(POSESCOPE_SANITIZE "Build core and CLI with AddressSanitizer and UBSan" OFF)
option(POSESCOPE_FUZZ "Build only the libFuzzer targets (clang, ASan + UBSan)" OFF)

set(posescope_sanitizer_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined
  -fno-omit-frame-pointer)
# Line tables only: readable stack traces at a fraction of full debug info's build cost.
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  list(APPEND posescope_sanitizer_flags -gline-tables-only)
else()
  list(APPEND posescope_sanitizer_flags -g1)
endif()

if(POSESCOPE_SANITIZE OR POSESCOPE_FUZZ)
  add_link_options(${posescope_sanitizer_flags})
endif()
if(POSESCOPE_SANITIZE)
  # -O1 after the build type's -O3: the level the sanitizers' documentation suggests, and half
  # the compile time with their instrumentation (core/eval/keypoint_eval.cpp: 4.9 s against
  # 9.2 s of CPU). GCC's -Wmaybe-uninitialized reports false positives inside libstdc++
  # (<regex>, std::function) once ASan instruments it.
  add_compile_options(${posescope_sanitizer_flags} -O1)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
endif()

if(POSESCOPE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "POSESCOPE_FUZZ needs clang (libFuzzer): "
      "-DCMAKE_CXX_COMPILER=clang++-14, as scripts/fuzz configures it")
  endif()
  # Coverage instrumentation everywhere; the fuzz targets link libFuzzer's main themselves.
  add_compile_options(${posescope_sanitizer_flags} -fsanitize=fuzzer-no-link)
endif()

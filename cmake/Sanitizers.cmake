# Sanitizer builds, each in its own build folder:
#   POSESCOPE_SANITIZE  core, CLI and their tests with AddressSanitizer + UndefinedBehaviorSanitizer
#                       (scripts/test --sanitize, build-sanitize/)
#   POSESCOPE_FUZZ      the libFuzzer targets of tests/fuzz only, with ASan + UBSan; needs clang
#                       (scripts/fuzz, build-fuzz/)
# Any undefined behaviour aborts (no recovery), so a test or a fuzz run fails on the first one.
option(POSESCOPE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(POSESCOPE_FUZZ "Build only the libFuzzer targets (clang, ASan + UBSan)" OFF)

if(POSESCOPE_SANITIZE OR POSESCOPE_FUZZ)
  set(posescope_sanitizer_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined
    -fno-omit-frame-pointer)
  # Line tables only: readable stack traces at a fraction of full debug info's build cost.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    list(APPEND posescope_sanitizer_flags -gline-tables-only)
  else()
    list(APPEND posescope_sanitizer_flags -g1)
  endif()
  add_compile_options(${posescope_sanitizer_flags})
  add_link_options(${posescope_sanitizer_flags})
endif()

if(POSESCOPE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "POSESCOPE_FUZZ needs clang (libFuzzer): "
      "-DCMAKE_CXX_COMPILER=clang++-14, as scripts/fuzz configures it")
  endif()
  # Coverage instrumentation everywhere; the fuzz targets link libFuzzer's main themselves.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

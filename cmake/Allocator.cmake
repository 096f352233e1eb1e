# posescope_allocator: every PoseScope program and test allocates with TCMalloc
# (libgoogle-perftools-dev), linked by name although nothing calls it, so that it replaces malloc
# for the whole process. LibTorch's CPU allocator frees and re-allocates every activation of
# every forward, and the keypoint analysis builds and drops about a million small match tables;
# with glibc's malloc large blocks go back to the system on free and come back as fresh pages,
# with TCMalloc they stay in the process. Measured on this project's 2-core machine (how: the
# LibTorch threads section of docs/architecture.md): the forward of the parity model 330 -> 130 ms
# per image, the demo model's 63 -> 20 ms, the analysis of 5,000 images ~20 % less.
# Not in the sanitizer and fuzz builds, whose runtime brings its own allocator.
add_library(posescope_allocator INTERFACE)
if(NOT (POSESCOPE_SANITIZE OR POSESCOPE_FUZZ))
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(TCMALLOC REQUIRED IMPORTED_TARGET libtcmalloc_minimal)
  target_link_libraries(posescope_allocator INTERFACE PkgConfig::TCMALLOC)
  # Kept although no symbol of it is referenced (linkers that default to --as-needed drop it).
  target_link_options(posescope_allocator INTERFACE "LINKER:--no-as-needed")
endif()

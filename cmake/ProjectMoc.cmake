# posescope_project_moc(TARGET): AUTOMOC runs moc through cmake/moc-project-includes, which drops
# the include folders outside this project. moc follows every #include it can resolve, and through
# LibTorch's, OpenCV's and Qt's folders that took ~2.4 s per test file (tests/pipeline/
# tst_evaluator.cpp) against 16 ms with the project's folders only, for the same output: moc
# reads the classes of the file it is given, not those of the headers it includes. About 390 s
# of a cold `scripts/test` (both trees) went to it. One difference: moc no longer adds the
# include of a Qt header declaring a signal's or slot's parameter type, so a type that is only
# forward-declared there needs its header included by the class's own header.
get_target_property(posescope_real_moc Qt6::moc IMPORTED_LOCATION)
if(NOT posescope_real_moc)
  get_target_property(posescope_real_moc Qt6::moc IMPORTED_LOCATION_RELEASE)
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/moc-project-includes.in
  ${PROJECT_BINARY_DIR}/moc-project-includes @ONLY
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ
    WORLD_EXECUTE)

function(posescope_project_moc target)
  set_target_properties(${target} PROPERTIES AUTOMOC ON
    AUTOMOC_EXECUTABLE ${PROJECT_BINARY_DIR}/moc-project-includes)
endfunction()

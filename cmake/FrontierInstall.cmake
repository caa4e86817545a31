# Install rules and the CMake package of Frontier as a library (docs/howto/library.md).
#
#   <prefix>/bin/frontier                                  the program
#   <prefix>/lib/frontier/libfrontier_mpi_session.so       its MPI module (with MPI)
#   <prefix>/share/man/man1/frontier.1, <prefix>/share/{bash-completion,zsh,fish}/...
#                                                          its manual page and completions
#   <prefix>/include/frontier/engine/*.hpp                 the engine (templates over a domain)
#   <prefix>/include/frontier/domains/<name>/*.hpp         the built-in puzzles
#   <prefix>/lib/libfrontier_engine.a, libfrontier_domains.a (and libfrontier_mpi.a with MPI)
#                                                          for any x86-64 CPU by default
#   <prefix>/lib/cmake/Frontier/FrontierConfig.cmake, FrontierConfigVersion.cmake,
#                               FrontierTargets*.cmake     Frontier::engine, Frontier::domains
#                                                          (Frontier::mpi with MPI)
#
# Headers include each other by the project's name (<frontier/engine/search/astar.hpp>), so the
# exported targets carry <prefix>/include alone, and a consumer's own engine/ folder shadows
# nothing. The
# package finds its own dependencies (Threads, TBB, absl, and MPI in a build with MPI); nothing
# in it refers to the source or build tree.
include(CMakePackageConfigHelpers)

set(FRONTIER_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Frontier
    CACHE STRING "Where the CMake package files are installed, relative to the prefix")

# The libraries installed: the portable copies unless the build asked for native ones
# (FRONTIER_INSTALL_NATIVE; engine/CMakeLists.txt makes the copies).
set(frontier_exported_libraries "")
set(frontier_packaged frontier_engine frontier_domains)
if(FRONTIER_WITH_MPI)
  list(APPEND frontier_packaged frontier_mpi)
endif()
foreach(library IN LISTS frontier_packaged)
  frontier_library_copies(copies ${library})
  list(GET copies -1 installed)
  list(APPEND frontier_exported_libraries ${installed})
endforeach()

install(TARGETS ${frontier_exported_libraries} EXPORT FrontierTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS frontier RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The program's MPI module, loaded by --distributed (tools/cli/mpi_session_module.hpp).
if(FRONTIER_WITH_MPI)
  install(TARGETS frontier_mpi_session LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/frontier)
endif()
# The program's shell completions and manual page (generated in tools/CMakeLists.txt).
list(GET FRONTIER_GENERATED_DOCS 0 frontier_bash)
list(GET FRONTIER_GENERATED_DOCS 1 frontier_zsh)
list(GET FRONTIER_GENERATED_DOCS 2 frontier_fish)
list(GET FRONTIER_GENERATED_DOCS 3 frontier_man)
install(FILES ${frontier_bash} RENAME frontier
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${frontier_zsh} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
install(FILES ${frontier_fish} DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES ${frontier_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# Every header of the two folders: the API ones (docs/howto/library.md lists them) include the others.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine ${PROJECT_SOURCE_DIR}/domains
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/frontier
        FILES_MATCHING PATTERN "*.hpp")

install(EXPORT FrontierTargets NAMESPACE Frontier:: DESTINATION ${FRONTIER_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/FrontierConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/FrontierConfig.cmake
                              INSTALL_DESTINATION ${FRONTIER_INSTALL_CMAKEDIR})
# Before 1.0 a minor version may change the API: 0.18.x satisfies find_package(Frontier 0.18)
# only.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/FrontierConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/FrontierConfig.cmake
              ${PROJECT_BINARY_DIR}/FrontierConfigVersion.cmake
        DESTINATION ${FRONTIER_INSTALL_CMAKEDIR})

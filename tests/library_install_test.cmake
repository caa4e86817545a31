# Frontier as a user sees it (cmake -P; ctest: library_install_example).
#
# Installs the build into a fresh prefix, copies docs/examples/custom-puzzle out of the source
# tree, configures and builds it against the installed package only (find_package(Frontier)),
# runs it for Lights Out 3x3 and 4x4, and checks its layer counts and optimal solution lengths
# against a brute-force BFS written here, in CMake, with no Frontier code. Then checks that MPI is
# an optional component of the package (engine-only use on a machine without MPI).
#
# Inputs (-D): FRONTIER_BUILD_DIR, FRONTIER_SOURCE_DIR, WORK_DIR, GENERATOR, MAKE_PROGRAM,
# CXX_COMPILER.
cmake_minimum_required(VERSION 3.22)

foreach(var FRONTIER_BUILD_DIR FRONTIER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "library_install_test: -D${var}=... is required")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(example_source ${WORK_DIR}/custom-puzzle)
set(example_build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs a command; stops the test with its output when it fails.
function(run_checked what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# 1. Install.
run_checked("cmake --install" ${CMAKE_COMMAND} --install ${FRONTIER_BUILD_DIR} --prefix ${prefix})
foreach(installed bin/frontier include/frontier/engine/frontier.hpp
                  include/frontier/engine/concepts.hpp include/frontier/domains/sliding/sliding_tiles.hpp
                  share/man/man1/frontier.1 share/bash-completion/completions/frontier
                  share/zsh/site-functions/_frontier share/fish/vendor_completions.d/frontier.fish)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "not installed: ${installed}")
  endif()
endforeach()
file(GLOB package_dir LIST_DIRECTORIES true ${prefix}/lib*/cmake/Frontier)
if(NOT package_dir)
  message(FATAL_ERROR "no lib*/cmake/Frontier under ${prefix}")
endif()
file(GLOB package_files ${package_dir}/*.cmake)
set(package_text "")
foreach(f IN LISTS package_files)
  file(READ ${f} text)
  string(APPEND package_text "${text}")
endforeach()
foreach(file FrontierConfig.cmake FrontierConfigVersion.cmake FrontierTargets.cmake)
  if(NOT EXISTS ${package_dir}/${file})
    message(FATAL_ERROR "not installed: cmake/Frontier/${file}")
  endif()
endforeach()
foreach(needed "Frontier::engine" "Frontier::domains" "find_dependency(TBB)"
               "find_dependency(absl)")
  string(FIND "${package_text}" "${needed}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the installed package lacks ${needed}: ${package_files}")
  endif()
endforeach()
foreach(tree "${FRONTIER_SOURCE_DIR}" "${FRONTIER_BUILD_DIR}")
  string(FIND "${package_text}" "${tree}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the installed package refers to ${tree}")
  endif()
endforeach()

# 2. Build the example from a copy outside the source tree, against the prefix only.
file(COPY ${FRONTIER_SOURCE_DIR}/docs/examples/custom-puzzle/ DESTINATION ${example_source})
set(make_program "")
if(MAKE_PROGRAM)
  set(make_program -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
run_checked("configuring the example"
            ${CMAKE_COMMAND} -S ${example_source} -B ${example_build} -G ${GENERATOR}
            ${make_program} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
            -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
run_checked("building the example" ${CMAKE_COMMAND} --build ${example_build})
file(READ ${example_build}/compile_commands.json commands)
# (The work directory may itself lie inside the source tree, under the build directory.)
string(REPLACE "${WORK_DIR}" "<work>" commands_outside "${commands}")
string(FIND "${commands_outside}" "${FRONTIER_SOURCE_DIR}" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "the example compiled with a path into the source tree:\n${commands}")
endif()
string(FIND "${commands}" "${prefix}/include/frontier" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the example did not use the installed headers:\n${commands}")
endif()

# Breadth-first search over Lights Out on a side x side board from the dark board, written
# independently of Frontier: states are integers, a press XORs a mask. Sets <out>_layers (the
# count per depth) and <out>_all_on (the distance of the fully lit board, or -1).
function(brute_force_lights_out side out)
  math(EXPR last "${side} - 1")
  set(masks "")
  foreach(r RANGE ${last})
    foreach(c RANGE ${last})
      math(EXPR mask "1 << (${r} * ${side} + ${c})")
      if(r GREATER 0)
        math(EXPR mask "${mask} | (1 << ((${r} - 1) * ${side} + ${c}))")
      endif()
      if(r LESS last)
        math(EXPR mask "${mask} | (1 << ((${r} + 1) * ${side} + ${c}))")
      endif()
      if(c GREATER 0)
        math(EXPR mask "${mask} | (1 << (${r} * ${side} + ${c} - 1))")
      endif()
      if(c LESS last)
        math(EXPR mask "${mask} | (1 << (${r} * ${side} + ${c} + 1))")
      endif()
      list(APPEND masks ${mask})
    endforeach()
  endforeach()
  set(depth_0 0)
  set(layer 0)
  set(layers "")
  set(depth 0)
  while(NOT "${layer}" STREQUAL "")
    list(LENGTH layer count)
    list(APPEND layers ${count})
    math(EXPR child_depth "${depth} + 1")
    set(next "")
    foreach(s IN LISTS layer)
      foreach(mask IN LISTS masks)
        math(EXPR child "${s} ^ ${mask}")
        if(NOT DEFINED depth_${child})
          set(depth_${child} ${child_depth})
          list(APPEND next ${child})
        endif()
      endforeach()
    endforeach()
    set(layer ${next})
    set(depth ${child_depth})
  endwhile()
  math(EXPR all_on "(1 << (${side} * ${side})) - 1")
  if(DEFINED depth_${all_on})
    set(${out}_all_on ${depth_${all_on}} PARENT_SCOPE)
  else()
    set(${out}_all_on -1 PARENT_SCOPE)
  endif()
  set(${out}_layers ${layers} PARENT_SCOPE)
endfunction()

# 3. Run the example and compare.
foreach(side 3 4)
  set(table ${WORK_DIR}/lights-out-${side}.table)
  run_checked("lights_out --side ${side}" ${example_build}/lights_out --side ${side} --threads 2
              --out ${table})
  set(output "${run_output}")
  message(STATUS "lights_out --side ${side}:\n${output}")
  brute_force_lights_out(${side} expected)

  string(REGEX MATCHALL "presses [0-9]+: [0-9]+" layer_lines "${output}")
  set(layers "")
  foreach(line IN LISTS layer_lines)
    string(REGEX REPLACE "presses [0-9]+: " "" count "${line}")
    list(APPEND layers ${count})
  endforeach()
  if(NOT layers STREQUAL expected_layers)
    message(FATAL_ERROR "side ${side}: layers ${layers}, brute force ${expected_layers}")
  endif()
  # The table file, written by the installed library's write_table_file: its header.
  file(READ ${table} table_head LIMIT 200)
  math(EXPR entries "1 << (${side} * ${side})")
  if(NOT table_head MATCHES "^FRONTIER-TABLE 1\nkind=distance\n.*\nentries=${entries}\n")
    message(FATAL_ERROR "side ${side}: not a table of ${entries} entries:\n${table_head}")
  endif()
  if(NOT output MATCHES "hash BFS: same layers")
    message(FATAL_ERROR "side ${side}: the hash BFS disagrees with the dense one")
  endif()
  if(NOT output MATCHES "two-bit BFS: same layers")
    message(FATAL_ERROR "side ${side}: the two-bit BFS disagrees with the dense one")
  endif()

  if(expected_all_on EQUAL -1)
    if(NOT output MATCHES "unsolvable")
      message(FATAL_ERROR "side ${side}: the lit board is unreachable, the example solved it")
    endif()
  else()
    foreach(algorithm "A\\*" "HDA\\*")
      if(NOT output MATCHES "\n${algorithm}: ([0-9]+) moves")
        message(FATAL_ERROR "side ${side}: no ${algorithm} line")
      endif()
      if(NOT CMAKE_MATCH_1 EQUAL expected_all_on)
        message(FATAL_ERROR
                "side ${side}: ${algorithm} ${CMAKE_MATCH_1} moves, brute force ${expected_all_on}")
      endif()
    endforeach()
  endif()
  message(STATUS "side ${side}: layers ${layers} and solution length ${expected_all_on} agree")
endforeach()

# 4. MPI is an optional component. A consumer on a machine without MPI (simulated by disabling
# find_package(MPI)) still finds the package for engine-only use; asking for the mpi component
# there leaves the package not found (MPI named); where MPI is found the component is too.
file(READ ${package_dir}/FrontierConfig.cmake config_text)
string(REGEX MATCH "set\\(Frontier_WITH_MPI ([A-Za-z]+)\\)" _ "${config_text}")
set(package_has_mpi ${CMAKE_MATCH_1})
# Configures a one-line consumer with `find_args`; sets <out>_rc and <out>_text.
function(consume name find_args out)
  set(dir ${WORK_DIR}/consumer-${name})
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${dir}/CMakeLists.txt
       "cmake_minimum_required(VERSION 3.22)\nproject(consumer LANGUAGES CXX)\n"
       "find_package(Frontier 0.16 ${find_args})\n"
       "message(STATUS \"found: \${Frontier_FOUND}, mpi component: \${Frontier_mpi_FOUND}\")\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${dir} -B ${dir}/build -G ${GENERATOR}
                          ${make_program} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
                          -DCMAKE_PREFIX_PATH=${prefix} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
  set(${out}_rc ${rc} PARENT_SCOPE)
  set(${out}_text "${text}${err}" PARENT_SCOPE)
endfunction()
consume(engine_only "REQUIRED" no_mpi -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON)
if(NOT no_mpi_rc EQUAL 0 OR NOT no_mpi_text MATCHES "found: 1, mpi component: FALSE")
  message(FATAL_ERROR "engine-only use without MPI failed:\n${no_mpi_text}")
endif()
if(package_has_mpi)
  consume(mpi_missing "COMPONENTS mpi" missing -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON)
  if(NOT missing_text MATCHES "found: 0" OR NOT missing_text MATCHES "MPI")
    message(FATAL_ERROR "COMPONENTS mpi without MPI was not refused naming it:\n${missing_text}")
  endif()
  consume(mpi "REQUIRED COMPONENTS mpi" with_mpi)
  if(NOT with_mpi_rc EQUAL 0 OR NOT with_mpi_text MATCHES "found: 1, mpi component: TRUE")
    message(FATAL_ERROR "COMPONENTS mpi with MPI failed:\n${with_mpi_text}")
  endif()
endif()
message(STATUS "MPI component: optional (package built with MPI: ${package_has_mpi})")

# 5. The headers by the project's name, <frontier/engine/...>, compile and link from the prefix.
set(angle ${WORK_DIR}/consumer-angle)
file(MAKE_DIRECTORY ${angle})
file(WRITE ${angle}/CMakeLists.txt
     "cmake_minimum_required(VERSION 3.22)\nproject(angle LANGUAGES CXX)\n"
     "find_package(Frontier 0.16 REQUIRED)\nadd_executable(angle main.cpp)\n"
     "target_link_libraries(angle PRIVATE Frontier::domains)\n")
file(WRITE ${angle}/main.cpp
     "#include <frontier/domains/hanoi/hanoi.hpp>\n#include <frontier/engine/concepts.hpp>\n"
     "static_assert(frontier::PerfectHashDomain<frontier::Hanoi>);\n"
     "int main() { return frontier::Hanoi(3).size() == 27 ? 0 : 1; }\n")
run_checked("configuring the <frontier/...> consumer" ${CMAKE_COMMAND} -S ${angle} -B ${angle}/build
            -G ${GENERATOR} ${make_program} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
            -DCMAKE_PREFIX_PATH=${prefix})
run_checked("building the <frontier/...> consumer" ${CMAKE_COMMAND} --build ${angle}/build)
run_checked("running the <frontier/...> consumer" ${angle}/build/angle)

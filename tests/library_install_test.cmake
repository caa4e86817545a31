# Frontier as a user sees it (cmake -P; ctest: library_install_example).
#
# Installs the build into a fresh prefix, copies docs/examples/custom-puzzle out of the source
# tree, configures and builds it against the installed package only (find_package(Frontier)),
# runs it for Lights Out 3x3 and 4x4, and checks its layer counts and optimal solution lengths
# against a brute-force BFS written here, in CMake, with no Frontier code. Then checks that MPI is
# an optional component of the package (engine-only use on a machine without MPI).
#
# Then builds the other examples the same way: the pancake problem (a user's two-bit space), checked
# against the published pancake numbers and a brute force, and the ring (the light include); each
# example also as on a machine without MPI. Checks that the installed libraries are built for any
# x86-64 (no -march=native).
#
# Inputs (-D): FRONTIER_BUILD_DIR, FRONTIER_SOURCE_DIR, WORK_DIR, GENERATOR, MAKE_PROGRAM,
# CXX_COMPILER, INSTALL_NATIVE.
cmake_minimum_required(VERSION 3.22)

foreach(var FRONTIER_BUILD_DIR FRONTIER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "library_install_test: -D${var}=... is required")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
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

# 1b. What is installed runs on any x86-64: no -march=native in the exported flags and, unless
# the build asked for native libraries (FRONTIER_INSTALL_NATIVE), no instruction past the
# baseline in the archives (AVX registers, BMI2's pext/pdep, which this code uses when allowed),
# except in the objects that are run only after a check of the CPU: the Sudoku solver's
# x86-64-v3 and AVX-512 compilations (domains/sudoku/sudoku_bands.hpp), which must be there.
string(FIND "${package_text}" "march" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "the exported targets carry a -march flag:\n${package_text}")
endif()
cmake_host_system_information(RESULT host_processor QUERY OS_PLATFORM)
if(host_processor MATCHES "x86_64|AMD64" AND NOT INSTALL_NATIVE)
  find_program(objdump objdump)
  find_program(ar ar)
  file(GLOB archives ${prefix}/lib*/libfrontier_*.a)
  list(LENGTH archives archive_count)
  if(NOT objdump OR NOT ar OR archive_count LESS 2)
    message(FATAL_ERROR "cannot check the installed archives (objdump: ${objdump}, ar: ${ar}): "
                        "${archives}")
  endif()
  set(dispatched "")
  foreach(archive IN LISTS archives)
    get_filename_component(name ${archive} NAME_WE)
    set(members ${WORK_DIR}/members/${name})
    file(REMOVE_RECURSE ${members})
    file(MAKE_DIRECTORY ${members})
    execute_process(COMMAND ${ar} x ${archive} WORKING_DIRECTORY ${members} RESULT_VARIABLE rc)
    file(GLOB objects ${members}/*.o)
    if(NOT rc EQUAL 0 OR NOT objects)
      message(FATAL_ERROR "cannot unpack ${archive} (${rc})")
    endif()
    foreach(object IN LISTS objects)
      if(object MATCHES "sudoku_(avx512|x86_64_v3)")
        list(APPEND dispatched ${object})
        continue()
      endif()
      execute_process(COMMAND ${objdump} -d --no-show-raw-insn ${object}
                      OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
      string(REGEX MATCH "[^\n]*(%[yz]mm[0-9]|[ \t](pext|pdep|vpbroadcast|vpternlog)[a-z]* )[^\n]*"
             found "${listing}")
      if(NOT rc EQUAL 0 OR found)
        message(FATAL_ERROR "${archive} (${object}) is not baseline x86-64 (${rc}): ${found}")
      endif()
    endforeach()
  endforeach()
  list(LENGTH dispatched dispatched_count)
  if(NOT dispatched_count EQUAL 2)
    message(FATAL_ERROR "the installed domains library lacks the Sudoku solver's x86-64-v3 and "
                        "AVX-512 objects: ${dispatched}")
  endif()
  message(STATUS "installed archives: baseline x86-64 (${archive_count} checked; "
                 "run-time dispatched: ${dispatched})")
endif()

# 2. Build the examples from copies outside the source tree, against the prefix only: as on this
# machine, and as on one without MPI (find_package(MPI) disabled), where the package must still
# serve engine-only use. Sets <name>_<mode> to the build directory.
set(make_program "")
if(MAKE_PROGRAM)
  set(make_program -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
function(build_example name mode)
  set(source ${WORK_DIR}/${name})
  set(build ${WORK_DIR}/${name}-${mode})
  if(NOT EXISTS ${source})
    file(COPY ${FRONTIER_SOURCE_DIR}/docs/examples/${name}/ DESTINATION ${source})
  endif()
  set(extra "")
  if(mode STREQUAL "no_mpi")
    set(extra -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON)
  endif()
  run_checked("configuring ${name} (${mode})"
              ${CMAKE_COMMAND} -S ${source} -B ${build} -G ${GENERATOR}
              ${make_program} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
              -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_EXPORT_COMPILE_COMMANDS=ON ${extra})
  run_checked("building ${name} (${mode})" ${CMAKE_COMMAND} --build ${build})
  file(READ ${build}/compile_commands.json commands)
  # (The work directory may itself lie inside the source tree, under the build directory.)
  string(REPLACE "${WORK_DIR}" "<work>" commands_outside "${commands}")
  string(FIND "${commands_outside}" "${FRONTIER_SOURCE_DIR}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${name} compiled with a path into the source tree:\n${commands}")
  endif()
  # The package exports <prefix>/include alone: headers are named <frontier/...>.
  string(FIND "${commands}" "${prefix}/include" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name} did not use the installed headers:\n${commands}")
  endif()
  string(FIND "${commands}" "${prefix}/include/frontier" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${name} has <prefix>/include/frontier on its path:\n${commands}")
  endif()
  set(${name}_${mode} ${build} PARENT_SCOPE)
endfunction()
foreach(mode plain no_mpi)
  foreach(name custom-puzzle pancakes ring)
    build_example(${name} ${mode})
  endforeach()
endforeach()
set(example_build ${custom-puzzle_plain})

# Breadth-first search written in CMake alone, independently of Frontier: from `root`, with
# `successors`, a function(state out) that sets `out` to the state's neighbours. A macro, so that
# its results land in the caller's scope: <prefix>_<state> is each reached state's depth and
# <prefix>_layers the count per depth.
macro(brute_force_bfs root successors prefix)
  set(${prefix}_${root} 0)
  set(_bfs_layer ${root})
  set(${prefix}_layers "")
  set(_bfs_depth 0)
  while(NOT "${_bfs_layer}" STREQUAL "")
    list(LENGTH _bfs_layer _bfs_count)
    list(APPEND ${prefix}_layers ${_bfs_count})
    math(EXPR _bfs_depth "${_bfs_depth} + 1")
    set(_bfs_next "")
    foreach(_bfs_state IN LISTS _bfs_layer)
      cmake_language(CALL ${successors} ${_bfs_state} _bfs_children)
      foreach(_bfs_child IN LISTS _bfs_children)
        if(NOT DEFINED ${prefix}_${_bfs_child})
          set(${prefix}_${_bfs_child} ${_bfs_depth})
          list(APPEND _bfs_next ${_bfs_child})
        endif()
      endforeach()
    endforeach()
    set(_bfs_layer ${_bfs_next})
  endwhile()
endmacro()

# The counts of an example's "WORD DEPTH: COUNT" lines, in order, as a list in `out`.
function(printed_layers output word out)
  string(REGEX MATCHALL "${word} [0-9]+: [0-9]+" lines "${output}")
  set(counts "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "${word} [0-9]+: " "" count "${line}")
    list(APPEND counts ${count})
  endforeach()
  set(${out} ${counts} PARENT_SCOPE)
endfunction()

# Lights Out on a side x side board, states as integers: a press XORs its mask (the cell and its
# orthogonal neighbours). Sets lights_out_masks for lights_out_successors.
function(lights_out_masks side)
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
  set(lights_out_masks ${masks} PARENT_SCOPE)
endfunction()
function(lights_out_successors state out)
  set(children "")
  foreach(mask IN LISTS lights_out_masks)
    math(EXPR child "${state} ^ ${mask}")
    list(APPEND children ${child})
  endforeach()
  set(${out} ${children} PARENT_SCOPE)
endfunction()

# 3. Run the example and compare.
foreach(side 3 4)
  set(table ${WORK_DIR}/lights-out-${side}.table)
  run_checked("lights_out --side ${side}" ${example_build}/lights_out --side ${side} --threads 2
              --out ${table})
  set(output "${run_output}")
  message(STATUS "lights_out --side ${side}:\n${output}")
  lights_out_masks(${side})
  brute_force_bfs(0 lights_out_successors lights_${side})
  set(expected_layers ${lights_${side}_layers})
  math(EXPR all_on "(1 << (${side} * ${side})) - 1")
  set(expected_all_on -1)
  if(DEFINED lights_${side}_${all_on})
    set(expected_all_on ${lights_${side}_${all_on}})
  endif()

  printed_layers("${output}" presses layers)
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

# 3b. The pancake problem, a user's own two-bit space (docs/examples/pancakes). The largest
# number of flips for n pancakes is the published pancake number (OEIS A058986: 1, 3, 4, 5, 7,
# 8, 9, 10 for n = 2..9). For 6 pancakes the layers and a stack's distance are checked against a
# brute-force BFS written here, and the printed flips are replayed: they sort the stack.
set(pancake_numbers 1 3 4 5 7 8 9 10)
foreach(n RANGE 2 9)
  run_checked("pancakes --size ${n}" ${pancakes_plain}/pancakes --size ${n} --threads 2)
  math(EXPR at "${n} - 2")
  list(GET pancake_numbers ${at} expected)
  if(NOT run_output MATCHES "most flips needed: ${expected}\n")
    message(FATAL_ERROR "pancakes --size ${n}: not ${expected} flips at most:\n${run_output}")
  endif()
  # One flip is "1 flip", and the flips read as a sentence.
  if(n EQUAL 6 AND NOT run_output MATCHES "stack 6 5 4 3 2 1: 1 flip \\(flip the top 6\\)\n")
    message(FATAL_ERROR "pancakes --size 6: not '1 flip (flip the top 6)':\n${run_output}")
  endif()
endforeach()
# Flips the top k characters of a stack written as a string of digits.
function(flip stack k out)
  string(SUBSTRING "${stack}" 0 ${k} top)
  string(SUBSTRING "${stack}" ${k} -1 rest)
  set(reversed "")
  foreach(i RANGE 1 ${k})
    math(EXPR j "${k} - ${i}")
    string(SUBSTRING "${top}" ${j} 1 c)
    string(APPEND reversed "${c}")
  endforeach()
  set(${out} "${reversed}${rest}" PARENT_SCOPE)
endfunction()
function(pancake_successors stack out)
  set(children "")
  foreach(k RANGE 2 6)
    flip(${stack} ${k} child)
    list(APPEND children ${child})
  endforeach()
  set(${out} ${children} PARENT_SCOPE)
endfunction()
brute_force_bfs(123456 pancake_successors pancake_depth)
set(brute_layers ${pancake_depth_layers})
run_checked("pancakes --size 6" ${pancakes_plain}/pancakes --size 6 --stack "3 6 1 5 2 4")
set(pancake_output "${run_output}")
printed_layers("${pancake_output}" flips layers)
if(NOT layers STREQUAL brute_layers)
  message(FATAL_ERROR "pancakes 6: layers ${layers}, brute force ${brute_layers}")
endif()
if(NOT pancake_output MATCHES "stack 3 6 1 5 2 4: ([0-9]+) flips? \\(flip the top ([ ,0-9]*)\\)\n")
  message(FATAL_ERROR "pancakes 6: no path line:\n${pancake_output}")
endif()
set(distance ${CMAKE_MATCH_1})
string(STRIP "${CMAKE_MATCH_2}" flips)
string(REPLACE ", " ";" flips "${flips}")
list(LENGTH flips flip_count)
set(stack 361524)
foreach(k IN LISTS flips)
  flip(${stack} ${k} stack)
endforeach()
if(NOT distance EQUAL pancake_depth_361524 OR NOT flip_count EQUAL distance OR
   NOT stack STREQUAL "123456")
  message(FATAL_ERROR "pancakes 6: ${distance} flips (${flips}) leave ${stack}; brute force "
                      "${pancake_depth_361524}")
endif()
message(STATUS "pancakes: pancake numbers for 2..9 and the 6-stack layers ${layers} agree")

# 3c. The light include (docs/examples/ring): the ring checks its own table. And every example
# built as on a machine without MPI gives the same output as the other build.
run_checked("ring" ${ring_plain}/ring)
if(NOT run_output MATCHES "ring: same layers")
  message(FATAL_ERROR "ring: ${run_output}")
endif()
foreach(example "custom-puzzle;lights_out;--side;3" "pancakes;pancakes;--size;6" "ring;ring")
  list(POP_FRONT example name program)
  run_checked("${program} (plain)" ${${name}_plain}/${program} ${example})
  set(plain "${run_output}")
  run_checked("${program} (no MPI)" ${${name}_no_mpi}/${program} ${example})
  string(REGEX REPLACE "[0-9.]+ s" "" plain "${plain}")
  string(REGEX REPLACE "[0-9.]+ s" "" no_mpi "${run_output}")
  if(NOT plain STREQUAL no_mpi)
    message(FATAL_ERROR "${program}: the build without MPI prints\n${no_mpi}\nnot\n${plain}")
  endif()
endforeach()
message(STATUS "examples: the builds with and without MPI agree")

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
       "find_package(Frontier 0.18 ${find_args})\n"
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

# 5. The headers by the project's name, <frontier/engine/...>, compile and link from the prefix,
# for a consumer with folders of its own called engine/ and domains/ on its include path (whose
# timer.hpp and concepts.hpp would shadow Frontier's if its headers included "engine/...").
set(angle ${WORK_DIR}/consumer-angle)
file(MAKE_DIRECTORY ${angle}/engine ${angle}/domains/hanoi)
file(WRITE ${angle}/engine/timer.hpp "#error the consumer's own engine/timer.hpp\n")
file(WRITE ${angle}/engine/concepts.hpp "#error the consumer's own engine/concepts.hpp\n")
file(WRITE ${angle}/domains/hanoi/hanoi.hpp "#error the consumer's own hanoi.hpp\n")
file(WRITE ${angle}/CMakeLists.txt
     "cmake_minimum_required(VERSION 3.22)\nproject(angle LANGUAGES CXX)\n"
     "find_package(Frontier 0.18 REQUIRED)\nadd_executable(angle main.cpp)\n"
     "target_include_directories(angle PRIVATE \${PROJECT_SOURCE_DIR})\n"
     "target_link_libraries(angle PRIVATE Frontier::domains)\n")
file(WRITE ${angle}/main.cpp
     "#include <frontier/domains/hanoi/hanoi.hpp>\n#include <frontier/engine/frontier.hpp>\n"
     "static_assert(frontier::PerfectHashDomain<frontier::Hanoi>);\n"
     "int main() { return frontier::Hanoi(3).size() == 27 ? 0 : 1; }\n")
run_checked("configuring the <frontier/...> consumer" ${CMAKE_COMMAND} -S ${angle} -B ${angle}/build
            -G ${GENERATOR} ${make_program} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
            -DCMAKE_PREFIX_PATH=${prefix})
run_checked("building the <frontier/...> consumer" ${CMAKE_COMMAND} --build ${angle}/build)
run_checked("running the <frontier/...> consumer" ${angle}/build/angle)

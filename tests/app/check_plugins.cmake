# The plugin SDK as a user meets it: examples/plugin-saxpy built on its own against the build
# tree's SDK (find_package(AccelLab)), its kernel listed and run in accellab-cli (in process and
# isolated), every point verified and its reported value in the table and the session; the gpu
# variant (built where the CUDA toolkit is) verified where a device is, else skipped with the
# reason; a plugin whose kernel takes a built-in's name, one whose constructor calls exit(0),
# and a file that does not exist, refused with exit 2 and one line.
#   cmake -DCLI=... -DEXAMPLE=... -DSDK=... -DCLASHING=... -DEXITING=... -DWORKDIR=... \
#     -P check_plugins.cmake
function(run_cli expected_rc)
  execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 300)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "accellab-cli ${ARGN}: exit ${rc} (expected ${expected_rc})\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORKDIR})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${WORKDIR}/build
                        -DAccelLab_DIR=${SDK} -DCMAKE_BUILD_TYPE=Release
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the example: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORKDIR}/build
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the example: exit ${rc}\n${out}\n${err}")
endif()
set(plugin ${WORKDIR}/build/saxpy.so)

run_cli(0 list --plugin ${plugin})
file(SHA256 ${plugin} plugin_sha256)
foreach(expected "saxpy — out = a\\*x \\+ y" "--param n=N +default 16777216 \\(1 to 2147483648\\)"
                 "parallel +available" "reports: error \\(eps\\): the largest relative error"
                 "from plugin saxpy-example [^ ]+ \\(${plugin}, SHA-256 ${plugin_sha256}\\)")
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "list does not show '${expected}':\n${out}")
  endif()
endforeach()

# 1: the gpu variant runs here; 0: it does not (no device, or an engine built without CUDA, as
# the asan preset is), or was not built (no toolkit). Read from saxpy's variants alone: the
# built-in kernels have gpu variants too.
run_cli(0 list --plugin ${plugin} --kernel saxpy)
set(gpu_runs 0)
set(gpu_built 0)
if(out MATCHES "\n  gpu +available")
  set(gpu_runs 1)
  set(gpu_built 1)
elseif(out MATCHES "\n  gpu +unavailable [^\n]*\\((no CUDA device|built without CUDA)")
  set(gpu_built 1)
  set(gpu_reason "${CMAKE_MATCH_1}")
elseif(out MATCHES "\n  gpu +unavailable")
  message(FATAL_ERROR "the gpu variant is unavailable for an unexpected reason:\n${out}")
endif()

foreach(isolate "" "--isolate")
  run_cli(0 run --plugin ${plugin} --kernel saxpy --param n=1000,100003 --dtype f32 f64
          --threads 1 2 --reps 3 --min-time 0.001 ${isolate} --out ${WORKDIR}/s.json)
  string(REGEX MATCHALL "\n(loop|vectorized|parallel|gpu) [^\n]* yes +ok" verified "${out}")
  list(LENGTH verified points)
  # 2 sizes x 2 element types x (loop, vectorized, parallel x1, parallel x2, gpu where it runs)
  math(EXPR expected "16 + 4 * ${gpu_runs}")
  if(NOT points EQUAL expected)
    message(FATAL_ERROR "run ${isolate}: ${points} verified points of ${expected}:\n${out}\n${err}")
  endif()
  if(gpu_built AND NOT gpu_runs AND NOT out MATCHES "\ngpu +1 [^\n]* skipped +${gpu_reason}")
    message(FATAL_ERROR "run ${isolate}: the gpu variant is not skipped with the reason:\n${out}")
  endif()
  # Its value, a column of its own: 0 in f64, where a*x+y is exact in one rounding or two.
  if(NOT out MATCHES "error \\(eps\\)" OR NOT out MATCHES "\nloop +1 [^\n]* yes +ok [^\n]* 0  ")
    message(FATAL_ERROR "run ${isolate}: no 'error (eps)' column, or not 0 in f64:\n${out}")
  endif()
  # The session names the build it measured.
  file(READ ${WORKDIR}/s.json session)
  string(JSON recorded GET "${session}" runs 0 plugin sha256)
  string(JSON recorded_file GET "${session}" runs 0 plugin file)
  if(NOT recorded STREQUAL plugin_sha256 OR NOT recorded_file STREQUAL plugin)
    message(FATAL_ERROR "run ${isolate}: the session records plugin ${recorded_file} ${recorded}")
  endif()
  string(JSON value_name GET "${session}" runs 0 points 0 values 0 name)
  string(JSON value_unit GET "${session}" runs 0 points 0 values 0 unit)
  if(NOT value_name STREQUAL "error" OR NOT value_unit STREQUAL "eps")
    message(FATAL_ERROR "run ${isolate}: the session's first point reports ${value_name} ${value_unit}")
  endif()
endforeach()

run_cli(0 verify --plugin ${plugin} --kernel saxpy --param n=1,7,1001)
# 3 sizes x 2 element types x (loop, vectorized, parallel x1, parallel x2, gpu)
math(EXPR passed "24 + 6 * ${gpu_runs}")
math(EXPR skipped "6 * (${gpu_built} - ${gpu_runs})")
if(NOT out MATCHES "\n${passed} passed, 0 failed, ${skipped} skipped\n")
  message(FATAL_ERROR "verify --kernel saxpy:\n${out}")
endif()

run_cli(2 list --plugin ${CLASHING})
if(NOT err MATCHES "kernel 'add' is already taken")
  message(FATAL_ERROR "a plugin taking add's name:\n${err}")
endif()
# A constructor that calls exit(0) would end the command silently with exit status 0.
run_cli(2 run --kernel copy --plugin ${EXITING} --reps 1 --out ${WORKDIR}/exiting.json)
if(NOT err MATCHES "its code ended a child process that loaded it \\(exited with status 0")
  message(FATAL_ERROR "a plugin whose constructor calls exit(0):\n${err}")
endif()
run_cli(2 run --kernel saxpy --plugin ${WORKDIR}/missing.so)
if(NOT err MATCHES "^accellab-cli: error: plugin [^\n]*missing.so: does not exist")
  message(FATAL_ERROR "a missing plugin:\n${err}")
endif()

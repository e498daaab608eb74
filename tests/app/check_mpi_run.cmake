# accellab-cli run under mpirun -np 2 (cmake -P): CHECK names the case; CLI, MPIEXEC and
# WORKDIR are given by tests/app/CMakeLists.txt.
#   pi_hits    pi's mpi variant on 1 and 2 ranks counts exactly the hits of parallel
#   add        add's mpi variant on 1 and 2 ranks verifies, on rank 0's output alone
#   reduce_sum reduce's mpi variant on 2 ranks sums to exactly parallel's sum: each share holds
#              its slice of the one array, not an array of its own
#   fail_rank  a rank that fails (ACCELLAB_MPI_FAIL_RANK=1) ends the launch with exit 1 and
#              its message, well within the test's timeout
#   mismatch   ranks given different command lines (mpirun's `A : B`) end the launch with
#              exit 2 and one message naming the rank, for each way they differed (they hung)
set(launch ${MPIEXEC} -np 2 --oversubscribe --allow-run-as-root)
set(quick --threads 1 --reps 3 --min-time 0 --max-time 2)
file(MAKE_DIRECTORY ${WORKDIR})

if(CHECK STREQUAL "pi_hits")
  set(session ${WORKDIR}/pi_hits.json)
  file(REMOVE ${session})
  execute_process(COMMAND ${launch} ${CLI} run --kernel pi --variants parallel,mpi
      --samples 3000001 --ranks 1 2 ${quick} --out ${session}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "exit ${rc}\n${out}\n${err}")
  endif()
  file(READ ${session} json)
  string(REGEX MATCHALL "\"[0-9]+ hits" hits "${json}")
  list(LENGTH hits count)
  list(REMOVE_DUPLICATES hits)
  list(LENGTH hits distinct)
  if(NOT count EQUAL 3 OR NOT distinct EQUAL 1)
    message(FATAL_ERROR "expected 3 points with one hit count, got ${count}: ${hits}\n${json}")
  endif()
  # Rank 0 alone prints: one table, one header.
  string(REGEX MATCHALL "\nvariant " headers "${out}")
  list(LENGTH headers tables)
  if(NOT tables EQUAL 1)
    message(FATAL_ERROR "expected one table (rank 0's), got ${tables}:\n${out}")
  endif()
elseif(CHECK STREQUAL "add")
  execute_process(COMMAND ${launch} ${CLI} run --kernel add --variants mpi --shape 3x65x67
      --ranks 1 2 ${quick}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  string(REGEX MATCHALL "\nmpi +1 [^\n]* yes +ok" verified "${out}")
  list(LENGTH verified rows)
  if(NOT rc EQUAL 0 OR NOT rows EQUAL 2)
    message(FATAL_ERROR "exit ${rc}, ${rows} verified mpi rows of 2\n${out}\n${err}")
  endif()
elseif(CHECK STREQUAL "reduce_sum")
  set(session ${WORKDIR}/reduce_sum.json)
  file(REMOVE ${session})
  execute_process(COMMAND ${launch} ${CLI} run --kernel reduce --variants parallel,mpi
      --shape 3x65x67 --ranks 2 ${quick} --out ${session}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "exit ${rc}\n${out}\n${err}")
  endif()
  file(READ ${session} json)
  string(JSON parallel GET "${json}" runs 0 points 0 verify_detail)
  string(JSON mpi GET "${json}" runs 0 points 1 verify_detail)
  # Ten decimals of a sum near 2e4: the shares' sums are added with one more rounding.
  set(ten_decimals "^sum [0-9]+\\.[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]")
  string(REGEX MATCH "${ten_decimals}" parallel_sum "${parallel}")
  string(REGEX MATCH "${ten_decimals}" mpi_sum "${mpi}")
  if(parallel_sum STREQUAL "" OR NOT parallel_sum STREQUAL mpi_sum)
    message(FATAL_ERROR "parallel's '${parallel_sum}' and mpi's '${mpi_sum}' differ:\n"
                        "${parallel}\n${mpi}")
  endif()
elseif(CHECK STREQUAL "fail_rank")
  string(TIMESTAMP start "%s")
  execute_process(COMMAND ${launch} -x ACCELLAB_MPI_FAIL_RANK=1 ${CLI} run --kernel pi
      --variants mpi --samples 1e6 --ranks 2 ${quick}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
  string(TIMESTAMP end "%s")
  math(EXPR seconds "${end} - ${start}")
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "exit ${rc} (expected 1) after ${seconds} s\n${out}\n${err}")
  endif()
  if(NOT err MATCHES "rank 1: failing as ACCELLAB_MPI_FAIL_RANK asks")
    message(FATAL_ERROR "rank 1's message missing:\n${err}")
  endif()
  if(seconds GREATER 15)
    message(FATAL_ERROR "the failing launch took ${seconds} s")
  endif()
elseif(CHECK STREQUAL "mismatch")
  set(base run --kernel pi --variants loop --samples 1000 ${quick})
  set(one_rank --oversubscribe --allow-run-as-root -np 1)
  foreach(other "--bogus-opt" "--version" "list" "--samples;2000")
    if(other STREQUAL "--version" OR other STREQUAL "list")
      set(second ${other})
    else()
      set(second ${base} ${other})
    endif()
    string(TIMESTAMP start "%s")
    execute_process(COMMAND ${MPIEXEC} ${one_rank} ${CLI} ${base} : ${one_rank} ${CLI} ${second}
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
    string(TIMESTAMP end "%s")
    math(EXPR seconds "${end} - ${start}")
    if(NOT rc EQUAL 2 OR NOT err MATCHES "different command lines: rank 1 runs 'accellab-cli [-a-z]+.*', rank 0 runs 'accellab-cli run --kernel pi ")
      message(FATAL_ERROR "'${other}': exit ${rc} after ${seconds} s (expected 2)\n${out}\n${err}")
    endif()
    string(REGEX MATCHALL "different command lines" said "${err}")
    list(LENGTH said times)
    if(NOT times EQUAL 1 OR seconds GREATER 20)
      message(FATAL_ERROR "'${other}': said ${times} times, in ${seconds} s\n${err}")
    endif()
  endforeach()
else()
  message(FATAL_ERROR "unknown CHECK '${CHECK}'")
endif()

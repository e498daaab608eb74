# cmake -DLUPDATE=... -DTS=... -DOUT=... -DWARNINGS=... -DSOURCES_LIST=... -DOPTIONS=... -P
#   mergetranslations.cmake
# Merges the translation TS with the sources named in SOURCES_LIST (one per line, lupdate's
# @file), with lupdate's OPTIONS (a list), into OUT, a copy: the source tree is untouched.
# lupdate's warnings go to WARNINGS: a tr() it cannot place (outside a QObject class) is a string it files under a context the
# program never asks for, so tst_translations fails on them.
file(COPY_FILE "${TS}" "${OUT}")
execute_process(
  COMMAND "${LUPDATE}" -silent ${OPTIONS} "@${SOURCES_LIST}" -ts "${OUT}"
  RESULT_VARIABLE status
  ERROR_VARIABLE warnings)
file(WRITE "${WARNINGS}" "${warnings}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${status}): ${warnings}")
endif()

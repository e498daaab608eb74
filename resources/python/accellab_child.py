# The start of every child script of AccelLab's (kernels/CMakeLists.txt puts it before each):
# `import accellab` in a user's file finds the decorators AccelLab was built with, given as the
# first argument, whatever the interpreter's path holds; the user's code sees an argv of its
# own, and nothing is written into the user's folders (__pycache__).
import sys as _sys
import types as _types

if len(_sys.argv) > 1:
    _accellab = _types.ModuleType("accellab")
    _accellab.__file__ = "<accellab>"
    exec(compile(_sys.argv[1], "<accellab>", "exec"), _accellab.__dict__)
    _sys.modules["accellab"] = _accellab
    del _sys.argv[1:]
_sys.dont_write_bytecode = True

# The start of every child script of AccelLab's (kernels/CMakeLists.txt puts it before each):
# `import accellab` in a user's file finds the decorators AccelLab was built with, given as the
# first argument, whatever the interpreter's path holds; the user's code sees an argv of its
# own, and nothing is written into the user's folders (__pycache__). import_file imports a
# user's file the one way both children do.
import importlib as _importlib
import importlib.util as _importlib_util
import os as _os
import re as _re
import sys as _sys
import types as _types

if len(_sys.argv) > 1:
    _accellab = _types.ModuleType("accellab")
    _accellab.__file__ = "<accellab>"
    exec(compile(_sys.argv[1], "<accellab>", "exec"), _accellab.__dict__)
    _sys.modules["accellab"] = _accellab
    del _sys.argv[1:]
_sys.dont_write_bytecode = True


def module_name(path):
    """A module name made from the file's name; a prefixed one when Python already has a module
    of that name (json.py must not replace the json this script uses)."""
    name = _re.sub(r"\W", "_", _os.path.splitext(_os.path.basename(path))[0]) or "_"
    if name[0].isdigit():
        name = "_" + name
    taken = set(_sys.modules) | set(_sys.builtin_module_names) | set(
        getattr(_sys, "stdlib_module_names", ()))
    if name in taken:
        name = "accellab_bench_" + name
    base, count = name, 1
    while name in _sys.modules:
        count += 1
        name = "%s_%d" % (base, count)
    return name


def package_of(path):
    """(the folder above the outermost package holding `path`, its dotted module name) when
    the file's folder is a package (has __init__.py); None otherwise."""
    folder, parts = _os.path.dirname(path), [_os.path.splitext(_os.path.basename(path))[0]]
    if not _os.path.isfile(_os.path.join(folder, "__init__.py")):
        return None
    while _os.path.isfile(_os.path.join(folder, "__init__.py")):
        parts.insert(0, _os.path.basename(folder))
        folder = _os.path.dirname(folder)
    if not all(part.isidentifier() for part in parts):
        return None
    return folder, ".".join(parts)


def import_file(real):
    """The user's file at `real` (a real path), its folder first on sys.path so that its
    imports of files beside it work. A file of an asv suite (benchmarks/__init__.py beside it)
    is imported as asv imports it, a module of its package, so that its relative imports
    (`from .common import Benchmark`, as NumPy's suite has) work; any other under a name of its
    own (module_name), never as __main__."""
    package = package_of(real)
    folder = package[0] if package else _os.path.dirname(real)
    if folder in _sys.path:
        _sys.path.remove(folder)
    _sys.path.insert(0, folder)
    if package:
        return _importlib.import_module(package[1])
    name = module_name(real)
    spec = _importlib_util.spec_from_file_location(name, real)
    module = _importlib_util.module_from_spec(spec)
    _sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del _sys.modules[name]
        raise
    return module

# cffi has no pyproject hook for cffi_modules (python-cffi/cffi#55); everything else is in pyproject.toml.
from setuptools import setup

setup(cffi_modules=["pydml/_build_ffi.py:ffibuilder"])

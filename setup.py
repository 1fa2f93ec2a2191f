"""Build script: the metadata lives in pyproject.toml.

setup.py stays so that the optional C kernels (csrc/) can be built here with cffi when a
compiler is present, without making a compiler a requirement of the install.
"""
from setuptools import setup

setup()

"""The optional native df-pn (`native/`, Rust, bound with PyO3) as `pn_explorer._native`.

Everything else about the package is declared in pyproject.toml. setuptools-rust, not maturin,
builds the crate because only it can make a Rust extension *optional* inside a setuptools
project: where cargo is missing or the build fails, the install still succeeds and the project
runs on the Python df-pn. Set PN_EXPLORER_NO_NATIVE=1 to skip the native build on purpose.
"""

from __future__ import annotations

import os
import shutil

from setuptools import setup

rust_extensions = []
if not os.environ.get("PN_EXPLORER_NO_NATIVE"):
    try:
        from setuptools_rust import Binding, RustExtension
    except ImportError:  # a build without its build requirements (--no-build-isolation)
        pass
    else:
        if shutil.which("cargo") is not None:
            rust_extensions.append(
                RustExtension(
                    "pn_explorer._native",
                    path="native/Cargo.toml",
                    binding=Binding.PyO3,
                    py_limited_api="auto",
                    optional=True,
                    debug=False,  # an editable install is a release build too: speed is the point
                )
            )

setup(rust_extensions=rust_extensions)

"""PN Explorer: proof-number search made visible.

Everything the project installs lives under this one name, so that no other distribution's
top-level `core` or `app` can collide with ours. The repository keeps `core/`, `app/` and
`resources/` at its top level; the links beside this file make them this package's sub-packages,
and a wheel holds them as real folders.
"""

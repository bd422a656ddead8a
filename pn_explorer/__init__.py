"""PN Explorer: proof-number search made visible.

Everything the project installs lives under this one name, so that no other distribution's
top-level `core` or `app` can collide with ours. The repository keeps `core/`, `app/` and
`resources/` at its top level; pyproject.toml's `package-dir` makes them this package's
sub-packages (`pn_explorer.core`, `pn_explorer.app`, `pn_explorer.resources`), in a wheel and in an
editable install alike. Inside them every import of ours is relative, so it names the same file
whether it is read by path or by module.
"""

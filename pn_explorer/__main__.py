"""`python -m pn_explorer`: the same entry as the `pn-explorer` command."""

from pn_explorer.app.main import main

raise SystemExit(main())

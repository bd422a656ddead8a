"""The line above the views: the problem's title and how it is searched, in forms from the fullest
to the shortest, for the window to fit to its width."""

from __future__ import annotations

from ..core.search.contract import Stepper, initialisation
from ..core.search.registry import entry
from .problems.search_setup import SearchParams
from .short_text import short_label

TITLE_LIMIT = 100
"""The problem's title above the views is cut here: a tree file may name itself with a megabyte."""


def settings_in_force(params: SearchParams, search: Stepper) -> str:
    """The title's settings as the search runs them: a tree whose figure is drawn with unit
    initialisation (Figure 3.1: the paper's numbers) runs it whatever the preset asked, and the
    title then says "init unit", as the narration does."""
    settings = params.describe()
    asked = params.value("initialisation")
    used = initialisation(search)
    if used is not None and used != asked:
        settings = settings.replace(f"init {asked}", f"init {used}")
    return settings


def short_title(title: str) -> str:
    return short_label(title, TITLE_LIMIT)


def title_forms(title: str, params: SearchParams, search: Stepper) -> tuple[str, ...]:
    """The title line from the fullest (the search's own description) to the shortest (the
    problem's `title`, cut by `short_title`, and the search's name)."""
    settings = settings_in_force(params, search)
    method = " · ".join(filter(None, (settings, search.describe())))
    chosen = entry(params.algo)
    return (
        f"{title}  ·  {method}",
        f"{title}  ·  {settings}",
        f"{title}  ·  {chosen.title} · {chosen.cap_unit.cap_text(params.max_nodes)}",
        f"{title}  ·  {chosen.title}",
    )

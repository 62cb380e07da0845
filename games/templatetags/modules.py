"""``{% module_preloads "js/main.js" %}``: a ``modulepreload`` link for every module a page's
entry script imports (kernel.module_graph), with the same URLs ``{% static %}`` gives,
hashed in production, so the browser fetches the whole graph in one wave."""

from __future__ import annotations

from functools import cache

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.html import format_html_join

from kernel.module_graph import module_graph

register = template.Library()


@cache
def _cached_graph(entry: str) -> tuple[str, ...]:
    return tuple(module_graph(entry, finders.find))


def page_modules(entry: str) -> list[str]:
    """The static paths of ``entry`` and everything it imports; read once per process in
    production, on every page under DEBUG so edits show up without a restart."""
    if settings.DEBUG:
        return module_graph(entry, finders.find)
    return list(_cached_graph(entry))


@register.simple_tag
def module_preloads(*entries: str) -> str:
    """The preload links for the modules of every entry named (each module once)."""
    paths: list[str] = []
    for entry in entries:
        paths += [path for path in page_modules(entry) if path not in paths]
    return format_html_join(
        "", '<link rel="modulepreload" href="{}">', ((static(path),) for path in paths)
    )

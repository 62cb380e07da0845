"""The match page's modules: found by reading their imports, all preloaded, and still found by
each other once production has given them hashed names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import override_settings

from kernel.module_graph import ModuleNotFound, module_graph, module_imports

PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "cribbage_site.storage.ModuleManifestStaticFilesStorage"},
}
RELATIVE_IMPORT = re.compile(r"""(?:import|export)\b[^"';]*?["'](\.{1,2}/[^"']+)["']""")


def test_it_reads_every_form_of_static_import_and_skips_comments():
    source = """
    import { a,
             b } from "./a.js";
    import "./side-effect.js";
    export { c } from "../c.js";
    import * as d from './d.js';
    // import { old } from "./old.js";
    /* import "./older.js"; */
    const url = "https://example.org/x.js";
    """
    assert module_imports(source) == ["./a.js", "./side-effect.js", "../c.js", "./d.js"]


def test_the_graph_follows_imports_through_folders(tmp_path):
    files = {
        "js/main.js": 'import { T } from "./table.js";\nimport "./cards.js";',
        "js/table.js": 'import { H } from "./table/hands.js";',
        "js/table/hands.js": 'import { c } from "../cards.js";',
        "js/cards.js": "export const c = 1;",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)

    def locate(path: str) -> Path | None:
        return tmp_path / path if (tmp_path / path).exists() else None

    assert module_graph("js/main.js", locate) == [
        "js/main.js",
        "js/table.js",
        "js/cards.js",
        "js/table/hands.js",
    ]
    (tmp_path / "js/cards.js").unlink()
    with pytest.raises(ModuleNotFound, match="js/cards.js"):
        module_graph("js/main.js", locate)


def test_the_match_pages_graph_holds_every_module_it_reaches():
    graph = module_graph("js/main.js", finders.find)
    assert graph[0] == "js/main.js"
    assert {"js/table.js", "js/table/keys.js", "js/table/hands.js", "js/cards.js"} <= set(graph)


@pytest.mark.django_db
def test_the_match_page_preloads_every_module_of_its_graph(client, alice, bob):
    from games.services import match_create, match_join

    match = match_join(match=match_create(creator=alice, options={"match_target": 1}), user=bob)
    client.force_login(alice)
    text = client.get(f"/matches/{match.pk}/").content.decode()
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/([^"]+)">', text)
    expected = module_graph("js/main.js", finders.find) + ["js/chat.js"]
    assert sorted(preloaded) == sorted(set(expected))


def test_collectstatic_hashes_modules_and_their_imports_still_resolve(tmp_path):
    with override_settings(STORAGES=PRODUCTION_STORAGES, STATIC_ROOT=tmp_path, DEBUG=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        from django.contrib.staticfiles.storage import staticfiles_storage
        from django.templatetags.static import static

        main_url = static("js/main.js")
        assert re.fullmatch(r"/static/js/main\.[0-9a-f]{12}\.js", main_url)
        hashed_main = main_url.removeprefix("/static/")
        checked = 0
        for path in module_graph("js/main.js", finders.find):
            hashed = staticfiles_storage.stored_name(path)
            source = (tmp_path / hashed).read_text()
            for specifier in RELATIVE_IMPORT.findall(source):
                target = (tmp_path / hashed).parent / specifier
                assert target.resolve().exists(), f"{hashed} imports {specifier}"
                assert re.search(r"\.[0-9a-f]{12}\.js$", specifier), f"{hashed}: {specifier}"
                checked += 1
        assert checked > 10
        assert (tmp_path / f"{hashed_main}.gz").exists()  # compressed for WhiteNoise

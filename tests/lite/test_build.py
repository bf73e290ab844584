"""The browser edition's build refuses, in one line and changing nothing, what would make a
site load from elsewhere or not start."""
import io
import json
import sys
import tarfile

import pytest

from tutor import lite

pytest.importorskip("jupyterlite_core")
pytest.importorskip("jupyterlite_pyodide_kernel")


def site_with(tmp_path, settings):
    out = tmp_path / "site"
    (out / "static" / "pyodide").mkdir(parents=True)
    (out / "static" / "pyodide" / "pyodide.mjs").write_text("")
    (out / "static" / "pyodide" / "pyodide-lock.json").write_text(json.dumps(
        {"info": {"python": "3.14.2"}, "packages": {}}))
    (out / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}}}))
    return out


def test_a_url_of_another_host_is_found_and_refused(tmp_path):
    out = site_with(tmp_path, {"pyodideUrl": "https://cdn.example.org/pyodide/pyodide.mjs",
                               "disablePyPIFallback": True})
    found = lite.remote_urls(out)
    assert found == ["jupyter-lite.json.jupyter-config-data.litePluginSettings."
                     "@jupyterlite/pyodide-kernel-extension:kernel.pyodideUrl = "
                     "https://cdn.example.org/pyodide/pyodide.mjs"]
    with pytest.raises(lite.LiteError, match="would load from another host: .*cdn.example.org"):
        lite._check_site(out, "314.0.6")


def test_local_urls_and_schema_names_are_not_loads(tmp_path):
    out = site_with(tmp_path, {"pyodideUrl": "./static/pyodide/pyodide.mjs",
                               "disablePyPIFallback": True,
                               "pipliteUrls": ["http://127.0.0.1:8000/pypi/all.json"]})
    (out / "pypi").mkdir()
    (out / "pypi" / "all.json").write_text(json.dumps({"$schema": "http://json-schema.org/x"}))
    assert lite.remote_urls(out) == []
    lite._check_site(out, "314.0.6")


def test_a_site_without_its_own_pyodide_or_with_pypi_is_refused(tmp_path):
    with pytest.raises(lite.LiteError, match="does not serve Pyodide itself"):
        lite._check_site(site_with(tmp_path / "a", {"disablePyPIFallback": True}), "314.0.6")
    with pytest.raises(lite.LiteError, match="fall back to PyPI"):
        lite._check_site(site_with(tmp_path / "b", {"pyodideUrl": "./static/pyodide/pyodide.mjs"}),
                         "314.0.6")


def test_a_core_and_kernel_of_different_versions_stop_the_build(tmp_path, monkeypatch):
    import jupyterlite_core
    monkeypatch.setattr(jupyterlite_core, "__version__", "0.7.0")
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("the site before")
    with pytest.raises(lite.LiteError) as caught:
        lite.build(out, cache_dir=tmp_path / "cache")
    message = str(caught.value)
    assert "jupyterlite-core 0.7.0 does not match jupyterlite-pyodide-kernel" in message
    assert "\n" not in message
    assert (out / "index.html").read_text() == "the site before"


def test_pyodide_of_another_version_than_the_kernel_pins_stops_the_build(tmp_path):
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    cache = tmp_path / "cache"
    (cache / "npm").mkdir(parents=True)
    with tarfile.open(cache / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz", "w:gz") as tf:
        for name, text in {"package/package.json": json.dumps({"version": "0.27.0"}),
                           "package/pyodide-lock.json": json.dumps({"info": {}, "packages": {}}),
                           "package/pyodide.mjs": ""}.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    out = tmp_path / "site"
    with pytest.raises(lite.LiteError, match=f"pins Pyodide {PYODIDE_VERSION} but the npm "
                                             f"package is 0.27.0"):
        lite.build(out, cache_dir=cache)
    assert not out.exists()


def test_a_package_the_registry_does_not_have_is_named_in_one_line(tmp_path):
    fetch = lite._Fetcher(tmp_path, log=None)
    failing = [sys.executable, "-c", "import sys; print('WARNING: Location x is ignored', "
               "file=sys.stderr); print('ERROR: No matching distribution found for nosuch', "
               "file=sys.stderr); sys.exit(1)"]
    with pytest.raises(lite.LiteError) as caught:
        fetch._run(failing, "nosuch from PyPI")
    assert str(caught.value) == ("cannot fetch nosuch from PyPI: ERROR: No matching distribution "
                                 "found for nosuch")


def test_the_site_cannot_be_built_over_the_sources(tmp_path):
    with pytest.raises(lite.LiteError, match="holds the sources"):
        lite.build(lite.ROOT)

"""deploy/: the production settings and nginx files agree with the app they front."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from dotenv import dotenv_values

from designcore.app.http import create_app
from designcore.app.http.designs import MAX_DESIGN_BODY_BYTES
from designcore.app.http.exports import MAX_EXPORT_BODY_BYTES
from designcore.app.http.security import page_policy
from designcore.app.http.storage import MULTIPART_ALLOWANCE
from designcore.app.settings import Settings, load_settings, variables

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SITE = (DEPLOY / "nginx" / "designcore.conf").read_text()
SNIPPET = (DEPLOY / "nginx" / "snippets" / "designcore-app.conf").read_text()


@pytest.fixture(name="production")
def fixture_production() -> Settings:
    """The example production settings, with a real key in place of the placeholder."""
    values = dotenv_values(DEPLOY / "designcore.env.example")
    values["DESIGNCORE_KEY_ENCRYPTION_KEY"] = base64.urlsafe_b64encode(bytes(32)).decode()
    return load_settings({}, values)


def body_limit(location: str) -> int:
    """The client_max_body_size of the snippet's location starting with ``location``."""
    found = re.search(
        rf"location \^~ {re.escape(location)} {{ client_max_body_size (\d+);", SNIPPET
    )
    assert found is not None, location
    return int(found.group(1))


class TestProductionSettings:
    def test_every_variable_is_a_setting(self) -> None:
        """Each variable of the example is one the settings read (no misspelt name)."""
        known = {name for name, _, _ in variables()}
        example = set(dotenv_values(DEPLOY / "designcore.env.example"))
        assert set() == example - known

    def test_the_example_is_production_without_refusals(self, production: Settings) -> None:
        """The example loads as production: nothing of development is left on."""
        assert production.is_production
        assert "redis" == production.auth.rate_limit_backend
        assert ("127.0.0.1/32",) == tuple(str(n) for n in production.trusted_proxy_networks)


class TestNginx:
    def test_the_pages_policy_is_the_apps(self, production: Settings) -> None:
        """The CSP nginx gives the pages it serves from disk is the one the app gives its own."""
        found = re.search(r'set \$designcore_csp "([^"]*)";', SITE)
        assert found is not None
        assert page_policy(production) == found.group(1)

    def test_every_path_the_app_serves_is_proxied(self, tmp_path: Path) -> None:
        """Each first path segment of the app's routes (sandbox and mailbox included) has a
        proxied location; only the web app's own routes are left to the files."""
        settings = load_settings(
            {"DESIGNCORE_DATABASE_URL": "memory://", "DESIGNCORE_DATA_DIR": str(tmp_path)}
        )
        app = create_app(settings)
        segments = {route.path.split("/")[1] for route in app.routes} - {"", "{path:path}"}
        proxied = set(re.findall(r"location \^~ /([a-z-]+)[/ ].*proxy_pass", SNIPPET))
        assert {"api", "auth", "dev", "sandbox", "schema", "storage"} <= segments
        assert set() == segments - proxied

    def test_no_route_of_the_app_is_redirected(self, tmp_path: Path) -> None:
        """No proxied prefix is a route's path with a slash added: nginx would answer that
        route with a 301 to the slashed path, which turns a POST into a GET."""
        settings = load_settings(
            {"DESIGNCORE_DATABASE_URL": "memory://", "DESIGNCORE_DATA_DIR": str(tmp_path)}
        )
        paths = {route.path for route in create_app(settings).routes}
        prefixes = re.findall(r"location \^~ (\S+/) {", SNIPPET)
        assert "/api/" in prefixes
        assert set() == {prefix for prefix in prefixes if prefix.rstrip("/") in paths}

    def test_body_limits_are_the_apps(self) -> None:
        """nginx refuses exactly the bodies the app would: 1 MiB, a design's or an export's
        document, an upload of the default size with its multipart allowance."""
        general = re.search(r"^client_max_body_size (\d+);", SNIPPET, re.MULTILINE)
        assert general is not None
        assert Settings().server.max_body_bytes == int(general.group(1))
        assert MAX_DESIGN_BODY_BYTES == body_limit("/api/v1/designs")
        assert MAX_EXPORT_BODY_BYTES == body_limit("/api/v1/exports")
        upload = Settings().storage.max_upload_bytes + MULTIPART_ALLOWANCE
        assert upload == body_limit("/storage/v1/object/")


class TestNginxSyntax:
    def test_the_production_site_passes_nginx_t(self, tmp_path: Path) -> None:
        """`nginx -t` accepts deploy/nginx/designcore.conf with its snippet, as Debian's nginx
        would load them (a throwaway certificate and paths in a temporary directory)."""
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(nginx).is_file() or shutil.which("openssl") is None:
            # Debian's nginx is a deployment tool, not a test dependency: a machine without it
            # (a developer's laptop) skips this one syntax check; the cluster session needs it.
            pytest.skip("nginx or openssl is not installed")
        certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
        subprocess.run(
            [
                *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
                *("-subj", "/CN=design.example.com", "-keyout", str(key), "-out", str(certificate)),
            ],
            check=True,
            capture_output=True,
        )
        site = (
            SITE.replace("/etc/letsencrypt/live/design.example.com/fullchain.pem", str(certificate))
            .replace("/etc/letsencrypt/live/design.example.com/privkey.pem", str(key))
            .replace("/var/log/nginx/", f"{tmp_path}/")
            .replace("/var/cache/nginx/", f"{tmp_path}/")
        )
        module = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
        if not module.is_file():
            site = site.replace("brotli_static on;", "")
        (tmp_path / "snippets").mkdir()
        (tmp_path / "snippets" / "designcore-app.conf").write_text(SNIPPET)
        temp = "".join(
            f"{kind}_temp_path {tmp_path}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (tmp_path / "nginx.conf").write_text(
            (f"load_module {module};\n" if module.is_file() else "")
            + f"pid {tmp_path}/nginx.pid;\nevents {{}}\nhttp {{\n"
            + f"include /etc/nginx/mime.types;\n{temp}{site}\n}}\n"
        )
        checked = subprocess.run(
            [
                *(nginx, "-t", "-p", f"{tmp_path}/", "-e", f"{tmp_path}/error.log"),
                *("-c", str(tmp_path / "nginx.conf")),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert 0 == checked.returncode, checked.stderr

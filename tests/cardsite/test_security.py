"""Security headers and limits: CSP, the admin's login lockout and redirect, cookies."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_DIRS = [ROOT / "templates", *ROOT.glob("*/templates")]
GOOD_KEY = "k3y-0f-fifty-characters-or-more-for-tests-0123456789abcdef"


@pytest.mark.parametrize("url", ["/", "/cards/", "/admin/login/", "/api/docs/", "/engine/sandbox/"])
def test_every_page_has_a_csp_without_inline_scripts(client, url):
    response = client.get(url)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert "unsafe-inline" not in directives["style-src"]  # the docs' style is a file too


def test_no_template_has_an_inline_script_or_handler():
    offenders = []
    for folder in TEMPLATE_DIRS:
        for path in folder.rglob("*.html"):
            html = path.read_text()
            for tag in re.findall(r"<script\b[^>]*>", html):
                if "src=" not in tag and "application/json" not in tag:
                    offenders.append(f"{path.relative_to(ROOT)}: {tag}")
            offenders += [f"{path.relative_to(ROOT)}: {m}"
                          for m in re.findall(r"\son[a-z]+\s*=\s*[\"']", html)]
    assert not offenders, offenders


def login(client, password, username="editor"):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password})


def test_the_admin_login_locks_out_after_five_wrong_passwords(client):
    User.objects.create_user("editor", password="right-pw-1234", is_staff=True)
    for _ in range(4):
        assert login(client, "wrong").status_code == 200  # the form again, with an error
    assert login(client, "wrong").status_code == 429  # the fifth locks the pair out
    locked = login(client, "right-pw-1234")
    assert locked.status_code == 429
    assert "Too many wrong passwords" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    # Another address still signs in.
    other = client.post("/admin/login/?next=/admin/", {"username": "editor",
                                                       "password": "right-pw-1234"},
                        REMOTE_ADDR="10.1.2.3")
    assert other.status_code == 302 and other["Location"] == "/admin/"


def test_one_address_is_locked_out_across_usernames(client, settings):
    """Password spraying: a few guesses each at many usernames from one address."""
    settings.AXES_ADDRESS_FAILURE_LIMIT = 8
    User.objects.create_user("editor", password="right-pw-1234", is_staff=True)
    answers = [login(client, "wrong", username=f"user{n}").status_code for n in range(10)]
    assert answers[:7] == [200] * 7 and answers[7:] == [429] * 3, answers
    assert login(client, "right-pw-1234").status_code == 429  # the address, any account
    other = client.post("/admin/login/?next=/admin/", {"username": "editor",
                                                       "password": "right-pw-1234"},
                        REMOTE_ADDR="10.1.2.3")
    assert other.status_code == 302


def test_one_username_locked_leaves_the_address_other_accounts(client):
    User.objects.create_user("editor", password="right-pw-1234", is_staff=True)
    User.objects.create_user("second", password="right-pw-5678", is_staff=True)
    for _ in range(5):
        login(client, "wrong")
    assert login(client, "right-pw-1234").status_code == 429
    assert login(client, "right-pw-5678", username="second").status_code == 302


def test_permissions_policy_is_sent(client):
    policy = client.get("/").headers["Permissions-Policy"]
    assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy


def test_a_good_login_resets_the_count(client):
    User.objects.create_user("editor", password="right-pw-1234", is_staff=True)
    for _ in range(4):
        login(client, "wrong")
    assert login(client, "right-pw-1234").status_code == 302
    client.logout()
    for _ in range(4):
        login(client, "wrong")
    assert login(client, "right-pw-1234").status_code == 302


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/admin/"])
def test_an_unsafe_next_after_login_lands_on_the_admin(client, target):
    User.objects.create_user("editor", password="right-pw-1234", is_staff=True)
    response = client.post("/admin/login/", {"username": "editor", "password": "right-pw-1234",
                                             "next": target})
    assert response.status_code == 302 and response["Location"] == "/admin/"


def _setting(name: str, **env) -> str:
    code = f"import django; django.setup(); from django.conf import settings; print(settings.{name})"
    environ = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECURE_COOKIES")}
    environ.update(DJANGO_SETTINGS_MODULE="cardsite.settings", SECRET_KEY=GOOD_KEY, **env)
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environ, check=True,
                          capture_output=True, text=True).stdout.strip()


def test_the_development_csrf_cookie_works_over_plain_http():
    assert _setting("CSRF_COOKIE_SECURE", DEBUG="1") == "False"
    assert _setting("CSRF_COOKIE_SECURE") == "True"
    assert _setting("CSRF_COOKIE_SECURE", SECURE_COOKIES="0") == "False"

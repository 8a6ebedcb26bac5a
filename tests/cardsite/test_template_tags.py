"""cardsite.templatetags.grimoire's {% link %} and {% once %}: the text Django's own tags give."""
import pytest
from django.template import Context, Template
from django.test import override_settings
from django.urls import reverse, set_script_prefix

MARKUP = ("{% load static grimoire %}{% once %}<a href=\"{% link 'card-list' %}\">Cards</a>"
          "<link href=\"{% static 'css/site.css' %}\">{% endonce %}"
          "<a href=\"{% link 'card-detail' game slug %}\">{{ game }}</a>")


def render(**context) -> str:
    return Template(MARKUP).render(Context(context))


@pytest.fixture
def prefix():
    yield set_script_prefix
    set_script_prefix("/")


@override_settings(DEBUG=False)
def test_once_gives_what_its_tags_give_and_keeps_it(prefix):
    template = Template(MARKUP)
    first = template.render(Context({"game": "rumble", "slug": "a-b"}))
    assert first == (f'<a href="{reverse("card-list")}">Cards</a><link href="/static/css/site.css">'
                     f'<a href="{reverse("card-detail", args=["rumble", "a-b"])}">rumble</a>')
    # What it kept answers the next render; the rest of the page is rendered anew.
    once = template.nodelist[1]
    once.nodelist = Template("changed").nodelist
    assert template.render(Context({"game": "demoniac", "slug": "x"})).startswith(
        f'<a href="{reverse("card-list")}">Cards</a><link href="/static/css/site.css">')
    # Another script prefix is another text (and another static files' URL).
    prefix("/sub/")
    assert template.render(Context({"game": "demoniac", "slug": "x"})) == (
        'changed<a href="/sub/cards/demoniac/x/">demoniac</a>')


def test_once_renders_every_time_with_debug_on(settings):
    settings.DEBUG = True
    template = Template(MARKUP)
    template.render(Context({"game": "rumble", "slug": "a"}))
    template.nodelist[1].nodelist = Template("changed").nodelist
    assert template.render(Context({"game": "rumble", "slug": "a"})).startswith("changed<a")


def test_a_changed_setting_retires_what_once_kept(settings):
    settings.DEBUG = False
    template = Template(MARKUP)
    template.render(Context({"game": "rumble", "slug": "a"}))
    template.nodelist[1].nodelist = Template("changed").nodelist
    settings.STATIC_URL = "/assets/"
    assert template.render(Context({"game": "rumble", "slug": "a"})).startswith("changed<a")

"""Django adapter for the engine (the core modules import no Django)."""
from django.apps import AppConfig


class EngineConfig(AppConfig):
    name = "engine"
    label = "engine"
    verbose_name = "Rules engine"

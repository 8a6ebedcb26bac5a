from django.apps import AppConfig


class RulesrefConfig(AppConfig):
    name = "rulesref"
    verbose_name = "Rules reference"

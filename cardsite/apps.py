from django.apps import AppConfig


class CardsiteConfig(AppConfig):
    name = "cardsite"
    verbose_name = "Catalog"

"""WSGI entry point (gunicorn cardsite.wsgi): Django behind the body limits of
cardsite.web.request_bodies (413 by Content-Length, a deadline for slow bodies)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
application = get_wsgi_application()

from cardsite.web.request_bodies import BoundedBodies  # noqa: E402  (needs the settings)

application = BoundedBodies(application)

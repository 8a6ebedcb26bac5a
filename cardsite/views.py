"""Site-wide views that belong to no one app."""
import re
from urllib.parse import quote

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request):
    """200 with no database work, for load balancers and the benchmark floor."""
    return HttpResponse("ok\n", content_type="text/plain")


def page_not_found(request, exception):
    """The site's 404 page (templates/404.html), offering a search for the words of the
    URL's last part (/cardz/tentakiller/ -> "tentakiller"): the name may be right where
    the path is not."""
    last = next((part for part in reversed(request.path.split("/")) if part), "")
    guess = " ".join(re.findall(r"[a-z]+", last.lower()))[:60]
    return render(request, "404.html", {"request_path": quote(request.path), "guess": guess},
                  status=404)

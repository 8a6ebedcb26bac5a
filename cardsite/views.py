"""Site-wide views that belong to no one app."""
from django.http import HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request):
    """200 with no database work, for load balancers and the benchmark floor."""
    return HttpResponse("ok\n", content_type="text/plain")

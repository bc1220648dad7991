import json
import logging
import time

from django.conf import settings
from django.db import connection
from django.utils import translation

from config.network import client_address
from tournaments.rules.text import ascii_int

request_log = logging.getLogger("burraco.requests")


class RequestLogMiddleware:
    """One line per request, JSON (DJANGO_REQUEST_LOG=1): method, path, status, time in ms,
    database queries, the tournament (its slug, when the address names one), the client's
    address. The query string is left out (a phone's PIN never travels there, but searches
    do), and so is the table code of a phone's address (`/s/<code>/`)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.enabled = getattr(settings, "REQUEST_LOG", False)

    def __call__(self, request):
        if not self.enabled:
            return self.get_response(request)
        start = time.perf_counter()
        queries_before = len(connection.queries) if settings.DEBUG else None
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        kwargs = match.kwargs if match else {}
        path = request.path
        if "code" in kwargs:
            path = path.replace(str(kwargs["code"]), "…")
        line = {
            "method": request.method,
            "path": path[:200],
            "view": match.url_name if match else None,
            "tournament": kwargs.get("slug"),
            "status": response.status_code,
            "ms": round((time.perf_counter() - start) * 1000, 1),
            "client": _client(request),
        }
        if queries_before is not None:
            line["queries"] = len(connection.queries) - queries_before
        request_log.info(json.dumps(line, separators=(",", ":")))
        return response


def _client(request) -> str:

    try:
        return client_address(request)
    except Exception:
        return request.META.get("REMOTE_ADDR", "")


class DefaultLanguageMiddleware:
    """Italian unless the user picked another language (the language cookie).

    Django's LocaleMiddleware would follow the browser's Accept-Language; a
    referee's desk and the players' pages speak Italian by default whatever the
    phone's setting, and English only on request.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.supported = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if language not in self.supported:
            language = settings.LANGUAGE_CODE
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response


class RejectNulMiddleware:
    """A NUL character in the path, a query string or a form field: 400, before any view.

    No name, number or code ever holds one; PostgreSQL refuses them in text, so a search for
    "\\x00" would otherwise end in a server error. (Django's form fields refuse them too; this
    covers the query strings and paths the views read by hand.)
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from django.core.exceptions import BadRequest

        sources = [request.GET] + ([request.POST] if request.method == "POST" else [])
        if "\x00" in request.path or any(
            "\x00" in key or any("\x00" in v for v in values)
            for data in sources
            for key, values in data.lists()
        ):
            raise BadRequest("NUL character in the request")
        return self.get_response(request)


class NotAllowedPageMiddleware:
    """Django answers a method a view does not take (a GET on a button's address, a
    bookmark, a reload) with an empty 405: a blank page. Here it gets a page that says so
    (JSON under the hub's API), the Allow header kept. Inside the CSP and frame middleware,
    so the page carries their headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        from django.http import JsonResponse
        from django.shortcuts import render
        from django.utils.translation import gettext

        allowed = response.get("Allow", "")
        if request.path.startswith("/hub/api/"):  # scripts read the API in English
            with translation.override("en"):
                message = gettext("This address takes only: %(methods)s.") % {"methods": allowed}
            page = JsonResponse({"error": message}, status=405)
        else:
            page = render(request, "405.html", status=405)
        if allowed:
            page["Allow"] = allowed
        return page


MB = 1024 * 1024
# The largest body each address takes (the views check their own, smaller, limits and say
# so in their form): the hub's packages, the federation's member list, the desk's files.
BODY_LIMITS = (
    ("/hub/api/packages/", 101 * MB),
    ("/membership/list/", 41 * MB),
    ("/desk/", 6 * MB),
    ("/admin/", 6 * MB),
)


class BodySizeMiddleware:
    """A request body larger than its address takes: 413 before a byte of it is read.

    Django's DATA_UPLOAD_MAX_MEMORY_SIZE leaves files out, and the CSRF check and the NUL
    filter parse any POST (writing its files to disk) before a view could refuse it: on the
    hall laptop, served by gunicorn alone, anyone on the Wi-Fi could make it read gigabytes.
    Before RejectNulMiddleware and the CSRF check's reading of the form."""

    def __init__(self, get_response):
        self.get_response = get_response
        # above Django's own limit for forms without files (2.5 MB), in whole MB as told
        self.default = 3 * MB

    def limit(self, path: str) -> int:
        for part, limit in BODY_LIMITS:
            if part in path if part == "/membership/list/" else path.startswith(part):
                return limit
        return self.default

    def __call__(self, request):

        declared = ascii_int(request.META.get("CONTENT_LENGTH") or "") or 0
        limit = self.limit(request.path)
        if declared <= limit:
            return self.get_response(request)
        from django.http import JsonResponse
        from django.shortcuts import render
        from django.utils.translation import gettext

        api = request.path.startswith("/hub/api/")  # scripts read the API in English
        with translation.override("en" if api else translation.get_language()):
            message = gettext(
                "The request is too large (at most %(mb)d MB): nothing was changed."
            ) % {"mb": limit // MB}
        if api:
            return JsonResponse({"error": message}, status=413)
        return render(request, "400.html", {"message": message}, status=413)

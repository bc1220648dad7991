"""The hub's public pages and JSON API answered from the cache before the rest of the stack.

Placed near the top of MIDDLEWARE (after the request log, the security headers and the
static files), so that a hit skips sessions, CSRF, authentication, messages and the view: the
answer is kept whole, with the headers the inner middleware gave it (Content-Security-Policy,
X-Frame-Options, Content-Language...), and served again until a package is stored
(scoring.services.hub_cache: the key holds the URL, the language and the hub's version).
Only on a hub, only GET without credentials, only answers of status 200 that set no cookie.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse

from scoring.services import hub_cache

PREFIX = "/hub/"
SKIPPED_HEADERS = {"set-cookie", "content-length"}


def _language(request) -> str:
    """The language DefaultLanguageMiddleware will pick (it runs after this one)."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return chosen if chosen in {code for code, _n in settings.LANGUAGES} else settings.LANGUAGE_CODE


class HubCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            settings.ROLE != "hub"
            or request.method != "GET"
            or not request.path.startswith(PREFIX)
            or "HTTP_AUTHORIZATION" in request.META
        ):
            return self.get_response(request)
        try:
            k, kept = hub_cache.lookup(request.get_full_path(), _language(request))
        except Exception:  # the cache (or the database) cannot say the version: no cache
            return self.get_response(request)
        if kept is not None:
            headers, content = kept
            response = HttpResponse(content)
            for name, value in headers:
                response[name] = value
            return response
        response = self.get_response(request)
        if response.status_code == 200 and not response.cookies and not response.streaming:
            headers = [(n, v) for n, v in response.items() if n.lower() not in SKIPPED_HEADERS]
            hub_cache.keep(k, (headers, response.content))
        return response

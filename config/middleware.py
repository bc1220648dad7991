from django.conf import settings
from django.utils import translation


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

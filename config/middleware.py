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

"""Test only: a middleware that loses the answer of a POST after the view ran and its
transaction committed, as the hall's Wi-Fi does when it drops between the server and the
phone. Enabled by a settings override (tests/test_wifi.py), never in config/settings.py."""


class AnswerLost(Exception):
    """The answer never reached the phone (what the server did stays done)."""


class DropAnswers:
    """Outermost middleware: the next `drop` POST answers are lost after everything ran."""

    drop = 0

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "POST" and DropAnswers.drop > 0:
            DropAnswers.drop -= 1
            raise AnswerLost(f"{request.method} {request.path}: answer lost")
        return response

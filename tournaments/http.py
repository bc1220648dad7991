"""How the desk answers bad input: a clear message and a 4xx, never a 500, nothing changed.

- A form with errors is shown again with them, status 400 (`InvalidFormIs400`).
- A page asked with a malformed or unknown query parameter (`?turn=abc`, `?after=99999…`)
  shows its default with a message, status 400 (`QueryProblems`).
- A malformed value in a POST the pages themselves build (a hidden turn number, a pair number
  to swap) raises `BadInput`: a 400 page with its message (`config.views.bad_request`).
"""

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _


class BadInput(BadRequest):
    """A request whose values cannot be read at all; the message is shown to the referee."""

    def __init__(self, message: str, *, back: str = "", back_label: str = ""):
        super().__init__(message)
        self.message = message
        self.back, self.back_label = back, back_label  # where to try again, when known


class InvalidFormIs400:
    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=400)


class QueryProblems:
    def query_problem(self, message: str) -> None:
        if not hasattr(self, "_query_problems"):
            self._query_problems = []
        if message not in self._query_problems:
            self._query_problems.append(message)

    def render_to_response(self, context, **kwargs):
        problems = getattr(self, "_query_problems", [])
        if problems and self.request.method == "GET":
            for problem in problems:
                messages.error(self.request, problem)
            kwargs.setdefault("status", 400)
        return super().render_to_response(context, **kwargs)


def unknown_turn(value: str) -> str:
    return _("There is no seated turn %(v)s: showing the last one.") % {"v": str(value)[:20]}

"""HTML to PDF in a separate process (no Django here: the pool spawns plain interpreters)."""


def render(html: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=html).write_pdf()


def lower_priority() -> None:
    """The pool's processes give way to the server's requests (a phone waits for no PDF)."""
    import contextlib
    import os

    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)

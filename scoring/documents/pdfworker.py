"""HTML to PDF in a separate process (no Django here: the pool spawns plain interpreters)."""


def render(html: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=html).write_pdf()

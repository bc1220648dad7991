"""Long documents rendered in parallel: WeasyPrint lays out a page in ~0.1 s, so a 250-table
turn's score sheets are split in chunks, rendered by a pool of processes (one per core) and
joined. One chunk, or a machine where processes cannot start, renders in this process."""

from __future__ import annotations

import io
import logging
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from scoring.documents.pdfworker import lower_priority
from scoring.documents.pdfworker import render as render_one

log = logging.getLogger(__name__)
_pool: ProcessPoolExecutor | None = None


def pool_size() -> int:
    """Processes rendering at once: one per core, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        import multiprocessing

        _pool = ProcessPoolExecutor(
            max_workers=pool_size(),
            mp_context=multiprocessing.get_context("spawn"),
            initializer=lower_priority,
        )
    return _pool


def join(parts: Sequence[bytes]) -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render(html_chunks: Sequence[str], progress: Callable[[int, int], None] | None = None) -> bytes:
    """One PDF from several HTML documents, in order; `progress(done, total)` per chunk."""
    total = len(html_chunks)
    if total == 0:
        return b""
    if total == 1:
        out = render_one(html_chunks[0])
        if progress:
            progress(1, 1)
        return out
    parts: list[bytes | None] = [None] * total
    try:
        pool = _executor()
        futures = {pool.submit(render_one, html): i for i, html in enumerate(html_chunks)}
        for done, future in enumerate(as_completed(futures), start=1):
            parts[futures[future]] = future.result()
            if progress:
                progress(done, total)
    except (OSError, RuntimeError) as exc:  # no processes here (a locked-down host): go on
        global _pool
        log.warning("rendering in one process: %s", exc)
        _pool = None  # a broken pool is not reused
        for i, html in enumerate(html_chunks):
            if parts[i] is None:
                parts[i] = render_one(html)
            if progress:
                progress(i + 1, total)
    return join(parts)

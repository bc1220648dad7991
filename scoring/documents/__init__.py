"""Printable documents: score sheets, seating lists, standings PDF, workbook."""

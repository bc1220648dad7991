"""The referee's desk, the players' pages and the table-side entry (thin views)."""

"""Seating engines: pure Python, no Django import.

`mitchell` seats a Mitchell turn from the block's seating order, `danish`
seats a Danish turn from the current ranking and the meeting history.
"""

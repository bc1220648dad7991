"""Pure rules of the tournament's organisation (no Django import): membership check, names,
and the messages they speak (an English msgid with parameters, translated by the adapter)."""

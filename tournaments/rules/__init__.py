"""Pure rules of the tournament's organisation (no Django import): membership check, names,
text clean-up and number reading, and the messages they speak (an English msgid with
parameters, translated by the adapter)."""

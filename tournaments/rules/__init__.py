"""Pure rules of the tournaments app (no Django import): text clean-up and number reading."""

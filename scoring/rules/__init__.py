"""The rules of the game and of the Codice di Gara as pure Python: no Django import."""

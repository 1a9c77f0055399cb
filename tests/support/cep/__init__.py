"""CEP/1 test support: the engine process driver, the search doubles, shared positions."""

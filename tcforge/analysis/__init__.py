"""Analysis on top of the engine: exact odds, scenario legality, playouts and balance."""

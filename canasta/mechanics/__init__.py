"""The things on the table, one kind per module: melds, sequences, the pile, packets, black 3s..."""

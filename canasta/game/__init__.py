"""The game's nouns: cards, the deal, the state, actions and errors."""

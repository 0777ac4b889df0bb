"""What a game is: the RuleSet, its options, the named variants and house rules."""

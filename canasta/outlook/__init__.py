"""What a hand can still reach: the initial meld's look-ahead, going out, what a side needs."""

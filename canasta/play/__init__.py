"""Checking and applying actions: refusals, legal actions, transitions, scoring, the coach."""

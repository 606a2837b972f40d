"""The rules engine: cards, rules, a hand's state, a player's view, hand records and the match.

It imports nothing else of the package (nor any UI): bots, coach, table and practice are built on it.
"""

"""Circolo: an online card room for Scopa, Bisca Capixaba and Burraco."""

__version__ = "0.1.0"

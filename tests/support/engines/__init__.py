"""Engines the tests start as processes (`python <path>`); nothing here is imported."""

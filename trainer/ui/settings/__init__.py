"""The Settings page and every setting's declaration (:mod:`.declarations`, which all pages
read their settings through)."""

"""GODŌ: The Five Paths (tile laying, hidden hands, 1-5 players, the Sacred Specialties, solo)."""

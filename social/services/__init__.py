"""Writes of the social layer (HackSoft's services): friends, blocks and mutes, challenges, settings."""

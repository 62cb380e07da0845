"""The social layer: friends, direct challenges, blocks and personal mutes, privacy settings."""

// NearbyInteraction: the NI-compatible session API; its parts arrive with issue 5.

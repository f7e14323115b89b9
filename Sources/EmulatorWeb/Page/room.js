// The room page (placeholder).

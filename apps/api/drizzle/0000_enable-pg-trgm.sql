-- Trigram matching for the name search (DESIGN.md §5). Written by hand: drizzle-kit
-- does not manage extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

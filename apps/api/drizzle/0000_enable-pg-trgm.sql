-- Trigram matching for the name search (docs/genealogy.md, Search). Written by hand: drizzle-kit
-- does not manage extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

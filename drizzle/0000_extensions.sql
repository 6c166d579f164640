-- Extensions the schema needs: trigram similarity for search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

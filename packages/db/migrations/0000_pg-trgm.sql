-- Trigram search (spec §7 /project/search) needs pg_trgm before any gin_trgm_ops index is created.
-- It lives in public so every schema on the search path (including per-test schemas) shares one copy.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Rate-limit counters are written on every limited request (every /api/v1 request, one row per token)
-- and are worthless after a crash (their windows are a minute long): no WAL for them. With 50
-- concurrent requests on one token, a logged upsert waits for its WAL flush while holding the row
-- lock (about 900 upserts/s on the development machine); unlogged, about 5,300/s. After a crash
-- PostgreSQL empties an unlogged table, which starts every window afresh.
ALTER TABLE "rate_limits" SET UNLOGGED;

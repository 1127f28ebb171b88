-- Issue 14: construction projects now carry an approval, and 0013 added it with the default of new records
-- (pending), which hid every existing project. No write path could make a pending one before issue 14 (only
-- the seed and psql wrote them, and they were all public), so every pending one is a published one: approve it.
UPDATE "construction_projects" SET "approval" = 'approved' WHERE "approval" = 'pending';

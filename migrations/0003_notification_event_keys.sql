ALTER TABLE "notifications" ADD COLUMN "event_key" text;--> statement-breakpoint
-- mentions stored before the key: one per comment and person (the first), so a later edit re-adding the mention stays quiet
UPDATE "notifications" n SET "event_key" = 'comment.mentioned:' || (n."data"->>'commentId')
WHERE n."type" = 'comment.mentioned' AND n."data" ? 'commentId' AND n."id" = (
  SELECT f."id" FROM "notifications" f
  WHERE f."user_id" = n."user_id" AND f."type" = 'comment.mentioned' AND f."data"->>'commentId' = n."data"->>'commentId'
  ORDER BY f."created_at", f."id" LIMIT 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_key_idx" ON "notifications" USING btree ("user_id","event_key");

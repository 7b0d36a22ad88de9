ALTER TABLE "coding_runs" ADD COLUMN "refusals" jsonb;--> statement-breakpoint
ALTER TABLE "intelligent_columns" ADD COLUMN "engine" text DEFAULT 'rules' NOT NULL;
ALTER TABLE "form_questions" ADD COLUMN "rows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "calculation" text;
ALTER TABLE "form_questions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;
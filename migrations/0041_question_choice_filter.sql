ALTER TABLE "form_questions" ADD COLUMN "required_when" text;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "read_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "choice_filter" text;
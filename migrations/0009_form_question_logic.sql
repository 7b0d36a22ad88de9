ALTER TABLE "form_questions" ADD COLUMN "relevant" text;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "constraint" text;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "constraint_message" text;
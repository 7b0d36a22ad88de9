ALTER TABLE "form_questions" ADD COLUMN "repeat_key" text;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "repeat_count" text;--> statement-breakpoint
ALTER TABLE "form_questions" ADD COLUMN "item_label" text;
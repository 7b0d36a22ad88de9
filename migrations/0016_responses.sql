CREATE TABLE "form_response_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"response_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"edited_by" text,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_response_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"form_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "form_responses" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_responses" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "form_responses" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "form_response_edits" ADD CONSTRAINT "form_response_edits_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_response_edits" ADD CONSTRAINT "form_response_edits_response_id_form_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."form_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_response_edits" ADD CONSTRAINT "form_response_edits_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_response_flags" ADD CONSTRAINT "form_response_flags_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_response_flags" ADD CONSTRAINT "form_response_flags_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_response_flags" ADD CONSTRAINT "form_response_flags_response_id_form_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."form_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_response_flags" ADD CONSTRAINT "form_response_flags_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_response_edits_revision_uq" ON "form_response_edits" USING btree ("response_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "form_response_flags_rule_uq" ON "form_response_flags" USING btree ("response_id","rule");--> statement-breakpoint
CREATE INDEX "form_response_flags_form_idx" ON "form_response_flags" USING btree ("form_id","cleared_at");--> statement-breakpoint
CREATE INDEX "form_responses_fingerprint_idx" ON "form_responses" USING btree ("form_id","fingerprint");
CREATE TABLE "form_test_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"form_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_test_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"form_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"answers_hash" text NOT NULL,
	"wave" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_test_links" ADD CONSTRAINT "form_test_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_test_links" ADD CONSTRAINT "form_test_links_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_test_links" ADD CONSTRAINT "form_test_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_test_responses" ADD CONSTRAINT "form_test_responses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_test_responses" ADD CONSTRAINT "form_test_responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_test_links_form_uq" ON "form_test_links" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_test_links_token_uq" ON "form_test_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "form_test_responses_client_uq" ON "form_test_responses" USING btree ("form_id","client_id");
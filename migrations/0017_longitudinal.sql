CREATE TABLE "stakeholder_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"project_id" uuid NOT NULL,
	"kept_id" uuid NOT NULL,
	"merged_id" uuid NOT NULL,
	"merged_code" text NOT NULL,
	"merged_name" text NOT NULL,
	"merged_answers" jsonb NOT NULL,
	"responses_moved" integer NOT NULL,
	"links_moved" integer NOT NULL,
	"merged_by" text,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stakeholder_merges" ADD CONSTRAINT "stakeholder_merges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder_merges" ADD CONSTRAINT "stakeholder_merges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder_merges" ADD CONSTRAINT "stakeholder_merges_kept_id_stakeholders_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."stakeholders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder_merges" ADD CONSTRAINT "stakeholder_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stakeholder_merges_kept_idx" ON "stakeholder_merges" USING btree ("kept_id");
CREATE TABLE "rubric_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"column_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"machine_level" integer,
	"rubric_version" integer NOT NULL,
	"verified_by" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubric_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"column_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coding_decisions" ADD COLUMN "rubric" jsonb;--> statement-breakpoint
ALTER TABLE "coding_runs" ADD COLUMN "rubric_version" integer;--> statement-breakpoint
ALTER TABLE "coding_runs" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "intelligent_columns" ADD COLUMN "kind" text DEFAULT 'codes' NOT NULL;--> statement-breakpoint
ALTER TABLE "intelligent_columns" ADD COLUMN "rubric_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rubric_verifications" ADD CONSTRAINT "rubric_verifications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_verifications" ADD CONSTRAINT "rubric_verifications_column_id_intelligent_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."intelligent_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_verifications" ADD CONSTRAINT "rubric_verifications_response_id_form_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."form_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_verifications" ADD CONSTRAINT "rubric_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_column_id_intelligent_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."intelligent_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_verifications_column_response_uq" ON "rubric_verifications" USING btree ("column_id","response_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_versions_column_number_uq" ON "rubric_versions" USING btree ("column_id","number");
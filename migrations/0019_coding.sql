CREATE TABLE "codebook_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"column_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"codes" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coding_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"codes" jsonb NOT NULL,
	"sentiment" real,
	"engine" text NOT NULL,
	"engine_version" text NOT NULL,
	"codebook_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coding_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"column_id" uuid NOT NULL,
	"codebook_version" integer NOT NULL,
	"engine" text NOT NULL,
	"engine_version" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"diff" jsonb,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coding_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"column_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"codes" jsonb NOT NULL,
	"codebook_version" integer NOT NULL,
	"verified_by" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intelligent_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"form_id" uuid NOT NULL,
	"name" text NOT NULL,
	"question_keys" jsonb NOT NULL,
	"threshold" real DEFAULT 0.6 NOT NULL,
	"sample_percent" integer DEFAULT 20 NOT NULL,
	"codebook_version" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codebook_versions" ADD CONSTRAINT "codebook_versions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codebook_versions" ADD CONSTRAINT "codebook_versions_column_id_intelligent_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."intelligent_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codebook_versions" ADD CONSTRAINT "codebook_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_decisions" ADD CONSTRAINT "coding_decisions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_decisions" ADD CONSTRAINT "coding_decisions_run_id_coding_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."coding_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_decisions" ADD CONSTRAINT "coding_decisions_response_id_form_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."form_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_runs" ADD CONSTRAINT "coding_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_runs" ADD CONSTRAINT "coding_runs_column_id_intelligent_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."intelligent_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_runs" ADD CONSTRAINT "coding_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_verifications" ADD CONSTRAINT "coding_verifications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_verifications" ADD CONSTRAINT "coding_verifications_column_id_intelligent_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."intelligent_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_verifications" ADD CONSTRAINT "coding_verifications_response_id_form_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."form_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_verifications" ADD CONSTRAINT "coding_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_columns" ADD CONSTRAINT "intelligent_columns_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_columns" ADD CONSTRAINT "intelligent_columns_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_columns" ADD CONSTRAINT "intelligent_columns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codebook_versions_column_number_uq" ON "codebook_versions" USING btree ("column_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "coding_decisions_run_response_uq" ON "coding_decisions" USING btree ("run_id","response_id");--> statement-breakpoint
CREATE INDEX "coding_runs_column_idx" ON "coding_runs" USING btree ("column_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coding_verifications_column_response_uq" ON "coding_verifications" USING btree ("column_id","response_id");--> statement-breakpoint
CREATE INDEX "intelligent_columns_form_idx" ON "intelligent_columns" USING btree ("form_id");
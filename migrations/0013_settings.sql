CREATE TABLE "team_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"requested_by" text,
	"job_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" jsonb,
	"byte_size" bigint,
	"counts" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_settings" (
	"team_id" text PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ai_monthly_limit" integer,
	"public_responses_monthly_limit" integer,
	"video_url" text,
	"video_transcript" text,
	"video_captions" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_exports" ADD CONSTRAINT "team_exports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_exports" ADD CONSTRAINT "team_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_exports" ADD CONSTRAINT "team_exports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_settings" ADD CONSTRAINT "team_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_exports_team_idx" ON "team_exports" USING btree ("team_id","created_at");
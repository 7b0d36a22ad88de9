CREATE TABLE "theme_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"column_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"k_requested" integer,
	"k" integer,
	"silhouette" real,
	"candidates" jsonb,
	"answered" integer DEFAULT 0 NOT NULL,
	"unclustered" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"engine_version" text NOT NULL,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"share" real NOT NULL,
	"top_terms" jsonb NOT NULL,
	"quotes" jsonb NOT NULL,
	"code_key" text,
	"codebook_version" integer
);
--> statement-breakpoint
ALTER TABLE "theme_runs" ADD CONSTRAINT "theme_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_runs" ADD CONSTRAINT "theme_runs_column_id_intelligent_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."intelligent_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_runs" ADD CONSTRAINT "theme_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_run_id_theme_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."theme_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "theme_runs_column_idx" ON "theme_runs" USING btree ("column_id","created_at");--> statement-breakpoint
CREATE INDEX "themes_run_idx" ON "themes" USING btree ("run_id","position");
CREATE TABLE "grid_cells" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"row_key" text NOT NULL,
	"row_label" text NOT NULL,
	"position" integer NOT NULL,
	"column_key" text NOT NULL,
	"value" jsonb NOT NULL,
	"citations" jsonb NOT NULL,
	"input_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grid_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"grid_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"engine" text NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"reused" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intelligent_grids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"form_id" uuid NOT NULL,
	"name" text NOT NULL,
	"waves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grid_cells" ADD CONSTRAINT "grid_cells_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_cells" ADD CONSTRAINT "grid_cells_run_id_grid_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."grid_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_runs" ADD CONSTRAINT "grid_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_runs" ADD CONSTRAINT "grid_runs_grid_id_intelligent_grids_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."intelligent_grids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_runs" ADD CONSTRAINT "grid_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_grids" ADD CONSTRAINT "intelligent_grids_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_grids" ADD CONSTRAINT "intelligent_grids_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_grids" ADD CONSTRAINT "intelligent_grids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grid_cells_run_row_column_uq" ON "grid_cells" USING btree ("run_id","row_key","column_key");--> statement-breakpoint
CREATE INDEX "grid_cells_run_position_idx" ON "grid_cells" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "grid_runs_grid_idx" ON "grid_runs" USING btree ("grid_id","created_at");--> statement-breakpoint
CREATE INDEX "intelligent_grids_form_idx" ON "intelligent_grids" USING btree ("form_id");
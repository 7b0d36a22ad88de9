CREATE TABLE "url_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"dataset_id" uuid NOT NULL,
	"url" text NOT NULL,
	"schedule" text DEFAULT 'none' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_files" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "url_sources" ADD CONSTRAINT "url_sources_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_sources" ADD CONSTRAINT "url_sources_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_sources" ADD CONSTRAINT "url_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "url_sources_dataset_idx" ON "url_sources" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "url_sources_due_idx" ON "url_sources" USING btree ("next_run_at");
ALTER TABLE "transformation_runs" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "transformation_runs" ADD COLUMN "diff_base_version_id" uuid;--> statement-breakpoint
ALTER TABLE "transformation_runs" ADD COLUMN "diff_base_rows" bigint;--> statement-breakpoint
ALTER TABLE "transformation_runs" ADD COLUMN "diff_added" bigint;--> statement-breakpoint
ALTER TABLE "transformation_runs" ADD COLUMN "diff_removed" bigint;--> statement-breakpoint
ALTER TABLE "transformation_runs" ADD COLUMN "diff_changed" bigint;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "auto_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transformation_runs" ADD CONSTRAINT "transformation_runs_diff_base_version_id_dataset_versions_id_fk" FOREIGN KEY ("diff_base_version_id") REFERENCES "public"."dataset_versions"("id") ON DELETE set null ON UPDATE no action;
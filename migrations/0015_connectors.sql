CREATE TABLE "connector_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"connector_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"form_id" text NOT NULL,
	"form_name" text NOT NULL,
	"schedule" text DEFAULT 'none' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"fetched" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"odk_project_id" integer,
	"email" text,
	"sealed" text NOT NULL,
	"status" text DEFAULT 'untested' NOT NULL,
	"status_message" text,
	"tested_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connector_imports" ADD CONSTRAINT "connector_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_imports" ADD CONSTRAINT "connector_imports_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_imports" ADD CONSTRAINT "connector_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_imports" ADD CONSTRAINT "connector_imports_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_imports" ADD CONSTRAINT "connector_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connector_imports_dataset_idx" ON "connector_imports" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "connector_imports_connector_idx" ON "connector_imports" USING btree ("connector_id");--> statement-breakpoint
CREATE INDEX "connector_imports_due_idx" ON "connector_imports" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "connectors_team_idx" ON "connectors" USING btree ("team_id");
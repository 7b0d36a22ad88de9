CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"funder" text,
	"location" text,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"statement" text,
	"root_causes" text,
	"population_who" text,
	"population_count" integer,
	"geography" text,
	"evidence" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"library_item_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toc_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"problem_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"horizon" text,
	"title" text NOT NULL,
	"description" text,
	"assumptions" text,
	"risks" text,
	"owner_id" text,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'planned' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toc_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"problem_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"assumptions" text,
	"risks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"problem_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"measurement" text DEFAULT 'manual' NOT NULL,
	"binding" jsonb DEFAULT '{"kind":"manual"}'::jsonb NOT NULL,
	"aggregation" text DEFAULT 'sum' NOT NULL,
	"condition" jsonb,
	"filter" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"metric_id" uuid NOT NULL,
	"period" text NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"metric_id" uuid NOT NULL,
	"data_point_id" uuid NOT NULL,
	"period" text NOT NULL,
	"disaggregation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"disaggregation_key" text DEFAULT '' NOT NULL,
	"value" double precision NOT NULL,
	"note" text,
	"entered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"problem_id" uuid NOT NULL,
	"element_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" text,
	"unit" text,
	"type" text DEFAULT 'count' NOT NULL,
	"currency" text,
	"direction" text DEFAULT 'increase' NOT NULL,
	"baseline_value" double precision,
	"baseline_date" date,
	"period" text DEFAULT 'quarterly' NOT NULL,
	"period_start" date,
	"period_end" date,
	"custom_periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disaggregations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"standard_ref" text,
	"formula" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"problem_id" uuid NOT NULL,
	"data_point_id" uuid NOT NULL,
	"text" text NOT NULL,
	"help_text" text,
	"answer_type" text DEFAULT 'text' NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"kind" text NOT NULL,
	"sector" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"template" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problems" ADD CONSTRAINT "problems_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_elements" ADD CONSTRAINT "toc_elements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_elements" ADD CONSTRAINT "toc_elements_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_elements" ADD CONSTRAINT "toc_elements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_links" ADD CONSTRAINT "toc_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_links" ADD CONSTRAINT "toc_links_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_links" ADD CONSTRAINT "toc_links_from_id_toc_elements_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."toc_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_links" ADD CONSTRAINT "toc_links_to_id_toc_elements_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."toc_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_targets" ADD CONSTRAINT "metric_targets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_targets" ADD CONSTRAINT "metric_targets_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_data_point_id_data_points_id_fk" FOREIGN KEY ("data_point_id") REFERENCES "public"."data_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_values" ADD CONSTRAINT "metric_values_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics" ADD CONSTRAINT "metrics_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics" ADD CONSTRAINT "metrics_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics" ADD CONSTRAINT "metrics_element_id_toc_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."toc_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_data_point_id_data_points_id_fk" FOREIGN KEY ("data_point_id") REFERENCES "public"."data_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_team_status_idx" ON "projects" USING btree ("team_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "problems_team_project_idx" ON "problems" USING btree ("team_id","project_id");--> statement-breakpoint
CREATE INDEX "toc_elements_problem_kind_idx" ON "toc_elements" USING btree ("problem_id","kind","position");--> statement-breakpoint
CREATE INDEX "toc_elements_team_idx" ON "toc_elements" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "toc_links_from_to_uq" ON "toc_links" USING btree ("from_id","to_id");--> statement-breakpoint
CREATE INDEX "toc_links_problem_idx" ON "toc_links" USING btree ("problem_id");--> statement-breakpoint
CREATE INDEX "toc_links_to_idx" ON "toc_links" USING btree ("to_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_points_metric_key_uq" ON "data_points" USING btree ("metric_id","key");--> statement-breakpoint
CREATE INDEX "data_points_problem_idx" ON "data_points" USING btree ("problem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metric_targets_metric_period_uq" ON "metric_targets" USING btree ("metric_id","period");--> statement-breakpoint
CREATE INDEX "metric_values_metric_period_idx" ON "metric_values" USING btree ("metric_id","period");--> statement-breakpoint
CREATE INDEX "metric_values_data_point_idx" ON "metric_values" USING btree ("data_point_id","period","disaggregation_key");--> statement-breakpoint
CREATE INDEX "metrics_element_idx" ON "metrics" USING btree ("element_id","position");--> statement-breakpoint
CREATE INDEX "metrics_problem_idx" ON "metrics" USING btree ("problem_id");--> statement-breakpoint
CREATE INDEX "metrics_team_idx" ON "metrics" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "survey_questions_data_point_idx" ON "survey_questions" USING btree ("data_point_id","position");--> statement-breakpoint
CREATE INDEX "library_items_team_kind_idx" ON "library_items" USING btree ("team_id","kind");--> statement-breakpoint
CREATE INDEX "comments_subject_idx" ON "comments" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_team_idx" ON "comments" USING btree ("team_id","created_at");
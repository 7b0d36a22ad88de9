ALTER TABLE "intelligent_grids" ALTER COLUMN "form_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "intelligent_grids" ADD COLUMN "dataset_id" uuid;--> statement-breakpoint
ALTER TABLE "intelligent_grids" ADD CONSTRAINT "intelligent_grids_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intelligent_grids_dataset_idx" ON "intelligent_grids" USING btree ("dataset_id");--> statement-breakpoint
ALTER TABLE "intelligent_grids" ADD CONSTRAINT "intelligent_grids_one_source" CHECK (("intelligent_grids"."form_id" IS NULL) <> ("intelligent_grids"."dataset_id" IS NULL));
DROP INDEX "form_responses_fingerprint_idx";--> statement-breakpoint
CREATE INDEX "form_responses_fingerprint_idx" ON "form_responses" USING btree ("form_id","fingerprint","seq");
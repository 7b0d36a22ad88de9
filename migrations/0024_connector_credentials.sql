ALTER TABLE "connectors" ALTER COLUMN "sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "revoked_at" timestamp with time zone;
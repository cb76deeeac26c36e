ALTER TABLE "generated_images" ADD COLUMN "art_direction" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "art_direction" jsonb;
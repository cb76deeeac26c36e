CREATE TABLE "image_variants" (
	"key" text PRIMARY KEY NOT NULL,
	"image_id" uuid NOT NULL,
	"bytes" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_generated_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."generated_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_variants_used_idx" ON "image_variants" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "image_variants_image_idx" ON "image_variants" USING btree ("image_id");
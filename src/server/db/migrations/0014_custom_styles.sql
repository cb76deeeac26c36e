CREATE TABLE "custom_styles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"theme" text NOT NULL,
	"palette" text NOT NULL,
	"words" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "palette" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "style_words" text;--> statement-breakpoint
ALTER TABLE "custom_styles" ADD CONSTRAINT "custom_styles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_styles_user_idx" ON "custom_styles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_styles_user_name_idx" ON "custom_styles" USING btree ("user_id",lower("name"));
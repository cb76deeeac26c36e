ALTER TABLE "profiles" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Members who could already sign in are greeted "Welcome back" from now on: their first session is
-- unknown (signing out deleted it), so their account's creation, which comes before every session
-- they have, stands for it. A sign-up whose link is not clicked yet gets the time of its first session.
UPDATE "profiles" SET "first_signed_in_at" = "user"."created_at" FROM "user" WHERE "user"."id" = "profiles"."user_id" AND "user"."email_verified" = true AND "profiles"."first_signed_in_at" IS NULL;

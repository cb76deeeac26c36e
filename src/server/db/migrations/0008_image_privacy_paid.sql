ALTER TABLE "generated_images" ADD COLUMN "privacy_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Backfill from the records we have (hand-written): an image's privacy counts as paid when it is
-- private now (it got there at generation or by a change its owner's plan or a credit paid for),
-- when its generation asked for private, or when the ledger holds its 'privacy:<id>' spend. A
-- public image once made private on a paid plan and back left no record: it stays unpaid.
UPDATE "generated_images" AS "gi" SET "privacy_paid" = true
WHERE "gi"."privacy" = 'private'
  OR EXISTS (SELECT 1 FROM "generations" AS "g" WHERE "g"."id" = "gi"."generation_id" AND "g"."privacy" = 'private')
  OR EXISTS (
    SELECT 1 FROM "credit_transactions" AS "ct"
    WHERE "ct"."type" = 'spend' AND "ct"."reference_id" = 'privacy:' || "gi"."id"::text
  );

-- The prompt column keeps what the person typed; the cleaned prompt (background talk removed) the
-- provider gets has its own column. Before this, the cleaned prompt was stored as the prompt, so
-- existing rows get it as their cleaned prompt too.
ALTER TABLE "generations" ADD COLUMN "cleaned_prompt" text;--> statement-breakpoint
UPDATE "generations" SET "cleaned_prompt" = "prompt";--> statement-breakpoint
ALTER TABLE "generations" ALTER COLUMN "cleaned_prompt" SET NOT NULL;

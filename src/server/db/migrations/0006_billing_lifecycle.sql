CREATE TABLE "payment_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"reference_id" text NOT NULL,
	"item_id" text,
	"checkout_session_id" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"credits_taken" integer DEFAULT 0 NOT NULL,
	"credits_shortfall" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_kind_check" CHECK ("payment_ledger"."kind" in ('refund', 'duplicate_refund', 'dispute_opened', 'dispute_won', 'dispute_lost'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_kind_reference_idx" ON "payment_ledger" USING btree ("kind","reference_id");--> statement-breakpoint
CREATE INDEX "payment_ledger_user_idx" ON "payment_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_subscription_idx" ON "checkout_sessions" USING btree ("subscription_id");
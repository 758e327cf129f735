ALTER TYPE "public"."payout_job_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."payout_job_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "payout_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"wallet_address" text NOT NULL,
	"amount_lamports" bigint NOT NULL,
	"ban_reason" text,
	"banned_by" text,
	"held_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_reason" text,
	"refund_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_holds_job_id_unique" UNIQUE("job_id"),
	CONSTRAINT "payout_holds_resolution_known" CHECK ("payout_holds"."resolution" IS NULL OR "payout_holds"."resolution" IN ('released', 'refunded_loser')),
	CONSTRAINT "payout_holds_resolution_recorded" CHECK (("payout_holds"."resolution" IS NULL) = ("payout_holds"."resolved_at" IS NULL AND "payout_holds"."resolved_by" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_job_id_payout_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."payout_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_refund_job_id_payout_jobs_id_fk" FOREIGN KEY ("refund_job_id") REFERENCES "public"."payout_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_holds_unresolved_idx" ON "payout_holds" USING btree ("resolution","held_at");
CREATE TABLE "gateway_refunds" (
	"provider" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_refunds_provider_provider_refund_id_pk" PRIMARY KEY("provider","provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_refunds_payment_idx" ON "gateway_refunds" USING btree ("payment_id");
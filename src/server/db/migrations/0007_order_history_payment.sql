CREATE TABLE "order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid,
	"note" text,
	CONSTRAINT "order_history_status_check" CHECK ("order_history"."status" in ('pending', 'confirmed', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_at_idx" ON "order_history" USING btree ("order_id","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_verified_by_users_id_fk" FOREIGN KEY ("payment_verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_proof_to_check_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_type" = 'instapay' and "orders"."payment_image_key" is not null and "orders"."payment_verified_at" is null;--> statement-breakpoint
-- Written by hand: every order placed before this migration gets its placement entry (pending, by the
-- buyer, when it was placed) and, when its status has moved since, one entry for the status it has now
-- (at its last change, by nobody known).
INSERT INTO "order_history" ("order_id", "status", "at", "by_user_id", "note")
SELECT "id", 'pending', "created_at", "user_id", NULL FROM "orders";--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "status", "at", "by_user_id", "note")
SELECT "id", "status", greatest("updated_at", "created_at"), NULL, NULL FROM "orders" WHERE "status" <> 'pending';

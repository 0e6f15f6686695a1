CREATE TABLE "courier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier" text NOT NULL,
	"event_key" text NOT NULL,
	"body" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier" text NOT NULL,
	"amount_piastres" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"by_user_id" uuid,
	"note" text,
	"courier_event_id" uuid,
	CONSTRAINT "delivery_history_state_check" CHECK ("delivery_history"."state" in ('notShipped', 'shipped', 'delivered', 'refused', 'returned')),
	CONSTRAINT "delivery_history_source_check" CHECK ("delivery_history"."source" in ('staff', 'courier', 'shop'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"request" text NOT NULL,
	"external_id" text,
	"tracking_number" text,
	"tracking_url" text,
	"courier_state" text,
	"courier_state_at" timestamp with time zone,
	"cash_to_collect_piastres" integer NOT NULL,
	"cash_collected_piastres" integer,
	"collected_at" timestamp with time zone,
	"payout_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_courier_check" CHECK ("shipments"."courier" in ('manual', 'bosta')),
	CONSTRAINT "shipments_request_check" CHECK ("shipments"."request" in ('queued', 'created', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "governorate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_on_delivery_fee_piastres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" text DEFAULT 'notShipped' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_payouts" ADD CONSTRAINT "courier_payouts_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_history" ADD CONSTRAINT "delivery_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_history" ADD CONSTRAINT "delivery_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_payout_id_courier_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."courier_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_key_unique" ON "courier_events" USING btree ("courier","event_key");--> statement-breakpoint
CREATE INDEX "courier_events_order_idx" ON "courier_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_history_order_at_idx" ON "delivery_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_unique" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("next_attempt_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_unique" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_courier_external_idx" ON "shipments" USING btree ("courier","external_id");--> statement-breakpoint
CREATE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_unsettled_idx" ON "shipments" USING btree ("courier") WHERE "shipments"."cash_collected_piastres" is not null and "shipments"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "orders_delivery_created_idx" ON "orders" USING btree ("delivery","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_check" CHECK ("orders"."delivery" in ('notShipped', 'shipped', 'delivered', 'refused', 'returned'));--> statement-breakpoint
-- Written by hand (issue 36): the orders placed before governorates name theirs where the city did, are
-- charged as the zone of that city, and a completed order was delivered (SPEC's 'completed').
UPDATE "orders" SET "governorate" = CASE "city" WHEN 'Cairo' THEN 'EG-C' WHEN 'Giza' THEN 'EG-GZ' END,
  "delivery_zone_id" = CASE "city" WHEN 'Cairo' THEN 'cairo' WHEN 'Giza' THEN 'giza' ELSE 'outside-cairo-and-giza' END,
  "delivery" = CASE "status" WHEN 'completed' THEN 'delivered' ELSE 'notShipped' END;--> statement-breakpoint
-- Written by hand (issue 36): a shop's three cities become three delivery zones at its own fees (the
-- same zones as deliveryZonesOf in src/shared/delivery.ts): Cairo, Giza, and the other 25 governorates.
UPDATE "shop_settings" SET "settings" = "settings" || jsonb_build_object('deliveryZones', jsonb_build_array(
  jsonb_build_object('id', 'cairo', 'name', jsonb_build_object('en', 'Cairo', 'ar', 'القاهرة'),
    'governorates', jsonb_build_array('EG-C'),
    'fee', coalesce("settings" -> 'shippingFees' -> 'Cairo', '70'::jsonb), 'freeOver', null,
    'cashOnDelivery', true, 'cashOnDeliveryFee', 0, 'estimateDays', jsonb_build_object('min', 1, 'max', 3)),
  jsonb_build_object('id', 'giza', 'name', jsonb_build_object('en', 'Giza', 'ar', 'الجيزة'),
    'governorates', jsonb_build_array('EG-GZ'),
    'fee', coalesce("settings" -> 'shippingFees' -> 'Giza', '40'::jsonb), 'freeOver', null,
    'cashOnDelivery', true, 'cashOnDeliveryFee', 0, 'estimateDays', jsonb_build_object('min', 1, 'max', 3)),
  jsonb_build_object('id', 'outside-cairo-and-giza',
    'name', jsonb_build_object('en', 'Outside Cairo and Giza', 'ar', 'خارج القاهرة والجيزة'),
    'governorates', jsonb_build_array('EG-ALX', 'EG-KB', 'EG-SHR', 'EG-DK', 'EG-GH', 'EG-MNF', 'EG-BH',
      'EG-KFS', 'EG-DT', 'EG-PTS', 'EG-IS', 'EG-SUZ', 'EG-FYM', 'EG-BNS', 'EG-MN', 'EG-AST', 'EG-SHG',
      'EG-KN', 'EG-LX', 'EG-ASN', 'EG-BA', 'EG-WAD', 'EG-MT', 'EG-SIN', 'EG-JS'),
    'fee', coalesce("settings" -> 'shippingFees' -> 'Outside Cairo and Giza', '90'::jsonb), 'freeOver', null,
    'cashOnDelivery', true, 'cashOnDeliveryFee', 0, 'estimateDays', jsonb_build_object('min', 2, 'max', 5))
)) WHERE NOT ("settings" ? 'deliveryZones');

CREATE TABLE "customers" (
	"phone_key" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"blocked_at" timestamp with time zone,
	"block_reason" text,
	"block_mode" text,
	"blocked_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_block_mode_check" CHECK ("customers"."block_mode" is null or "customers"."block_mode" in ('cash', 'all'))
);
--> statement-breakpoint
CREATE TABLE "order_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"source" text NOT NULL,
	"by_user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_contacts_channel_check" CHECK ("order_contacts"."channel" in ('phone', 'whatsapp')),
	CONSTRAINT "order_contacts_outcome_check" CHECK ("order_contacts"."outcome" in ('confirmed', 'noAnswer', 'askedToChange', 'cancelled')),
	CONSTRAINT "order_contacts_source_check" CHECK ("order_contacts"."source" in ('staff', 'customer', 'shop'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"body" text NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "html" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaits_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contacts" ADD CONSTRAINT "order_contacts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_contacts" ADD CONSTRAINT "order_contacts_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_events" ADD CONSTRAINT "whatsapp_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_contacts_order_at_idx" ON "order_contacts" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_events_key_unique" ON "whatsapp_events" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "whatsapp_events_order_idx" ON "whatsapp_events" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_phone_key_idx" ON "orders" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "orders_to_confirm_idx" ON "orders" USING btree ("created_at") WHERE "orders"."awaits_confirmation";--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key_unique" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'whatsapp'));--> statement-breakpoint
-- Orders placed before issue 37 keep their phones as checkout took them (01… or +201…): one form for the records.
UPDATE "orders" SET "phone_key" = regexp_replace("phone", '^\+?2(?=01)', '') WHERE "phone_key" = '';
ALTER TABLE "orders" ADD COLUMN "delivery_zone_name" jsonb;--> statement-breakpoint
-- Written by hand (issue 36): the orders 0019 put in the three first zones keep those zones' names.
UPDATE "orders" SET "delivery_zone_name" = CASE "delivery_zone_id"
  WHEN 'cairo' THEN '{"en":"Cairo","ar":"القاهرة"}'::jsonb
  WHEN 'giza' THEN '{"en":"Giza","ar":"الجيزة"}'::jsonb
  WHEN 'outside-cairo-and-giza' THEN '{"en":"Outside Cairo and Giza","ar":"خارج القاهرة والجيزة"}'::jsonb
END WHERE "delivery_zone_id" IS NOT NULL;

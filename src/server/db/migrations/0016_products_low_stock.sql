-- Written by hand (the schema cannot say it): a sale's update of a product can be heap-only (HOT), no
-- index entry rewritten, only when the row's page has room for the new version; a product's row is
-- ~1.7 kB, so at 80 % a page keeps room for one. Set before the ADD COLUMN below, whose rewrite of the
-- table then leaves that room on every page.
ALTER TABLE "products" SET (fillfactor = 80);--> statement-breakpoint
DROP INDEX "products_available_items_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock" smallint GENERATED ALWAYS AS (least("products"."available_items", 16)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("low_stock","id") WHERE "products"."options" = '[]'::jsonb;
